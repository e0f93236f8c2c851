import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../../core/booking';
import { DISPLAY_STATUSES } from '../../core/fares';
import { bookingStatus } from './booking-status';

describe('booking status words', () => {
  it('shows the server’s display status when the booking has one', () => {
    expect(bookingStatus({ status: 'confirmed', displayStatus: 'Confirmed' })).toEqual({ label: 'Confirmed', tone: 'is-confirmed' });
    expect(bookingStatus({ status: 'changed', displayStatus: 'Changed' })).toEqual({ label: 'Changed', tone: 'is-changed' });
    for (const status of DISPLAY_STATUSES) expect(bookingStatus({ status: 'confirmed', displayStatus: status }).label.length).toBeGreaterThan(0);
  });

  it('shows a refund’s progress together with what happened to the booking', () => {
    expect(bookingStatus({ status: 'partly_cancelled', displayStatus: 'Refund pending' })).toEqual({ label: 'Partly cancelled · Refund pending', tone: 'is-refund-pending' });
    expect(bookingStatus({ status: 'cancelled', displayStatus: 'Refunded' })).toEqual({ label: 'Cancelled · Refunded', tone: 'is-refunded' });
    expect(bookingStatus({ status: 'partly_cancelled', displayStatus: 'Partly cancelled' }).label).toBe('Partly cancelled');
  });

  it('reads a stored status when there is no display status, a hold as "Awaiting payment"', () => {
    expect(BOOKING_STATUSES.map((status) => bookingStatus({ status }).label)).toEqual(['Awaiting payment', 'Confirmed', 'Expired', 'Cancelled', 'Partly cancelled', 'Changed']);
  });
});
