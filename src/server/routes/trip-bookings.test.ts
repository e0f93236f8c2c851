import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Itinerary } from '../../core/search';
import { TRIP_MESSAGES } from '../../core/trip';
import { q, queryRows } from '../../db/raw';
import { worldCatalog } from '../../domain/booking/world-catalog';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, CHILD, authed, confirmBooking, directItineraries, findItinerary, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { specialReturnOf } from '../../domain/booking/trip';
import { expectInventoryBalanced } from '../../../tests/support/books';
import { createTestApp } from '../../../tests/support/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let alice: { cookie: string; user: { id: string; email: string } };
let out: Itinerary;
let back: Itinerary;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUpAndLogin(ctx.app);
  // Two journeys on different airlines: two one-ways, separate tickets.
  out = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
  const returns = await directItineraries(ctx.app, { from: 'BOM', to: 'DEL', date: '2026-12-29' });
  const other = returns.find((r) => r.legs[0]?.carrier !== out.legs[0]?.carrier);
  if (!other) throw new Error('no return on another airline');
  back = other;
});
afterAll(async () => {
  await ctx.close();
});
afterEach(async () => {
  await expectInventoryBalanced(ctx.database.db);
});

const trip = (body: Record<string, unknown> = {}) =>
  postBooking(ctx.app, alice.cookie, {
    journeys: [{ itineraryId: out.id }, { itineraryId: back.id }],
    passengers: [ADULT],
    quotedTotal: out.price.total.total + back.price.total.total,
    ...body,
  });

