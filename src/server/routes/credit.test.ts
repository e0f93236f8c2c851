import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView, PassengerInput } from '../../core/booking';
import { type ApplyCreditAnswer, CREDIT_MESSAGES, type CreditAnswer } from '../../core/credit';
import type { Itinerary } from '../../core/search';
import type { CancellationAnswer, CancellationQuoteAnswer, RefundsAnswer } from '../../core/trip-changes';
import { creditLedger, outbox, payments } from '../../db/schema';
import { executeRows } from '../../db/rows';
import { renderCancellationMail } from '../../domain/cancellations/mail';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, authed, bookAndPay, confirmBooking, findItinerary, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { expectCreditBalanced, expectInventoryBalanced } from '../../../tests/support/books';
import { createTestApp } from '../../../tests/support/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let alice: { cookie: string; user: { id: string; email: string } };
let bob: { cookie: string; user: { id: string; email: string } };
let itinerary: Itinerary;

const ADULT2: PassengerInput = { ...ADULT, firstName: 'Priya', title: 'Ms', aadharCard: undefined, mobileNo: '9876543211' };

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUpAndLogin(ctx.app);
  bob = await signUpAndLogin(ctx.app);
  itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
});
afterAll(async () => {
  await ctx.close();
});
afterEach(async () => {
  await expectInventoryBalanced(ctx.database.db);
  await expectCreditBalanced(ctx.database.db);
});

async function booked(passengers: PassengerInput[], cookie = alice.cookie): Promise<BookingView> {
  const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, passengers);
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
  return confirm.body.booking;
}

async function cancelTo(destination: 'original' | 'credit', bookingId: string, positions: number[], key: string = randomUUID()) {
  const quote = (await (await ctx.app.request(`/api/bookings/${bookingId}/cancellation-quote?passengers=${positions.join(',')}`, { headers: authed(alice.cookie) })).json()) as CancellationQuoteAnswer;
  const res = await ctx.app.request(`/api/bookings/${bookingId}/cancellations`, {
    method: 'POST',
    headers: authed(alice.cookie, { 'Idempotency-Key': key }),
    body: JSON.stringify({ passengers: positions, destination, quotedRefundPaise: quote.quote.refundPaise }),
  });
  return { status: res.status, body: (await res.json()) as CancellationAnswer, quote };
}

async function credit(cookie = alice.cookie): Promise<CreditAnswer> {
  const res = await ctx.app.request('/api/account/credit', { headers: authed(cookie) });
  expect(res.status).toBe(200);
  return (await res.json()) as CreditAnswer;
}

async function apply(bookingId: string, amountPaise: unknown, cookie = alice.cookie) {
  const res = await ctx.app.request(`/api/bookings/${bookingId}/credit`, { method: 'POST', headers: authed(cookie), body: JSON.stringify({ amountPaise }) });
  return { status: res.status, body: (await res.json()) as ApplyCreditAnswer & { error?: { message: string; fields?: Record<string, string> } } };
}

async function hold(cookie = alice.cookie): Promise<BookingView> {
  const res = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
  if (res.status !== 201) throw new Error(`hold failed: ${res.status}`);
  return res.body.booking;
}

describe('cancelling to Safar credit', () => {
  it('offers credit; choosing it completes the refund at once, adds one ledger entry and mails where the money went', async () => {
    const before = (await credit()).balancePaise;
    const booking = await booked([ADULT, ADULT2]);
    const key = randomUUID();
    const { status, body, quote } = await cancelTo('credit', booking.id, [1], key);
    expect(quote.creditOffered).toBe(true);
    expect(status).toBe(201);
    expect(body.cancellation.destination).toBe('credit');
    expect(body.refunds.map((r) => [r.destination, r.status, r.methodLabel])).toEqual([['credit', 'completed', 'Safar credit']]);
    expect((await credit()).balancePaise).toBe(before + quote.quote.refundPaise);

    // A retry with the same key answers the first result: still one ledger entry.
    const again = await ctx.app.request(`/api/bookings/${booking.id}/cancellations`, {
      method: 'POST',
      headers: authed(alice.cookie, { 'Idempotency-Key': key }),
      body: JSON.stringify({ passengers: [1], destination: 'credit', quotedRefundPaise: quote.quote.refundPaise }),
    });
    expect(again.status).toBe(201);
    const entries = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.bookingId, booking.id));
    expect(entries).toHaveLength(1);
    expect((await credit()).balancePaise).toBe(before + quote.quote.refundPaise);

    // The tracker shows it completed; the mail says it went to Safar credit.
    const tracker = (await (await ctx.app.request(`/api/bookings/${booking.id}/refunds`, { headers: authed(alice.cookie) })).json()) as RefundsAnswer;
    expect(tracker.refunds.every((r) => r.status === 'completed' && r.methodLabel === 'Safar credit')).toBe(true);
    const [mail] = await ctx.database.db.select().from(outbox).where(sql`${outbox.kind} = 'booking-cancelled' and ${outbox.payload}->>'bookingId' = ${booking.id}`);
    const text = renderCancellationMail(mail?.payload, 'https://safar.test')?.text ?? '';
    expect(text).toContain('added to your Safar credit');
    expect(text).not.toContain('original payment method');
  });

  it('the original payment method stays the default', async () => {
    const booking = await booked([ADULT]);
    const quote = (await (await ctx.app.request(`/api/bookings/${booking.id}/cancellation-quote`, { headers: authed(alice.cookie) })).json()) as CancellationQuoteAnswer;
    const res = await ctx.app.request(`/api/bookings/${booking.id}/cancellations`, {
      method: 'POST',
      headers: authed(alice.cookie, { 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ passengers: [0], quotedRefundPaise: quote.quote.refundPaise }),
    });
    const body = (await res.json()) as CancellationAnswer;
    expect(body.cancellation.destination).toBe('original');
    expect(body.refunds.every((r) => r.destination === 'original')).toBe(true);
  });

  it("another traveller's credit is their own", async () => {
    expect((await credit(bob.cookie)).entries).toEqual([]);
  });
});

