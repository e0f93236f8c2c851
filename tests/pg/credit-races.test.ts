import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../src/core/booking';
import type { Itinerary } from '../../src/core/search';
import type { Db } from '../../src/db/client';
import { executeRows } from '../../src/db/rows';
import { cancelPassengers, cancellationQuote } from '../../src/domain/cancellations/cancel';
import { creditAccount } from '../../src/domain/credit/ledger';
import { signUpAndLogin } from '../support/auth';
import { ADULT, bookAndPay, findItinerary, postBooking } from '../support/booking';
import { expectCreditBalanced, expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

/**
 * The books of Safar credit, checked after every step: inventory balances; no balance below
 * zero; every refund to credit is one ledger entry of its amount; every credit payment one spend
 * entry, and one return entry exactly when it was refunded (`CREDIT_BOOKS_SQL`); and captured
 * payments (credit ones included) pay exactly the confirmed bookings' totals.
 */
async function expectBooks(db: Db) {
  await expectInventoryBalanced(db);
  await expectCreditBalanced(db);
  const [paid] = await executeRows<{ bad: number }>(
    db,
    sql`select count(*)::int as bad from bookings b where b.status = 'confirmed'
        and b.total_inr * 100 - b.credit_paise <> (select coalesce(sum(p.amount_paise), 0) from payments p where p.booking_id = b.id and p.status = 'captured')`,
  );
  expect(paid?.bad).toBe(0);
}

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: Safar credit races', () => {
  let database: Scratch;
  let node: Awaited<ReturnType<typeof createTestApp>>;
  let itinerary: Itinerary;
  const facts = { international: () => false };

  beforeAll(async () => {
    database = await openScratchPostgres(20);
    node = await createTestApp({ database });
    itinerary = await findItinerary(node.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function confirmed(cookie: string): Promise<BookingView> {
    const { confirm } = await bookAndPay(node.app, cookie, itinerary, [ADULT]);
    if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
    return confirm.body.booking;
  }

  async function held(cookie: string): Promise<BookingView> {
    const res = await postBooking(node.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
    if (res.status !== 201) throw new Error(`hold failed: ${res.status}`);
    return res.body.booking;
  }

  async function cancelToCredit(userId: string, bookingId: string) {
    const { quote } = await cancellationQuote(database.db, node.clock, facts, userId, bookingId, [0]);
    await cancelPassengers(database.db, node.clock, facts, { userId, bookingId, passengers: [0], destination: 'credit', quotedRefundPaise: quote.refundPaise });
    return quote.refundPaise;
  }

  it('two tabs spending the same credit at once: one spends it, the other is refused; the balance never goes below zero', async () => {
    for (let round = 0; round < 5; round += 1) {
      const traveller = await signUpAndLogin(node.app);
      const credit = await cancelToCredit(traveller.user.id, (await confirmed(traveller.cookie)).id);
      await expectBooks(database.db);
      const [a, b] = [await held(traveller.cookie), await held(traveller.cookie)];
      // Each tab asks for the whole balance (at most the booking's total).
      const ask = (booking: BookingView) => Math.min(credit, booking.totalInr * 100);
      const results = await Promise.allSettled([
        node.checkout.applyCredit({ userId: traveller.user.id, bookingId: a.id, amountPaise: ask(a) }),
        node.checkout.applyCredit({ userId: traveller.user.id, bookingId: b.id, amountPaise: ask(b) }),
      ]);
      const spent = results.filter((r) => r.status === 'fulfilled');
      expect(spent.length, `round ${round}`).toBe(ask(a) + ask(b) <= credit ? 2 : 1);
      const after = await creditAccount(database.db, traveller.user.id);
      expect(after.balancePaise).toBeGreaterThanOrEqual(0);
      expect(after.balancePaise).toBe(credit - spent.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value.appliedPaise : 0), 0));
      await expectBooks(database.db);
    }
  });

  it('cancelling to credit while spending credit on another booking: both land, the balance is exact', async () => {
    const traveller = await signUpAndLogin(node.app);
    const first = await cancelToCredit(traveller.user.id, (await confirmed(traveller.cookie)).id);
    const other = await confirmed(traveller.cookie);
    const hold = await held(traveller.cookie);
    const spend = Math.min(first, hold.totalInr * 100) - 1;
    const { quote } = await cancellationQuote(database.db, node.clock, facts, traveller.user.id, other.id, [0]);
    const [cancelled, applied] = await Promise.all([
      cancelPassengers(database.db, node.clock, facts, { userId: traveller.user.id, bookingId: other.id, passengers: [0], destination: 'credit', quotedRefundPaise: quote.refundPaise }),
      node.checkout.applyCredit({ userId: traveller.user.id, bookingId: hold.id, amountPaise: spend }),
    ]);
    expect(cancelled.answer.cancellation.destination).toBe('credit');
    expect(applied.appliedPaise).toBe(spend);
    expect((await creditAccount(database.db, traveller.user.id)).balancePaise).toBe(first + quote.refundPaise - spend);
    await expectBooks(database.db);
  });

  it('spending credit while the hold sweeper expires the hold: confirmed with the credit, or the credit given back once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const traveller = await signUpAndLogin(node.app);
      const credit = await cancelToCredit(traveller.user.id, (await confirmed(traveller.cookie)).id);
      const hold = await held(traveller.cookie);
      const amount = Math.min(credit, hold.totalInr * 100);
      // The hold has just ended: the sweeper and the spend race for the booking row.
      node.clock.advance(Date.parse(hold.holdExpiresAt) - node.clock.now().getTime() + 1);
      const [spend] = await Promise.allSettled([node.checkout.applyCredit({ userId: traveller.user.id, bookingId: hold.id, amountPaise: amount }), node.checkout.sweepHolds()]);
      // The sweeper skips a row the spend holds locked: the next sweep takes it.
      await node.checkout.sweepHolds();
      await node.checkout.sendRefunds();
      const balance = (await creditAccount(database.db, traveller.user.id)).balancePaise;
      const [state] = await executeRows<{ status: string }>(database.db, sql`select status from bookings where id = ${hold.id}`);
      if (state?.status === 'confirmed') expect(balance).toBe(credit - amount);
      else {
        expect(state?.status).toBe('expired');
        expect(balance).toBe(credit);
        expect(spend.status === 'rejected' || spend.value.booking.status !== 'confirmed').toBe(true);
      }
      await expectBooks(database.db);
    }
  });
});
