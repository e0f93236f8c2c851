import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BoardingPassView, BookingView, PassengerInput } from '../../core/booking';
import type { CheckInStatus } from '../../core/check-in';
import type { SeatMapAnswer } from '../../core/seats';
import type { Itinerary } from '../../core/search';
import { boardingPasses, notifications, outbox, travelDocuments } from '../../db/schema';
import { parseBcbp } from '../../domain/documents/bcbp';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, CHILD, INFANT, authed, bookAndPay, checkIn, findItinerary } from '../../../tests/support/booking';
import { createTestApp } from '../../../tests/support/test-app';

const START = '2026-11-21T06:30:00Z';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let alice: { cookie: string; user: { id: string; email: string } };
let bob: { cookie: string; user: { id: string; email: string } };
/** Far off (window not open yet) and the next day (inside every window: 12 to 36 hours ahead). */
let later: Itinerary;
let domestic: Itinerary;
let international: Itinerary;

const ADULT2: PassengerInput = { ...ADULT, firstName: 'Priya', title: 'Ms', aadharCard: undefined, mobileNo: '9876543211' };
const PASSPORT = { passportNumber: 'K1234567', nationality: 'IN', expiresOn: '2031-05-20' };

beforeAll(async () => {
  ctx = await createTestApp({ now: START });
  alice = await signUpAndLogin(ctx.app);
  bob = await signUpAndLogin(ctx.app);
  later = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
  domestic = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-11-22' });
  international = await findItinerary(ctx.app, { from: 'DEL', to: 'DXB', date: '2026-11-22' });
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.set(START));

async function booked(itinerary: Itinerary, passengers: PassengerInput[], cookie = alice.cookie): Promise<BookingView> {
  const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, passengers);
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
  return confirm.body.booking;
}

async function status(bookingId: string, cookie = alice.cookie) {
  const res = await ctx.app.request(`/api/bookings/${bookingId}/check-in`, { headers: authed(cookie) });
  return { status: res.status, body: (await res.json()) as CheckInStatus };
}

async function wallet(cookie = alice.cookie): Promise<BoardingPassView[]> {
  return ((await (await ctx.app.request('/api/boarding-passes', { headers: authed(cookie) })).json()) as { passes: BoardingPassView[] }).passes;
}

const departureOf = (booking: BookingView) => booking.itinerary.legs[0]?.departure ?? '';

