import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, authed, confirmBooking, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { createDuffelApp } from '../../../tests/support/duffel-app';
import { jsonHeaders } from '../../../tests/support/test-app';
import type { ChangeQuote } from '../../core/fares';
import type { CompactRoundTripResponse } from '../../core/search';
import { expandSearchResponse, journeyItineraries } from '../../core/search-wire';
import type { ChangeAnswer, ChangeOptionsAnswer } from '../../core/trip-changes';
import { bookings } from '../../db/schema';

/**
 * Changing one journey of a Duffel round trip (one order of two slices) through the seam, in-process
 * app against the contract fake: the return's slice alone removed and added on the new date, the
 * options the whole trip as it will be, confirmed like a one-way change; the booking keeps both
 * journeys in travel order, the same order and reference; a return before the outbound is a 400 on date.
 */

type DuffelApp = Awaited<ReturnType<typeof createDuffelApp>>;
type ErrorBody = { error: { message: string; reason?: string; fields?: Record<string, string> }; quote?: ChangeQuote };
let ctx: DuffelApp | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

/** A confirmed Duffel round trip DEL ⇄ BOM (out 2026-12-15, back 2026-12-20) booked through the API. */
async function bookedRoundTrip() {
  ctx = await createDuffelApp();
  const { app } = ctx;
  const { cookie } = await signUpAndLogin(app);
  const res = await app.request('/api/search/round-trip?from=DEL&to=BOM&date=2026-12-15&returnDate=2026-12-20&tripType=roundTrip', { headers: jsonHeaders() });
  const body = (await res.json()) as CompactRoundTripResponse;
  // A fare the airline lets change before departure.
  const offer = body.combined ? expandSearchResponse(body.combined).itineraries.find((o) => o.supplier?.conditions.changeBeforeDeparture?.allowed === true) : undefined;
  if (!offer) throw new Error('no round-trip offer');
  const held = await postBooking(app, cookie, { itineraryId: offer.id, passengers: [ADULT], quotedTotal: offer.price.total.total });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const order = await payOrder(app, cookie, held.body.booking.id);
  const paid = await sandboxPay(app, order.orderId);
  const confirmed = await confirmBooking(app, cookie, held.body.booking.id, paid.body);
  expect(confirmed.status).toBe(200);
  return { ...ctx, cookie, booking: confirmed.body.booking };
}

async function get<T>(app: DuffelApp['app'], cookie: string, path: string) {
  const res = await app.request(path, { headers: authed(cookie) });
  return { status: res.status, body: (await res.json()) as T & ErrorBody };
}

async function post(app: DuffelApp['app'], cookie: string, bookingId: string, body: Record<string, unknown>) {
  const res = await app.request(`/api/bookings/${bookingId}/changes`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as ChangeAnswer & ErrorBody };
}

const changeRequests = (fake: DuffelApp['fake']) => fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/air/order_change_requests'));