describe('spending Safar credit at checkout', () => {
  it('pays part of a booking with credit and the rest by card; cancelling it gives the credit back first', async () => {
    // Some credit to spend.
    const first = await booked([ADULT]);
    await cancelTo('credit', first.id, [0]);
    const balance = (await credit()).balancePaise;
    expect(balance).toBeGreaterThan(100);

    const held = await hold();
    const part = Math.floor(Math.min(balance, held.totalInr * 100) / 2);
    const applied = await apply(held.id, part);
    expect(applied.status).toBe(200);
    expect(applied.body.booking.status).toBe('held');
    expect(applied.body.duePaise).toBe(held.totalInr * 100 - part);
    expect(applied.body.balancePaise).toBe(balance - part);
    // The same request again answers the same spend; another amount is refused.
    expect((await apply(held.id, part)).body.balancePaise).toBe(balance - part);
    expect((await apply(held.id, part - 1)).status).toBe(409);

    const order = await payOrder(ctx.app, alice.cookie, held.id);
    expect(order.amountPaise).toBe(held.totalInr * 100 - part);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const confirmed = await confirmBooking(ctx.app, alice.cookie, held.id, pay.body);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking.status).toBe('confirmed');
    expect((await credit()).balancePaise).toBe(balance - part);

    // Cancelling it to the original method: the credit part goes back to credit first.
    const { body, quote } = await cancelTo('original', held.id, [0]);
    const toCredit = body.refunds.filter((r) => r.destination === 'credit').reduce((n, r) => n + r.amountPaise, 0);
    expect(toCredit).toBe(Math.min(part, quote.quote.refundPaise));
    expect((await credit()).balancePaise).toBe(balance - part + toCredit);
  });

  it('credit covering the whole total confirms without a gateway payment', async () => {
    // Enough credit: cancel a two-passenger booking to credit.
    const first = await booked([ADULT, ADULT2]);
    await cancelTo('credit', first.id, [0, 1]);
    const held = await hold();
    const total = held.totalInr * 100;
    const balance = (await credit()).balancePaise;
    if (balance < total) throw new Error(`test needs ${total} paise of credit, has ${balance}`);
    const applied = await apply(held.id, total);
    expect(applied.status).toBe(200);
    expect(applied.body.booking.status).toBe('confirmed');
    expect(applied.body.duePaise).toBe(0);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, held.id));
    expect(rows.map((r) => [r.provider, r.status])).toEqual([['credit', 'captured']]);
  });

  it('refuses more than the balance or what is due, tied to the field; 404 for another traveller; 409 once not held', async () => {
    const held = await hold();
    const { balancePaise } = await credit();
    const tooMuch = await apply(held.id, balancePaise + 1);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error?.fields?.amountPaise).toBe(CREDIT_MESSAGES.amountTooLarge);
    expect((await apply(held.id, 'lots')).status).toBe(400);
    expect((await apply(held.id, 0)).status).toBe(400);
    expect((await apply(held.id, 100, bob.cookie)).status).toBe(404);
    const none = await apply((await hold(bob.cookie)).id, 100, bob.cookie);
    expect(none.status).toBe(400);
    expect(none.body.error?.fields?.amountPaise).toBe(CREDIT_MESSAGES.nothingToApply);
  });

  it('a hold that expires gives the spent credit back exactly once', async () => {
    const before = (await credit()).balancePaise;
    const held = await hold();
    expect((await apply(held.id, 100)).status).toBe(200);
    expect((await credit()).balancePaise).toBe(before - 100);
    ctx.clock.advance(60 * 60_000);
    await ctx.deps.checkout.sweepHolds();
    await ctx.deps.checkout.sendRefunds();
    await ctx.deps.checkout.sendRefunds();
    const after = await credit();
    expect(after.balancePaise).toBe(before);
    expect(after.entries.filter((e) => e.bookingId === held.id).map((e) => e.kind).sort()).toEqual(['return', 'spend']);
    const [row] = await executeRows<{ status: string }>(ctx.database.db, sql`select status from payments where booking_id = ${held.id}`);
    expect(row?.status).toBe('refunded');
  });
});
