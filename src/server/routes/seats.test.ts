import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADULT, CHILD, authed, confirmBooking, findItinerary, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { signUpAndLogin } from '../../../tests/support/auth';
import { createTestApp } from '../../../tests/support/test-app';
import type { SeatMapAnswer } from '../../core/seats';
import { q, queryRows } from '../../db/raw';
import { seatMapOf, seatOf, seatsTaken } from '../../domain/seats/store';
import type { Itinerary } from '../../core/search';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe('seat maps and seat choice', () => {
  let ctx: Ctx;
  let alice: { cookie: string };
  let bob: { cookie: string };
  let itinerary: Itinerary;

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await signUpAndLogin(ctx.app);
    bob = await signUpAndLogin(ctx.app);
    itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24', adults: 2, children: 1 });
  });
  afterAll(() => ctx.close());

  const flightId = () => itinerary.legs[0]?.flightId ?? '';
  const mapOf = async (query = '', cookie?: string) => {
    const res = await ctx.app.request(`/api/flights/${encodeURIComponent(flightId())}/seat-map?cabin=economy${query}`, { headers: cookie ? authed(cookie) : {} });
    return { status: res.status, body: (await res.json()) as SeatMapAnswer & { error?: { message: string } } };
  };
  const choose = (cookie: string, bookingId: string, choices: unknown[], key = randomUUID()) =>
    ctx.app.request(`/api/bookings/${bookingId}/seats`, { method: 'PUT', headers: authed(cookie, { 'Idempotency-Key': key }), body: JSON.stringify({ choices }) });
  const hold = async (cookie: string, passengers = [ADULT, { ...ADULT, firstName: 'Neha', dob: '1992-01-01' }, CHILD]) => {
    const res = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers, quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.booking;
  };
  /** A free seat of the map matching a test. */
  const freeSeat = (map: SeatMapAnswer, ok: (s: SeatMapAnswer['seats'][number]) => boolean) => {
    const seat = map.seats.find((s) => s.state === 'free' && ok(s));
    if (!seat) throw new Error('no such free seat');
    return seat;
  };

  it('draws the cabin publicly: every seat once with a state, free standard seats priced 0, the count of free seats', async () => {
    const { status, body } = await mapOf();
    expect(status).toBe(200);
    const codes = body.map.rows.flatMap((r) => r.seats.map((s) => `${r.row}${s.letter}`));
    expect(body.seats.map((s) => s.seat).sort()).toEqual([...codes].sort());
    expect(body.free).toBe(body.seats.filter((s) => s.state === 'free').length);
    for (const s of body.seats) if (s.zone === 'standard') expect(s.pricePaise).toBe(0);
    expect(body.seats.some((s) => s.pricePaise > 0)).toBe(true);
    expect((await ctx.app.request('/api/flights/XX1@2026-12-24/seat-map')).status).toBe(404);
  });

  it('a chosen paid seat joins the total and the fare breakdown; a child beside its adult sits free; the map shows the seats held', async () => {
    const booking = await hold(alice.cookie);
    const map = (await mapOf(`&booking=${booking.id}`, alice.cookie)).body;
    // A row with three free neighbouring standard seats for the family, and a paid front window seat for the second adult.
    const row = map.map.rows.find((r) => r.row > 16 && r.seats.slice(0, 3).every((s) => map.seats.find((x) => x.seat === `${r.row}${s.letter}`)?.state === 'free'));
    if (!row) throw new Error('no free row');
    const paid = freeSeat(map, (s) => s.zone === 'front' && s.pricePaise > 0);
    const res = await choose(alice.cookie, booking.id, [
      { passengerPosition: 0, legIndex: 0, seat: `${row.row}B` },
      { passengerPosition: 2, legIndex: 0, seat: `${row.row}A` },
      { passengerPosition: 1, legIndex: 0, seat: paid.seat },
    ]);
    const body = (await res.json()) as { totalInr: number; seatsPaise: number; seats: { passengerPosition: number; pricePaise: number }[] };
    expect(res.status).toBe(200);
    expect(body.seatsPaise).toBe(paid.pricePaise);
    expect(body.seats.find((s) => s.passengerPosition === 2)?.pricePaise).toBe(0);
    expect(body.totalInr).toBe(booking.totalInr + paid.pricePaise / 100);
    const fares = (await (await ctx.app.request(`/api/bookings/${booking.id}`, { headers: authed(alice.cookie) })).json()) as { booking: { totalInr: number } };
    expect(fares.booking.totalInr).toBe(body.totalInr);
    const after = (await mapOf(`&booking=${booking.id}`, alice.cookie)).body;
    expect(after.seats.find((s) => s.seat === paid.seat)?.state).toBe('held');
    expect(Object.values(after.chosen).sort()).toEqual([`${row.row}A`, `${row.row}B`, paid.seat].sort());

    // Paying confirms with those seats; the total charged is the one with the seat.
    const order = await payOrder(ctx.app, alice.cookie, booking.id);
    expect(order.amountPaise).toBe(body.totalInr * 100);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const confirmed = await confirmBooking(ctx.app, alice.cookie, booking.id, pay.body);
    expect(confirmed.status).toBe(200);
    // The passes come at check-in; the seats are the passengers' from confirmation on.
    const seated = await queryRows<{ seat: string }>(ctx.database.db, q`select seat from passenger_seats where booking_id = ${booking.id} and released_at is null`);
    expect(seated.map((s) => s.seat)).toEqual(expect.arrayContaining([`${row.row}A`, `${row.row}B`, paid.seat]));
    expect((await mapOf()).body.seats.find((s) => s.seat === paid.seat)?.state).toBe('safar');
  });

  it('a seat someone else holds: 409 seat-taken with the map refreshed, nothing charged', async () => {
    const mine = await hold(alice.cookie, [ADULT]);
    const theirs = await hold(bob.cookie, [ADULT]);
    const seat = freeSeat((await mapOf()).body, (s) => s.zone === 'standard').seat;
    expect((await choose(bob.cookie, theirs.id, [{ passengerPosition: 0, legIndex: 0, seat }])).status).toBe(200);
    const res = await choose(alice.cookie, mine.id, [{ passengerPosition: 0, legIndex: 0, seat }]);
    const body = (await res.json()) as { error: { reason: string; message: string }; seatMap: SeatMapAnswer };
    expect(res.status).toBe(409);
    expect(body.error.reason).toBe('seat-taken');
    expect(body.error.message).toContain(seat);
    expect(body.seatMap.seats.find((s) => s.seat === seat)?.state).toBe('held');
    const view = (await (await ctx.app.request(`/api/bookings/${mine.id}`, { headers: authed(alice.cookie) })).json()) as { booking: { totalInr: number } };
    expect(view.booking.totalInr).toBe(mine.totalInr);
  });

  it('an exit-row seat: refused in words for a child and without the conditions accepted; given to an adult who accepts them', async () => {
    const booking = await hold(alice.cookie, [ADULT, CHILD]);
    const map = (await mapOf()).body;
    const exitRow = map.map.rows.find((r) => r.seats.some((s) => s.tags.includes('exit')) && r.seats.every((s) => map.seats.find((x) => x.seat === `${r.row}${s.letter}`)?.state === 'free'));
    if (!exitRow) throw new Error('no free exit row');
    const child = await choose(alice.cookie, booking.id, [{ passengerPosition: 1, legIndex: 0, seat: `${exitRow.row}A`, exitConditionsAccepted: true }]);
    const childBody = (await child.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(child.status).toBe(400);
    expect(childBody.error.fields['choices.0.seat']).toMatch(/15 or over/);
    const unaccepted = await choose(alice.cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: `${exitRow.row}A` }]);
    expect(unaccepted.status).toBe(400);
    expect(((await unaccepted.json()) as { error: { fields: Record<string, string> } }).error.fields['choices.0.seat']).toMatch(/exit-row conditions/);
    const ok = await choose(alice.cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: `${exitRow.row}A`, exitConditionsAccepted: true }]);
    expect(ok.status).toBe(200);
    const nosuch = await choose(alice.cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: '99A' }]);
    expect(nosuch.status).toBe(400);
  });

  it('replays with the same Idempotency-Key answer the first result; another traveller’s booking is 404', async () => {
    const booking = await hold(alice.cookie, [ADULT]);
    const seat = freeSeat((await mapOf()).body, (s) => s.zone === 'standard').seat;
    const key = randomUUID();
    const first = await choose(alice.cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat }], key);
    const again = await choose(alice.cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat }], key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await choose(bob.cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat }])).status).toBe(404);
    expect((await mapOf(`&booking=${booking.id}`, bob.cookie)).status).toBe(404);
  });

  it('passengers who chose no seat get free seats together at confirmation, children beside an adult', async () => {
    const booking = await hold(bob.cookie);
    const order = await payOrder(ctx.app, bob.cookie, booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    expect((await confirmBooking(ctx.app, bob.cookie, booking.id, pay.body)).status).toBe(200);
    const list = await queryRows<{ seat: string; price_paise: number; chosen: boolean }>(ctx.database.db, q`select seat, price_paise, chosen from passenger_seats where booking_id = ${booking.id} and released_at is null`);
    expect(list.length).toBe(3);
    for (const r of list) expect([r.price_paise, r.chosen]).toEqual([0, false]);
    expect(new Set(list.map((r) => r.seat.replace(/[A-Z]$/, ''))).size).toBe(1);
    // The store the check-in reads: the passenger's seat, the flight's taken seats, the cabin's map.
    const pax = await queryRows<{ id: string }>(ctx.database.db, q`select id from passengers where booking_id = ${booking.id} order by position`);
    const seat = await seatOf(ctx.database.db, pax[0]?.id ?? '', 0);
    expect(list.map((r) => r.seat)).toContain(seat);
    const taken = await seatsTaken(ctx.database.db, flightId());
    for (const r of list) expect(taken.has(r.seat)).toBe(true);
    const map = await seatMapOf(ctx.database.db, flightId(), 'economy');
    const answer = (await mapOf()).body;
    expect(map).toEqual(answer.map);
    expect(taken.size).toBe(answer.seats.filter((s) => s.state !== 'free').length);
  });
});
