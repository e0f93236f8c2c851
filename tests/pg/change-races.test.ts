import { randomUUID } from 'node:crypto';
import { eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../src/core/booking';
import type { CompactSearchResponse, Itinerary } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import type { ChangeOption, ChangeOptionsAnswer } from '../../src/core/trip-changes';
import type { Db } from '../../src/db/client';
import { boardingPasses, bookingFares, bookingSegments, bookings, cancellations, flightInventory, passengerSeats, passengers, payments, refunds } from '../../src/db/schema';
import { familyByCode } from '../../src/domain/fares/families/lookup';
import { fareDifferenceRefund } from '../../src/domain/refunds/rule';
import { signUpAndLogin } from '../support/auth';
import { ADULT, CHILD, authed, bookAndPay, confirmBooking, directItineraries, findItinerary, payOrder, postBooking, sandboxPay } from '../support/booking';
import { expectCreditBalanced, expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

/** Statuses of a booking whose seats are sold and whose passes are valid. */
const FLYING: ReadonlySet<string> = new Set(['confirmed', 'partly_cancelled']);

/**
 * The books after every step, over the whole database:
 * - every inventory row balances, held = seats of held bookings on it, sold = seats of bookings
 *   still flying on it (confirmed or partly cancelled; a changed booking's seats were released);
 * - every paisa: captured payments = Σ (total − credit) over bookings ever confirmed (a change's
 *   payment covers only what was due, the rest is the old booking's, still captured); refunds of
 *   cancellations add up to what the cancellations refund, a changed booking's lower fare paid
 *   back is old − new fares (when its family refunds it), none beyond its payment; every other
 *   payment is refunding/refunded (a change that did not happen), failed, or an open order;
 * - at most one live change per booking; a changed booking has a confirmed successor;
 * - valid boarding passes only on bookings still flying, one per passenger and leg.
 */
async function expectBooks(db: Db) {
  await expectInventoryBalanced(db);
  await expectCreditBalanced(db);
  const all = await db.select().from(bookings);
  const segs = await db.select().from(bookingSegments);
  const inventory = await db.select().from(flightInventory);
  for (const row of inventory) {
    const on = (statuses: ReadonlySet<string>) =>
      segs.filter((s) => s.flightId === row.flightId && s.cabin === row.cabin && statuses.has(all.find((b) => b.id === s.bookingId)?.status ?? '')).reduce((n, s) => n + s.seats, 0);
    expect(row.held, `${row.flightId} held`).toBe(on(new Set(['held'])));
    expect(row.sold, `${row.flightId} sold`).toBe(on(FLYING));
  }
  const paid = await db.select().from(payments);
  const captured = paid.filter((p) => p.status === 'captured').reduce((n, p) => n + p.amountPaise, 0);
  const owed = all.filter((b) => b.confirmedAt !== null).reduce((n, b) => n + b.totalInr * 100 - b.creditPaise, 0);
  expect(captured, 'captured = Σ (total − credit) of bookings ever confirmed').toBe(owed);
  // Cancellation refunds: each cancellation's refund is recorded in full against captured payments, never beyond one.
  const cancelled = await db.select().from(cancellations);
  const refunded = await db.select().from(refunds);
  const ofCancellations = refunded.filter((r) => r.cancellationId !== null);
  expect(ofCancellations.reduce((n, r) => n + r.amountPaise, 0), 'refunds = Σ cancellation refunds').toBe(cancelled.reduce((n, c) => n + c.refundPaise, 0));
  // A change's lower fare paid back: refunds without a cancellation, only on changed bookings, old fares − new fares.
  const fares = await db.select().from(bookingFares);
  for (const r of refunded.filter((x) => x.cancellationId === null)) expect(all.find((b) => b.id === r.bookingId)?.status, `refund ${r.id} is of a changed booking`).toBe('changed');
  for (const b of all.filter((x) => x.status === 'changed')) {
    const successor = all.find((x) => x.changedFrom === b.id && x.confirmedAt !== null);
    const oldFares = fares.filter((f) => f.bookingId === b.id && f.status === 'changed');
    const newFares = fares.filter((f) => f.bookingId === successor?.id);
    const back = fareDifferenceRefund(oldFares, newFares, (f) => familyByCode(f.familyCode, b.createdAt)?.refundsFareDifference ?? false);
    expect(refunded.filter((r) => r.bookingId === b.id && r.cancellationId === null).reduce((n, r) => n + r.amountPaise, 0), `${b.id} lower fare paid back`).toBe(back);
  }
  for (const p of paid) expect(refunded.filter((r) => r.paymentId === p.id).reduce((n, r) => n + r.amountPaise, 0), `refunds of ${p.id}`).toBeLessThanOrEqual(p.status === 'captured' ? p.amountPaise : 0);
  for (const p of paid) expect(['created', 'authorized', 'captured', 'refunding', 'refunded', 'failed'], `payment ${p.id}`).toContain(p.status);
  for (const b of all.filter((x) => x.status === 'changed')) {
    expect(all.filter((x) => x.changedFrom === b.id && x.confirmedAt !== null), `${b.id} has one confirmed successor`).toHaveLength(1);
  }
  const live = all.filter((b) => b.changedFrom !== null && ['held', 'confirmed', 'partly_cancelled', 'changed'].includes(b.status));
  expect(new Set(live.map((b) => b.changedFrom)).size).toBe(live.length);
  const passes = await db.select().from(boardingPasses).where(isNull(boardingPasses.voidedAt));
  const pax = await db.select().from(passengers);
  for (const b of all) {
    const valid = passes.filter((p) => p.bookingId === b.id).length;
    const flying = FLYING.has(b.status);
    expect(valid, `${b.id} (${b.status}) valid passes`).toBe(flying ? pax.filter((p) => p.bookingId === b.id && p.cancelledAt === null).length * b.itinerary.legs.length : 0);
  }
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: change races', () => {
  let database: Scratch;
  let node: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  let email: string;
  let userId: string;

  beforeAll(async () => {
    database = await openScratchPostgres(20);
    node = await createTestApp({ database });
    const user = await signUpAndLogin(node.app);
    cookie = user.cookie;
    userId = user.user.id;
    email = user.user.email;
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(async () => {
    await expectBooks(database.db);
  });

  async function booked(date = '2026-12-24', priciest = false): Promise<BookingView> {
    const itinerary = priciest ? await priciestDirect(date) : await findItinerary(node.app, { from: 'DEL', to: 'BOM', date, adults: 1, children: 1 });
    const { confirm } = await bookAndPay(node.app, cookie, itinerary, [ADULT, CHILD]);
    if (confirm.status !== 200) throw new Error(`booking failed: ${JSON.stringify(confirm.body)}`);
    return confirm.body.booking;
  }

  async function priciestDirect(date: string): Promise<Itinerary> {
    const res = await node.app.request(`/api/search?from=DEL&to=BOM&date=${date}&adults=1&children=1&infants=0`);
    const direct = expandSearchResponse((await res.json()) as CompactSearchResponse).itineraries.filter((i) => i.stops === 0);
    const top = direct.sort((x, y) => y.price.total.total - x.price.total.total)[0];
    if (!top) throw new Error('no direct itinerary');
    return top;
  }

  async function optionsOf(bookingId: string, date = '2026-12-26'): Promise<ChangeOption[]> {
    const res = await node.app.request(`/api/bookings/${bookingId}/change-options?date=${date}`, { headers: authed(cookie) });
    if (res.status !== 200) throw new Error(`options: ${res.status} ${await res.text()}`);
    return ((await res.json()) as ChangeOptionsAnswer).options;
  }

  const due = (list: ChangeOption[], positive: boolean) => {
    const found = list.filter((o) => (positive ? o.quote.duePaise > 0 : o.quote.duePaise === 0));
    if (found.length === 0) throw new Error(`no option with ${positive ? 'something' : 'nothing'} due`);
    return found;
  };

  const changeOf = (bookingId: string, option: ChangeOption) =>
    node.checkout.requestChange({ userId, email, bookingId, itineraryId: option.itinerary.id, quotedDuePaise: option.quote.duePaise });

  it('eight changes of one booking at once: exactly one is held, the rest answer 409', async () => {
    const old = await booked();
    const list = due(await optionsOf(old.id), true);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => changeOf(old.id, list[i % list.length] as ChangeOption)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String((r.reason as Error).message)).toMatch(/already waiting for payment|cannot be changed/);
    await expectBooks(database.db);
  });

  it('eight changes with nothing due at once: one swap, the old booking changed once', async () => {
    const old = await booked('2026-12-24', true);
    const list = due(await optionsOf(old.id, '2026-12-24'), false);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => changeOf(old.id, list[i % list.length] as ChangeOption)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, old.id));
    expect(row?.status).toBe('changed');
    await expectBooks(database.db);
  });

  it('a change paid while the old booking is cancelled: one outcome, the other refunded', async () => {
    const outcomes = { swapped: 0, cancelled: 0 };
    for (let round = 0; round < 6; round += 1) {
      const old = await booked();
      const option = due(await optionsOf(old.id), true)[round % 2] ?? due(await optionsOf(old.id), true)[0];
      if (!option) throw new Error('no option');
      const held = await changeOf(old.id, option);
      const order = await payOrder(node.app, cookie, held.booking.id);
      const pay = await sandboxPay(node.app, order.orderId);
      await expectBooks(database.db);
      const cancelAll = async () => {
        try {
          const quote = await node.deps.cancellations.quote(userId, old.id);
          await node.deps.cancellations.cancel({ userId, bookingId: old.id, passengers: quote.passengers, destination: 'original', quotedRefundPaise: quote.quote.refundPaise });
          return true;
        } catch {
          return false;
        }
      };
      const confirmIt = () => confirmBooking(node.app, cookie, held.booking.id, pay.body, randomUUID());
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // The first round cancels first, the last confirms first; between them both start together,
      // one or the other a little later, so the overlap happens in both orders.
      const [confirm, cancel] =
        round === 0
          ? await cancelAll().then(async (c) => [await confirmIt(), c] as const)
          : round === 5
            ? await confirmIt().then(async (c) => [c, await cancelAll()] as const)
            : await Promise.all([wait(round === 1 ? 10 : 0).then(confirmIt), wait(round === 3 ? 10 : round === 4 ? 40 : 0).then(cancelAll)]);
      const [oldRow] = await database.db.select().from(bookings).where(eq(bookings.id, old.id));
      const [newRow] = await database.db.select().from(bookings).where(eq(bookings.id, held.booking.id));
      if (confirm.status === 200) {
        expect(cancel).toBe(false);
        expect(oldRow?.status).toBe('changed');
        expect(newRow?.status).toBe('confirmed');
        outcomes.swapped += 1;
      } else {
        expect(cancel).toBe(true);
        expect(confirm.status).toBe(409);
        expect(confirm.body.error?.message).toMatch(/cancelled or changed before this change/);
        expect(oldRow?.status).toBe('cancelled');
        expect(newRow?.status).toBe('cancelled');
        const [payment] = await database.db.select().from(payments).where(eq(payments.providerOrderId, order.orderId));
        expect(['refunding', 'refunded']).toContain(payment?.status);
        outcomes.cancelled += 1;
      }
      await expectBooks(database.db);
    }
    expect(outcomes.swapped + outcomes.cancelled).toBe(6);
    expect(outcomes.swapped).toBeGreaterThan(0);
    expect(outcomes.cancelled).toBeGreaterThan(0);
  });

  it('a passenger cancelled from the old booking while its change waits for payment: the change fails, its payment goes back', async () => {
    const old = await booked();
    const option = due(await optionsOf(old.id), true)[0];
    if (!option) throw new Error('no option');
    const held = await changeOf(old.id, option);
    const order = await payOrder(node.app, cookie, held.booking.id);
    const pay = await sandboxPay(node.app, order.orderId);
    const quote = await node.deps.cancellations.quote(userId, old.id, [1]);
    await node.deps.cancellations.cancel({ userId, bookingId: old.id, passengers: [1], destination: 'original', quotedRefundPaise: quote.quote.refundPaise });
    await expectBooks(database.db);
    const confirm = await confirmBooking(node.app, cookie, held.booking.id, pay.body, randomUUID());
    expect(confirm.status).toBe(409);
    const [oldRow] = await database.db.select().from(bookings).where(eq(bookings.id, old.id));
    const [newRow] = await database.db.select().from(bookings).where(eq(bookings.id, held.booking.id));
    expect(oldRow?.status).toBe('partly_cancelled');
    expect(newRow?.status).toBe('cancelled');
    const [payment] = await database.db.select().from(payments).where(eq(payments.providerOrderId, order.orderId));
    expect(['refunding', 'refunded']).toContain(payment?.status);
    // The one still travelling may change.
    const again = due(await optionsOf(old.id), true)[0];
    if (!again) throw new Error('no option');
    expect((await changeOf(old.id, again)).booking.passengers).toHaveLength(1);
  });

  it('a change paid as its hold expires, with the sweeper running: the old booking untouched unless the swap won', async () => {
    for (let round = 0; round < 6; round += 1) {
      const old = await booked();
      const option = due(await optionsOf(old.id), true)[0];
      if (!option) throw new Error('no option');
      const held = await changeOf(old.id, option);
      const order = await payOrder(node.app, cookie, held.booking.id);
      const pay = await sandboxPay(node.app, order.orderId);
      // Alternate: just before the hold ends (the payment may win), and after it (the sweeper and the late payment race).
      const expiresAt = new Date(held.booking.holdExpiresAt).getTime();
      const saved = node.clock.now();
      node.clock.set(new Date(expiresAt + (round % 2 === 0 ? -1 : 1)));
      const [confirm] = await Promise.all([confirmBooking(node.app, cookie, held.booking.id, pay.body, randomUUID()), node.checkout.sweepHolds()]);
      node.clock.set(saved);
      const [oldRow] = await database.db.select().from(bookings).where(eq(bookings.id, old.id));
      const [newRow] = await database.db.select().from(bookings).where(eq(bookings.id, held.booking.id));
      if (confirm.status === 200) {
        expect(oldRow?.status).toBe('changed');
        expect(newRow?.status).toBe('confirmed');
      } else {
        expect(oldRow?.status).toBe('confirmed');
        expect(newRow?.status).toBe('expired');
      }
      await expectBooks(database.db);
    }
  });

  it('changes of many bookings to and from the same flights at once never deadlock and keep every seat counted', async () => {
    // Bookings on two dates change to each other's flights concurrently (seats released and sold on the same rows in both directions).
    const a = await Promise.all([booked('2026-12-24'), booked('2026-12-24'), booked('2026-12-24')]);
    const b = await Promise.all([booked('2026-12-26'), booked('2026-12-26'), booked('2026-12-26')]);
    const toB = await optionsOf(a[0]?.id ?? '', '2026-12-26');
    const toA = await optionsOf(b[0]?.id ?? '', '2026-12-24');
    const target = (list: ChangeOption[], flight: string | undefined) => list.find((o) => o.itinerary.legs[0]?.flightId === flight) ?? list[0];
    const jobs = [
      ...a.map(async (old) => {
        const option = target(await optionsOf(old.id, '2026-12-26'), b[0]?.itinerary.legs[0]?.flightId);
        return option ? changeOf(old.id, option) : null;
      }),
      ...b.map(async (old) => {
        const option = target(await optionsOf(old.id, '2026-12-24'), a[0]?.itinerary.legs[0]?.flightId);
        return option ? changeOf(old.id, option) : null;
      }),
    ];
    const held = (await Promise.all(jobs)).filter((x) => x !== null);
    expect(toB.length + toA.length).toBeGreaterThan(0);
    // Pay and confirm every change at once.
    const paid = await Promise.all(
      held
        .filter((h) => h.booking.status === 'held')
        .map(async (h) => {
          const order = await payOrder(node.app, cookie, h.booking.id);
          return { id: h.booking.id, pay: (await sandboxPay(node.app, order.orderId)).body };
        }),
    );
    const confirmed = await Promise.all(paid.map((p) => confirmBooking(node.app, cookie, p.id, p.pay, randomUUID())));
    for (const c of confirmed) expect(c.status).toBe(200);
    const olds = await database.db.select().from(bookings).where(inArray(bookings.id, [...a, ...b].map((x) => x.id)));
    expect(olds.every((o) => o.status === 'changed')).toBe(true);
    // No two valid passes share a seat on a flight (the unique index would have refused the confirmation otherwise).
    const passes = await database.db.select().from(boardingPasses).where(isNull(boardingPasses.voidedAt));
    const seats = passes.filter((p) => p.seat !== 'INF').map((p) => `${p.flightId} ${p.seat}`);
    expect(new Set(seats).size).toBe(seats.length);
  });

  // Whole trips (decision 0063): one journey changed at a time, the others carried over as they are.

  /** A round trip DEL → BOM (24 Dec) and back (29 Dec), booked and paid as one booking for an adult and a child. */
  async function bookedTrip(pick: (outs: Itinerary[], backs: Itinerary[]) => [Itinerary, Itinerary]): Promise<BookingView> {
    const [out, back] = pick(await directItineraries(node.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' }), await directItineraries(node.app, { from: 'BOM', to: 'DEL', date: '2026-12-29' }));
    const hold = await postBooking(node.app, cookie, { journeys: [{ itineraryId: out.id }, { itineraryId: back.id }], passengers: [ADULT, CHILD], quotedTotal: 0, acceptPriceChange: true });
    if (hold.status !== 201) throw new Error(`trip hold failed: ${hold.status} ${JSON.stringify(hold.body)}`);
    const order = await payOrder(node.app, cookie, hold.body.booking.id);
    const confirm = await confirmBooking(node.app, cookie, hold.body.booking.id, (await sandboxPay(node.app, order.orderId)).body);
    if (confirm.status !== 200) throw new Error(`trip confirm failed: ${JSON.stringify(confirm.body)}`);
    return confirm.body.booking;
  }
  /** Two airlines: no special return, each journey its own ticket. */
  const twoAirlines = (outs: Itinerary[], backs: Itinerary[]): [Itinerary, Itinerary] => {
    const out = outs[0];
    const back = backs.find((b) => b.legs[0]?.carrier !== out?.legs[0]?.carrier);
    if (!out || !back) throw new Error('no round trip on two airlines');
    return [out, back];
  };

  async function journeyOptions(bookingId: string, journey: number, date: string) {
    const res = await node.app.request(`/api/bookings/${bookingId}/change-options?date=${date}&journey=${journey}`, { headers: authed(cookie) });
    return { status: res.status, body: (await res.json()) as ChangeOptionsAnswer & { error?: { message: string; fields?: Record<string, string> } } };
  }

  const changeJourney = (bookingId: string, journey: number, option: ChangeOption) =>
    node.checkout.requestChange({ userId, email, bookingId, itineraryId: option.itinerary.id, quotedDuePaise: option.quote.duePaise, journey });

  it('changes the return journey of a round trip: its legs move to the new flight, the outbound is carried over with its seats', async () => {
    const old = await bookedTrip(twoAirlines);
    const seatsBefore = await database.db.select().from(passengerSeats).where(eq(passengerSeats.bookingId, old.id));
    const listed = await journeyOptions(old.id, 1, '2026-12-30');
    expect(listed.status).toBe(200);
    // The return's own route, priced against the return's fares only.
    for (const option of listed.body.options) expect([option.itinerary.legs[0]?.from.code, option.itinerary.legs[option.itinerary.legs.length - 1]?.to.code]).toEqual(['BOM', 'DEL']);
    const option = due(listed.body.options, true)[0] as ChangeOption;
    const returnFares = (await database.db.select().from(bookingFares).where(eq(bookingFares.bookingId, old.id))).filter((f) => f.legIndex === 1);
    expect(option.quote.oldTotalPaise).toBe(returnFares.reduce((n, f) => n + f.totalPaise, 0));

    const held = await changeJourney(old.id, 1, option);
    expect(held.booking.status).toBe('held');
    // Only the new flight's seats are held.
    const heldSegments = await database.db.select().from(bookingSegments).where(eq(bookingSegments.bookingId, held.booking.id));
    expect(heldSegments.map((s) => s.legIndex)).toEqual([1]);
    await expectBooks(database.db);
    const order = await payOrder(node.app, cookie, held.booking.id);
    expect(order.amountPaise ?? option.quote.duePaise).toBe(option.quote.duePaise);
    const confirmed = await confirmBooking(node.app, cookie, held.booking.id, (await sandboxPay(node.app, order.orderId)).body);
    expect(confirmed.status).toBe(200);
    const trip = confirmed.body.booking;
    expect(trip.journeys.map((j) => j.itineraryId)).toEqual([old.journeys[0]?.itineraryId, option.itinerary.id]);
    expect(trip.itinerary.legs[0]?.flightId).toBe(old.itinerary.legs[0]?.flightId);
    expect(trip.journeys[0]?.pnr).toBe(trip.pnr);
    expect(trip.journeys[1]?.pnr).not.toBe(old.journeys[1]?.pnr);
    const [oldRow] = await database.db.select().from(bookings).where(eq(bookings.id, old.id));
    expect(oldRow?.status).toBe('changed');
    // The outbound seats pass to the new booking unchanged.
    const outboundSeats = (await database.db.select().from(passengerSeats).where(eq(passengerSeats.bookingId, trip.id))).filter((s) => s.legIndex === 0 && s.releasedAt === null);
    expect(outboundSeats.map((s) => s.seat).sort()).toEqual(seatsBefore.filter((s) => s.legIndex === 0).map((s) => s.seat).sort());
    // The new booking's fares: the outbound's as they were, the return's new.
    const fares = await database.db.select().from(bookingFares).where(eq(bookingFares.bookingId, trip.id));
    expect(fares.filter((f) => f.legIndex === 0).map((f) => f.totalPaise).sort()).toEqual(
      (await database.db.select().from(bookingFares).where(eq(bookingFares.bookingId, old.id))).filter((f) => f.legIndex === 0).map((f) => f.totalPaise).sort(),
    );
    expect(fares.filter((f) => f.legIndex === 1).reduce((n, f) => n + f.totalPaise, 0)).toBe(option.quote.newTotalPaise);
  });

  it('two changes of the same journey at once: exactly one wins, the other answers 409; then a paid one confirms once', async () => {
    for (const positive of [true, false]) {
      const old = await bookedTrip(twoAirlines);
      const list = (await journeyOptions(old.id, 0, positive ? '2026-12-25' : '2026-12-24')).body.options.filter((o) => (positive ? o.quote.duePaise > 0 : o.quote.duePaise === 0));
      if (list.length === 0) continue;
      const results = await Promise.allSettled([changeJourney(old.id, 0, list[0] as ChangeOption), changeJourney(old.id, 0, (list[1] ?? list[0]) as ChangeOption)]);
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(String((r.reason as Error).message)).toMatch(/already waiting for payment|cannot be changed/);
      await expectBooks(database.db);
      const winner = won[0]?.status === 'fulfilled' ? won[0].value.booking : null;
      if (winner?.status === 'held') {
        const order = await payOrder(node.app, cookie, winner.id);
        const pay = (await sandboxPay(node.app, order.orderId)).body;
        const twice = await Promise.all([confirmBooking(node.app, cookie, winner.id, pay, randomUUID()), confirmBooking(node.app, cookie, winner.id, pay, randomUUID())]);
        expect(twice.some((c) => c.status === 200)).toBe(true);
      }
      const [oldRow] = await database.db.select().from(bookings).where(eq(bookings.id, old.id));
      expect(oldRow?.status).toBe('changed');
      const successors = await database.db.select().from(bookings).where(eq(bookings.changedFrom, old.id));
      expect(successors.filter((b) => b.status === 'confirmed')).toHaveLength(1);
    }
  });

  it('a trip names the journey to change (400 on the field); a special return on Air India forbids changing one journey (409 naming it)', async () => {
    const trip = await bookedTrip(twoAirlines);
    const unnamed = await node.app.request(`/api/bookings/${trip.id}/change-options?date=2026-12-30`, { headers: authed(cookie) });
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as { error: { fields: Record<string, string> } }).error.fields.journey).toBe('Choose the journey of this trip to change');
    const unknown = await journeyOptions(trip.id, 5, '2026-12-30');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields?.journey).toBe('Choose a journey of this booking');

    const airIndia = (list: Itinerary[]) => list.find((i) => i.legs[0]?.carrier === 'AI');
    const special = await bookedTrip((outs, backs) => {
      const out = airIndia(outs);
      const back = airIndia(backs);
      if (!out || !back) throw new Error('no Air India round trip');
      return [out, back];
    });
    expect(special.journeys[1]?.specialReturn?.changeSeparately).toBe(false);
    const refused = await journeyOptions(special.id, 1, '2026-12-30');
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe('This special return fare on Air India cannot be changed one journey at a time.');
  });
});
