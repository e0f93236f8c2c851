import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOptionsAnswer } from '../../src/core/trip-changes';
import { bookings, refunds } from '../../src/db/schema';
import { createSupplierTripChanges } from '../../src/domain/changes/supplier';
import { SUPPLIER_ORDER_RECONCILE_AFTER_MS, reconcileSupplierOrders } from '../../src/domain/suppliers/bookings';
import type { SupplierBookingDeps } from '../../src/domain/suppliers/order-failure';
import { SupplierError, type FlightSupplier } from '../../src/domain/suppliers/supplier';
import { overriding } from '../support/supplier-override';
import { signUpAndLogin } from '../support/auth';
import { authed } from '../support/booking';
import { seedDuffelBooking } from '../support/duffel-booking';
import { type DuffelFake, startDuffelFake } from '../support/duffel-fake/server';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

const START = '2026-11-21T06:30:00Z';
const DATE = '2027-02-20';

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: changes of Duffel bookings', () => {
  let database: Scratch;
  let fake: DuffelFake;
  let node: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    database = await openScratchPostgres(20);
    fake = await startDuffelFake({ now: Date.parse(START) });
    node = await createTestApp({ database, now: START, env: { DUFFEL_ACCESS_TOKEN: fake.token, DUFFEL_API_URL: fake.url } });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  const api = (): FlightSupplier => {
    if (node.deps.supplier.id !== 'duffel') throw new Error('not in Duffel mode');
    return node.deps.supplier.api;
  };
  const setupWith = (supplier: FlightSupplier): SupplierBookingDeps => {
    if (node.deps.supplier.id !== 'duffel') throw new Error('not in Duffel mode');
    return { db: database.db, clock: node.clock, supplier: { ...node.deps.supplier, api: supplier }, logger: { info: () => {}, warn: () => {} }, refundNow: async () => {} };
  };
  const confirms = () => fake.requests.filter((r) => /order_changes\/[^/]+\/actions\/confirm/.test(r.path)).length;
  const changesOf = (bookingId: string) => database.db.select().from(bookings).where(eq(bookings.changedFrom, bookingId));

  async function optionsOf(cookie: string, bookingId: string): Promise<ChangeOptionsAnswer> {
    const res = await node.app.request(`/api/bookings/${bookingId}/change-options?date=${DATE}`, { headers: authed(cookie) });
    expect(res.status).toBe(200);
    return (await res.json()) as ChangeOptionsAnswer;
  }

  it('two changes of the same Duffel booking at once, nothing due: one change confirmed with the airline, the other 409', async () => {
    const { cookie, user } = await signUpAndLogin(node.app);
    for (let round = 0; round < 3; round += 1) {
      const seeded = await seedDuffelBooking(database.db, api(), user.id);
      const free = (await optionsOf(cookie, seeded.bookingId)).options.find((o) => o.quote.duePaise === 0);
      if (!free) throw new Error('no free option');
      const body = JSON.stringify({ itineraryId: free.itinerary.id, quotedDuePaise: 0 });
      const send = () => node.app.request(`/api/bookings/${seeded.bookingId}/changes`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': randomUUID() }), body });
      const before = confirms();
      const answers = await Promise.all([send(), send()]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(confirms() - before).toBe(1);
      const made = await changesOf(seeded.bookingId);
      expect(made.filter((b) => b.status === 'confirmed')).toHaveLength(1);
      const [old] = await database.db.select().from(bookings).where(eq(bookings.id, seeded.bookingId));
      expect(old?.status).toBe('changed');
    }
  });

  it('two changes at once with something due: one held for payment, the other 409', async () => {
    const { cookie, user } = await signUpAndLogin(node.app);
    const seeded = await seedDuffelBooking(database.db, api(), user.id);
    const dearer = (await optionsOf(cookie, seeded.bookingId)).options.find((o) => o.quote.duePaise > 0);
    if (!dearer) throw new Error('no dearer option');
    const body = JSON.stringify({ itineraryId: dearer.itinerary.id, quotedDuePaise: dearer.quote.duePaise });
    const send = () => node.app.request(`/api/bookings/${seeded.bookingId}/changes`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': randomUUID() }), body });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await changesOf(seeded.bookingId)).toHaveLength(1);
  });

  it('a lost answer to the change confirmation: 503, then two reconcilers record the change once', async () => {
    const { user } = await signUpAndLogin(node.app);
    const seeded = await seedDuffelBooking(database.db, api(), user.id);
    const lost = overriding(api(), {
      confirmChange: async (id, expected) => {
        await api().confirmChange(id, expected);
        throw new SupplierError('outcomeUnknown', 'lost answer');
      },
    });
    const remote = createSupplierTripChanges({ booking: setupWith(lost), holdMs: 15 * 60_000 });
    const listed = await remote.options(user.id, seeded.bookingId, DATE, undefined);
    const free = listed?.options.find((o) => o.quote.duePaise === 0);
    if (!free) throw new Error('no free option');
    await expect(remote.request({ userId: user.id, email: user.email, bookingId: seeded.bookingId, itineraryId: free.itinerary.id, quotedDuePaise: 0 })).rejects.toMatchObject({ status: 503 });
    const [waiting] = await changesOf(seeded.bookingId);
    expect(waiting?.supplierOrderState).toBe('ordering');
    // While it is being settled, no second change starts.
    await expect(remote.request({ userId: user.id, email: user.email, bookingId: seeded.bookingId, itineraryId: free.itinerary.id, quotedDuePaise: 0 })).rejects.toMatchObject({ status: 409 });

    node.clock.advance(SUPPLIER_ORDER_RECONCILE_AFTER_MS + 1000);
    const reports = await Promise.all([reconcileSupplierOrders(setupWith(api())), reconcileSupplierOrders(setupWith(api()))]);
    expect(reports.reduce((n, r) => n + r.ordered, 0)).toBe(1);
    const [done] = await changesOf(seeded.bookingId);
    expect(done).toMatchObject({ status: 'confirmed', supplierOrderState: 'ordered' });
    const [old] = await database.db.select().from(bookings).where(eq(bookings.id, seeded.bookingId));
    expect(old?.status).toBe('changed');
  });

  it('money back to the original payment: two changes at once and a lost answer settled by two reconcilers refund it once', async () => {
    fake.payBackChanges('original_form_of_payment');
    try {
      const { cookie, user } = await signUpAndLogin(node.app);
      const refundsOf = (bookingId: string) => database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
      // Two changes at once: one confirmed and refunded once, the other 409.
      const raced = await seedDuffelBooking(database.db, api(), user.id);
      const back = (await optionsOf(cookie, raced.bookingId)).options.find((o) => o.quote.refundPaise > 0);
      if (!back) throw new Error('no money-back option');
      const body = JSON.stringify({ itineraryId: back.itinerary.id, quotedDuePaise: 0 });
      const send = () => node.app.request(`/api/bookings/${raced.bookingId}/changes`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': randomUUID() }), body });
      expect((await Promise.all([send(), send()])).map((a) => a.status).sort()).toEqual([201, 409]);
      const [made] = (await changesOf(raced.bookingId)).filter((b) => b.status === 'confirmed');
      expect((await refundsOf(made?.id ?? '')).map((r) => r.amountPaise)).toEqual([back.quote.refundPaise]);

      // A lost answer: nothing refunded until the reconcilers see the order flies the new flight; then once.
      const seeded = await seedDuffelBooking(database.db, api(), user.id);
      const lost = overriding(api(), {
        confirmChange: async (id, expected) => {
          await api().confirmChange(id, expected);
          throw new SupplierError('outcomeUnknown', 'lost answer');
        },
      });
      const remote = createSupplierTripChanges({ booking: setupWith(lost), holdMs: 15 * 60_000 });
      const offered = (await remote.options(user.id, seeded.bookingId, DATE, undefined))?.options.find((o) => o.quote.refundPaise > 0);
      if (!offered) throw new Error('no money-back option');
      await expect(remote.request({ userId: user.id, email: user.email, bookingId: seeded.bookingId, itineraryId: offered.itinerary.id, quotedDuePaise: 0 })).rejects.toMatchObject({ status: 503 });
      const [waiting] = await changesOf(seeded.bookingId);
      expect(waiting).toMatchObject({ supplierOrderState: 'ordering', changeRefundPaise: offered.quote.refundPaise });
      expect(await refundsOf(waiting?.id ?? '')).toEqual([]);
      node.clock.advance(SUPPLIER_ORDER_RECONCILE_AFTER_MS + 1000);
      await Promise.all([reconcileSupplierOrders(setupWith(api())), reconcileSupplierOrders(setupWith(api()))]);
      const written = await refundsOf(waiting?.id ?? '');
      expect(written.map((r) => ({ amountPaise: r.amountPaise, destination: r.destination, status: r.status }))).toEqual([{ amountPaise: offered.quote.refundPaise, destination: 'original', status: 'requested' }]);
      expect(written[0]?.amountPaise).toBeLessThanOrEqual(seeded.paidPaise);
    } finally {
      fake.payBackChanges('voucher');
    }
  });

  it('a confirmation that never reached the airline: the reconciler fails the change; the booking stays as it was', async () => {
    const { user } = await signUpAndLogin(node.app);
    const seeded = await seedDuffelBooking(database.db, api(), user.id);
    const lost = overriding(api(), { confirmChange: () => Promise.reject(new SupplierError('timeout', 'no answer')) });
    const remote = createSupplierTripChanges({ booking: setupWith(lost), holdMs: 15 * 60_000 });
    const free = (await remote.options(user.id, seeded.bookingId, DATE, undefined))?.options.find((o) => o.quote.duePaise === 0);
    if (!free) throw new Error('no free option');
    await expect(remote.request({ userId: user.id, email: user.email, bookingId: seeded.bookingId, itineraryId: free.itinerary.id, quotedDuePaise: 0 })).rejects.toMatchObject({ status: 503 });
    node.clock.advance(SUPPLIER_ORDER_RECONCILE_AFTER_MS + 1000);
    expect(await reconcileSupplierOrders(setupWith(api()))).toMatchObject({ failed: 1 });
    const [failed] = await changesOf(seeded.bookingId);
    expect(failed?.status).not.toBe('confirmed');
    const [old] = await database.db.select().from(bookings).where(eq(bookings.id, seeded.bookingId));
    expect(old?.status).toBe('confirmed');
  });
});
