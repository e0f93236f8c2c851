import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../src/core/clock';
import { bookingGstDetails, bookings, invoiceCounters, passengers, taxInvoices, users } from '../../src/db/schema';
import { issueInvoice } from '../../src/domain/personal-data/tax-invoices';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';

const SUPPLIER = { gstin: '29AAGCB7383J1Z4', name: 'Safar Travel Technologies Pvt Ltd', address: 'Bengaluru 560034' };
const PRICE = { currency: 'INR', perPassenger: { adult: { baseFare: 5000, taxesAndFees: 1056, total: 6056 } }, total: { baseFare: 5000, taxesAndFees: 1056, total: 6056 } };
const ITINERARY = { legs: [{ carrierName: 'IndiGo', from: { code: 'DEL' }, to: { code: 'BOM' }, departure: '2026-12-24T06:05:00+05:30' }] };

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: tax invoice numbers', () => {
  let database: Awaited<ReturnType<typeof openScratchPostgres>>;
  beforeAll(async () => {
    database = await openScratchPostgres(20);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A confirmed booking of `userId` with GST details, written directly (the booking flow is tested elsewhere). */
  async function confirmedBooking(userId: string, n: number): Promise<string> {
    const id = `BK${String(1_790_000_000_000 + n)}`;
    await database.db.insert(bookings).values({
      id,
      pnr: `P${String(n).padStart(5, '0')}`,
      userId,
      status: 'confirmed',
      itineraryId: '6E2134@2026-12-24:economy',
      cabin: 'economy',
      // Only the fields the invoice reads; the stored JSON is what a partial booking would hold.
      itinerary: JSON.parse(JSON.stringify(ITINERARY)),
      passengerCount: 1,
      seatCount: 1,
      price: JSON.parse(JSON.stringify(PRICE)),
      totalInr: 6056,
      holdExpiresAt: new Date('2026-11-21T07:00:00Z'),
      confirmedAt: new Date('2026-11-21T06:35:00Z'),
    });
    await database.db.insert(passengers).values({ bookingId: id, position: 0, title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'adult' });
    await database.db.insert(bookingGstDetails).values({ bookingId: id, gstin: '27AAPFU0939F1ZV', registeredName: 'Udaan Traders LLP', registeredAddress: 'Mumbai' });
    return id;
  }

  it('concurrent issues get consecutive numbers: no gaps, no duplicates, one invoice per booking', async () => {
    const [user] = await database.db.insert(users).values({ email: `inv-${randomUUID()}@example.com`, passwordHash: 'x' }).returning({ id: users.id });
    if (!user) throw new Error('no user');
    const clock = createFixedClock('2026-11-21T06:40:00Z');
    const count = 40;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await confirmedBooking(user.id, i));
    // Every booking asked for twice at once, all 80 requests in flight together.
    const calls = [...ids, ...ids].map((id) => issueInvoice(database.db, clock, SUPPLIER, user.id, id));
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.issuedNow)).toHaveLength(count);

    const rows = await database.db.select().from(taxInvoices);
    expect(rows).toHaveLength(count);
    const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.bookingId)).size).toBe(count);
    expect(new Set(rows.map((r) => r.number)).size).toBe(count);
    // Both answers for one booking name the same invoice.
    for (const id of ids) expect(new Set(results.filter((r) => r.invoice.bookingId === id).map((r) => r.invoice.number)).size).toBe(1);
    const [counter] = await database.db.select().from(invoiceCounters);
    expect(counter).toEqual({ financialYear: '2026-27', lastSequence: count });
  });

  it('a failed issue takes no number, and a new financial year starts again at 1', async () => {
    const [user] = await database.db.insert(users).values({ email: `inv-${randomUUID()}@example.com`, passwordHash: 'x' }).returning({ id: users.id });
    if (!user) throw new Error('no user');
    const id = await confirmedBooking(user.id, 100);
    await expect(issueInvoice(database.db, createFixedClock('2026-11-21T06:40:00Z'), null, user.id, id)).rejects.toThrow(/not configured/);
    const next = await issueInvoice(database.db, createFixedClock('2026-11-21T06:41:00Z'), SUPPLIER, user.id, id);
    expect(next.invoice.number).toBe('SAF/2627/000041');
    const id2 = await confirmedBooking(user.id, 101);
    // 1 April 2027 00:10 in India is still 31 March in UTC: the India date decides the year.
    const april = await issueInvoice(database.db, createFixedClock('2027-03-31T18:40:00Z'), SUPPLIER, user.id, id2);
    expect(april.invoice.number).toBe('SAF/2728/000001');
  });
});
