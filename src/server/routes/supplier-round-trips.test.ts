import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADULT, authed, confirmBooking, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { type DuffelApp, duffelAppPerTest } from '../../../tests/support/duffel-app';
import { jsonHeaders } from '../../../tests/support/test-app';
import type { BookingView } from '../../core/booking';
import { type CompactRoundTripResponse, type Itinerary } from '../../core/search';
import { expandSearchResponse, journeyItineraries } from '../../core/search-wire';
import { SUPPLIER_FEE_PER_PASSENGER_INR } from '../../core/suppliers';
import { bookings, passengers } from '../../db/schema';

/**
 * Round trips with the Duffel supplier (decision 0069), in-process app against the contract fake:
 * one offer request of two slices, answered as combined itineraries (both journeys, one price);
 * held, paid and ordered as one Duffel order of two slices; one booking of two journeys; cancelled
 * whole only.
 */

const start = duffelAppPerTest();

async function roundTrip(app: DuffelApp['app'], from: string, to: string, extra = '') {
  const res = await app.request(`/api/search/round-trip?from=${from}&to=${to}&date=2026-12-15&returnDate=2026-12-20&tripType=roundTrip${extra}`, { headers: jsonHeaders() });
  const body = (await res.json()) as CompactRoundTripResponse & { error?: { message: string; fields?: Record<string, string> } };
  return { status: res.status, body, offers: res.status === 200 && body.combined ? expandSearchResponse(body.combined).itineraries : ([] as Itinerary[]) };
}

const offerRequests = (fake: DuffelApp['fake']) => fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/air/offer_requests'));

