import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '../../../core/booking';
import type { DisruptionCase } from '../../../core/disruptions';
import { CANCELLED, FOG, GATE, OTHER_FLIGHT, PROTECTED_FLIGHT, RETIMED } from '../../features/disruptions/test-cases';
import { setSessionUser } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { TripChangedPage } from './trip-changed-page';

// The server as a table of answers by method and path; every request is recorded.
type Answer = { status?: number; body: unknown };
let routes: Record<string, Answer | Answer[]> = {};
const requests: { method: string; path: string; body: unknown; idempotencyKey: string | null }[] = [];

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost:3000');
  const method = init?.method ?? 'GET';
  const headers = new Headers(init?.headers);
  requests.push({ method, path: url.pathname + url.search, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null, idempotencyKey: headers.get('Idempotency-Key') });
  const entry = routes[`${method} ${url.pathname}`];
  const answer = Array.isArray(entry) ? entry.shift() : entry;
  if (!answer) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
});

// The app keeps one query cache for the visit: each test opens its own booking.
let serial = 0;
let BOOKING = '';
let DISRUPTION = '';

function caseAnswer(...cases: DisruptionCase[]) {
  return { body: { bookingId: BOOKING, cases } };
}

const decided = (tripCase: DisruptionCase, outcome: 'rebooked' | 'refunded' | 'kept', newBookingId: string | null = null): DisruptionCase => ({
  ...tripCase,
  state: outcome,
  actions: [],
  decision: { outcome, by: 'traveller', at: '2027-01-15T01:00:00.000Z', newBookingId, cancellationId: outcome === 'refunded' ? 'CX1' : null },
});

// The tracker reads only the booking's id and status here.
const cancelledBooking = () => ({ id: BOOKING, status: 'cancelled', pnr: 'ABC123', passengers: [] }) as unknown as BookingView;
const newBooking = { id: 'BK1768000009999', status: 'confirmed', pnr: 'XYZ789', passengers: [] } as unknown as BookingView;

