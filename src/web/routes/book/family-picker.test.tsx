import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findItinerary } from '../../../../tests/support/booking';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import type { BookingResponse } from '../../../core/booking';
import type { Quote } from '../../../core/quote';
import type { SearchQuery } from '../../../core/search';
import { BookPage } from './book-page';
import { apiFetch } from '../../lib/api';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';

const api = startInProcessApi();

/** The booking screen for a real DEL → BOM flight, as the results open it, and the quote's families for one adult. */
async function openBooking(date: string, choose?: (quote: Quote) => string | undefined) {
  await api.signIn();
  await refreshSession();
  const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date });
  const query: SearchQuery = { from: 'DEL', to: 'BOM', date, cabin: 'economy', adults: 1, children: 0, infants: 0 };
  const quote = await apiFetch<Quote>(`/api/quote?itineraryId=${encodeURIComponent(itinerary.id)}&adults=1`);
  const fareFamily = choose?.(quote);
  window.history.replaceState({ itinerary, query, ...(fareFamily ? { fareFamily } : {}) }, '', '/result/book');
  renderScreen(<BookPage />);
  const picker = await screen.findByRole('group', { name: 'Fare options' }, { timeout: 10_000 });
  return { itinerary, quote, picker };
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

describe('fare family picker', () => {
  it('lists every family with its rules in words, the cheapest chosen, and holds the family picked at its total', async () => {
    const { quote, picker } = await openBooking('2026-12-24');
    expect(quote.families.length).toBeGreaterThanOrEqual(2);
    const radios = within(picker).getAllByRole<HTMLInputElement>('radio');
    expect(radios).toHaveLength(quote.families.length);
    // Only the cheapest is chosen; every family's rules are there before choosing.
    expect(radios.map((r) => r.checked)).toEqual(quote.families.map((_, i) => i === 0));
    for (const [i, option] of quote.families.entries()) {
      const description = document.getElementById(radios[i]?.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
      for (const rule of option.rules) expect(description).toContain(rule);
      expect(description).toContain('Taxes and airport charges are always refunded');
    }
    const cheapest = quote.families[0];
    const other = quote.families[1];
    if (!cheapest || !other) throw new Error('two families expected');
    expect(screen.getByTestId('running-total').textContent).toBe(rupees(cheapest.totalInr));

    const user = userEvent.setup();
    await user.click(within(picker).getByRole('radio', { name: new RegExp(`^${other.name}`) }));
    await waitFor(() => expect(screen.getByTestId('running-total').textContent).toBe(rupees(other.totalInr)), { timeout: 10_000 });
    expect(screen.getByText(other.name, { selector: '.book-family strong' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Title'), 'Mr');
    await user.type(screen.getByLabelText('First name'), 'Rahul');
    await user.type(screen.getByLabelText('Last name'), 'Sharma');
    await user.type(screen.getByLabelText('Date of birth'), '1990-05-24');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(window.location.pathname).toBe('/payment'), { timeout: 10_000 });
    const state: unknown = window.history.state;
    const bookingId = typeof state === 'object' && state !== null && 'bookingId' in state ? String(state.bookingId) : '';
    const { booking } = await apiFetch<BookingResponse>(`/api/bookings/${encodeURIComponent(bookingId)}`);
    expect(booking.fareFamily).toBe(other.id);
    expect(booking.totalInr).toBe(other.totalInr);
  });

  it('starts with the family chosen on the results card, priced by the quote for it', async () => {
    const { quote, picker } = await openBooking('2026-12-25', (q) => q.families[1]?.id);
    const other = quote.families[1];
    if (!other) throw new Error('two families expected');
    expect(within(picker).getByRole<HTMLInputElement>('radio', { name: new RegExp(`^${other.name}`) }).checked).toBe(true);
    await waitFor(() => expect(screen.getByTestId('running-total').textContent).toBe(rupees(other.totalInr)), { timeout: 10_000 });
  });
});