describe('changing one journey of a Duffel round trip', () => {
  it("changes the return: only its slice goes to the airline, the options are the whole trip, paid and confirmed; the booking keeps both journeys in travel order, the same order and reference", async () => {
    const { app, cookie, fake, booking, database } = await bookedRoundTrip();
    const orderId = booking.supplier?.orderId ?? '';
    const before = fake.order(orderId);
    const [outSlice, backSlice] = before?.slices ?? [];
    const [out] = journeyItineraries(booking.itinerary);

    const listed = await get<ChangeOptionsAnswer>(app, cookie, `/api/bookings/${booking.id}/change-options?date=2026-12-22&journey=1`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(changeRequests(fake).at(-1)?.body).toMatchObject({
      data: { order_id: orderId, slices: { remove: [{ slice_id: backSlice?.id }], add: [{ origin: 'BOM', destination: 'DEL', departure_date: '2026-12-22' }] } },
    });
    expect(listed.body.options.length).toBeGreaterThan(0);
    for (const option of listed.body.options) {
      expect(option.itinerary.id).toMatch(/^duffel-change:BOM-DEL:2026-12-22@/);
      expect(option.itinerary.supplier?.journeyLegCounts?.length).toBe(2);
      const [o, b] = journeyItineraries(option.itinerary);
      // The outbound kept as booked, the new return on the date asked.
      expect(o?.legs.map((l) => l.flightNumber)).toEqual(out?.legs.map((l) => l.flightNumber));
      expect(o?.departure).toBe(out?.departure);
      expect(b?.legs[0]?.from.code).toBe('BOM');
      expect(b?.legs.at(-1)?.to.code).toBe('DEL');
      expect(b?.departure.slice(0, 10)).toBe('2026-12-22');
    }

    const dearer = listed.body.options.find((o) => o.quote.duePaise > 0);
    if (!dearer) throw new Error('no dearer option');
    const held = await post(app, cookie, booking.id, { itineraryId: dearer.itinerary.id, quotedDuePaise: dearer.quote.duePaise, journey: 1 });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.booking.status).toBe('held');
    const order = await payOrder(app, cookie, held.body.booking.id);
    expect(order.amountPaise).toBe(dearer.quote.duePaise);
    const paid = await sandboxPay(app, order.orderId);
    const confirmed = await confirmBooking(app, cookie, held.body.booking.id, paid.body);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const changed = confirmed.body.booking;
    expect(changed).toMatchObject({ status: 'confirmed', supplier: { orderId, orderState: 'ordered', bookingReference: booking.supplier?.bookingReference } });

    // Both journeys, in travel order, one ticket under the new booking's reference; their shares add up to it.
    expect(changed.journeys.map((j) => [j.from, j.to, j.date])).toEqual([
      ['DEL', 'BOM', '2026-12-15'],
      ['BOM', 'DEL', '2026-12-22'],
    ]);
    expect(changed.journeys.every((j) => j.pnr === changed.pnr && !j.separateTicket)).toBe(true);
    expect(changed.journeys.reduce((n, j) => n + j.totalInr, 0)).toBe(changed.totalInr);
    expect(Date.parse(journeyItineraries(changed.itinerary)[1]?.departure ?? '')).toBe(Date.parse(journeyItineraries(dearer.itinerary)[1]?.departure ?? ''));
    const [old] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(old?.status).toBe('changed');

    // The airline's order: the outbound slice kept, the return replaced.
    const after = fake.order(orderId);
    expect(after?.slices).toHaveLength(2);
    expect(after?.slices.some((s) => s.id === outSlice?.id)).toBe(true);
    expect(after?.slices.some((s) => s.id === backSlice?.id)).toBe(false);

    // Cancelling one journey of it stays whole-order only.
    const one = await get<object>(app, cookie, `/api/bookings/${changed.id}/cancellation-quote?journey=1`);
    expect(one.status).toBe(409);
    expect(one.body.error.message).toMatch(/one ticket, so one journey cannot be cancelled alone/);
  });

  it('a return before the outbound is a 400 on date; no journey named, or one the trip does not have, a 400 on journey; the airline is not asked', async () => {
    const { app, cookie, fake, booking } = await bookedRoundTrip();
    const asked = changeRequests(fake).length;
    const early = await get<object>(app, cookie, `/api/bookings/${booking.id}/change-options?date=2026-12-14&journey=1`);
    expect(early.status).toBe(400);
    expect(early.body.error.fields?.date).toMatch(/return cannot leave before the outbound flight \(2026-12-15\)/);
    const late = await get<object>(app, cookie, `/api/bookings/${booking.id}/change-options?date=2026-12-21&journey=0`);
    expect(late.status).toBe(400);
    expect(late.body.error.fields?.date).toMatch(/outbound cannot leave after the return flight \(2026-12-20\)/);
    const none = await get<object>(app, cookie, `/api/bookings/${booking.id}/change-options?date=2026-12-22`);
    expect(none.status).toBe(400);
    expect(none.body.error.fields?.journey).toBeTruthy();
    const third = await get<object>(app, cookie, `/api/bookings/${booking.id}/change-options?date=2026-12-22&journey=2`);
    expect(third.status).toBe(400);
    expect(third.body.error.fields?.journey).toBeTruthy();
    expect(changeRequests(fake).length).toBe(asked);
  });
});
