import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView, PassengerInput, ProfileStats } from '../../core/booking';
import type { Itinerary } from '../../core/search';
import { type CancellationAnswer, type CancellationQuoteAnswer, type RefundChangedBody, type RefundsAnswer, TRIP_CHANGE_MESSAGES } from '../../core/trip-changes';
import { boardingPasses, cancellations, flightInventory, outbox, payments, refunds } from '../../db/schema';
import { executeRows } from '../../db/rows';
import { sendOutbox } from '../../domain/booking/outbox';
import { TEST_PASSWORD, sessionCookieFrom, signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, CHILD, INFANT, authed, bookAndPay, findItinerary } from '../../../tests/support/booking';
import { expectInventoryBalanced } from '../../../tests/support/books';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';

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

// The books must balance after every test, whatever it did.
afterEach(async () => {
  await expectInventoryBalanced(ctx.database.db);
  // Every cancellation's refund rows add up to its refund; no payment refunded beyond its amount.
  const money = await executeRows<{ bad: number }>(
    ctx.database.db,
    sql`select (select count(*) from cancellations c where c.refund_paise <> coalesce((select sum(r.amount_paise) from refunds r where r.cancellation_id = c.id), 0))::int
          + (select count(*) from payments p where p.amount_paise < coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0))::int as bad`,
  );
  expect(money[0]?.bad).toBe(0);
});

async function booked(passengers: PassengerInput[], cookie = alice.cookie): Promise<BookingView> {
  const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, passengers);
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
  return confirm.body.booking;
}

async function getQuote(bookingId: string, positions?: number[], cookie = alice.cookie) {
  const query = positions ? `?passengers=${positions.join(',')}` : '';
  const res = await ctx.app.request(`/api/bookings/${bookingId}/cancellation-quote${query}`, { headers: authed(cookie) });
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as CancellationQuoteAnswer & { error?: { message: string; fields?: Record<string, string> } } };
}

async function cancel(bookingId: string, body: Record<string, unknown>, key: string = randomUUID(), cookie = alice.cookie) {
  const res = await ctx.app.request(`/api/bookings/${bookingId}/cancellations`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': key }), body: JSON.stringify(body) });
  return { status: res.status, replayed: res.headers.get('Idempotent-Replayed'), text: await res.clone().text(), body: (await res.json()) as CancellationAnswer & RefundChangedBody };
}

async function getRefunds(bookingId: string, cookie = alice.cookie) {
  const res = await ctx.app.request(`/api/bookings/${bookingId}/refunds`, { headers: authed(cookie) });
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as RefundsAnswer };
}

async function soldOn(flightId: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(flightInventory).where(and(eq(flightInventory.flightId, flightId), eq(flightInventory.cabin, 'economy')));
  return row?.sold ?? 0;
}