describe('POST /api/bookings with journeys (a whole trip)', () => {
  it('holds both journeys as one booking at the sum of their prices, every leg, a PNR per journey', async () => {
    const { status, body } = await trip();
    expect(status).toBe(201);
    const b = body.booking;
    expect(b.totalInr).toBe(out.price.total.total + back.price.total.total);
    expect(b.itinerary.legs.map((l) => l.flightId)).toEqual([...out.legs, ...back.legs].map((l) => l.flightId));
    expect(b.journeys).toHaveLength(2);
    expect(b.journeys[0]).toMatchObject({ itineraryId: out.id, firstLeg: 0, legCount: out.legs.length, pnr: b.pnr, from: 'DEL', to: 'BOM', date: '2026-12-24' });
    expect(b.journeys[1]).toMatchObject({ itineraryId: back.id, firstLeg: out.legs.length, from: 'BOM', to: 'DEL', date: '2026-12-29' });
    expect(b.journeys[1]?.pnr).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(b.journeys[1]?.pnr).not.toBe(b.pnr);
    expect(b.journeys.map((j) => [j.separateTicket, j.specialReturn])).toEqual([[false, null], [true, null]]);
    const segments = await queryRows<{ leg_index: number; flight_id: string }>(ctx.database.db, q`select leg_index, flight_id from booking_segments where booking_id = ${b.id} order by leg_index`);
    expect(segments.map((s) => s.flight_id)).toEqual(b.itinerary.legs.map((l) => l.flightId));
    const fares = await queryRows<{ n: number; paise: string }>(ctx.database.db, q`select count(*)::int as n, sum(total_paise)::text as paise from booking_fares where booking_id = ${b.id}`);
    expect(Number(fares[0]?.n)).toBe(b.itinerary.legs.length);
    expect(Number(fares[0]?.paise)).toBe(b.totalInr * 100);
  });

  it('is paid once and confirms every journey with one ticket number per passenger', async () => {
    const { body } = await trip({ passengers: [ADULT, CHILD], acceptPriceChange: true });
    const order = await payOrder(ctx.app, alice.cookie, body.booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const confirm = await confirmBooking(ctx.app, alice.cookie, body.booking.id, pay.body);
    expect(confirm.status).toBe(200);
    expect(confirm.body.booking.status).toBe('confirmed');
    expect(confirm.body.booking.journeys).toHaveLength(2);
    expect(confirm.body.booking.passengers.every((p) => p.ticketNumber !== null)).toBe(true);
    const pdf = await ctx.app.request(`/api/bookings/${body.booking.id}/ticket.pdf`, { headers: { Cookie: alice.cookie } });
    expect(pdf.status).toBe(200);
  });

  it('charges a special return on one airline both ways as shown, one PNR, the discount off the base fare lines', async () => {
    const outs = await directItineraries(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const backs = await directItineraries(ctx.app, { from: 'BOM', to: 'DEL', date: '2026-12-29' });
    const pair = outs.flatMap((o) => backs.map((r) => [o, r] as const)).find(([o, r]) => o.legs[0]?.carrier === '6E' && r.legs[0]?.carrier === '6E');
    if (!pair) throw new Error('no IndiGo pair');
    const [o, r] = pair;
    const offer = specialReturnOf([o, r], { adults: 1, children: 0, infants: 0 });
    expect(offer?.airline).toBe('6E');
    const shown = o.price.total.total + r.price.total.total - (offer?.discountPaise ?? 0) / 100;
    const { status, body } = await trip({ journeys: [{ itineraryId: o.id }, { itineraryId: r.id }], quotedTotal: shown });
    expect(status).toBe(201);
    expect(body.booking.totalInr).toBe(shown);
    expect(body.booking.journeys.map((j) => j.pnr)).toEqual([body.booking.pnr, body.booking.pnr]);
    expect(body.booking.journeys[1]?.specialReturn).toEqual({ airline: '6E', discountInr: (offer?.discountPaise ?? 0) / 100, cancelSeparately: false, changeSeparately: true });
    const fares = await queryRows<{ paise: string }>(ctx.database.db, q`select sum(total_paise)::text as paise from booking_fares where booking_id = ${body.booking.id}`);
    expect(Number(fares[0]?.paise)).toBe(shown * 100);
  });

  it('keeps a one-itinerary booking a trip of one journey', async () => {
    const { status, body } = await postBooking(ctx.app, alice.cookie, { itineraryId: out.id, passengers: [ADULT], quotedTotal: out.price.total.total, acceptPriceChange: true });
    expect(status).toBe(201);
    expect(body.booking.journeys).toEqual([expect.objectContaining({ itineraryId: out.id, firstLeg: 0, legCount: out.legs.length, pnr: body.booking.pnr, separateTicket: false })]);
  });

  it('answers 409 price-changed with the trip total when the quoted total is not the sum', async () => {
    const { status, body } = await trip({ quotedTotal: 1 });
    expect(status).toBe(409);
    expect(body.error?.reason).toBe('price-changed');
    expect(body.newTotal).toBe(out.price.total.total + back.price.total.total);
  });

  it('refuses bad trips with 400s tied to the field, never a 500', async () => {
    const one = await trip({ journeys: [{ itineraryId: out.id }] });
    expect(one.status).toBe(400);
    expect(one.body.error?.fields?.journeys).toBe(TRIP_MESSAGES.tooFewJourneys);
    const both = await trip({ itineraryId: out.id });
    expect(both.status).toBe(400);
    expect(both.body.error?.fields?.journeys).toBe(TRIP_MESSAGES.bothForms);
    const neither = await postBooking(ctx.app, alice.cookie, { passengers: [ADULT], quotedTotal: 1 });
    expect(neither.status).toBe(400);
    expect(neither.body.error?.fields?.itineraryId).toBe('Choose a flight to book');
    const reversed = await trip({ journeys: [{ itineraryId: back.id }, { itineraryId: out.id }] });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error?.fields?.journeys).toBe(TRIP_MESSAGES.outOfOrder);
    const twice = await trip({ journeys: [{ itineraryId: out.id }, { itineraryId: out.id }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error?.fields?.journeys).toBe(TRIP_MESSAGES.sameFlightTwice);
    const seven = await trip({ journeys: Array.from({ length: 7 }, () => ({ itineraryId: out.id })) });
    expect(seven.status).toBe(400);
    expect(seven.body.error?.fields?.journeys).toBe(TRIP_MESSAGES.tooManyJourneys);
    const family = await trip({ journeys: [{ itineraryId: out.id }, { itineraryId: back.id, fareFamily: 'XX.NOPE' }] });
    expect(family.status).toBe(400);
    expect(Object.keys(family.body.error?.fields ?? {})).toEqual(['journeys.1.fareFamily']);
    const gone = await trip({ journeys: [{ itineraryId: out.id }, { itineraryId: 'ZZ999@2026-12-29:economy' }] });
    expect(gone.status).toBe(404);
  });

  it('holds nothing when the second journey is sold out, and says which journey failed', async () => {
    const before = await queryRows<{ n: number }>(ctx.database.db, q`select count(*)::int as n from bookings`);
    await ctx.database.db.transaction((tx) => worldCatalog(ctx.world).ensureInventory(tx, back.legs));
    const kept = await queryRows<{ flight_id: string; cabin: string; available: number }>(ctx.database.db, q`select flight_id, cabin, available from flight_inventory where flight_id = ${back.legs[0]?.flightId ?? ''}`);
    for (const leg of back.legs) await queryRows(ctx.database.db, q`update flight_inventory set sold = sold + available, available = 0 where flight_id = ${leg.flightId} and cabin = ${leg.cabin}`);
    try {
      const { status, body } = await trip({ acceptPriceChange: true });
      expect(status).toBe(409);
      expect(body.error?.reason).toBe('sold-out');
      expect(body.error?.message).toBe(TRIP_MESSAGES.journeySoldOut(2, 'BOM → DEL'));
      const after = await queryRows<{ n: number }>(ctx.database.db, q`select count(*)::int as n from bookings`);
      expect(after[0]?.n).toBe(before[0]?.n);
    } finally {
      for (const row of kept) await queryRows(ctx.database.db, q`update flight_inventory set available = ${row.available}::int, sold = sold - ${row.available}::int where flight_id = ${row.flight_id} and cabin = ${row.cabin}`);
    }
  });

  /** Holds and pays a trip; answers the confirmed booking. */
  async function paidTrip(journeys: readonly Itinerary[], passengers = [ADULT]) {
    const { status, body } = await trip({ journeys: journeys.map((j) => ({ itineraryId: j.id })), passengers, acceptPriceChange: true });
    expect(status).toBe(201);
    const order = await payOrder(ctx.app, alice.cookie, body.booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const confirm = await confirmBooking(ctx.app, alice.cookie, body.booking.id, pay.body);
    expect(confirm.status).toBe(200);
    return confirm.body.booking;
  }
  const quoteOf = async (bookingId: string, query: string) => {
    const res = await ctx.app.request(`/api/bookings/${bookingId}/cancellation-quote?${query}`, { headers: authed(alice.cookie) });
    return { status: res.status, body: (await res.json()) as { passengers: number[]; quote: { refundPaise: number; lines: { legIndex: number }[] }; error?: { message: string; fields?: Record<string, string> } } };
  };
  const cancel = async (bookingId: string, body: Record<string, unknown>) => {
    const res = await ctx.app.request(`/api/bookings/${bookingId}/cancellations`, { method: 'POST', headers: authed(alice.cookie, { 'Idempotency-Key': crypto.randomUUID() }), body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { booking: { status: string; journeys: { cancelledAt: string | null }[]; passengers: { cancelledAt: string | null }[] }; error?: { message: string; fields?: Record<string, string> } } };
  };
  const soldOn = async (flightId: string) => Number((await queryRows<{ sold: number }>(ctx.database.db, q`select sold from flight_inventory where flight_id = ${flightId}`))[0]?.sold);

  it('cancels one journey of a round trip by its own fare rules: its legs refunded and freed, the other journey flies on', async () => {
    const booking = await paidTrip([out, back], [ADULT, CHILD]);
    const backFlight = back.legs[0]?.flightId ?? '';
    const outFlight = out.legs[0]?.flightId ?? '';
    const [backSold, outSold] = [await soldOn(backFlight), await soldOn(outFlight)];
    const quoted = await quoteOf(booking.id, 'journey=1');
    expect(quoted.status).toBe(200);
    expect(quoted.body.passengers).toEqual([0, 1]);
    expect(new Set(quoted.body.quote.lines.map((l) => l.legIndex))).toEqual(new Set(back.legs.map((_, k) => out.legs.length + k)));
    const done = await cancel(booking.id, { journey: 1, passengers: [0, 1], quotedRefundPaise: quoted.body.quote.refundPaise });
    expect(done.status).toBe(201);
    expect(done.body.booking.status).toBe('partly_cancelled');
    expect(done.body.booking.journeys.map((j) => j.cancelledAt !== null)).toEqual([false, true]);
    expect(done.body.booking.passengers.every((p) => p.cancelledAt === null)).toBe(true);
    expect(await soldOn(backFlight)).toBe(backSold - 2);
    expect(await soldOn(outFlight)).toBe(outSold);
    // Once cancelled, the journey is gone; cancelling the rest frees only the outbound.
    const again = await quoteOf(booking.id, 'journey=1');
    expect(again.status).toBe(400);
    expect(again.body.error?.fields?.journey).toBe(TRIP_MESSAGES.journeyCancelled);
    const rest = await quoteOf(booking.id, '');
    expect(new Set(rest.body.quote.lines.map((l) => l.legIndex))).toEqual(new Set(out.legs.map((_, k) => k)));
    const all = await cancel(booking.id, { passengers: [0, 1], quotedRefundPaise: rest.body.quote.refundPaise });
    expect(all.status).toBe(201);
    expect(all.body.booking.status).toBe('cancelled');
    expect(await soldOn(backFlight)).toBe(backSold - 2);
    expect(await soldOn(outFlight)).toBe(outSold - 2);
  });

  it('refuses a journey cancelled for some passengers only, an unknown journey, and a journey of a one-journey booking (400s on the field)', async () => {
    const booking = await paidTrip([out, back], [ADULT, CHILD]);
    const some = await cancel(booking.id, { journey: 0, passengers: [1], quotedRefundPaise: 0 });
    expect(some.status).toBe(400);
    expect(some.body.error?.fields?.passengers).toBe('A journey is cancelled for every passenger still travelling');
    expect((await quoteOf(booking.id, 'journey=4')).body.error?.fields?.journey).toBe('Choose a journey of this booking');
    expect((await quoteOf(booking.id, 'journey=x')).status).toBe(400);
    expect((await cancel(booking.id, { journey: -1, passengers: [0, 1], quotedRefundPaise: 0 })).status).toBe(400);
    const single = await postBooking(ctx.app, alice.cookie, { itineraryId: out.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true });
    const order = await payOrder(ctx.app, alice.cookie, single.body.booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    await confirmBooking(ctx.app, alice.cookie, single.body.booking.id, pay.body);
    expect((await quoteOf(single.body.booking.id, 'journey=0')).status).toBe(400);
  });

  it('a special return that allows cancelling only the whole trip says so', async () => {
    const outs = await directItineraries(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const backs = await directItineraries(ctx.app, { from: 'BOM', to: 'DEL', date: '2026-12-29' });
    const o = outs.find((i) => i.legs[0]?.carrier === '6E');
    const r = backs.find((i) => i.legs[0]?.carrier === '6E');
    if (!o || !r) throw new Error('no IndiGo pair');
    const booking = await paidTrip([o, r]);
    const quoted = await quoteOf(booking.id, 'journey=0');
    expect(quoted.status).toBe(409);
    expect(quoted.body.error?.message).toBe(TRIP_MESSAGES.cancelTogether('IndiGo'));
    expect((await cancel(booking.id, { journey: 1, passengers: [0], quotedRefundPaise: 0 })).status).toBe(409);
    // The whole trip can be cancelled.
    const whole = await quoteOf(booking.id, '');
    expect((await cancel(booking.id, { passengers: [0], quotedRefundPaise: whole.body.quote.refundPaise })).status).toBe(201);
  });
});
