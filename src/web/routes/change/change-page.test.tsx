import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import { ADULT, bookAndPay, findItinerary } from '../../../../tests/support/booking';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { ChangePage } from './change-page';

const api = startInProcessApi();
const PRIYA = { ...ADULT, title: 'Ms' as const, firstName: 'Priya', mobileNo: '9876501234', aadharCard: undefined };

describe('change screen', () => {
  it('lists flights to change to for a partly cancelled booking: the passengers still travelling may change', async () => {
    const { cookie, user } = await api.signIn();
    await refreshSession();
    const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date: '2026-12-24', adults: 2 });
    const { confirm } = await bookAndPay(api.test.app, cookie, itinerary, [ADULT, PRIYA]);
    expect(confirm.status).toBe(200);
    const bookingId = confirm.body.booking.id;
    const quote = await api.test.cancellations.quote(user.id, bookingId, [1]);
    const cancelled = await api.test.cancellations.cancel({ userId: user.id, bookingId, passengers: [1], destination: 'original', quotedRefundPaise: quote.quote.refundPaise });
    expect(cancelled.booking.status).toBe('partly_cancelled');

    renderScreen(<ChangePage params={{ bookingId }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Change flight' }, { timeout: 10_000 })).toBeTruthy();
    expect((await screen.findAllByTestId('change-option', {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText(/cannot be changed/)).toBeNull();
  });
});
