import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CancellationAnswer, CancellationQuoteAnswer, RefundChangedBody, RefundsAnswer } from '../../core/trip-changes';
import { bookings, cancellations, idempotencyKeys } from '../../db/schema';
import { executeRows } from '../../db/rows';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, authed, confirmBooking, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { duffelSearch } from '../../../tests/support/duffel-app';
import { seedDuffelBooking } from '../../../tests/support/duffel-booking';
import { type DuffelFake, startDuffelFake } from '../../../tests/support/duffel-fake/server';
import { createTestApp } from '../../../tests/support/test-app';

/**
 * Cancelling Duffel bookings through the seam, in-process app against the contract fake: the
 * supplier's quote in rupees with the conversion named, whole orders only, confirm and refund on
 * the tracker, an expired quote, a rate limit, and a lost answer.
 */

const START = '2026-11-21T06:30:00Z';
let fake: DuffelFake;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let alice: { cookie: string; user: { id: string; email: string } };

beforeAll(async () => {
  fake = await startDuffelFake({ now: Date.parse(START) });
  ctx = await createTestApp({ now: START, env: { DUFFEL_ACCESS_TOKEN: fake.token, DUFFEL_API_URL: fake.url } });
  alice = await signUpAndLogin(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

// The books after every test: refund rows add up to each cancellation's refund, refund + retained = paid,
// no payment refunded beyond its amount, and every supplier refund is recorded beside the traveller's.
afterEach(async () => {
  const [bad] = await executeRows<{ lost: number; quotes: number; overpaid: number; unrecorded: number; unbalanced: number }>(
    ctx.database.db,
    sql`select
      (select count(*) from cancellations c where c.refund_paise <> coalesce((select sum(r.amount_paise) from refunds r where r.cancellation_id = c.id), 0))::int as lost,
      (select count(*) from cancellations c where c.refund_paise + c.retained_paise <> (c.quote->>'paidPaise')::int)::int as quotes,
      (select count(*) from payments p where p.amount_paise < coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0))::int as overpaid,
      (select count(*) from cancellations c join bookings b on b.id = c.booking_id where b.supplier <> 'world' and c.quote->'supplier' is null)::int as unrecorded,
      (select count(*) from cancellations c where c.quote->'supplier' is not null and c.refund_paise <>
          (c.quote->'supplier'->>'airlineRefundPaise')::int + (c.quote->'supplier'->>'safarCoversPaise')::int
          + (select coalesce(sum((l->>'paise')::int), 0) from booking_fares f, jsonb_array_elements(f.lines) l
              where f.booking_id = c.booking_id and l->>'kind' = 'safarFee') - (c.quote->>'safarFeeKeptPaise')::int)::int as unbalanced`,
  );
  expect(bad).toEqual({ lost: 0, quotes: 0, overpaid: 0, unrecorded: 0, unbalanced: 0 });
});

async function getQuote(bookingId: string, query = '') {
  const res = await ctx.app.request(`/api/bookings/${bookingId}/cancellation-quote${query}`, { headers: authed(alice.cookie) });
  return { status: res.status, body: (await res.json()) as CancellationQuoteAnswer & { error?: { message: string; fields?: Record<string, string> } } };
}

async function cancel(bookingId: string, body: Record<string, unknown>, key: string = randomUUID()) {
  const res = await ctx.app.request(`/api/bookings/${bookingId}/cancellations`, { method: 'POST', headers: authed(alice.cookie, { 'Idempotency-Key': key }), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as CancellationAnswer & RefundChangedBody & { error: { message: string; reason?: string; fields?: Record<string, string> } } };
}

const confirms = () => fake.requests.filter((r) => r.method === 'POST' && /order_cancellations\/[^/]+\/actions\/confirm/.test(r.path)).length;
const api = () => {
  if (ctx.deps.supplier.id !== 'duffel') throw new Error('the test app is not in Duffel mode');
  return ctx.deps.supplier.api;
};

describe('GET cancellation-quote of a Duffel booking', () => {
  it("shows the airline's refund converted to INR with the conversion named, and Safar's fee by its rule", async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id, { createdAt: new Date('2026-11-01T06:30:00Z') });
    const { status, body } = await getQuote(seeded.bookingId);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.passengers).toEqual([0]);
    const supplier = body.quote.supplier;
    expect(supplier).toMatchObject({ supplier: 'duffel', currency: seeded.offer.total.currency, totalMinor: seeded.offer.total.amountMinor, refundTo: 'originalPayment' });
    expect(supplier?.conversion).toMatchObject({ from: 'GBP', source: expect.stringContaining('RBI') });
    expect(body.quote.freeWindowApplies).toBe(false);
    expect(body.quote.refundPaise + body.quote.retainedPaise).toBe(seeded.paidPaise);
    // Outside the free window Safar keeps its fee (within the fare).
    expect(body.quote.safarFeeKeptPaise).toBe(29_900);
    expect(body.quote.lines[0]?.explanation).toMatch(/cancellation terms: it refunds £[\d.,]+ of £[\d.,]+ at ₹106\.60 per GBP/);
  });

  it('Duffel cancels whole orders: some passengers or one journey is a 400 tied to the field', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id, { adults: 2 });
    const some = await getQuote(seeded.bookingId, '?passengers=0');
    expect(some.status).toBe(400);
    expect(some.body.error?.fields?.passengers).toMatch(/cancels whole bookings only/);
    const journey = await getQuote(seeded.bookingId, '?journey=0');
    expect(journey.status).toBe(400);
    expect(journey.body.error?.fields?.journey).toMatch(/whole bookings only/);
    const all = await getQuote(seeded.bookingId, '?passengers=0,1');
    expect(all.status).toBe(200);
    expect(all.body.passengers).toEqual([0, 1]);
  });

  it('a rate-limited supplier answers a clear 429, never a 500', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    fake.rateLimitNext(1, 30);
    const { status, body } = await getQuote(seeded.bookingId);
    expect(status).toBe(429);
    expect(body.error?.message).toMatch(/busy/);
    // After the reset the quote answers again.
    ctx.clock.advance(31_000);
    fake.advance(31_000);
    expect((await getQuote(seeded.bookingId)).status).toBe(200);
  });
});

