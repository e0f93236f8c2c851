import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADULT, authed, confirmBooking, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { type DuffelApp, duffelAppPerTest, duffelSearch } from '../../../tests/support/duffel-app';
import { jsonHeaders } from '../../../tests/support/test-app';
import { CHECK_IN_MESSAGES } from '../../core/check-in';
import type { CompactRoundTripResponse } from '../../core/search';
import { SUPPLIER_FEE_PER_PASSENGER_INR } from '../../core/suppliers';
import { bookings, passengers, payments } from '../../db/schema';
import { reconcileSupplierOrders, SUPPLIER_ORDER_RECONCILE_AFTER_MS } from '../../domain/suppliers/bookings';
import { supplierBookingDeps } from '../deps';

const start = duffelAppPerTest();

async function flex(app: DuffelApp['app'], from: string, to: string) {
  const { itineraries } = await duffelSearch(app, from, to);
  const it = itineraries.find((i) => i.supplier?.fareBrand === 'Flex') ?? itineraries[0];
  if (!it) throw new Error(`no offers ${from}-${to}`);
  return it;
}

describe('Duffel mode: search and booking through the supplier seam (contract fake)', () => {
  it('health names the supplier; search answers offers as itineraries in INR with the conversion and fee named, a repeat from the cache', async () => {
    const { app, fake } = await start();
    expect(await (await app.request('/api/health')).json()).toMatchObject({ supplier: 'duffel' });
    const { status, itineraries } = await duffelSearch(app, 'DEL', 'BOM');
    expect(status).toBe(200);
    expect(itineraries.length).toBeGreaterThan(0);
    const first = itineraries[0];
    if (!first?.supplier) throw new Error('no supplier fare');
    expect(first.id).toBe(`duffel-${first.supplier.offerId}`);
    expect(first.legs[0]?.departure).toMatch(/^2026-12-15T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(first.supplier).toMatchObject({ currency: 'GBP', conversion: { from: 'GBP', asOf: expect.any(String), source: expect.any(String) }, feeInr: SUPPLIER_FEE_PER_PASSENGER_INR });
    expect(first.price.total.total).toBe(first.supplier.fareInr + first.supplier.feeInr);
    const asked = fake.requests.filter((r) => r.path.startsWith('/air/offer_requests')).length;
    await duffelSearch(app, 'DEL', 'BOM', '&adults=1');
    expect(fake.requests.filter((r) => r.path.startsWith('/air/offer_requests')).length).toBe(asked);
  });

  it('a round trip is one search of two slices answered as combined offers (decision 0069); a rate limit is 429 and a Duffel outage 503, never 500', async () => {
    const { app, fake } = await start();
    const round = await app.request('/api/search/round-trip?from=DEL&to=BOM&date=2026-12-15&returnDate=2026-12-20', { headers: jsonHeaders() });
    expect(round.status).toBe(200);
    const answer = (await round.json()) as CompactRoundTripResponse;
    expect(answer.combined?.itineraries.length).toBeGreaterThan(0);
    expect(answer.combined?.itineraries.every((it) => it.supplier?.journeyLegCounts?.length === 2)).toBe(true);
    expect(fake.requests.filter((r) => r.path.startsWith('/air/offer_requests')).length).toBe(1);
    fake.failNext({ status: 500, type: 'api_error', code: 'internal_server_error' });
    const down = await duffelSearch(app, 'BOM', 'BLR');
    expect(down.status).toBe(503);
    fake.rateLimitNext(1, 600);
    const limited = await duffelSearch(app, 'DEL', 'BLR');
    expect(limited.status).toBe(429);
  });

  it('booking prices the offer again: a changed price is 409 with old and new totals, then held at the new price when accepted', async () => {
    const { app, cookie } = await start();
    const it = await flex(app, 'LHR', 'STN');
    const changed = await postBooking(app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: it.price.total.total });
    expect(changed.status).toBe(409);
    const body = changed.body as { oldTotal: number; newTotal: number };
    expect(body.oldTotal).toBe(it.price.total.total);
    expect(body.newTotal).toBeGreaterThan(body.oldTotal);
    const held = await postBooking(app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: body.newTotal, acceptPriceChange: true });
    expect(held.status).toBe(201);
    // This route's fare rises on every read (the fake): the hold carries the price read when it was made.
    const booking = (held.body as { booking: { totalInr: number; supplier: unknown } }).booking;
    expect(booking.totalInr).toBeGreaterThan(body.oldTotal);
    expect(booking.supplier).toMatchObject({ id: 'duffel', orderId: null, orderState: null });
  });

  it('an expired or sold-out offer is a clear 409', async () => {
    const { app, cookie, fake, clock } = await start();
    const gone = await flex(app, 'LGW', 'LHR');
    const soldOut = await postBooking(app, cookie, { itineraryId: gone.id, passengers: [ADULT], quotedTotal: gone.price.total.total });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({ error: { reason: 'soldOut' } });
    const it = await flex(app, 'DEL', 'BOM');
    fake.advance(31 * 60_000);
    clock.advance(31 * 60_000);
    const expired = await postBooking(app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: it.price.total.total });
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ error: { reason: 'offerExpired' } });
  });

  it('pay then order: the booking is confirmed with the airline reference and e-ticket numbers', async () => {
    const { app, cookie, database, fake } = await start();
    const it = await flex(app, 'DEL', 'BOM');
    const held = await postBooking(app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: it.price.total.total });
    expect(held.status).toBe(201);
    const bookingId = (held.body as { booking: { id: string } }).booking.id;
    const order = await payOrder(app, cookie, bookingId);
    expect(order.amountPaise).toBe(it.price.total.total * 100);
    const paid = await sandboxPay(app, order.orderId);
    const confirmed = await confirmBooking(app, cookie, bookingId, paid.body);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking).toMatchObject({ status: 'confirmed', supplier: { id: 'duffel', orderState: 'ordered', bookingReference: expect.stringMatching(/^[A-Z0-9]{6}$/) } });
    const orderId = confirmed.body.booking.supplier?.orderId ?? '';
    expect(fake.order(orderId)?.metadata).toMatchObject({ safar_booking_id: bookingId });
    const [pax] = await database.db.select().from(passengers).where(eq(passengers.bookingId, bookingId));
    expect(pax?.ticketNumber).toMatch(/^\d{13}$/);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ supplier: 'duffel', supplierOrderId: orderId, supplierCurrency: 'GBP' });
    // Only the airline checks in its flight and issues its boarding pass.
    const checkIn = await app.request(`/api/bookings/${bookingId}/check-in`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ legIndex: 0, passengers: [{ position: 0 }] }) });
    expect(checkIn.status).toBe(409);
    expect(await checkIn.json()).toMatchObject({ error: { reason: 'check-in-with-airline', message: CHECK_IN_MESSAGES.withAirline } });
    // Nor does Safar compute its own check-in windows for it.
    const status = await app.request(`/api/bookings/${bookingId}/check-in`, { headers: authed(cookie) });
    expect(status.status).toBe(409);
    expect(await status.json()).toMatchObject({ error: { reason: 'check-in-with-airline', message: CHECK_IN_MESSAGES.withAirline } });
  });

  it('an order the airline refuses after payment fails the booking and refunds the payment', async () => {
    const { app, cookie, database } = await start();
    const it = await flex(app, 'LGW', 'STN');
    const held = await postBooking(app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: it.price.total.total });
    const bookingId = (held.body as { booking: { id: string } }).booking.id;
    const order = await payOrder(app, cookie, bookingId);
    const paid = await sandboxPay(app, order.orderId);
    const answer = await confirmBooking(app, cookie, bookingId, paid.body);
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toBe('The airline could not confirm this booking. Your payment has been refunded.');
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'cancelled', supplierOrderState: 'failed' });
    const [payment] = await database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(['refunding', 'refunded']).toContain(payment?.status);
  });

  it('an unknown order outcome (Duffel 500 that still booked) is reconciled once: the order is found, never made twice', async () => {
    const { app, cookie, database, fake, clock, deps } = await start();
    const it = await flex(app, 'DEL', 'BLR');
    const held = await postBooking(app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: it.price.total.total });
    const bookingId = (held.body as { booking: { id: string } }).booking.id;
    const order = await payOrder(app, cookie, bookingId);
    const paid = await sandboxPay(app, order.orderId);
    fake.failNextOrder('internal_server_error');
    const answer = await confirmBooking(app, cookie, bookingId, paid.body);
    expect(answer.status).toBe(200);
    expect(answer.body.booking.supplier).toMatchObject({ orderState: 'ordering', orderId: null });
    if (deps.supplier.id === 'world') throw new Error('not duffel');
    clock.advance(SUPPLIER_ORDER_RECONCILE_AFTER_MS + 1_000);
    const report = await reconcileSupplierOrders(supplierBookingDeps(deps, deps.supplier));
    expect(report).toEqual({ ordered: 1, failed: 0, unknown: 0 });
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').length).toBe(1);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'confirmed', supplierOrderState: 'ordered' });
  });
});