describe('GET /api/bookings/{id}/cancellation-quote', () => {
  it('quotes every passenger still travelling, line by line per passenger and leg; Safar credit offered as a choice', async () => {
    const booking = await booked([ADULT, CHILD]);
    const { status, body } = await getQuote(booking.id);
    expect(status).toBe(200);
    expect(body.passengers).toEqual([0, 1]);
    expect(body.creditOffered).toBe(true);
    expect(body.quote.lines.map((l) => [l.passengerPosition, l.legIndex])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    for (const line of body.quote.lines) {
      expect(line.refundPaise + line.retainedPaise).toBe(line.paidPaise);
      expect(line.refundPaise).toBeGreaterThanOrEqual(line.taxesPaise);
    }
    expect(body.quote.refundPaise + body.quote.retainedPaise).toBe(body.quote.paidPaise);
    const one = await getQuote(booking.id, [1]);
    expect(one.body.passengers).toEqual([1]);
    expect(one.body.quote.lines.every((l) => l.passengerPosition === 1)).toBe(true);
  });

  it('refuses unknown passengers and an infant left without an adult, tied to the field', async () => {
    const booking = await booked([ADULT, INFANT]);
    const unknown = await getQuote(booking.id, [5]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields?.passengers).toBe(TRIP_CHANGE_MESSAGES.unknownPassenger);
    const alone = await getQuote(booking.id, [0]);
    expect(alone.status).toBe(400);
    expect(alone.body.error?.fields?.passengers).toBe(TRIP_CHANGE_MESSAGES.infantAlone);
    const both = await getQuote(booking.id, [0, 1]);
    expect(both.status).toBe(200);
    const infantOnly = await getQuote(booking.id, [1]);
    expect(infantOnly.status).toBe(200);
  });
});

describe('POST /api/bookings/{id}/cancellations', () => {
  it('cancels one of two: seat back to sale, pass void, refund recorded and sent, mail queued, stats net of the refund', async () => {
    const booking = await booked([ADULT, ADULT2]);
    const flightId = itinerary.legs[0]?.flightId ?? '';
    const soldBefore = await soldOn(flightId);
    const statsBefore = (await (await ctx.app.request('/api/profile/stats', { headers: authed(alice.cookie) })).json()) as ProfileStats;
    const quote = await getQuote(booking.id, [1]);
    const { status, body } = await cancel(booking.id, { passengers: [1], quotedRefundPaise: quote.body.quote.refundPaise });
    expect(status).toBe(201);
    expect(body.booking.status).toBe('partly_cancelled');
    expect(body.booking.passengers[1]?.cancelledAt).not.toBeNull();
    expect(body.booking.passengers[0]?.cancelledAt).toBeNull();
    expect(body.cancellation.passengers).toEqual([1]);
    expect(body.cancellation.refundPaise).toBe(quote.body.quote.refundPaise);
    expect(body.cancellation.refundPaise + body.cancellation.retainedPaise).toBe(quote.body.quote.paidPaise);
    expect(body.refunds).toHaveLength(1);
    expect(body.refunds[0]).toMatchObject({ amountPaise: quote.body.quote.refundPaise, destination: 'original', status: 'requested', methodLabel: 'Card', dueBy: quote.body.quote.refundDeadline });
    expect(await soldOn(flightId)).toBe(soldBefore - 1);

    // The sandbox processes refunds at once.
    const tracker = await getRefunds(booking.id);
    expect(tracker.status).toBe(200);
    expect(tracker.body.cancellations).toHaveLength(1);
    expect(tracker.body.refunds[0]?.status).toBe('completed');
    expect(tracker.body.refunds[0]?.sentAt).not.toBeNull();
    expect(tracker.body.refunds[0]?.completedAt).not.toBeNull();
    const read = (await (await ctx.app.request(`/api/bookings/${booking.id}`, { headers: authed(alice.cookie) })).json()) as { booking: BookingView };
    expect(read.booking.displayStatus).toBe('Partly cancelled');

    // The e-ticket stays available for the passenger still travelling.
    expect((await ctx.app.request(`/api/bookings/${booking.id}/ticket.pdf`, { headers: authed(alice.cookie) })).status).toBe(200);
    // The passenger still travelling keeps a valid seat record (their pass comes at check-in); the cancelled one's is void.
    const voided = await ctx.database.db.select().from(boardingPasses).where(eq(boardingPasses.bookingId, booking.id));
    expect(voided.filter((p) => p.voidedAt === null)).toHaveLength(1);
    expect(voided.filter((p) => p.voidedAt !== null)).toHaveLength(1);

    const [mail] = await ctx.database.db.select().from(outbox).where(and(eq(outbox.kind, 'booking-cancelled'), sql`${outbox.payload}->>'bookingId' = ${booking.id}`));
    expect(mail?.recipient).toBe(alice.user.email);
    const sent: { subject: string; text: string }[] = [];
    await sendOutbox(ctx.database.db, ctx.clock, { sendMail: (m) => Promise.resolve(sent.push(m)) }, 'Safar <no-reply@safar.example>', 100);
    const note = sent.find((m) => m.subject.includes(booking.pnr) && m.subject.startsWith('Cancellation'));
    expect(note?.text).toContain('always refunded');
    expect(note?.text).toContain('Priya');

    const statsAfter = (await (await ctx.app.request('/api/profile/stats', { headers: authed(alice.cookie) })).json()) as ProfileStats;
    expect(statsAfter.totalSpent).toBe(statsBefore.totalSpent - Math.round(quote.body.quote.refundPaise / 100));
    expect(statsAfter.totalBookings).toBe(statsBefore.totalBookings);
  });

  it('cancels everyone: the booking is cancelled, then shown as Refunded; a second cancel is refused', async () => {
    const booking = await booked([ADULT, CHILD]);
    const quote = await getQuote(booking.id);
    const { status, body } = await cancel(booking.id, { passengers: [0, 1], quotedRefundPaise: quote.body.quote.refundPaise });
    expect(status).toBe(201);
    expect(body.booking.status).toBe('cancelled');
    const read = (await (await ctx.app.request(`/api/bookings/${booking.id}`, { headers: authed(alice.cookie) })).json()) as { booking: BookingView };
    expect(read.booking.displayStatus).toBe('Refunded');
    const again = await cancel(booking.id, { passengers: [0], quotedRefundPaise: 0 });
    expect(again.status).toBe(409);
    const quoteAgain = await getQuote(booking.id);
    expect(quoteAgain.status).toBe(409);
  });

  it('an infant is never left without an adult', async () => {
    const booking = await booked([ADULT, INFANT]);
    const { status, body } = await cancel(booking.id, { passengers: [0], quotedRefundPaise: 0 });
    expect(status).toBe(400);
    expect((body as unknown as { error: { fields: Record<string, string> } }).error.fields.passengers).toBe(TRIP_CHANGE_MESSAGES.infantAlone);
  });

  it('a retry with the same key answers the first result: one cancellation, one refund', async () => {
    const booking = await booked([ADULT, ADULT2]);
    const quote = await getQuote(booking.id, [0]);
    const key = randomUUID();
    const body = { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise };
    const [first, second] = await Promise.all([cancel(booking.id, body, key), cancel(booking.id, body, key)]);
    const third = await cancel(booking.id, body, key);
    expect([first.status, second.status].sort()).toEqual([201, 201]);
    expect(third.status).toBe(201);
    expect(third.replayed).toBe('true');
    expect(third.body).toEqual(first.replayed ? second.body : first.body);
    const rows = await ctx.database.db.select().from(cancellations).where(eq(cancellations.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
    // The same key with another body is refused.
    const other = await cancel(booking.id, { passengers: [1], quotedRefundPaise: 0 }, key);
    expect(other.status).toBe(422);
  });

  it('a refund that changed since the quote answers 409 refund-changed with the new quote, and cancels nothing', async () => {
    const booking = await booked([ADULT]);
    const quote = await getQuote(booking.id);
    const { status, body } = await cancel(booking.id, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise + 100 });
    expect(status).toBe(409);
    expect(body.error.reason).toBe('refund-changed');
    expect(body.error.message).toBe(TRIP_CHANGE_MESSAGES.refundChanged);
    expect(body.quote.refundPaise).toBe(quote.body.quote.refundPaise);
    expect(body.passengers).toEqual([0]);
    expect(await ctx.database.db.select().from(cancellations).where(eq(cancellations.bookingId, booking.id))).toHaveLength(0);
    // Confirming the new amount works.
    const ok = await cancel(booking.id, { passengers: [0], quotedRefundPaise: body.quote.refundPaise });
    expect(ok.status).toBe(201);
  });

  it('refuses an unknown refund destination and an empty passenger list, tied to the field', async () => {
    const booking = await booked([ADULT]);
    const credit = await cancel(booking.id, { passengers: [0], destination: 'wallet', quotedRefundPaise: 0 });
    expect(credit.status).toBe(400);
    expect((credit.body as unknown as { error: { fields: Record<string, string> } }).error.fields.destination).toBeTruthy();
    const none = await cancel(booking.id, { passengers: [], quotedRefundPaise: 0 });
    expect(none.status).toBe(400);
    expect((none.body as unknown as { error: { fields: Record<string, string> } }).error.fields.passengers).toBe(TRIP_CHANGE_MESSAGES.choosePassengers);
  });

  it("the payment's late webhook after a cancellation settles nothing: the payment stays captured, refunded only as the rule says", async () => {
    const booking = await booked([ADULT, ADULT2]);
    const quote = await getQuote(booking.id, [1]);
    expect((await cancel(booking.id, { passengers: [1], quotedRefundPaise: quote.body.quote.refundPaise })).status).toBe(201);
    ctx.clock.advance(5_000);
    await ctx.checkout.deliverSandboxWebhooks();
    await ctx.checkout.reconcile();
    await ctx.checkout.sendRefunds();
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment?.status).toBe('captured');
    const read = (await (await ctx.app.request(`/api/bookings/${booking.id}`, { headers: authed(alice.cookie) })).json()) as { booking: BookingView };
    expect(read.booking.status).toBe('partly_cancelled');
  });

  it('seats given back are sold again without handing out a seat someone still holds', async () => {
    const first = await booked([ADULT, ADULT2]);
    const quote = await getQuote(first.id, [0]);
    expect((await cancel(first.id, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise })).status).toBe(201);
    const next = await booked([ADULT, ADULT2]);
    expect(next.status).toBe('confirmed');
    const valid = await executeRows<{ dup: number }>(
      ctx.database.db,
      sql`select count(*)::int as dup from (select flight_id, seat from boarding_passes where voided_at is null and seat <> 'INF' group by flight_id, seat having count(*) > 1) d`,
    );
    expect(valid[0]?.dup).toBe(0);
  });
});

