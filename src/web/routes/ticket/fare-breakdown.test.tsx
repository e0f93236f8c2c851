import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADULT, CHILD, bookAndPay, findItinerary } from '../../../../tests/support/booking';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import type { BookingFare } from '../../../core/fares';
import { apiFetch } from '../../lib/api';
import { formatPaise } from '../../lib/format';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { TicketPage } from './ticket-page';

const api = startInProcessApi();

describe('fare breakdown on the ticket', () => {
  it('shows each passenger and leg line by line with totals, the family booked and its rules in words', async () => {
    const { cookie } = await api.signIn();
    await refreshSession();
    // A connection, so each passenger has two legs.
    const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date: '2026-12-26', adults: 1, children: 1, stops: 1 });
    expect(itinerary.legs.length).toBe(2);
    const { hold: booking } = await bookAndPay(api.test.app, cookie, itinerary, [ADULT, CHILD]);
    const fare = await apiFetch<BookingFare>(`/api/bookings/${booking.id}/fare`);
    expect(fare.option).not.toBeNull();
    expect(fare.fares).toHaveLength(4);

    window.history.replaceState(null, '', `/ticket/${booking.id}`);
    renderScreen(<TicketPage params={{ bookingId: booking.id }} />);
    const section = await screen.findByRole('region', { name: `Fare: ${fare.option?.name ?? ''}` }, { timeout: 10_000 });

    // One heading per passenger, one table per leg, one row per line with its amount.
    expect(within(section).getByRole('heading', { name: /Rahul Sharma/ })).toBeTruthy();
    expect(within(section).getByRole('heading', { name: /Asha Sharma/ })).toBeTruthy();
    const tables = within(section).getAllByRole('table');
    expect(tables).toHaveLength(4);
    for (const [i, legFare] of [...fare.fares].sort((a, b) => a.passengerPosition - b.passengerPosition || a.legIndex - b.legIndex).entries()) {
      const table = tables[i];
      if (!table) throw new Error('table missing');
      const leg = itinerary.legs[legFare.legIndex];
      expect(within(table).getByText(new RegExp(`${leg?.from.code ?? ''} → ${leg?.to.code ?? ''}`))).toBeTruthy();
      for (const line of legFare.lines) {
        const row = within(table).getByRole('rowheader', { name: line.label }).closest('tr');
        expect(row?.textContent).toContain(formatPaise(line.paise));
      }
      expect(within(table).getByRole('rowheader', { name: 'Base fare' })).toBeTruthy();
      expect(within(table).getByRole('rowheader', { name: 'GST' })).toBeTruthy();
      expect(within(table).getByRole('rowheader', { name: 'Flight total' }).closest('tr')?.textContent).toContain(formatPaise(legFare.totalPaise));
    }
    const total = fare.fares.reduce((sum, f) => sum + f.totalPaise, 0);
    expect(total).toBe(booking.totalInr * 100);
    expect(within(section).getByTestId('breakdown-total').textContent).toBe(formatPaise(total));

    const rules = screen.getByRole('region', { name: `Fare rules: ${fare.option?.name ?? ''}` });
    for (const rule of fare.option?.rules ?? []) expect(rules.textContent).toContain(rule);
    expect(rules.textContent).toContain('Taxes and airport charges are always refunded');
  });
});