describe('POST cancellations of a Duffel booking', () => {
  it('confirms with the supplier, cancels the booking and refunds the traveller through the refund tracker', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const quote = await getQuote(seeded.bookingId);
    // Booked moments ago, weeks before departure: inside Safar's free window, everything comes back.
    expect(quote.body.quote.freeWindowApplies).toBe(true);
    expect(quote.body.quote.refundPaise).toBe(seeded.paidPaise);
    const before = confirms();
    const { status, body } = await cancel(seeded.bookingId, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise });
    expect(status).toBe(201);
    expect(confirms() - before).toBe(1);
    expect(body.booking.status).toBe('cancelled');
    expect(body.cancellation.refundPaise).toBe(seeded.paidPaise);
    expect(body.cancellation.quote.supplier?.quoteId).toMatch(/^ore_/);
    expect(fake.order(seeded.orderId)?.cancelled_at).not.toBeNull();
    const tracker = await ctx.app.request(`/api/bookings/${seeded.bookingId}/refunds`, { headers: authed(alice.cookie) });
    const refunds = (await tracker.json()) as RefundsAnswer;
    expect(refunds.refunds.map((r) => r.amountPaise)).toEqual([seeded.paidPaise]);
    expect(refunds.refunds[0]?.status).not.toBe('requested');
    // Nothing left claimed.
    expect(await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, seeded.bookingId))).toEqual([]);
    // A second cancel is refused; the supplier is not asked to confirm again.
    const again = await cancel(seeded.bookingId, { passengers: [0], quotedRefundPaise: 0 });
    expect(again.status).toBe(409);
    expect(confirms() - before).toBe(1);
  });

  it('some passengers of a Duffel booking: 400 on passengers, nothing asked of the supplier', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id, { adults: 2 });
    const before = fake.requests.length;
    const { status, body } = await cancel(seeded.bookingId, { passengers: [1], quotedRefundPaise: 0 });
    expect(status).toBe(400);
    expect(body.error.fields?.passengers).toMatch(/whole bookings only/);
    expect(fake.requests.length).toBe(before);
  });

  it('a refund other than the one quoted: 409 refund-changed with the new quote, nothing cancelled', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const { status, body } = await cancel(seeded.bookingId, { passengers: [0], quotedRefundPaise: 1 });
    expect(status).toBe(409);
    expect(body.error.reason).toBe('refund-changed');
    expect(body.quote.refundPaise).toBe(seeded.paidPaise);
    expect(fake.order(seeded.orderId)?.cancelled_at).toBeNull();
  });

  it('the supplier quote expired before it was confirmed: 409 quote-expired with a fresh quote; confirming that one works', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const quote = await getQuote(seeded.bookingId);
    fake.failNextCancellation('order_cancellation_expired');
    const expired = await cancel(seeded.bookingId, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise });
    expect(expired.status).toBe(409);
    expect(expired.body.error.reason).toBe('quote-expired');
    expect(expired.body.error.message).toMatch(/quote expired/);
    expect(expired.body.quote.supplier?.quoteId).toMatch(/^ore_/);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, seeded.bookingId));
    expect(row?.status).toBe('confirmed');
    const done = await cancel(seeded.bookingId, { passengers: [0], quotedRefundPaise: expired.body.quote.refundPaise });
    expect(done.status).toBe(201);
  });

  it('a rate limit during the cancel: 429, nothing cancelled, and the claim is released for a retry', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const quote = await getQuote(seeded.bookingId);
    fake.rateLimitNext(1, 30);
    const limited = await cancel(seeded.bookingId, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise });
    expect(limited.status).toBe(429);
    expect(fake.order(seeded.orderId)?.cancelled_at).toBeNull();
    ctx.clock.advance(31_000);
    fake.advance(31_000);
    const retried = await cancel(seeded.bookingId, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise });
    expect(retried.status).toBe(201);
  });

  it("a lost answer (500 after the airline cancelled): the order is read again and the cancellation recorded once", async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const quote = await getQuote(seeded.bookingId);
    fake.failNextCancellation('internal_server_error');
    const { status, body } = await cancel(seeded.bookingId, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise });
    expect(status).toBe(201);
    expect(body.booking.status).toBe('cancelled');
    expect(await ctx.database.db.select().from(cancellations).where(eq(cancellations.bookingId, seeded.bookingId))).toHaveLength(1);
    // The reconciler finds nothing left to do.
    ctx.clock.advance(10 * 60_000);
    expect(await ctx.cancellations.reconcileSupplier()).toEqual({ recorded: 0, dropped: 0 });
  });
});