beforeEach(() => {
  serial += 1;
  BOOKING = `BK17680000000${String(serial).padStart(2, '0')}`;
  DISRUPTION = `/api/bookings/${BOOKING}/disruption`;
  routes = {};
  requests.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  setSessionUser({ id: 'user-a', email: 'a@example.com' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function open() {
  renderScreen(<TripChangedPage params={{ bookingId: BOOKING }} />);
  return userEvent.setup();
}

describe('"Your trip changed" screen', () => {
  it('says what changed and why, the old and new times, the rights with amounts, compensation and how to claim it, and the deadline', async () => {
    routes[`GET ${DISRUPTION}`] = caseAnswer(CANCELLED);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your trip changed' })).toBeTruthy();
    const section = screen.getByRole('region', { name: /6E 2134 Delhi → Mumbai: cancelled/ });
    expect(within(section).getByText(CANCELLED.whatChanged)).toBeTruthy();
    expect(within(section).getByText('You booked').nextElementSibling?.textContent).toBe('10:00 → 12:10 Fri, 15 Jan 2027');
    expect(within(section).getByText('Now').nextElementSibling?.textContent).toBe('Cancelled · held for you: 6E 2136 16:40 → 18:50 Fri, 15 Jan 2027');
    expect(within(section).getByText(CANCELLED.rightsLine)).toBeTruthy();
    expect(within(section).getByText('Free food and drink at the airport while you wait for your new flight.')).toBeTruthy();
    expect(within(section).getByText('6E 2136 at 16:40 on Fri, 15 Jan 2027 is held for you at no cost.')).toBeTruthy();
    expect(within(section).getByText('Another flight, free')).toBeTruthy();
    expect(within(section).getByText('Full refund of ₹6,212')).toBeTruthy();
    expect(within(section).getByText('Compensation of ₹9,000 from the airline')).toBeTruthy();
    expect(within(section).getByText(CANCELLED.compensationLine ?? '')).toBeTruthy();
    expect(within(section).getByText(CANCELLED.deadlineLine ?? '')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Rebook on 6E 2136 at 16:40' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Refund ₹6,212' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Keep the 16:40 flight' })).toBeTruthy();
  });

  it('in fog (extraordinary) shows no compensation and why, the refund and meals unchanged', async () => {
    routes[`GET ${DISRUPTION}`] = caseAnswer(FOG);
    open();
    const section = await screen.findByRole('region', { name: /cancelled/ });
    expect(within(section).getByText('No compensation')).toBeTruthy();
    expect(within(section).getByText(FOG.compensationLine ?? '')).toBeTruthy();
    expect(within(section).getByText('Full refund of ₹6,212')).toBeTruthy();
    expect(within(section).getByText('Meals and refreshments')).toBeTruthy();
  });

  it('a new time: the old and new times, keep the new time, no flight pre-selected until one is chosen from the list', async () => {
    routes[`GET ${DISRUPTION}`] = caseAnswer(RETIMED);
    routes[`GET ${DISRUPTION}/alternatives`] = { body: { disruptionId: RETIMED.id, alternatives: [OTHER_FLIGHT] } };
    const user = open();
    const section = await screen.findByRole('region', { name: /6E 2134 Delhi → Mumbai: new time, 3 h 30 min later/ });
    expect(within(section).getByText('You booked').nextElementSibling?.textContent).toBe('10:00 → 12:10 Fri, 15 Jan 2027');
    expect(within(section).getByText('New time').nextElementSibling?.textContent).toBe('13:30 → 15:40 Fri, 15 Jan 2027');
    expect(within(section).getByText('Keep the new time', { selector: 'strong' })).toBeTruthy();
    expect(within(section).getByText(RETIMED.deadlineLine ?? '')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Keep the new time' })).toBeTruthy();
    // No protected flight: the list is open at once and Rebook waits for a choice.
    const rebook = within(section).getByRole<HTMLButtonElement>('button', { name: 'Rebook' });
    expect(rebook.disabled).toBe(true);
    await user.click(await within(section).findByRole('radio', { name: /AI 805/ }));
    expect(within(section).getByRole('button', { name: 'Rebook on AI 805 at 19:05' })).toBeTruthy();
  });

  it('rebooks on the protected flight in one press, with nothing to pay, and links to the new ticket', async () => {
    routes[`GET ${DISRUPTION}`] = [caseAnswer(CANCELLED), caseAnswer(decided(CANCELLED, 'rebooked', newBooking.id))];
    routes[`POST ${DISRUPTION}/rebook`] = { status: 201, body: { booking: newBooking, case: decided(CANCELLED, 'rebooked', newBooking.id) } };
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Rebook on 6E 2136 at 16:40' }));
    const link = await screen.findByRole('link', { name: 'Open your new ticket' });
    expect(link.getAttribute('href')).toBe(`/ticket/${newBooking.id}`);
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ disruptionId: CANCELLED.id, flightId: PROTECTED_FLIGHT.flightId });
    expect(sent?.idempotencyKey).toBeTruthy();
    expect(screen.getByText('You are rebooked on 6E 2136 at 16:40 on Fri, 15 Jan 2027.')).toBeTruthy();
  });

  it('"Choose another flight" lists the free flights; a flight that just sold out gives the message and the next option', async () => {
    routes[`GET ${DISRUPTION}`] = caseAnswer(CANCELLED);
    routes[`GET ${DISRUPTION}/alternatives`] = { body: { disruptionId: CANCELLED.id, alternatives: [PROTECTED_FLIGHT, OTHER_FLIGHT] } };
    routes[`POST ${DISRUPTION}/rebook`] = { status: 409, body: { error: { code: 'conflict', reason: 'sold-out', message: 'That flight has just sold out.' }, next: PROTECTED_FLIGHT } };
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Choose another flight' }));
    const list = await screen.findByRole('group', { name: 'Free flights on this route' });
    expect(await within(list).findAllByTestId('trip-change-flight')).toHaveLength(2);
    expect(within(list).getByRole<HTMLInputElement>('radio', { name: /6E 2136/ }).checked).toBe(true);
    expect(within(list).getByText('Held for you')).toBeTruthy();
    await user.click(within(list).getByRole('radio', { name: /AI 805/ }));
    await user.click(screen.getByRole('button', { name: 'Rebook on AI 805 at 19:05' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That flight has just sold out. The next free flight is 6E 2136 at 16:40 on Fri, 15 Jan 2027.');
    expect(screen.getByRole('button', { name: 'Rebook on 6E 2136 at 16:40' })).toBeTruthy();
    expect(within(list).getByRole<HTMLInputElement>('radio', { name: /AI 805/ }).disabled).toBe(true);
  });

  it('Refund asks to confirm with the full amount; confirming starts it and shows the refund tracker', async () => {
    routes[`GET ${DISRUPTION}`] = [caseAnswer(CANCELLED), caseAnswer(decided(CANCELLED, 'refunded'))];
    routes[`POST ${DISRUPTION}/refund`] = { status: 201, body: { booking: cancelledBooking(), case: decided(CANCELLED, 'refunded'), refunds: [] } };
    routes[`GET /api/bookings/${BOOKING}/refunds`] = {
      body: {
        cancellations: [],
        refunds: [{ id: 'RF1', amountPaise: 621_200, destination: 'original', status: 'requested', methodLabel: 'Card', requestedAt: '2027-01-15T01:00:00.000Z', sentAt: null, completedAt: null, dueBy: '2027-01-22' }],
      },
    };
    routes[`GET /api/bookings/${BOOKING}`] = { body: { booking: cancelledBooking() } };
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Refund ₹6,212' }));
    const confirm = screen.getByRole('group', { name: 'Refund ₹6,212 in full?' });
    expect(within(confirm).getByText(/goes back to your original payment method/).textContent).toContain('Nothing is deducted.');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refund ₹6,212' })));
    await user.click(screen.getByRole('button', { name: 'Refund ₹6,212' }));
    await user.click(screen.getByRole('button', { name: 'Confirm refund of ₹6,212' }));
    expect(await screen.findByText('You took the full refund.')).toBeTruthy();
    const tracker = await screen.findByRole('region', { name: 'Refunds' });
    expect(await within(tracker).findByText('₹6,212')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`${DISRUPTION}/refund`]);
  });

  it('Keep settles the case as it is', async () => {
    routes[`GET ${DISRUPTION}`] = [caseAnswer(CANCELLED), caseAnswer(decided(CANCELLED, 'kept'))];
    routes[`POST ${DISRUPTION}/accept`] = { body: { case: decided(CANCELLED, 'kept') } };
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Keep the 16:40 flight' }));
    expect(await screen.findByText('You kept your booking as the airline changed it.')).toBeTruthy();
  });

  it('a change Safar settled by default says so; information-only changes offer nothing to choose', async () => {
    routes[`GET ${DISRUPTION}`] = caseAnswer({ ...decided(CANCELLED, 'refunded'), state: 'auto-refunded', decision: { outcome: 'refunded', by: 'safar', at: '2027-01-15T04:30:00.000Z', newBookingId: null, cancellationId: 'CX1' } }, GATE);
    routes[`GET /api/bookings/${BOOKING}`] = { body: { booking: cancelledBooking() } };
    routes[`GET /api/bookings/${BOOKING}/refunds`] = { body: { cancellations: [], refunds: [] } };
    open();
    expect(await screen.findByText('Nobody answered by the deadline, so Safar refunded you in full.')).toBeTruthy();
    const gate = screen.getByRole('region', { name: /new gate/ });
    expect(within(gate).getByText('Nothing to choose: this is for your information.')).toBeTruthy();
    expect(within(gate).queryByRole('button')).toBeNull();
  });

  it('says when nothing changed, and when the booking is not the traveller’s', async () => {
    routes[`GET ${DISRUPTION}`] = caseAnswer();
    open();
    expect(await screen.findByText('Nothing has changed on this booking: your flights are as you booked them.')).toBeTruthy();
  });

  it('another traveller’s booking: not found', async () => {
    routes[`GET ${DISRUPTION}`] = { status: 404, body: { error: { code: 'not_found', message: 'Booking not found' } } };
    open();
    expect(await screen.findByText('We could not find this booking.')).toBeTruthy();
  });
});
