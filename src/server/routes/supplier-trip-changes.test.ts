import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeQuote } from '../../core/fares';
import { toInr } from '../../core/fx';
import { type CancellationQuoteAnswer, type ChangeAnswer, type ChangeOptionsAnswer, type RefundsAnswer, TRIP_CHANGE_MESSAGES } from '../../core/trip-changes';
import { bookings, outbox, payments } from '../../db/schema';
import { signUpAndLogin } from '../../../tests/support/auth';
import { authed, confirmBooking, payOrder, sandboxPay } from '../../../tests/support/booking';
import { seedDuffelBooking } from '../../../tests/support/duffel-booking';
import { type DuffelFake, startDuffelFake } from '../../../tests/support/duffel-fake/server';
import { createTestApp } from '../../../tests/support/test-app';

/**
 * Changing a Duffel booking to another flight through the seam, in-process app against the
 * contract fake: the airline's change offers as options in INR with the conversion named, a change
 * with nothing due confirmed at once, one paid through checkout, an expired offer (409 with a fresh
 * quote), a change the airline refuses after payment (refunded), one change at a time.
 */

const START = '2026-11-21T06:30:00Z';
const DATE = '2027-02-20';
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

const api = () => {
  if (ctx.deps.supplier.id !== 'duffel') throw new Error('the test app is not in Duffel mode');
  return ctx.deps.supplier.api;
};

type ErrorBody = { error: { message: string; reason?: string; fields?: Record<string, string> }; quote?: ChangeQuote };

async function options(bookingId: string, query = `date=${DATE}`) {
  const res = await ctx.app.request(`/api/bookings/${bookingId}/change-options?${query}`, { headers: authed(alice.cookie) });
  return { status: res.status, body: (await res.json()) as ChangeOptionsAnswer & ErrorBody };
}

async function change(bookingId: string, body: Record<string, unknown>, key: string = randomUUID()) {
  const res = await ctx.app.request(`/api/bookings/${bookingId}/changes`, { method: 'POST', headers: authed(alice.cookie, { 'Idempotency-Key': key }), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as ChangeAnswer & ErrorBody };
}

const confirmsOfChanges = () => fake.requests.filter((r) => r.method === 'POST' && /order_changes\/[^/]+\/actions\/confirm/.test(r.path)).length;

async function row(bookingId: string) {
  const [found] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!found) throw new Error(`no booking ${bookingId}`);
  return found;
}

describe('GET change-options of a Duffel booking', () => {
  it("lists the airline's change offers on the date with the change total in INR, the conversion named and no Safar fee", async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const { status, body } = await options(seeded.bookingId);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.date).toBe(DATE);
    expect(body.options.length).toBeGreaterThanOrEqual(2);
    for (const option of body.options) {
      expect(option.itinerary.id).toMatch(/^duffel-change:LHR-JFK:2027-02-20@/);
      expect(option.itinerary.departure.slice(0, 10)).toBe(DATE);
      expect(option.quote.supplier).toMatchObject({ supplier: 'duffel', currency: 'GBP', safarFeePaise: 0 });
      expect(option.quote.supplier?.changeOfferId).toMatch(/^oco_/);
      expect(Date.parse(option.quote.supplier?.expiresAt ?? '')).toBeGreaterThan(Date.parse(START));
      expect(option.quote.supplier?.terms).toMatch(/Safar adds no fee to a change/);
    }
    // Flex changes free of penalty: a dearer flight costs the fare difference, converted at the named rate.
    const dearer = body.options.find((o) => (o.quote.supplier?.changeTotalMinor ?? 0) > 0);
    expect(dearer?.quote.duePaise).toBe(toInr({ amountMinor: dearer?.quote.supplier?.changeTotalMinor ?? 0, currency: 'GBP' }).paise);
    expect(dearer?.quote.supplier?.conversion).toMatchObject({ from: 'GBP', rate: 106.6, source: expect.stringContaining('RBI') });
    expect(dearer?.quote.lines[0]?.explanation).toMatch(/charges £[\d.]+ at ₹106\.60 per GBP \(RBI reference rate \(FBIL\), [\d-]+\) for this change/);
    // A cheaper flight the airline pays back as a voucher: nothing due, no money back.
    const cheaper = body.options.find((o) => (o.quote.supplier?.changeTotalMinor ?? 0) < 0);
    expect(cheaper?.quote).toMatchObject({ duePaise: 0, refundPaise: 0 });
    expect(cheaper?.quote.supplier?.refundTo).toBe('voucher');
    expect(cheaper?.quote.lines[0]?.explanation).toMatch(/voucher in the passengers' names, not money/);
  });

  it("another traveller's Duffel booking is a 404, and the airline is not asked", async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const bob = await signUpAndLogin(ctx.app);
    const asked = fake.requests.length;
    const res = await ctx.app.request(`/api/bookings/${seeded.bookingId}/change-options?date=${DATE}`, { headers: authed(bob.cookie) });
    expect(res.status).toBe(404);
    const posted = await ctx.app.request(`/api/bookings/${seeded.bookingId}/changes`, { method: 'POST', headers: authed(bob.cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ itineraryId: 'duffel-change:LHR-JFK:2027-02-20@2027-02-20T06:00:00.000Z', quotedDuePaise: 0 }) });
    expect(posted.status).toBe(404);
    expect(fake.requests.length).toBe(asked);
  });

  it('a bad date is a 400 on date, a journey other than the whole booking a 400 on journey', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const past = await options(seeded.bookingId, 'date=2026-01-01');
    expect(past.status).toBe(400);
    expect(past.body.error.fields?.date).toBeTruthy();
    const journey = await options(seeded.bookingId, `date=${DATE}&journey=1`);
    expect(journey.status).toBe(400);
    expect(journey.body.error.fields?.journey).toMatch(/whole bookings only/);
  });
});

