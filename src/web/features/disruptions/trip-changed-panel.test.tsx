import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '../../../core/booking';
import type { DisruptionCase } from '../../../core/disruptions';
import { QueryScope } from '../../lib/query-scope';
import { renderScreen } from '../../test/render-screen';
import { DisruptionBanners } from './disruption-banners';
import { CANCELLED, GATE } from './test-cases';
import { TripChangedBadge, TripChangedPanel } from './trip-changed-panel';

const answers = new Map<string, unknown>();
const asked: string[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost:3000');
  asked.push(url.pathname + url.search);
  const body = answers.get(url.pathname);
  return body === undefined ? new Response('{}', { status: 404 }) : new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

let serial = 0;
/** A confirmed booking with its own id (the app keeps one query cache for the visit). */
function booking(cases: DisruptionCase[], status = 'confirmed'): BookingView {
  serial += 1;
  const id = `BK17690000000${String(serial).padStart(2, '0')}`;
  answers.set(`/api/bookings/${id}/disruption`, { bookingId: id, cases });
  const open = cases.filter((c) => c.state === 'open').length;
  const summary = answers.get('/api/disruptions');
  const listed = summary && typeof summary === 'object' && 'bookings' in summary && Array.isArray(summary.bookings) ? summary.bookings : [];
  answers.set('/api/disruptions', { bookings: [...listed, { bookingId: id, cases: cases.length, open }] });
  // The panel and the badge read only the id and the status.
  return { id, status } as unknown as BookingView;
}

beforeEach(() => {
  answers.clear();
  asked.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('links to "Your trip changed"', () => {
  it('the ticket shows a prominent panel while a change waits for an answer, linking to the screen', async () => {
    const b = booking([GATE, CANCELLED]);
    renderScreen(
      <QueryScope>
        <TripChangedPanel booking={b} />
      </QueryScope>,
    );
    const panel = await screen.findByRole('region', { name: 'Your trip changed' });
    expect(within(panel).getByText(CANCELLED.whatChanged)).toBeTruthy();
    expect(within(panel).getByText(CANCELLED.rightsLine)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'See your options' }).getAttribute('href')).toBe(`/ticket/${b.id}/changed`);
  });

  it('no panel when nothing waits (information only), and no question asked for a cancelled booking', async () => {
    const info = booking([GATE]);
    const cancelled = booking([CANCELLED], 'cancelled');
    renderScreen(
      <QueryScope>
        <TripChangedPanel booking={info} />
        <TripChangedBadge booking={cancelled} />
      </QueryScope>,
    );
    await vi.waitFor(() => expect(asked).toContain(`/api/bookings/${info.id}/disruption`));
    expect(screen.queryByRole('region')).toBeNull();
    expect(asked).not.toContain(`/api/bookings/${cancelled.id}/disruption`);
  });

  it('the profile rows get a badge linking to the screen when a change waits for an answer, from one summary request', async () => {
    const b = booking([CANCELLED]);
    const settled = booking([{ ...GATE }]);
    renderScreen(
      <QueryScope>
        <TripChangedBadge booking={b} />
        <TripChangedBadge booking={settled} />
      </QueryScope>,
    );
    const link = await screen.findByRole('link', { name: `Your trip changed: see your options for booking ${b.id}` });
    expect(link.getAttribute('href')).toBe(`/ticket/${b.id}/changed`);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(asked.filter((p) => p === '/api/disruptions')).toHaveLength(1);
    expect(asked.some((p) => p.endsWith('/disruption'))).toBe(false);
  });

  it('banners name the airports in disruption for the searched date', async () => {
    answers.set('/api/disruptions/banners', {
      date: '2027-01-15',
      banners: [{ id: 'fog|DEL|2027-01-15', kind: 'fog', airport: 'DEL', carrier: null, sentence: 'Fog at Delhi tonight: flights may be delayed or cancelled.', from: '2027-01-14T21:30:00Z', until: '2027-01-15T02:30:00Z' }],
    });
    renderScreen(
      <QueryScope>
        <DisruptionBanners date="2027-01-15" airports={['bom', 'DEL']} />
      </QueryScope>,
    );
    const list = await screen.findByRole('list', { name: 'Disruptions' });
    expect(within(list).getByText('Fog at Delhi tonight: flights may be delayed or cancelled.')).toBeTruthy();
    expect(asked).toContain('/api/disruptions/banners?date=2027-01-15&airports=BOM%2CDEL');
  });
});
