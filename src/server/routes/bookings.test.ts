import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingView, BoardingPassView, ProfileStats } from '../../core/booking';
import { BookingFareSchema } from '../../core/fares';
import type { Itinerary } from '../../core/search';
import { boardingPasses } from '../../db/schema';
import { isValidTicketNumber } from '../../domain/booking/ids';
import { parseBcbp } from '../../domain/documents/bcbp';
import { signSandboxWebhook } from '../../domain/payments/sandbox';
import { signUpAndLogin } from '../../../tests/support/auth';
import {
  ADULT,
  CHILD,
  INFANT,
  authed,
  bookAndPay,
  checkIn,
  confirmBooking,
  findItinerary,
  payOrder,
  postBooking,
  sandboxPay,
} from '../../../tests/support/booking';
import { expectInventoryBalanced } from '../../../tests/support/books';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';
import { DEV_SANDBOX_SECRET } from '../config';
import { q, queryRows } from '../../db/raw';
import { executeRows } from '../../db/rows';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let alice: { cookie: string; user: { id: string; email: string } };
let bob: { cookie: string; user: { id: string; email: string } };
let itinerary: Itinerary;

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
});

const hold = (cookie: string, body: Record<string, unknown>, key?: string) =>
  postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true, ...body }, key);

describe('POST /api/bookings', () => {
  it('holds seats for 10 minutes at the server price, storing only the last four Aadhaar digits', async () => {
    const { status, body } = await hold(alice.cookie, {});
    expect(status).toBe(201);
    const b = body.booking;
    expect(b.status).toBe('held');
    expect(b.id).toMatch(/^BK\d{13}(\d{3})?$/);
    expect(b.pnr).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(new Date(b.holdExpiresAt).getTime() - new Date(b.createdAt).getTime()).toBe(10 * 60_000);
    expect(b.source).toBe('DEL');
    expect(b.destination).toBe('BOM');
    expect(b.date).toBe('2026-12-24');
    expect(b.passengers[0]?.aadhaarMasked).toBe('XXXX XXXX 2346');
    expect(JSON.stringify(b)).not.toContain('234123412346');
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.request('/api/bookings', { method: 'POST', headers: jsonHeaders({ 'Idempotency-Key': randomUUID() }), body: '{}' });
    expect(res.status).toBe(401);
  });

  it('requires an Idempotency-Key of 8–128 characters', async () => {
    const res = await ctx.app.request('/api/bookings', {
      method: 'POST',
      headers: authed(alice.cookie, { 'Idempotency-Key': 'short' }),
      body: JSON.stringify({ itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 1 }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields['idempotency-key']).toBe('Idempotency-Key must be 8 to 128 characters');
  });

  it('rejects passengers with a message per bad field, keyed passengers.i.field', async () => {
    const { status, body } = await hold(alice.cookie, { passengers: [{ ...ADULT, mobileNo: '' }, { ...CHILD, dob: '2010-01-01' }] });
    expect(status).toBe(400);
    expect(body.error?.code).toBe('validation_failed');
    expect(body.error?.fields).toEqual({
      'passengers.0.mobileNo': 'Mobile number is required for adults',
      'passengers.1.dob': 'A child must be 2 to 11 on the travel date',
    });
    const noAdult = await hold(alice.cookie, { passengers: [CHILD] });
    expect(noAdult.body.error?.fields).toEqual({ passengers: 'At least one adult must travel' });
  });

  it('asks before charging a changed fare: 409 price-changed with old and new totals', async () => {
    const quoted = itinerary.price.total.total - 500;
    const { status, body } = await hold(alice.cookie, { quotedTotal: quoted, acceptPriceChange: false });
    expect(status).toBe(409);
    expect(body.error).toEqual({ code: 'conflict', reason: 'price-changed', message: 'The fare has changed since you searched.' });
    expect(body.oldTotal).toBe(quoted);
    expect(body.newTotal).toBeGreaterThan(0);
    const accepted = await hold(alice.cookie, { quotedTotal: quoted, acceptPriceChange: true });
    expect(accepted.status).toBe(201);
    // The client's number is only compared: the booking carries the server's price.
    expect(accepted.body.booking.totalInr).toBe(body.newTotal);
  });

  it('replays the same key + body, refuses the same key with another body (422)', async () => {
    const key = randomUUID();
    const first = await hold(alice.cookie, {}, key);
    const again = await hold(alice.cookie, {}, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.booking.id).toBe(first.body.booking.id);
    const other = await hold(alice.cookie, { passengers: [ADULT, CHILD] }, key);
    expect(other.status).toBe(422);
    expect(other.body.error?.code).toBe('idempotency_mismatch');
    // Keys are per traveller: Bob's identical key is a different request.
    const bobs = await hold(bob.cookie, {}, key);
    expect(bobs.status).toBe(201);
    expect(bobs.body.booking.id).not.toBe(first.body.booking.id);
  });

  it('404s an itinerary that does not exist', async () => {
    const { status, body } = await hold(alice.cookie, { itineraryId: 'ZZ9999@2026-12-24:economy' });
    expect(status).toBe(404);
    expect(body.error?.fields?.itineraryId).toBeDefined();
  });
});

describe('payment and confirmation', () => {
  it('books end to end: order in paise from the server total, sandbox card, confirm with tickets and seats; the pass comes at check-in', async () => {
    // The next day's flight: inside the check-in window.
    const family = await findItinerary(ctx.app, { from: 'BOM', to: 'BLR', date: '2026-11-22', adults: 1, children: 1, infants: 1 });
    const { hold: held, order, confirm } = await bookAndPay(ctx.app, alice.cookie, family, [ADULT, CHILD, INFANT]);
    expect(order.amountPaise).toBe(held.totalInr * 100);
    expect(order.description).toBe('Flight Booking: BOM to BLR');
    expect(order.prefill).toEqual({ email: alice.user.email, contact: '9876543210' });
    expect(confirm.status).toBe(200);
    const b = confirm.body.booking;
    expect(b.status).toBe('confirmed');
    expect(b.paymentMethod).toBe('card');
    expect(b.paymentId).toMatch(/^pay_/);
    for (const p of b.passengers) expect(isValidTicketNumber(p.ticketNumber ?? '')).toBe(true);

    // Confirmation records a seat per passenger and leg (the infant on a lap); no pass before check-in.
    const records = await ctx.database.db.select().from(boardingPasses).where(eq(boardingPasses.bookingId, b.id));
    expect(records).toHaveLength(3 * family.legs.length);
    expect(records.every((r) => r.checkedInAt === null)).toBe(true);
    const seats = records.map((p) => p.seat);
    expect(seats.filter((s) => s === 'INF')).toHaveLength(family.legs.length);
    expect(new Set(seats.filter((s) => s !== 'INF')).size).toBe(2 * family.legs.length);
    const before = (await (await ctx.app.request('/api/boarding-passes', { headers: authed(alice.cookie) })).json()) as { passes: BoardingPassView[] };
    expect(before.passes.filter((p) => p.bookingId === b.id)).toHaveLength(0);

    // The adult carrying the infant checks in at the counter; the child checks in on the web.
    for (const [legIndex] of family.legs.entries()) expect((await checkIn(ctx.app, alice.cookie, b.id, { legIndex, passengers: [{ position: 1 }] })).status).toBe(201);
    const passes = (await (await ctx.app.request('/api/boarding-passes', { headers: authed(alice.cookie) })).json()) as { passes: BoardingPassView[] };
    const mine = passes.passes.filter((p) => p.bookingId === b.id);
    expect(mine).toHaveLength(family.legs.length);
    for (const p of mine) {
      expect(p.gate).toMatch(/^A([1-9]|1\d|20)$/);
      const parsed = parseBcbp(p.bcbp);
      expect(parsed.legs[0]?.pnr).toBe(b.pnr);
      expect(parsed.legs[0]?.passengerStatus).toBe('1');
    }
    expect(mine[0]?.passengerName).toBe('Ms Asha Sharma');

    const ticket = await ctx.app.request(`/api/bookings/${b.id}/ticket.pdf`, { headers: authed(alice.cookie) });
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get('content-type')).toBe('application/pdf');
    expect(ticket.headers.get('content-disposition')).toBe(`attachment; filename="safar-ticket-${b.pnr}.pdf"`);
    expect(Buffer.from(await ticket.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    const passId = mine[0]?.id ?? '';
    const pdf = await ctx.app.request(`/api/boarding-passes/${passId}/pdf`, { headers: authed(alice.cookie) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="boarding-pass-${(mine[0]?.flightNumber ?? '').replace(' ', '')}.pdf"`);
    const svg = await ctx.app.request(`/api/boarding-passes/${passId}/barcode.svg?type=qrcode`, { headers: authed(alice.cookie) });
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');

    const stats = (await (await ctx.app.request('/api/profile/stats', { headers: authed(alice.cookie) })).json()) as ProfileStats;
    expect(stats.totalBookings).toBeGreaterThanOrEqual(1);
    expect(stats.totalSpent).toBeGreaterThanOrEqual(b.totalInr);
    expect(stats.favoriteDestination).not.toBe('N/A');
  });

  it('confirming twice (same or new key) returns the same confirmed booking', async () => {
    const { pay, confirm } = await bookAndPay(ctx.app, alice.cookie, itinerary, [ADULT]);
    const id = confirm.body.booking.id;
    const again = await confirmBooking(ctx.app, alice.cookie, id, pay);
    expect(again.status).toBe(200);
    expect(again.body.booking.passengers[0]?.ticketNumber).toBe(confirm.body.booking.passengers[0]?.ticketNumber);
  });

  it('a forged signature is refused with reason payment-failed', async () => {
    const held = await hold(alice.cookie, {});
    const order = await payOrder(ctx.app, alice.cookie, held.body.booking.id);
    const res = await confirmBooking(ctx.app, alice.cookie, held.body.booking.id, { orderId: order.orderId, paymentId: 'pay_forged', signature: 'ab'.repeat(32) });
    expect(res.status).toBe(400);
    expect(res.body.error?.reason).toBe('payment-failed');
  });

  it('declined card and failing UPI answer 402 payment-failed; a bad UPI id is a field error', async () => {
    const held = await hold(alice.cookie, {});
    const order = await payOrder(ctx.app, alice.cookie, held.body.booking.id);
    const declined = await sandboxPay(ctx.app, order.orderId, { method: 'card', card: { number: '4000 0000 0000 0002', expiry: '12/30', cvv: '123', name: 'R S' } });
    expect(declined.status).toBe(402);
    expect(declined.body.error?.code).toBe('payment_failed');
    expect(declined.body.error?.reason).toBe('payment-failed');
    const upiFail = await sandboxPay(ctx.app, order.orderId, { method: 'upi', upiId: 'failure@sandbox' });
    expect(upiFail.status).toBe(402);
    expect(upiFail.body.error?.message).toBe('UPI payment failed. Please try again.');
    const badUpi = await ctx.app.request(`/api/bookings/${held.body.booking.id}/payments`, { method: 'POST', headers: authed(alice.cookie), body: JSON.stringify({ method: 'upi', upiId: 'rahul' }) });
    expect(badUpi.status).toBe(400);
    expect(((await badUpi.json()) as { error: { fields: Record<string, string> } }).error.fields.upiId).toBe('Please enter a valid UPI ID');
  });

  it('a payment that lands after the hold expired is refunded and the seats are released', async () => {
    const held = await hold(alice.cookie, {});
    const order = await payOrder(ctx.app, alice.cookie, held.body.booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    ctx.clock.advance(11 * 60_000);
    try {
      const res = await confirmBooking(ctx.app, alice.cookie, held.body.booking.id, pay.body);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'conflict', reason: 'hold-expired', message: 'Your seat hold expired before payment completed. Your payment has been refunded.' });
      const list = await executeRows<{ status: string }>(ctx.database.db, sql`select status from payments where provider_order_id = ${order.orderId}`);
      expect(list[0]?.status).toBe('refunded');
      const view = (await (await ctx.app.request(`/api/bookings/${held.body.booking.id}`, { headers: authed(alice.cookie) })).json()) as { booking: BookingView };
      expect(view.booking.status).toBe('expired');
      const late = await ctx.app.request(`/api/bookings/${held.body.booking.id}/payments`, { method: 'POST', headers: authed(alice.cookie), body: JSON.stringify({ method: 'card' }) });
      expect(late.status).toBe(409);
    } finally {
      ctx.clock.advance(-11 * 60_000);
    }
  });
});

describe('security', () => {
  it("another traveller gets 404 for a booking, its ticket, its passes and its payments", async () => {
    const { confirm } = await bookAndPay(ctx.app, alice.cookie, itinerary, [ADULT]);
    const id = confirm.body.booking.id;
    for (const path of [`/api/bookings/${id}`, `/api/bookings/${id}/ticket.pdf`]) {
      expect((await ctx.app.request(path, { headers: authed(bob.cookie) })).status).toBe(404);
    }
    const pay = await ctx.app.request(`/api/bookings/${id}/payments`, { method: 'POST', headers: authed(bob.cookie), body: JSON.stringify({ method: 'card' }) });
    expect(pay.status).toBe(404);
    const alicePasses = (await (await ctx.app.request('/api/boarding-passes', { headers: authed(alice.cookie) })).json()) as { passes: BoardingPassView[] };
    const passId = alicePasses.passes[0]?.id ?? '';
    for (const path of [`/api/boarding-passes/${passId}`, `/api/boarding-passes/${passId}/pdf`, `/api/boarding-passes/${passId}/barcode.svg`]) {
      expect((await ctx.app.request(path, { headers: authed(bob.cookie) })).status).toBe(404);
    }
    const bobList = (await (await ctx.app.request('/api/bookings', { headers: authed(bob.cookie) })).json()) as { bookings: BookingView[] };
    expect(bobList.bookings.some((b) => b.id === id)).toBe(false);
  });

  it('ignores an amount sent by the client', async () => {
    const held = await hold(alice.cookie, { totalInr: 1, amount: 1 });
    const res = await ctx.app.request(`/api/bookings/${held.body.booking.id}/payments`, { method: 'POST', headers: authed(alice.cookie), body: JSON.stringify({ method: 'card', amountPaise: 100 }) });
    const { payment } = (await res.json()) as { payment: { amountPaise: number } };
    expect(payment.amountPaise).toBe(held.body.booking.totalInr * 100);
    expect(payment.amountPaise).toBeGreaterThan(100);
  });

  it('rejects a forged webhook signature, accepts a signed one once', async () => {
    const held = await hold(alice.cookie, {});
    const order = await payOrder(ctx.app, alice.cookie, held.body.booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: pay.body.paymentId, order_id: order.orderId, amount: order.amountPaise, method: 'card' } } } });
    const post = (signature: string, eventId: string) =>
      ctx.app.request('/api/webhooks/sandbox', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signature, 'X-Sandbox-Event-Id': eventId }, body: raw });
    const forged = await post('00'.repeat(32), 'evt_forged');
    expect(forged.status).toBe(400);
    const eventId = `evt_${randomUUID()}`;
    const ok = await post(signSandboxWebhook(DEV_SANDBOX_SECRET, raw), eventId);
    expect(await ok.json()).toEqual({ received: true, duplicate: false });
    const dup = await post(signSandboxWebhook(DEV_SANDBOX_SECRET, raw), eventId);
    expect(await dup.json()).toEqual({ received: true, duplicate: true });
    const view = (await (await ctx.app.request(`/api/bookings/${held.body.booking.id}`, { headers: authed(alice.cookie) })).json()) as { booking: BookingView };
    expect(view.booking.status).toBe('confirmed');
    // The browser callback arriving after the webhook: same booking, no second confirmation.
    const late = await confirmBooking(ctx.app, alice.cookie, held.body.booking.id, pay.body);
    expect(late.status).toBe(200);
    expect(late.body.booking.confirmedAt).toBe(view.booking.confirmedAt);
  });
});

/** Counts the statements the PGlite driver runs while `run` runs (query(), transaction() and exec() each count one). */
async function countStatements(run: () => Promise<void>): Promise<number> {
  const client = (ctx.database.db as unknown as { $client: { query: () => unknown; transaction: () => unknown; exec: () => unknown } }).$client;
  const spies = [vi.spyOn(client, 'query'), vi.spyOn(client, 'transaction'), vi.spyOn(client, 'exec')];
  try {
    await run();
    return spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const paymentRows = async (bookingId: string) => (await queryRows<{ n: number }>(ctx.database.db, q`select count(*)::int as n from payments where booking_id = ${bookingId}`))[0]?.n;

describe('a sandbox payment order', () => {
  it('is one statement, and an order the booking cannot take writes no payment row', async () => {
    const held = await hold(alice.cookie, {});
    const id = held.body.booking.id;
    let order: Awaited<ReturnType<typeof payOrder>> | undefined;
    expect(await countStatements(async () => void (order = await payOrder(ctx.app, alice.cookie, id)))).toBe(1);
    expect(order?.amountPaise).toBe(held.body.booking.totalInr * 100);
    expect(await paymentRows(id)).toBe(1);
    // Paid and confirmed: nothing is due any more, so a second order is refused and writes nothing.
    const pay = await sandboxPay(ctx.app, order?.orderId ?? '');
    expect((await confirmBooking(ctx.app, alice.cookie, id, pay.body)).status).toBe(200);
    const again = await ctx.app.request(`/api/bookings/${id}/payments`, { method: 'POST', headers: authed(alice.cookie), body: JSON.stringify({ method: 'card' }) });
    expect(again.status).toBe(409);
    expect(await paymentRows(id)).toBe(1);
  });
});

describe('a confirmation', () => {
  const soldOn = async (flightId: string, cabin: string) =>
    (await queryRows<{ sold: number }>(ctx.database.db, q`select sold from flight_inventory where flight_id = ${flightId} and cabin = ${cabin}`))[0]?.sold ?? 0;
  const sequenceOf = async (bookingId: string) => (await queryRows<{ sequence: number }>(ctx.database.db, q`select sequence from boarding_passes where booking_id = ${bookingId}`))[0]?.sequence;
  /** A hold of Alice's, ordered and paid in the sandbox, with the seats sold on its first leg before it confirms. */
  const paidHold = async () => {
    const held = await hold(alice.cookie, {});
    const order = await payOrder(ctx.app, alice.cookie, held.body.booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const leg = held.body.booking.itinerary.legs[0];
    return { held, pay, leg, soldBefore: await soldOn(leg?.flightId ?? '', leg?.cabin ?? '') };
  };

  it('is two statements without a transaction block: a read, then one statement that checks and writes', async () => {
    const { held, pay, soldBefore } = await paidHold();
    let confirmed: Awaited<ReturnType<typeof confirmBooking>> | undefined;
    expect(await countStatements(async () => void (confirmed = await confirmBooking(ctx.app, alice.cookie, held.body.booking.id, pay.body)))).toBe(2);
    expect(confirmed?.status).toBe(200);
    expect(confirmed?.body.booking.status).toBe('confirmed');
    expect(await sequenceOf(held.body.booking.id)).toBe(soldBefore + 1);
    // The same callback again is answered from the read, plus its new key.
    expect(await countStatements(async () => expect((await confirmBooking(ctx.app, alice.cookie, held.body.booking.id, pay.body)).status).toBe(200))).toBe(2);
  });

  it('whose flight sold a seat between its read and its write is decided again under the lock: confirmed, on the next seat', async () => {
    const { held, pay, leg, soldBefore } = await paidHold();
    const client = (ctx.database.db as unknown as { $client: { query: (text: string, params?: unknown[], options?: unknown) => Promise<unknown> } }).$client;
    const query = client.query.bind(client);
    // Another booking's seat is sold right after the confirmation's read.
    const spy = vi.spyOn(client, 'query').mockImplementation(async (text, params, options) => {
      const result = await query(text, params, options);
      if (text.startsWith('select p.id as p_id')) {
        await query('update flight_inventory set available = available - 1, sold = sold + 1 where flight_id = $1 and cabin = $2', [leg?.flightId, leg?.cabin]);
      }
      return result;
    });
    let confirmed: Awaited<ReturnType<typeof confirmBooking>> | undefined;
    try {
      confirmed = await confirmBooking(ctx.app, alice.cookie, held.body.booking.id, pay.body);
    } finally {
      spy.mockRestore();
    }
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking.status).toBe('confirmed');
    expect(await sequenceOf(held.body.booking.id)).toBe(soldBefore + 2);
    expect(await soldOn(leg?.flightId ?? '', leg?.cabin ?? '')).toBe(soldBefore + 2);
  });
});

describe('the sandbox webhook of a payment the browser already confirmed', () => {
  it('records the event in one statement and answers as before: received, then duplicate', async () => {
    const { order, pay, confirm } = await bookAndPay(ctx.app, alice.cookie, itinerary, [ADULT]);
    expect(confirm.body.booking.status).toBe('confirmed');
    const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: pay.paymentId, order_id: order.orderId, amount: order.amountPaise, method: 'card' } } } });
    const eventId = `evt_${randomUUID()}`;
    const post = () =>
      ctx.app.request('/api/webhooks/sandbox', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signSandboxWebhook(DEV_SANDBOX_SECRET, raw), 'X-Sandbox-Event-Id': eventId },
        body: raw,
      });
    expect(await countStatements(async () => expect(await (await post()).json()).toEqual({ received: true, duplicate: false }))).toBe(1);
    expect(await countStatements(async () => expect(await (await post()).json()).toEqual({ received: true, duplicate: true }))).toBe(1);
    const rows = await queryRows<{ n: number }>(ctx.database.db, q`select count(*)::int as n from webhook_events where provider = 'sandbox' and event_id = ${eventId}`);
    expect(rows[0]?.n).toBe(1);
    const view = (await (await ctx.app.request(`/api/bookings/${confirm.body.booking.id}`, { headers: authed(alice.cookie) })).json()) as { booking: BookingView };
    expect(view.booking.confirmedAt).toBe(confirm.body.booking.confirmedAt);
    expect(view.booking.paymentId).toBe(pay.paymentId);
  });
});

describe('GET /api/bookings/{id}/fare', () => {
  it('answers the stored lines of a booking made with a family, and derives them for one made before fare families', async () => {
    const connection = await findItinerary(ctx.app, { from: 'IXZ', to: 'DEL', date: '2026-12-20', adults: 2, children: 1, stops: 1 });
    const { hold } = await bookAndPay(ctx.app, alice.cookie, connection, [ADULT, { ...ADULT, firstName: 'Ravi' }, CHILD]);
    const read = async () => {
      const res = await ctx.app.request(`/api/bookings/${hold.id}/fare`, { headers: authed(alice.cookie) });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return BookingFareSchema.parse(await res.json());
    };
    const stored = await read();
    expect(stored.fares).toHaveLength(3 * connection.legs.length);
    expect(stored.fares.reduce((sum, f) => sum + f.totalPaise, 0)).toBe(hold.totalInr * 100);
    expect(stored.option?.id).toBe(hold.fareFamily);
    expect(stored.option?.tier).toBe(0);
    expect(stored.option?.rules.at(-1)).toBe('Taxes and airport charges are always refunded.');

    // The same booking as if made before fare families: no rows, no family recorded.
    await queryRows(ctx.database.db, q`delete from booking_fares where booking_id = ${hold.id}`);
    await queryRows(ctx.database.db, q`update bookings set fare_family = null where id = ${hold.id} returning id`);
    const derived = await read();
    expect(derived.fares.map((f) => [f.passengerPosition, f.passengerType, f.legIndex])).toEqual(stored.fares.map((f) => [f.passengerPosition, f.passengerType, f.legIndex]));
    expect(derived.fares.reduce((sum, f) => sum + f.totalPaise, 0)).toBe(hold.totalInr * 100);
    expect(derived.fares.map((f) => f.familyCode)).toEqual(stored.fares.map((f) => f.familyCode));
    for (const f of derived.fares) expect(f.lines.reduce((sum, l) => sum + l.paise, 0)).toBe(f.totalPaise);
    expect(derived.option?.id).toBe(stored.option?.id);

    // The e-ticket prints the same fare lines and the family's rules.
    const ticket = await ctx.app.request(`/api/bookings/${hold.id}/ticket.pdf`, { headers: authed(alice.cookie) });
    expect(ticket.status).toBe(200);
  });
});

describe('GET /api/payments/config', () => {
  it('names the sandbox when Razorpay is not configured', async () => {
    const res = await ctx.app.request('/api/payments/config');
    expect(await res.json()).toEqual({ provider: 'sandbox', providerName: 'Safar Pay (sandbox)', upiEnabled: true });
  });
});