describe('Duffel mode: a round trip is one offer of two slices', () => {
  it('searches once with two slices and answers combined itineraries with both journeys, the all-in INR price and the fare', async () => {
    const { app, fake } = await start();
    const { status, body, offers } = await roundTrip(app, 'DEL', 'BOM');
    expect(status).toBe(200);
    const asked = offerRequests(fake);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toMatchObject({
      data: { slices: [{ origin: 'DEL', destination: 'BOM', departure_date: '2026-12-15' }, { origin: 'BOM', destination: 'DEL', departure_date: '2026-12-20' }] },
    });
    expect(body.query).toMatchObject({ from: 'DEL', to: 'BOM', date: '2026-12-15', returnDate: '2026-12-20', tripType: 'roundTrip' });
    expect(body.outbound.itineraries).toEqual([]);
    expect(body.inbound.itineraries).toEqual([]);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      const fare = offer.supplier;
      if (!fare) throw new Error('no supplier fare');
      expect(offer.id).toBe(`duffel-${fare.offerId}`);
      expect(fare.journeyLegCounts?.length).toBe(2);
      expect(fare.journeyLegCounts?.reduce((a, b) => a + b, 0)).toBe(offer.legs.length);
      expect(fare).toMatchObject({ currency: 'GBP', conversion: { from: 'GBP' }, feeInr: SUPPLIER_FEE_PER_PASSENGER_INR, fareBrand: expect.any(String) });
      expect(offer.price.total.total).toBe(fare.fareInr + fare.feeInr);
      const [out, back] = journeyItineraries(offer);
      expect(out?.legs[0]?.from.code).toBe('DEL');
      expect(out?.legs.at(-1)?.to.code).toBe('BOM');
      expect(out?.departure.slice(0, 10)).toBe('2026-12-15');
      expect(back?.legs[0]?.from.code).toBe('BOM');
      expect(back?.legs.at(-1)?.to.code).toBe('DEL');
      expect(back?.departure.slice(0, 10)).toBe('2026-12-20');
      // No layover is counted between the outbound's landing and the return's take-off.
      expect(offer.stops).toBe((out?.stops ?? 0) + (back?.stops ?? 0));
    }
    // A repeat is answered from the offer cache.
    await roundTrip(app, 'DEL', 'BOM', '&adults=1');
    expect(offerRequests(fake)).toHaveLength(1);
  });

  it('bad input is a 400 on the field; a Duffel outage 503 and a rate limit 429, never 500', async () => {
    const { app, fake } = await start();
    const early = await roundTrip(app, 'DEL', 'BOM', '&returnDate=2026-12-10');
    expect(early.status).toBe(400);
    expect(early.body.error?.fields?.returnDate).toBeTruthy();
    fake.failNext({ status: 500, type: 'api_error', code: 'internal_server_error' });
    expect((await roundTrip(app, 'BOM', 'BLR')).status).toBe(503);
    fake.rateLimitNext(1, 600);
    expect((await roundTrip(app, 'DEL', 'BLR')).status).toBe(429);
  });

  it('hold → pay → one Duffel order of both slices → a ticket of two journeys with the airline reference; one journey alone cannot be cancelled, the whole booking can', async () => {
    const { app, cookie, fake, database } = await start();
    const { offers } = await roundTrip(app, 'DEL', 'BOM');
    const offer = offers[0];
    if (!offer?.supplier) throw new Error('no offer');
    const held = await postBooking(app, cookie, { itineraryId: offer.id, passengers: [ADULT], quotedTotal: offer.price.total.total });
    expect(held.status).toBe(201);
    const booking = (held.body as { booking: BookingView }).booking;
    const counts = offer.supplier.journeyLegCounts ?? [];
    expect(booking.totalInr).toBe(offer.price.total.total);
    expect(booking.journeys).toHaveLength(2);
    expect(booking.journeys.map((j) => [j.from, j.to, j.date, j.firstLeg, j.legCount])).toEqual([
      ['DEL', 'BOM', '2026-12-15', 0, counts[0]],
      ['BOM', 'DEL', '2026-12-20', counts[0], counts[1]],
    ]);
    expect(booking.journeys.every((j) => j.pnr === booking.pnr && !j.separateTicket && j.specialReturn === null)).toBe(true);
    expect(booking.journeys.reduce((n, j) => n + j.totalInr, 0)).toBe(booking.totalInr);

    const order = await payOrder(app, cookie, booking.id);
    expect(order.amountPaise).toBe(offer.price.total.total * 100);
    const paid = await sandboxPay(app, order.orderId);
    const confirmed = await confirmBooking(app, cookie, booking.id, paid.body);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking).toMatchObject({ status: 'confirmed', supplier: { orderState: 'ordered', bookingReference: expect.stringMatching(/^[A-Z0-9]{6}$/) } });
    const orders = fake.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders');
    expect(orders).toHaveLength(1);
    const duffelOrder = fake.order(confirmed.body.booking.supplier?.orderId ?? '');
    expect(duffelOrder?.slices).toHaveLength(2);
    expect(duffelOrder?.metadata).toMatchObject({ safar_booking_id: booking.id });
    const [pax] = await database.db.select().from(passengers).where(eq(passengers.bookingId, booking.id));
    expect(pax?.ticketNumber).toMatch(/^\d{13}$/);

    // The ticket (GET /api/bookings/:id) shows both journeys and the airline's reference.
    const view = (await (await app.request(`/api/bookings/${booking.id}`, { headers: authed(cookie) })).json()) as { booking: BookingView };
    expect(view.booking.journeys).toHaveLength(2);
    expect(view.booking.supplier?.bookingReference).toBe(duffelOrder?.booking_reference);

    // One journey alone: 409 with the reason, quote and cancellation alike; nothing is asked of Duffel.
    const oneQuote = await app.request(`/api/bookings/${booking.id}/cancellation-quote?journey=1`, { headers: authed(cookie) });
    expect(oneQuote.status).toBe(409);
    expect(((await oneQuote.json()) as { error: { message: string } }).error.message).toMatch(/one ticket, so one journey cannot be cancelled alone/);
    const oneCancel = await app.request(`/api/bookings/${booking.id}/cancellations`, {
      method: 'POST',
      headers: authed(cookie, { 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ passengers: [0], journey: 0, quotedRefundPaise: 0 }),
    });
    expect(oneCancel.status).toBe(409);
    expect(fake.requests.some((r) => r.path.startsWith('/air/order_cancellations'))).toBe(false);

    // The whole booking: Duffel's quote, then confirm.
    const quote = (await (await app.request(`/api/bookings/${booking.id}/cancellation-quote`, { headers: authed(cookie) })).json()) as { quote: { refundPaise: number } };
    const whole = await app.request(`/api/bookings/${booking.id}/cancellations`, {
      method: 'POST',
      headers: authed(cookie, { 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ passengers: [0], quotedRefundPaise: quote.quote.refundPaise }),
    });
    expect(whole.status).toBe(201);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('cancelled');
  });

  it('a price that moved before holding is the 409 with old and new totals, as for a one-way; an expired offer a clear 409', async () => {
    const { app, cookie, fake, clock } = await start();
    const { offers } = await roundTrip(app, 'DEL', 'BOM');
    const offer = offers[0];
    if (!offer) throw new Error('no offer');
    const stale = await postBooking(app, cookie, { itineraryId: offer.id, passengers: [ADULT], quotedTotal: offer.price.total.total - 500 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ oldTotal: offer.price.total.total - 500, newTotal: offer.price.total.total });
    const accepted = await postBooking(app, cookie, { itineraryId: offer.id, passengers: [ADULT], quotedTotal: offer.price.total.total, acceptPriceChange: true });
    expect(accepted.status).toBe(201);

    const later = offers[1];
    if (!later) throw new Error('no second offer');
    fake.advance(31 * 60_000);
    clock.advance(31 * 60_000);
    const expired = await postBooking(app, cookie, { itineraryId: later.id, passengers: [ADULT], quotedTotal: later.price.total.total });
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ error: { reason: 'offerExpired' } });
  });
});
