import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findItinerary } from '../../../../tests/support/booking';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import type { BookingResponse } from '../../../core/booking';
import type { SearchQuery } from '../../../core/search';
import { apiFetch } from '../../lib/api';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { BookPage } from './book-page';

const api = startInProcessApi();

/** The booking screen for a real flight, as Book Now opens it (history state), for a signed-in traveller. */
async function openBooking(date: string) {
  await api.signIn();
  await refreshSession();
  const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date });
  const query: SearchQuery = { from: 'DEL', to: 'BOM', date, cabin: 'economy', adults: 1, children: 0, infants: 0 };
  window.history.replaceState({ itinerary, query }, '', '/result/book');
  renderScreen(<BookPage />);
  return screen.findByRole('button', { name: 'Proceed to Payment' }, { timeout: 10_000 });
}

describe('passenger form', () => {
  it('ties a message to every missing field of a blank adult and holds nothing', async () => {
    const proceed = await openBooking('2026-12-24');
    await userEvent.setup().click(proceed);
    for (const [label, message] of [
      ['Title', 'Title is required'],
      ['First name', 'First name is required'],
      ['Last name', 'Last name is required'],
      ['Date of birth', 'Date of birth is required'],
      ['Mobile number', 'Mobile number is required for adults'],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
    }
    expect(window.location.pathname).toBe('/result/book');
  });

  it('keeps only digits in the mobile number and drops the message once the field is fixed', async () => {
    const proceed = await openBooking('2026-12-25');
    const user = userEvent.setup();
    await user.click(proceed);
    const mobile = screen.getByLabelText('Mobile number');
    await user.type(mobile, '98a76-543210 99');
    expect((mobile as HTMLInputElement).value).toBe('9876543210');
    expect(mobile.getAttribute('aria-invalid')).toBeNull();
  });

  it('holds the seats for a complete adult and goes to payment with the booking', async () => {
    const proceed = await openBooking('2026-12-26');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Title'), 'Mr');
    await user.type(screen.getByLabelText('First name'), 'Rahul');
    await user.type(screen.getByLabelText('Last name'), 'Sharma');
    await user.type(screen.getByLabelText('Date of birth'), '1990-05-24');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(proceed);
    await waitFor(() => expect(window.location.pathname).toBe('/payment'), { timeout: 10_000 });
    const state: unknown = window.history.state;
    const bookingId = typeof state === 'object' && state !== null && 'bookingId' in state ? String(state.bookingId) : '';
    const { booking } = await apiFetch<BookingResponse>(`/api/bookings/${encodeURIComponent(bookingId)}`);
    expect(booking.status).toBe('held');
    expect(booking.passengers.map((p) => p.firstName)).toEqual(['Rahul']);
  });
});