describe('web check-in', () => {
  it('shows when check-in opens and issues no pass before it; inside the window it issues the pass with seat, sequence, status, source and baggage', async () => {
    const far = await booked(later, [ADULT, ADULT2]);
    expect((await wallet()).filter((p) => p.bookingId === far.id)).toHaveLength(0);

    const before = await status(far.id);
    expect(before.status).toBe(200);
    const leg = before.body.legs[0];
    expect(leg?.documentsNeeded).toBe(false);
    expect(leg?.passengers.map((p) => p.state)).toEqual(['not-open', 'not-open']);
    expect(leg?.passengers[0]?.message).toMatch(/^Check-in opens \d{1,2} Dec 2026, \d{2}:\d{2}$/);
    expect(Date.parse(leg?.passengers[0]?.opensAt ?? '')).toBe(Date.parse(departureOf(far)) - 48 * 3_600_000);
    const early = await checkIn(ctx.app, alice.cookie, far.id);
    expect(early.status).toBe(409);
    expect(early.body.error?.reason).toBe('check-in-not-open');

    const booking = await booked(domestic, [ADULT, ADULT2]);
    expect((await wallet()).filter((p) => p.bookingId === booking.id)).toHaveLength(0);
    expect((await status(booking.id)).body.legs[0]?.passengers[0]?.message).toMatch(/^Check in \(closes /);
    const done = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 0 }, { position: 1 }] });
    expect(done.status).toBe(201);
    expect(done.body.passes).toHaveLength(2);
    const sequences = done.body.passes.map((p) => p.sequence);
    expect(new Set(sequences).size).toBe(2);
    for (const pass of done.body.passes) {
      const parsed = parseBcbp(pass.bcbp);
      expect(parsed.checkInSource).toBe('W');
      expect(parsed.legs[0]?.passengerStatus).toBe('1');
      expect(parsed.legs[0]?.seat).toBe(pass.seat.padStart(4, '0'));
      expect(parsed.legs[0]?.sequence).toBe(pass.sequence);
      expect(parsed.legs[0]?.pnr).toBe(booking.pnr);
      expect(parsed.legs[0]?.baggage).toMatch(/^(\d{2}K|\dPC)$/);
      expect(pass.boardingTime).toMatch(/^\d{2}:\d{2}$/);
      expect(pass.gateCloses).toMatch(/^\d{2}:\d{2}$/);
    }
    expect((await wallet()).filter((p) => p.bookingId === booking.id).map((p) => p.id).sort()).toEqual(done.body.passes.map((p) => p.id).sort());
    const after = await status(booking.id);
    expect(after.body.legs[0]?.passengers.map((p) => p.state)).toEqual(['checked-in', 'checked-in']);
    expect(after.body.legs[0]?.passengers[0]?.sequence).toBe(done.body.passes[0]?.sequence);
  });

  it('moves a passenger to another free seat at check-in; refuses a paid seat in words and a taken seat with the map refreshed, checking nobody in', async () => {
    await booked(domestic, [ADULT], bob.cookie);
    const booking = await booked(domestic, [ADULT]);
    const flightId = booking.itinerary.legs[0]?.flightId ?? '';
    const mapRes = await ctx.app.request(`/api/flights/${encodeURIComponent(flightId)}/seat-map?booking=${booking.id}`, { headers: authed(alice.cookie) });
    const map = (await mapRes.json()) as SeatMapAnswer;
    const current = Object.values(map.chosen)[0];
    const exits = new Set(map.map.rows.flatMap((r) => r.seats.filter((s) => s.tags.includes('exit')).map((s) => `${r.row}${s.letter}`)));
    const free = map.seats.find((s) => s.state === 'free' && s.pricePaise === 0 && s.seat !== current && !exits.has(s.seat));
    const paid = map.seats.find((s) => s.state === 'free' && s.pricePaise > 0 && !exits.has(s.seat));
    const taken = map.seats.find((s) => (s.state === 'taken' || s.state === 'safar') && s.seat !== current);
    if (!free || !paid || !taken) throw new Error('the seat map has no free, paid and taken seat');

    const refused = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 0, seat: paid.seat }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields?.['passengers.0.seat']).toBe(`Seat ${paid.seat} costs extra. Paid seats are chosen when booking; at check-in you can take any free seat.`);

    const res = await ctx.app.request(`/api/bookings/${booking.id}/check-in`, { method: 'POST', headers: authed(alice.cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ legIndex: 0, passengers: [{ position: 0, seat: taken.seat }] }) });
    const gone = (await res.json()) as { error: { reason: string; message: string }; seatMap: SeatMapAnswer };
    expect(res.status).toBe(409);
    expect(gone.error.reason).toBe('seat-taken');
    expect(gone.error.message).toBe(`Seat ${taken.seat} was just taken by someone else. The seat map is refreshed: please pick another seat.`);
    expect(gone.seatMap.flightId).toBe(flightId);
    expect((await status(booking.id)).body.legs[0]?.passengers[0]?.state).toBe('open');

    const done = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 0, seat: free.seat }] });
    expect(done.status).toBe(201);
    expect(done.body.passes[0]?.seat).toBe(free.seat);
    expect(parseBcbp(done.body.passes[0]?.bcbp ?? '').legs[0]?.seat).toBe(free.seat.padStart(4, '0'));
    const after = (await (await ctx.app.request(`/api/flights/${encodeURIComponent(flightId)}/seat-map?booking=${booking.id}`, { headers: authed(alice.cookie) })).json()) as SeatMapAnswer;
    expect(Object.values(after.chosen)).toEqual([free.seat]);
    expect(after.seats.find((s) => s.seat === current)?.state).toBe('free');
    expect(after.seats.find((s) => s.seat === free.seat)?.state).toBe('safar');
  });

  it('the bookings list says per booking what it offers for check-in: opens at, open, checked in', async () => {
    const far = await booked(later, [ADULT]);
    const near = await booked(domestic, [ADULT]);
    const list = async () => ((await (await ctx.app.request('/api/bookings', { headers: authed(alice.cookie) })).json()) as { bookings: { id: string; checkIn: { state: string; message: string; opensAt: string | null; legIndex: number } | null }[] }).bookings;
    const before = await list();
    const farRow = before.find((b) => b.id === far.id)?.checkIn;
    expect(farRow?.state).toBe('not-open');
    expect(farRow?.message).toMatch(/^Check-in opens \d{1,2} Dec 2026, \d{2}:\d{2}$/);
    expect(Date.parse(farRow?.opensAt ?? '')).toBe(Date.parse(departureOf(far)) - 48 * 3_600_000);
    expect(before.find((b) => b.id === near.id)?.checkIn).toMatchObject({ state: 'open', legIndex: 0 });
    expect((await checkIn(ctx.app, alice.cookie, near.id)).status).toBe(201);
    expect((await list()).find((b) => b.id === near.id)?.checkIn).toMatchObject({ state: 'checked-in', message: 'Checked in' });
  });

  it('gives one check-in and one sequence number for retries, with the same key or a new one', async () => {
    const booking = await booked(domestic, [ADULT]);
    const key = randomUUID();
    const first = await checkIn(ctx.app, alice.cookie, booking.id, undefined, key);
    const replay = await checkIn(ctx.app, alice.cookie, booking.id, undefined, key);
    const again = await checkIn(ctx.app, alice.cookie, booking.id);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(again.status).toBe(201);
    expect(again.body.passes[0]?.sequence).toBe(first.body.passes[0]?.sequence);
    expect(again.body.passes[0]?.bcbp).toBe(first.body.passes[0]?.bcbp);
  });

  it("answers 404 for another traveller's booking, on the state and on check-in", async () => {
    const booking = await booked(domestic, [ADULT]);
    expect((await status(booking.id, bob.cookie)).status).toBe(404);
    const res = await checkIn(ctx.app, bob.cookie, booking.id);
    expect(res.status).toBe(404);
    expect((await status(booking.id)).body.legs[0]?.passengers[0]?.state).toBe('open');
  });

  it('needs a valid passport for an international leg, field by field, stores it sealed and shows it masked', async () => {
    const booking = await booked(international, [ADULT]);
    expect((await status(booking.id)).body.legs[0]?.documentsNeeded).toBe(true);

    const missing = await checkIn(ctx.app, alice.cookie, booking.id);
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields?.['passengers.0.documents.passportNumber']).toMatch(/Passport details are needed/);
    const expired = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 0, documents: { ...PASSPORT, expiresOn: '2026-11-20' } }] });
    expect(expired.status).toBe(400);
    expect(expired.body.error?.fields?.['passengers.0.documents.expiresOn']).toBe('The passport must be valid after the travel date');
    const badNationality = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 0, documents: { ...PASSPORT, nationality: 'India' } }] });
    expect(badNationality.status).toBe(400);
    expect(JSON.stringify(badNationality.body.error?.fields)).toMatch(/2-letter country code/);

    const done = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 0, documents: PASSPORT }] });
    expect(done.status).toBe(201);
    const passengerId = booking.passengers[0]?.id ?? '';
    const [stored] = await ctx.database.db.select().from(travelDocuments).where(eq(travelDocuments.passengerId, passengerId));
    expect(stored?.sealed).toMatch(/^v1\./);
    expect(stored?.sealed).not.toContain('K1234567');
    expect(stored?.maskedNumber).toBe('*****567');
    expect((await status(booking.id)).body.legs[0]?.passengers[0]?.document).toEqual({ maskedNumber: '*****567' });
  });

  it('sends an infant on a lap and the adult carrying it to the counter, and checks in the child with the other adult', async () => {
    const booking = await booked(domestic, [ADULT, ADULT2, CHILD, INFANT]);
    const states = (await status(booking.id)).body.legs[0]?.passengers ?? [];
    expect(states.map((p) => p.state)).toEqual(['counter', 'open', 'open', 'counter']);
    expect(states[3]?.message).toBe('Infants on a lap are checked in at the airport counter.');
    const refused = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 0 }] });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.reason).toBe('check-in-at-counter');
    const done = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 1 }, { position: 2 }] });
    expect(done.status).toBe(201);
    expect(done.body.passes).toHaveLength(2);
  });

  it('refuses once the window has closed, and unknown passengers and legs with field errors', async () => {
    const booking = await booked(domestic, [ADULT]);
    const unknown = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 5 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields?.['passengers.0.position']).toBe('No passenger at this position on the booking.');
    const noLeg = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 2, passengers: [{ position: 0 }] });
    expect(noLeg.status).toBe(400);
    expect(noLeg.body.error?.fields?.legIndex).toBeDefined();
    ctx.clock.set(new Date(Date.parse(departureOf(booking)) - 30 * 60_000));
    const late = await checkIn(ctx.app, alice.cookie, booking.id);
    expect(late.status).toBe(409);
    expect(late.body.error?.reason).toBe('check-in-closed');
    expect((await status(booking.id)).body.legs[0]?.passengers[0]?.message).toMatch(/^Web check-in closed at /);
  });

  it('never checks in a cancelled passenger, and cancelling a checked-in passenger voids the pass', async () => {
    const booking = await booked(domestic, [ADULT, ADULT2]);
    const done = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 1 }] });
    expect(done.status).toBe(201);
    for (const position of [0, 1]) {
      const quote = (await (await ctx.app.request(`/api/bookings/${booking.id}/cancellation-quote?passengers=${position}`, { headers: authed(alice.cookie) })).json()) as { quote: { refundPaise: number } };
      const res = await ctx.app.request(`/api/bookings/${booking.id}/cancellations`, {
        method: 'POST',
        headers: authed(alice.cookie, { 'Idempotency-Key': randomUUID() }),
        body: JSON.stringify({ passengers: [position], destination: 'original', quotedRefundPaise: quote.quote.refundPaise }),
      });
      // Cancelling the last passenger cancels the booking.
      expect(res.status).toBe(201);
      if (position === 0) {
        const refused = await checkIn(ctx.app, alice.cookie, booking.id, { legIndex: 0, passengers: [{ position: 0 }] });
        expect(refused.status).toBe(400);
        expect(refused.body.error?.fields?.['passengers.0.position']).toBe("This passenger's travel was cancelled.");
      }
    }
    expect((await wallet()).some((p) => p.bookingId === booking.id)).toBe(false);
    const rows = await ctx.database.db.select().from(boardingPasses).where(eq(boardingPasses.bookingId, booking.id));
    expect(rows.every((r) => r.voidedAt !== null)).toBe(true);
  });

  it('reminds once per booking and leg when the window opens (in-app and mail), never before it opens or after check-in', async () => {
    const open = await booked(domestic, [ADULT]);
    const far = await booked(later, [ADULT]);
    await ctx.checkIn.remind();
    const notices = async (bookingId: string) => ctx.database.db.select().from(notifications).where(eq(notifications.dedupeKey, `check-in:${bookingId}:0`));
    const [notice] = await notices(open.id);
    expect(notice?.title).toMatch(/^Check-in is open for /);
    expect(notice?.url).toBe(`/ticket/${open.id}`);
    const mails = await ctx.database.db.select().from(outbox).where(and(eq(outbox.kind, 'notice-mail'), sql`${outbox.payload}->>'subject' = ${notice?.title ?? ''}`));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(await notices(far.id)).toHaveLength(0);
    expect(await ctx.checkIn.remind()).toBe(0);
    expect(await notices(open.id)).toHaveLength(1);
  });
});