describe('POST changes of a Duffel booking', () => {
  it('nothing due: confirmed with the airline at once; the booking shows the new flight, same order and reference', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const before = await row(seeded.bookingId);
    const { body: listed } = await options(seeded.bookingId);
    const cheaper = listed.options.find((o) => o.quote.duePaise === 0);
    if (!cheaper) throw new Error('no free option');
    const confirms = confirmsOfChanges();
    const { status, body } = await change(seeded.bookingId, { itineraryId: cheaper.itinerary.id, quotedDuePaise: 0 });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(confirmsOfChanges() - confirms).toBe(1);
    expect(body.booking.status).toBe('confirmed');
    expect(body.booking.changedFrom).toBe(seeded.bookingId);
    expect(body.booking.supplier).toMatchObject({ id: 'duffel', orderId: seeded.orderId, bookingReference: before.supplierBookingReference, orderState: 'ordered' });
    expect(Date.parse(body.booking.itinerary.departure)).toBe(Date.parse(cheaper.itinerary.departure));
    expect((await row(seeded.bookingId)).status).toBe('changed');
    // One mail says what changed.
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, alice.user.email));
    expect(mails.filter((m) => JSON.stringify(m.payload).includes(`/ticket/${body.booking.id}`))).toHaveLength(1);
    // The airline's order flies the new flight now, and what Safar owes it moved by the change total.
    const order = fake.order(seeded.orderId);
    expect(Date.parse(order?.slices[0]?.segments[0]?.departing_at ?? '')).toBeGreaterThan(0);
    expect((await row(body.booking.id)).supplierTotalMinor).toBe((before.supplierTotalMinor ?? 0) + (cheaper.quote.supplier?.changeTotalMinor ?? 0));
    // One change per order: the changed booking cannot be changed again; the new one answers the airline's refusal.
    expect((await options(seeded.bookingId)).status).toBe(409);
  });

  it('money back: a cheaper flight the airline pays back to the original payment is offered, confirmed at once and refunded to the payment', async () => {
    fake.payBackChanges('original_form_of_payment');
    try {
      const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
      const before = await row(seeded.bookingId);
      const { body: listed } = await options(seeded.bookingId);
      const cheaper = listed.options.find((o) => (o.quote.supplier?.changeTotalMinor ?? 0) < 0);
      if (!cheaper) throw new Error('no cheaper option');
      const back = toInr({ amountMinor: -(cheaper.quote.supplier?.changeTotalMinor ?? 0), currency: 'GBP' }).paise;
      expect(back).toBeGreaterThan(0);
      expect(cheaper.quote).toMatchObject({ duePaise: 0, refundPaise: back });
      expect(cheaper.quote.supplier?.refundTo).toBe('originalPayment');
      expect(cheaper.quote.supplier?.terms).toMatch(/pays back £[\d.]+ at ₹106\.60 per GBP \(RBI reference rate \(FBIL\), [\d-]+\) for this change: ₹[\d,.]+ refunded to your original payment/);

      const confirms = confirmsOfChanges();
      // Money back other than the traveller saw: 409 with the new quote, nothing confirmed with the airline, nothing held.
      const moved = await change(seeded.bookingId, { itineraryId: cheaper.itinerary.id, quotedDuePaise: 0, quotedRefundPaise: back - 100 });
      expect(moved.status, JSON.stringify(moved.body)).toBe(409);
      expect(moved.body.error).toMatchObject({ reason: 'due-changed', message: TRIP_CHANGE_MESSAGES.moneyBackChanged });
      expect(moved.body.quote).toMatchObject({ duePaise: 0, refundPaise: back });
      expect(confirmsOfChanges()).toBe(confirms);
      expect(await ctx.database.db.select().from(bookings).where(eq(bookings.changedFrom, seeded.bookingId))).toEqual([]);

      const { status, body } = await change(seeded.bookingId, { itineraryId: cheaper.itinerary.id, quotedDuePaise: 0, quotedRefundPaise: back });
      expect(status, JSON.stringify(body)).toBe(201);
      expect(confirmsOfChanges() - confirms).toBe(1);
      // Confirmed with the airline for the agreed (negative) change total, no payment asked.
      const confirm = fake.requests.filter((r) => /order_changes\/[^/]+\/actions\/confirm/.test(r.path)).at(-1);
      expect(JSON.stringify(confirm?.body ?? {})).not.toContain('payment');
      expect(body.booking).toMatchObject({ status: 'confirmed', changedFrom: seeded.bookingId, supplier: { orderState: 'ordered', orderId: seeded.orderId } });
      expect((await row(seeded.bookingId)).status).toBe('changed');
      const changed = await row(body.booking.id);
      expect(changed.changeRefundPaise).toBe(back);
      expect(changed.supplierTotalMinor).toBe((before.supplierTotalMinor ?? 0) + (cheaper.quote.supplier?.changeTotalMinor ?? 0));

      // The money back is one refund to the captured payment, on the new booking's refund tracker.
      const tracker = await ctx.app.request(`/api/bookings/${body.booking.id}/refunds`, { headers: authed(alice.cookie) });
      const refunded = (await tracker.json()) as RefundsAnswer;
      expect(tracker.status).toBe(200);
      expect(refunded.refunds).toHaveLength(1);
      expect(refunded.refunds[0]).toMatchObject({ amountPaise: back, destination: 'original', methodLabel: 'Card' });
      const paid = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, seeded.bookingId));
      expect(paid.map((p) => p.status)).toEqual(['captured']);
      // The mail names the money back.
      const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, alice.user.email));
      expect(mails.filter((m) => JSON.stringify(m.payload).includes(`/ticket/${body.booking.id}`)).map((m) => JSON.stringify(m.payload))).toEqual([expect.stringContaining('pays back ₹')]);

      // Cancelled later: what comes back is what was paid less the money already paid back.
      const quote = await ctx.app.request(`/api/bookings/${body.booking.id}/cancellation-quote`, { headers: authed(alice.cookie) });
      const quoted = (await quote.json()) as CancellationQuoteAnswer;
      expect(quote.status, JSON.stringify(quoted)).toBe(200);
      expect(quoted.quote.refundPaise).toBeLessThanOrEqual(seeded.paidPaise - back);
    } finally {
      fake.payBackChanges('voucher');
    }
  });

  it('something due: held, paid through checkout, then confirmed with the airline for the agreed total', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const { body: listed } = await options(seeded.bookingId);
    const dearer = listed.options.find((o) => o.quote.duePaise > 0);
    if (!dearer) throw new Error('no dearer option');
    const held = await change(seeded.bookingId, { itineraryId: dearer.itinerary.id, quotedDuePaise: dearer.quote.duePaise });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.booking.status).toBe('held');
    // One change at a time: a second one while this waits for payment is a 409.
    const second = await change(seeded.bookingId, { itineraryId: dearer.itinerary.id, quotedDuePaise: dearer.quote.duePaise });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/already waiting for payment/);

    const confirms = confirmsOfChanges();
    const order = await payOrder(ctx.app, alice.cookie, held.body.booking.id);
    expect(order.amountPaise).toBe(dearer.quote.duePaise);
    const paid = await sandboxPay(ctx.app, order.orderId);
    const confirmed = await confirmBooking(ctx.app, alice.cookie, held.body.booking.id, paid.body);
    const booking = confirmed.body.booking;
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(booking.status).toBe('confirmed');
    expect(booking.supplier?.orderState).toBe('ordered');
    expect(confirmsOfChanges() - confirms).toBe(1);
    // The airline was paid exactly the agreed change total.
    const confirm = fake.requests.filter((r) => /order_changes\/[^/]+\/actions\/confirm/.test(r.path)).at(-1);
    expect(JSON.stringify(confirm?.body)).toContain(((dearer.quote.supplier?.changeTotalMinor ?? 0) / 100).toFixed(2));
    expect((await row(seeded.bookingId)).status).toBe('changed');
    expect(Date.parse(booking.itinerary.departure)).toBe(Date.parse(dearer.itinerary.departure));

    // Cancelled later (inside Safar's free window): everything paid comes back, the first payment and the change's.
    const quote = await ctx.app.request(`/api/bookings/${booking.id}/cancellation-quote`, { headers: authed(alice.cookie) });
    const quoted = (await quote.json()) as CancellationQuoteAnswer;
    expect(quote.status, JSON.stringify(quoted)).toBe(200);
    expect(quoted.quote.paidPaise).toBe(seeded.paidPaise + dearer.quote.duePaise);
    expect(quoted.quote.refundPaise).toBe(seeded.paidPaise + dearer.quote.duePaise);
    const cancelled = await ctx.app.request(`/api/bookings/${booking.id}/cancellations`, {
      method: 'POST',
      headers: authed(alice.cookie, { 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ passengers: [0], quotedRefundPaise: quoted.quote.refundPaise }),
    });
    expect(cancelled.status).toBe(201);
    const refunded = (await ((await ctx.app.request(`/api/bookings/${booking.id}/refunds`, { headers: authed(alice.cookie) })).json())) as RefundsAnswer;
    expect(refunded.refunds.reduce((n, r) => n + r.amountPaise, 0)).toBe(seeded.paidPaise + dearer.quote.duePaise);
  });

  it('a due that moved answers 409 due-changed with the new quote; nothing is held', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const { body: listed } = await options(seeded.bookingId);
    const dearer = listed.options.find((o) => o.quote.duePaise > 0);
    if (!dearer) throw new Error('no dearer option');
    const { status, body } = await change(seeded.bookingId, { itineraryId: dearer.itinerary.id, quotedDuePaise: dearer.quote.duePaise - 100 });
    expect(status).toBe(409);
    expect(body.error.reason).toBe('due-changed');
    expect(body.quote?.duePaise).toBe(dearer.quote.duePaise);
    expect(await ctx.database.db.select().from(bookings).where(eq(bookings.changedFrom, seeded.bookingId))).toEqual([]);
  });

  it('the change offer expired before it was confirmed: 409 quote-expired with a fresh quote; confirming again works', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const { body: listed } = await options(seeded.bookingId);
    const cheaper = listed.options.find((o) => o.quote.duePaise === 0);
    if (!cheaper) throw new Error('no free option');
    // Safar's clock runs past the airline's offers: every offer the airline answers has expired by the time it is confirmed.
    ctx.clock.advance(31 * 60_000);
    const expired = await change(seeded.bookingId, { itineraryId: cheaper.itinerary.id, quotedDuePaise: 0 });
    expect(expired.status, JSON.stringify(expired.body)).toBe(409);
    expect(expired.body.error.reason).toBe('quote-expired');
    expect(expired.body.quote?.supplier?.changeOfferId).toMatch(/^oco_/);
    expect((await row(seeded.bookingId)).status).toBe('confirmed');
    // The airline's clock catches up: its fresh offers are live again.
    fake.advance(31 * 60_000);
    const again = await change(seeded.bookingId, { itineraryId: cheaper.itinerary.id, quotedDuePaise: expired.body.quote?.duePaise ?? -1 });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.booking.status).toBe('confirmed');
  });

  it('the airline refuses the change after payment: the change booking is cancelled, the payment refunded, the booking unchanged', async () => {
    const seeded = await seedDuffelBooking(ctx.database.db, api(), alice.user.id);
    const { body: listed } = await options(seeded.bookingId);
    const dearer = listed.options.find((o) => o.quote.duePaise > 0);
    if (!dearer) throw new Error('no dearer option');
    const held = await change(seeded.bookingId, { itineraryId: dearer.itinerary.id, quotedDuePaise: dearer.quote.duePaise });
    expect(held.status).toBe(201);
    const order = await payOrder(ctx.app, alice.cookie, held.body.booking.id);
    const paid = await sandboxPay(ctx.app, order.orderId);
    // The airline's offer lapses on its side before Safar confirms it.
    fake.advance(31 * 60_000);
    const confirmed = await confirmBooking(ctx.app, alice.cookie, held.body.booking.id, paid.body);
    expect(confirmed.status).toBe(409);
    expect((confirmed.body as unknown as ErrorBody).error.message).toMatch(/refunded/);
    expect((await row(held.body.booking.id)).status).toBe('cancelled');
    expect((await row(seeded.bookingId)).status).toBe('confirmed');
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, held.body.booking.id));
    expect(['refunding', 'refunded']).toContain(payment?.status);
    expect(fake.order(seeded.orderId)?.changes.some((c) => c.confirmed_at !== null)).toBe(false);
  });
});
