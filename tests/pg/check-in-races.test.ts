import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView, PassengerInput } from '../../src/core/booking';
import type { Itinerary } from '../../src/core/search';
import { type Database, type Db, openPostgres } from '../../src/db/client';
import { executeRows } from '../../src/db/rows';
import { signUpAndLogin } from '../support/auth';
import { ADULT, authed, bookAndPay, checkIn, findItinerary } from '../support/booking';
import { expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, createScratchDatabase } from '../support/postgres';
import { createTestApp } from '../support/test-app';

const ADULT2: PassengerInput = { ...ADULT, firstName: 'Priya', title: 'Ms', aadharCard: undefined, mobileNo: '9876543211' };

/**
 * The books of check-in, checked after every step:
 * - sequence numbers are unique per flight among valid checked-in passes (gaps allowed), and no
 *   higher than the flight's counter;
 * - each passenger has at most one valid pass per leg, and no seat is on two valid passes;
 * - no cancelled passenger has a valid pass (a cancel after check-in voids it);
 * - the inventory balances.
 */
async function expectBooks(db: Db) {
  await expectInventoryBalanced(db);
  const [bad] = await executeRows<{ sequences: number; counter: number; twice: number; seats: number; cancelled: number }>(
    db,
    sql`select
      (select count(*) from (select flight_id, sequence from boarding_passes bp join passengers p on p.id = bp.passenger_id
          where bp.voided_at is null and bp.checked_in_at is not null and p.type <> 'infant' group by flight_id, sequence having count(*) > 1) d)::int as sequences,
      (select count(*) from boarding_passes bp join check_in_sequences c on c.flight_id = bp.flight_id where bp.checked_in_at is not null and bp.sequence > c.last_sequence)::int as counter,
      (select count(*) from (select passenger_id, leg_index from boarding_passes where voided_at is null group by passenger_id, leg_index having count(*) > 1) d)::int as twice,
      (select count(*) from (select flight_id, seat from boarding_passes where voided_at is null and seat <> 'INF' group by flight_id, seat having count(*) > 1) d)::int as seats,
      (select count(*) from boarding_passes bp join passengers p on p.id = bp.passenger_id where p.cancelled_at is not null and bp.voided_at is null)::int as cancelled`,
  );
  expect(bad).toEqual({ sequences: 0, counter: 0, twice: 0, seats: 0, cancelled: 0 });
}

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: check-in races', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let poolA: Database;
  let poolB: Database;
  /** Two server nodes on two connection pools of one database. */
  let nodeA: Awaited<ReturnType<typeof createTestApp>>;
  let nodeB: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  /** The next day's flight: inside the check-in window. */
  let soon: Itinerary;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    poolA = await openPostgres(scratch.url, { poolSize: 10 });
    poolB = await openPostgres(scratch.url, { poolSize: 10 });
    nodeA = await createTestApp({ database: poolA });
    nodeB = await createTestApp({ database: poolB });
    cookie = (await signUpAndLogin(nodeA.app)).cookie;
    soon = await findItinerary(nodeA.app, { from: 'DEL', to: 'BOM', date: '2026-11-22' });
  }, 120_000);
  afterAll(async () => {
    await poolA?.close();
    await poolB?.close();
    await scratch?.drop();
  });

  async function confirmed(count: number): Promise<BookingView[]> {
    const list: BookingView[] = [];
    for (let i = 0; i < count; i += 1) {
      const { confirm } = await bookAndPay(nodeA.app, cookie, soon, [ADULT, ADULT2]);
      if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
      list.push(confirm.body.booking);
    }
    return list;
  }

  it('concurrent check-ins through two nodes get unique sequence numbers; retries (same key or not) never take a second number', async () => {
    const list = await confirmed(12);
    const both = { legIndex: 0, passengers: [{ position: 0 }, { position: 1 }] };
    const results = await Promise.all(
      list.flatMap((booking, i) => {
        const key = randomUUID();
        // Each booking three times at once: the same key on both nodes, and a fresh key.
        return [
          checkIn((i % 2 === 0 ? nodeA : nodeB).app, cookie, booking.id, both, key),
          checkIn((i % 2 === 0 ? nodeB : nodeA).app, cookie, booking.id, both, key),
          checkIn(nodeA.app, cookie, booking.id, both),
        ];
      }),
    );
    // A duplicate that finds its twin still running may be told 409 (try again); none fail otherwise.
    for (const r of results) expect([201, 409]).toContain(r.status);
    await expectBooks(poolA.db);
    const numbers = new Map<string, number>();
    for (const r of results.filter((x) => x.status === 201)) {
      for (const pass of r.body.passes) {
        const seen = numbers.get(pass.id);
        if (seen !== undefined) expect(pass.sequence, 'a retry never changes the number').toBe(seen);
        numbers.set(pass.id, pass.sequence);
      }
    }
    expect(numbers.size).toBe(24);
    const [row] = await executeRows<{ checked: number; last: number }>(
      poolA.db,
      sql`select (select count(*) from boarding_passes where flight_id = ${soon.legs[0]?.flightId ?? ''} and checked_in_at is not null and voided_at is null)::int as checked,
        (select last_sequence from check_in_sequences where flight_id = ${soon.legs[0]?.flightId ?? ''}) as last`,
    );
    expect(row?.checked).toBe(24);
    // Gaps are allowed, repeats are not: the counter is at least the number of passes.
    expect(Number(row?.last)).toBeGreaterThanOrEqual(24);
  }, 300_000);

  it('cancel against check-in: a cancelled passenger is never checked in; a checked-in one has the pass voided', async () => {
    const list = await confirmed(8);
    const quotes = await Promise.all(
      list.map(async (booking) => {
        const res = await nodeA.app.request(`/api/bookings/${booking.id}/cancellation-quote?passengers=0`, { headers: authed(cookie) });
        return ((await res.json()) as { quote: { refundPaise: number } }).quote.refundPaise;
      }),
    );
    const outcomes = await Promise.all(
      list.map(async (booking, i) => {
        const cancel = nodeA.app.request(`/api/bookings/${booking.id}/cancellations`, {
          method: 'POST',
          headers: authed(cookie, { 'Idempotency-Key': randomUUID() }),
          body: JSON.stringify({ passengers: [0], destination: 'original', quotedRefundPaise: quotes[i] }),
        });
        const checked = checkIn(nodeB.app, cookie, booking.id, { legIndex: 0, passengers: [{ position: 0 }, { position: 1 }] });
        const [c, k] = await Promise.all([cancel, checked]);
        return { cancel: c.status, checkIn: k.status };
      }),
    );
    for (const o of outcomes) {
      expect(o.cancel).toBe(201);
      // Check-in first (201, the pass then voided by the cancel) or the cancel first (400: that passenger was cancelled).
      expect([201, 400]).toContain(o.checkIn);
    }
    await expectBooks(poolA.db);
  }, 300_000);
});