describe('another traveller', () => {
  it("gets a 404 byte-identical to a missing booking's on all three routes", async () => {
    const booking = await booked([ADULT]);
    const missing = 'BK1000000000000';
    const quoteMine = await getQuote(booking.id, undefined, bob.cookie);
    const quoteMissing = await getQuote(missing, undefined, bob.cookie);
    expect(quoteMine.status).toBe(404);
    expect(quoteMine.text).toBe(quoteMissing.text);
    const body = { passengers: [0], quotedRefundPaise: 0 };
    const cancelMine = await cancel(booking.id, body, randomUUID(), bob.cookie);
    const cancelMissing = await cancel(missing, body, randomUUID(), bob.cookie);
    expect(cancelMine.status).toBe(404);
    expect(cancelMine.text).toBe(cancelMissing.text);
    const refundsMine = await getRefunds(booking.id, bob.cookie);
    const refundsMissing = await getRefunds(missing, bob.cookie);
    expect(refundsMine.status).toBe(404);
    expect(refundsMine.text).toBe(refundsMissing.text);
  });
});

// Last: moving the clock past departure ends every session opened before.
describe('after departure', () => {
  it('the quote still answers and the cancellation refunds the taxes and airport charges', async () => {
    const carol = await signUpAndLogin(ctx.app);
    const booking = await booked([ADULT], carol.cookie);
    ctx.clock.set(new Date(new Date(itinerary.legs[0]?.departure ?? '').getTime() + 3_600_000));
    const login = await ctx.app.request('/api/auth/login', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ email: carol.user.email, password: TEST_PASSWORD }) });
    const cookie = sessionCookieFrom(login) ?? '';
    const quote = await getQuote(booking.id, undefined, cookie);
    expect(quote.status).toBe(200);
    const [line] = quote.body.quote.lines;
    expect(line?.rule).toBe('departed');
    expect(line?.refundPaise).toBe(line?.taxesPaise);
    expect(line?.explanation).not.toBe('');
    const { status, body } = await cancel(booking.id, { passengers: [0], quotedRefundPaise: quote.body.quote.refundPaise }, randomUUID(), cookie);
    expect(status).toBe(201);
    expect(body.cancellation.refundPaise).toBe(line?.taxesPaise);
    expect(body.cancellation.retainedPaise).toBe(line?.farePaise);
  });
});
