import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FareCalendar as Calendar } from '../../../core/search';
import { QueryScope } from '../../lib/query-scope';
import { renderScreen } from '../../test/render-screen';
import { FareCalendar } from './fare-calendar';

/** A Duffel-mode answer: last-known fares carry when a search saw them. */
function lastKnownMonth(seenAt: string): Calendar {
  const days = Array.from({ length: 31 }, (_, i) => ({ date: `2031-01-${String(i + 1).padStart(2, '0')}`, lowestFare: null as number | null, seenAt: null as string | null }));
  days[9] = { date: '2031-01-10', lowestFare: 512_300, seenAt };
  return { from: 'DEL', to: 'BOM', month: '2031-01', currency: 'INR', days };
}

describe('the fare calendar with last-known fares', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each fare’s age, and a day no search has seen as unknown but searchable', async () => {
    const seenAt = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(lastKnownMonth(seenAt)), { status: 200, headers: { 'content-type': 'application/json' } }));
    renderScreen(
      <QueryScope>
        <FareCalendar query={{ from: 'DEL', to: 'BOM', date: '2031-01-10', cabin: 'economy', adults: 1, children: 0, infants: 0 }} onPick={() => {}} />
      </QueryScope>,
    );
    // Role queries compute every button's name (slow in jsdom with a month of days): the day buttons are read by their text, which is their name.
    await screen.findByText('seen 2 h ago', { exact: false }, { timeout: 10_000 });
    const days = [...document.querySelectorAll<HTMLButtonElement>('button.cal-day')];
    const seen = days.find((b) => b.textContent?.startsWith('Fri 10 January'));
    expect(seen?.textContent).toMatch(/^Fri 10 January ₹5,12,300 .*seen 2 h ago$/);
    const unseen = days.find((b) => b.textContent?.startsWith('Sat 11 January'));
    expect(unseen?.textContent).toBe('Sat 11 January — fare not seen yet');
    expect(unseen?.disabled).toBe(false);
    expect(screen.getByText('Lowest all-in fare for one adult, as last seen by a search; it may have changed.')).toBeTruthy();
  });
});
