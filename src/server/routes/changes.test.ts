import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../core/booking';
import type { Quote } from '../../core/quote';
import type { CompactSearchResponse, Itinerary } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import type { ChangeAnswer, ChangeOption, ChangeOptionsAnswer } from '../../core/trip-changes';
import { boardingPasses, bookingFares, bookings, flightInventory, outbox, payments, refunds } from '../../db/schema';
import { ADULT, CHILD, GOOD_CARD, authed, bookAndPay, confirmBooking, findItinerary, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { signUpAndLogin } from '../../../tests/support/auth';
import { createTestApp } from '../../../tests/support/test-app';
import { familyByCode } from '../../domain/fares/families/lookup';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe('changing a confirmed booking to another flight', () => {
  let ctx: Ctx;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ cookie } = await signUpAndLogin(ctx.app));
  });
  afterAll(() => ctx.close());

  async function booked(passengers = [ADULT], options: { date?: string; priciest?: boolean } = {}): Promise<BookingView> {
    const query = { from: 'DEL', to: 'BOM', date: options.date ?? '2026-12-24', adults: passengers.filter((p) => p.type === 'Adult').length, children: passengers.filter((p) => p.type === 'Child').length };
    const itinerary = options.priciest ? await priciestDirect(query) : await findItinerary(ctx.app, query);
    const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, passengers);
    if (confirm.status !== 200) throw new Error(`booking failed: ${JSON.stringify(confirm.body)}`);
    return confirm.body.booking;
  }

  async function priciestDirect(query: { from: string; to: string; date: string; adults: number; children: number }): Promise<Itinerary> {
    const params = new URLSearchParams({ from: query.from, to: query.to, date: query.date, adults: String(query.adults), children: String(query.children), infants: '0' });
    const body = expandSearchResponse((await (await ctx.app.request(`/api/search?${params.toString()}`)).json()) as CompactSearchResponse);
    const direct = body.itineraries.filter((i) => i.stops === 0).sort((a, b) => b.price.total.total - a.price.total.total);
    if (!direct[0]) throw new Error('no direct itinerary');
    return direct[0];
  }

  async function options(bookingId: string, date: string, who = cookie) {
    const res = await ctx.app.request(`/api/bookings/${bookingId}/change-options?date=${date}`, { headers: authed(who) });
    return { status: res.status, text: await res.text() };
  }

  async function optionsOf(bookingId: string, date = '2026-12-26'): Promise<ChangeOption[]> {
    const res = await options(bookingId, date);
    expect(res.status).toBe(200);
    return (JSON.parse(res.text) as ChangeOptionsAnswer).options;
  }

  async function change(bookingId: string, body: { itineraryId: string; quotedDuePaise: number }, key: string = randomUUID(), who = cookie) {
    const res = await ctx.app.request(`/api/bookings/${bookingId}/changes`, { method: 'POST', headers: authed(who, { 'Idempotency-Key': key }), body: JSON.stringify(body) });
    return { status: res.status, replayed: res.headers.get('Idempotent-Replayed'), body: (await res.json()) as ChangeAnswer & { error?: { code: string; reason?: string; message: string; fields?: Record<string, string> }; quote: ChangeAnswer['quote'] } };
  }

  async function statusOf(id: string) {
    const [row] = await ctx.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
    return row?.status;
  }

  async function soldOn(flightId: string) {
    const [row] = await ctx.database.db.select().from(flightInventory).where(and(eq(flightInventory.flightId, flightId), eq(flightInventory.cabin, 'economy')));
    return row ? { sold: row.sold, held: row.held, available: row.available } : null;
  }

  async function validPasses(bookingId: string) {
    return (await ctx.database.db.select().from(boardingPasses).where(eq(boardingPasses.bookingId, bookingId))).filter((p) => p.voidedAt === null).length;
  }

  it('lists flights on the same route on the date asked, each with a quote, leaving out the flight booked', async () => {
    const old = await booked();
    const list = await optionsOf(old.id, '2026-12-24');
    expect(list.length).toBeGreaterThan(0);
    for (const { itinerary, quote } of list) {
      expect(itinerary.id).not.toBe(old.itinerary.id);
      expect(itinerary.legs[0]?.from.code).toBe('DEL');
      expect(itinerary.legs.at(-1)?.to.code).toBe('BOM');
      expect(itinerary.legs.every((l) => l.cabin === 'economy')).toBe(true);
      expect(quote.duePaise).toBe(quote.changeFeePaise + Math.max(0, quote.fareDifferencePaise));
      expect(quote.newTotalPaise).toBe(itinerary.price.total.total * 100);
      expect(quote.oldTotalPaise).toBe(old.totalInr * 100);
    }
  });

  it('answers 400 tied to the date for a bad or past date', async () => {
    const old = await booked();
    for (const date of ['2026-13-40', 'tomorrow', '2026-01-01']) {
      const res = await options(old.id, date);
      expect(res.status, date).toBe(400);
      expect((JSON.parse(res.text) as { error: { fields?: Record<string, string> } }).error.fields?.date, date).toBeTruthy();
    }
  });

  it("answers 404 for another traveller's booking, byte for byte as for a missing one", async () => {
    const old = await booked();
    const bob = await signUpAndLogin(ctx.app);
    const theirs = await options(old.id, '2026-12-26', bob.cookie);
    const missing = await options('BK1000000000000', '2026-12-26', bob.cookie);
    expect(theirs.status).toBe(404);
    expect(theirs.text).toBe(missing.text);
    const post = await ctx.app.request(`/api/bookings/${old.id}/changes`, { method: 'POST', headers: authed(bob.cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ itineraryId: old.itinerary.id, quotedDuePaise: 0 }) });
    const postMissing = await ctx.app.request('/api/bookings/BK1000000000000/changes', { method: 'POST', headers: authed(bob.cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ itineraryId: old.itinerary.id, quotedDuePaise: 0 }) });
    expect(post.status).toBe(404);
    expect(await post.text()).toBe(await postMissing.text());
  });

  it('takes what is due through the normal checkout, then swaps atomically', async () => {
    const old = await booked([ADULT, CHILD]);
    const list = await optionsOf(old.id);
    const pick = list.find((o) => o.quote.duePaise > 0);
    if (!pick) throw new Error('expected an option with something due');
    const oldFlight = old.itinerary.legs[0]?.flightId ?? '';
    const newFlight = pick.itinerary.legs[0]?.flightId ?? '';
    const before = { old: await soldOn(oldFlight), new: await soldOn(newFlight) };

    const held = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise });
    expect(held.status).toBe(201);
    const next = held.body.booking;
    expect(next.status).toBe('held');
    expect(next.changedFrom).toBe(old.id);
    expect(next.passengers.map((p) => [p.firstName, p.type])).toEqual(old.passengers.map((p) => [p.firstName, p.type]));
    expect(next.totalInr * 100 - next.creditPaise).toBe(pick.quote.duePaise);
    expect(await ctx.database.db.select().from(bookingFares).where(eq(bookingFares.bookingId, next.id))).toHaveLength(2 * pick.itinerary.legs.length);
    // Held, not yet paid: the old booking is untouched.
    expect(await statusOf(old.id)).toBe('confirmed');
    expect(await validPasses(old.id)).toBe(2);

    const order = await payOrder(ctx.app, cookie, next.id);
    expect(order.amountPaise).toBe(pick.quote.duePaise);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const confirmed = await confirmBooking(ctx.app, cookie, next.id, pay.body);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking.status).toBe('confirmed');
    expect(confirmed.body.booking.passengers.every((p) => p.ticketNumber !== null)).toBe(true);

    expect(await statusOf(old.id)).toBe('changed');
    expect(await validPasses(old.id)).toBe(0);
    expect(await validPasses(next.id)).toBe(2);
    const oldFares = await ctx.database.db.select().from(bookingFares).where(eq(bookingFares.bookingId, old.id));
    expect(oldFares.every((f) => f.status === 'changed')).toBe(true);
    const after = { old: await soldOn(oldFlight), new: await soldOn(newFlight) };
    expect(after.old?.sold).toBe((before.old?.sold ?? 0) - 2);
    expect(after.new?.sold).toBe((before.new?.sold ?? 0) + 2);
    expect(after.new?.held).toBe(before.new?.held ?? 0);
    const mails = await ctx.database.db.select().from(outbox).where(sql`${outbox.payload}->>'path' = ${`/ticket/${next.id}`}`);
    expect(mails).toHaveLength(1);
    // Every paisa: the two captured payments are the old total and what was due.
    const paid = await ctx.database.db.select().from(payments).where(and(eq(payments.status, 'captured'), sql`${payments.bookingId} in (${old.id}, ${next.id})`));
    expect(paid.reduce((sum, p) => sum + p.amountPaise, 0)).toBe(old.totalInr * 100 + pick.quote.duePaise);
    // A changed booking cannot be changed again; the new one can.
    expect((await options(old.id, '2026-12-26')).status).toBe(409);
    expect((await options(next.id, '2026-12-27')).status).toBe(200);
  });

  it('swaps at once when nothing is due, and a lower fare is not paid back', async () => {
    const old = await booked([ADULT], { priciest: true });
    const list = await optionsOf(old.id, '2026-12-24');
    const pick = list.find((o) => o.quote.fareDifferencePaise < 0 && o.quote.duePaise === 0);
    if (!pick) throw new Error('expected a cheaper option inside the free window');
    expect(pick.quote.refundPaise).toBe(0);
    const res = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: 0 });
    expect(res.status).toBe(201);
    expect(res.body.booking.status).toBe('confirmed');
    expect(res.body.booking.paymentId).toBeNull();
    expect(await statusOf(old.id)).toBe('changed');
    expect(await validPasses(res.body.booking.id)).toBe(1);
    const refunds = await ctx.database.db.select().from(payments).where(and(eq(payments.bookingId, old.id), eq(payments.status, 'refunding')));
    expect(refunds).toHaveLength(0);
  });

  it('keeps the fare family tier: a booking in a higher family changes into the same tier', async () => {
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const quote = (await (await ctx.app.request(`/api/quote?itineraryId=${encodeURIComponent(itinerary.id)}&adults=1`)).json()) as Quote;
    const higher = quote.families.find((f) => f.tier > 0);
    if (!higher) throw new Error('expected a family above tier 0');
    const hold = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: higher.totalInr, fareFamily: higher.id });
    expect(hold.status).toBe(201);
    const order = await payOrder(ctx.app, cookie, hold.body.booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const old = (await confirmBooking(ctx.app, cookie, hold.body.booking.id, pay.body)).body.booking;
    expect(old.fareFamily).toBe(higher.id);
    const pick = (await optionsOf(old.id))[0];
    if (!pick) throw new Error('expected an option');
    const res = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise });
    expect(res.status).toBe(201);
    const codes = res.body.booking.fareFamily?.split('~') ?? [];
    expect(codes.map((code) => familyByCode(code, old.createdAt)?.tier)).toEqual(codes.map(() => higher.tier));
    expect(res.body.booking.totalInr * 100).toBe(pick.quote.newTotalPaise);
    const fares = await ctx.database.db.select().from(bookingFares).where(eq(bookingFares.bookingId, res.body.booking.id));
    expect(fares.reduce((sum, f) => sum + f.totalPaise, 0)).toBe(res.body.booking.totalInr * 100);
  });

  it('pays a lower fare back at the swap when the family refunds the difference: every paisa accounted for', async () => {
    const params = new URLSearchParams({ from: 'DEL', to: 'BOM', date: '2026-12-24', adults: '1', children: '0', infants: '0', cabin: 'business' });
    const found = expandSearchResponse((await (await ctx.app.request(`/api/search?${params.toString()}`)).json()) as CompactSearchResponse);
    const direct = found.itineraries.filter((i) => i.stops === 0).sort((a, b) => b.price.total.total - a.price.total.total);
    let old: BookingView | undefined;
    let pick: ChangeOption | undefined;
    for (const itinerary of direct) {
      const quote = (await (await ctx.app.request(`/api/quote?itineraryId=${encodeURIComponent(itinerary.id)}&adults=1`)).json()) as Quote;
      const flex = quote.families.find((f) => f.id.split('~').every((code) => familyByCode(code, ctx.clock.now())?.refundsFareDifference === true));
      if (!flex) continue;
      const hold = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: flex.totalInr, fareFamily: flex.id });
      expect(hold.status).toBe(201);
      const order = await payOrder(ctx.app, cookie, hold.body.booking.id);
      const pay = await sandboxPay(ctx.app, order.orderId);
      old = (await confirmBooking(ctx.app, cookie, hold.body.booking.id, pay.body)).body.booking;
      pick = (await optionsOf(old.id, '2026-12-24')).find((o) => o.quote.refundPaise > 0);
      break;
    }
    if (!old || !pick) throw new Error('expected a business booking whose family refunds a cheaper option');
    expect(pick.quote.refundPaise).toBe(-pick.quote.fareDifferencePaise);
    const res = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise });
    expect(res.status).toBe(201);
    if (pick.quote.duePaise > 0) {
      const order = await payOrder(ctx.app, cookie, res.body.booking.id);
      const pay = await sandboxPay(ctx.app, order.orderId);
      expect((await confirmBooking(ctx.app, cookie, res.body.booking.id, pay.body)).status).toBe(200);
    }
    expect(await statusOf(old.id)).toBe('changed');

    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, old.id));
    expect(rows.reduce((n, r) => n + r.amountPaise, 0)).toBe(pick.quote.refundPaise);
    expect(rows.every((r) => r.cancellationId === null && r.destination === 'original' && r.status === 'requested' && r.dueBy.getTime() > ctx.clock.now().getTime())).toBe(true);
    const oldPayments = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, old.id));
    expect(rows.every((r) => oldPayments.some((p) => p.id === r.paymentId && p.status === 'captured'))).toBe(true);
    // Every paisa: captured = kept (the new fare and the change fee) + refunded.
    const captured = [...oldPayments, ...(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, res.body.booking.id)))]
      .filter((p) => p.status === 'captured')
      .reduce((n, p) => n + p.amountPaise, 0);
    expect(captured).toBe(pick.quote.newTotalPaise + pick.quote.changeFeePaise + pick.quote.refundPaise);
    expect(captured).toBe(pick.quote.oldTotalPaise + pick.quote.duePaise);

    // The refund job sends it.
    await ctx.cancellations.sendRefunds();
    const sent = await ctx.database.db.select().from(refunds).where(eq(refunds.bookingId, old.id));
    expect(sent.every((r) => r.status !== 'requested')).toBe(true);
  });

  it('answers 409 due-changed with the new quote when the amount moved', async () => {
    const old = await booked();
    const [pick] = await optionsOf(old.id);
    if (!pick) throw new Error('expected an option');
    const res = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise + 100 });
    expect(res.status).toBe(409);
    expect(res.body.error?.reason).toBe('due-changed');
    expect(res.body.quote.duePaise).toBe(pick.quote.duePaise);
    expect(await statusOf(old.id)).toBe('confirmed');
  });

  it('leaves the original untouched when the payment fails, then when the hold expires', async () => {
    const old = await booked();
    const pick = (await optionsOf(old.id)).find((o) => o.quote.duePaise > 0);
    if (!pick) throw new Error('expected an option with something due');
    const newFlight = pick.itinerary.legs[0]?.flightId ?? '';
    const before = await soldOn(newFlight);
    const held = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise });
    expect(held.status).toBe(201);
    const order = await payOrder(ctx.app, cookie, held.body.booking.id);
    const declined = await sandboxPay(ctx.app, order.orderId, { method: 'card', card: { ...GOOD_CARD, number: '4000 0000 0000 0002' } });
    expect(declined.status).not.toBe(200);
    expect(await statusOf(old.id)).toBe('confirmed');
    expect(await validPasses(old.id)).toBe(1);
    // A second change while this one waits for payment is refused.
    const second = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise });
    expect(second.status).toBe(409);

    ctx.clock.advance(11 * 60_000);
    await ctx.checkout.sweepHolds();
    expect(await statusOf(held.body.booking.id)).toBe('expired');
    expect(await statusOf(old.id)).toBe('confirmed');
    expect(await validPasses(old.id)).toBe(1);
    const after = await soldOn(newFlight);
    expect(after?.held).toBe(before?.held ?? 0);
    expect(after?.sold).toBe(before?.sold ?? 0);
    // The hold gone, the booking may be changed again.
    const again = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: (await optionsOf(old.id)).find((o) => o.itinerary.id === pick.itinerary.id)?.quote.duePaise ?? -1 });
    expect(again.status).toBe(201);
  });

  it('answers a retry with the same Idempotency-Key with the first answer: one change', async () => {
    const old = await booked();
    const pick = (await optionsOf(old.id)).find((o) => o.quote.duePaise > 0);
    if (!pick) throw new Error('expected an option with something due');
    const key = randomUUID();
    const first = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise }, key);
    const retry = await change(old.id, { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise }, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBe('true');
    expect(retry.body.booking.id).toBe(first.body.booking.id);
    const changes = await ctx.database.db.select().from(bookings).where(eq(bookings.changedFrom, old.id));
    expect(changes).toHaveLength(1);
  });

  it('refuses a change inside the cutoff with a clear message', async () => {
    const old = await booked([ADULT], { date: '2026-11-22' });
    const departure = new Date(old.itinerary.legs[0]?.departure ?? '').getTime();
    const saved = ctx.clock.now();
    ctx.clock.set(new Date(departure - 60 * 60_000));
    try {
      const res = await options(old.id, old.date);
      expect(res.status).toBe(409);
      expect((JSON.parse(res.text) as { error: { message: string } }).error.message).toMatch(/^Changes close .* before departure$/);
    } finally {
      ctx.clock.set(saved);
    }
  });
});