describe('a Duffel booking made through the booking path', () => {
  it('searched, held, paid and ordered, then cancelled: the supplier cancels, the traveller is refunded every rupee in the free window', async () => {
    const { itineraries } = await duffelSearch(ctx.app, 'DEL', 'BOM');
    const itinerary = itineraries.find((i) => i.supplier?.fareBrand === 'Flex') ?? itineraries[0];
    if (!itinerary) throw new Error('no offers');
    const held = await postBooking(ctx.app, alice.cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total });
    expect(held.status).toBe(201);
    const bookingId = (held.body as { booking: { id: string } }).booking.id;
    const order = await payOrder(ctx.app, alice.cookie, bookingId);
    const paid = await sandboxPay(ctx.app, order.orderId);
    const confirmed = await confirmBooking(ctx.app, alice.cookie, bookingId, paid.body);
    expect(confirmed.body.booking.supplier?.orderState).toBe('ordered');
    const orderId = confirmed.body.booking.supplier?.orderId ?? '';

    const quote = await getQuote(bookingId);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.quote.paidPaise).toBe(order.amountPaise);
    expect(quote.body.quote.refundPaise).toBe(order.amountPaise);
    const done = await cancel(bookingId, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.booking.status).toBe('cancelled');
    expect(fake.order(orderId)?.cancelled_at).not.toBeNull();
    const tracker = (await (await ctx.app.request(`/api/bookings/${bookingId}/refunds`, { headers: authed(alice.cookie) })).json()) as RefundsAnswer;
    expect(tracker.refunds.reduce((n, r) => n + r.amountPaise, 0)).toBe(order.amountPaise);
  });
});
