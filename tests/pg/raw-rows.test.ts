import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { q, queryRows, rawText } from '../../src/db/raw';
import { bookingRaw, passengerRaw, paymentRaw, segmentRaw } from '../../src/db/rows';
import { bookingSegments, bookings, passengers, payments, users } from '../../src/db/schema';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

const ITINERARY = {
  id: '6E2134@2026-12-24:economy',
  legs: [{ flightId: '6E2134@2026-12-24', cabin: 'economy', from: { code: 'DEL' }, to: { code: 'BOM' }, departure: '2026-12-24T06:05:00+05:30' }],
  price: { total: { total: 5400 } },
};

/** One row of each table the booking path reads by hand, every column set (and one of each nullable left null). */
async function writeRows(database: Database) {
  const [user] = await database.db.insert(users).values({ email: `rows-${randomUUID()}@example.com`, passwordHash: 'x' }).returning({ id: users.id });
  const booking: typeof bookings.$inferSelect = {
    id: `BK${randomUUID().slice(0, 8)}`,
    pnr: randomUUID().slice(0, 6).toUpperCase(),
    userId: user!.id,
    status: 'confirmed',
    itineraryId: ITINERARY.id,
    cabin: 'economy',
    // The snapshot is stored as given; this test only needs json to come back as it went in.
    itinerary: JSON.parse(JSON.stringify(ITINERARY)),
    passengerCount: 2,
    seatCount: 1,
    price: JSON.parse(JSON.stringify(ITINERARY.price)),
    totalInr: 5400,
    holdExpiresAt: new Date('2026-11-21T06:45:00.123Z'),
    createdAt: new Date('2026-11-21T06:30:00.456Z'),
    confirmedAt: new Date('2026-11-21T06:31:00.789Z'),
    paymentId: 'pay_1',
    paymentMethod: 'upi',
    fareFamily: '6E.SAVER',
    changedFrom: null,
    creditPaise: 0,
    journeys: null,
    supplier: 'duffel',
    supplierOrderId: 'ord_0000A',
    supplierOfferId: 'off_0000A',
    supplierTotalMinor: 22178,
    supplierCurrency: 'GBP',
    supplierBookingReference: 'RZPYDP',
    supplierOrderState: 'ordered',
    supplierOrderAt: null,
    supplierSeats: null,
    changeRefundPaise: 0,
  };
  await database.db.insert(bookings).values(booking);
  const payment: typeof payments.$inferSelect = {
    id: randomUUID(),
    bookingId: booking.id,
    provider: 'sandbox',
    method: 'upi',
    providerOrderId: `order_${randomUUID()}`,
    providerPaymentId: 'pay_1',
    amountPaise: 540_000,
    status: 'captured',
    failureReason: null,
    shareKey: 'member-1',
    createdAt: new Date('2026-11-21T06:30:30.001Z'),
    updatedAt: new Date('2026-11-21T06:31:00.002Z'),
  };
  await database.db.insert(payments).values(payment);
  const pax: (typeof passengers.$inferSelect)[] = [
    { id: randomUUID(), bookingId: booking.id, position: 0, title: 'Mr', firstName: 'Rahul', middleName: null, lastName: 'Sharma', dob: '1990-05-24', type: 'adult', mobile: '9876543210', aadhaarLast4: '1234', ticketNumber: '0981234567890', cancelledAt: new Date('2026-11-22T06:31:00.789Z') },
    { id: randomUUID(), bookingId: booking.id, position: 1, title: 'Ms', firstName: 'Asha', middleName: 'K', lastName: 'Sharma', dob: '2025-03-02', type: 'infant', mobile: null, aadhaarLast4: null, ticketNumber: null, cancelledAt: null },
  ];
  await database.db.insert(passengers).values(pax);
  const segment: typeof bookingSegments.$inferSelect = { bookingId: booking.id, legIndex: 0, flightId: '6E2134@2026-12-24', cabin: 'economy', seats: 1 };
  await database.db.insert(bookingSegments).values(segment);
  return { booking, payment, pax, segment };
}

/** The rows read back the way the booking path reads them: hand-written SQL, column lists and json derived from the schema. */
async function readRaw(database: Database, bookingId: string) {
  const [found] = await queryRows<Record<string, unknown>>(
    database.db,
    q`select ${rawText(paymentRaw.columns)}, ${rawText(bookingRaw.columns)},
        (select json_agg(${rawText(passengerRaw.json)} order by x.position) from passengers x where x.booking_id = b.id) as pax,
        (select json_agg(${rawText(segmentRaw.json)}) from booking_segments s where s.booking_id = b.id) as segments
      from payments p join bookings b on b.id = p.booking_id where b.id = ${bookingId}`,
  );
  if (!found) throw new Error('not found');
  const list = (value: unknown) => (Array.isArray(value) ? value : JSON.parse(String(value))) as Record<string, unknown>[];
  return {
    booking: bookingRaw.fromRaw(found),
    payment: paymentRaw.fromRaw(found),
    pax: list(found.pax).map(passengerRaw.fromJson),
    segments: list(found.segments).map(segmentRaw.fromJson),
  };
}

async function roundTrip(database: Database) {
  const written = await writeRows(database);
  const raw = await readRaw(database, written.booking.id);
  // Drizzle's own select is the reference; the hand-written path must give the same rows.
  const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, written.booking.id));
  const [payment] = await database.db.select().from(payments).where(eq(payments.bookingId, written.booking.id));
  const pax = await database.db.select().from(passengers).where(eq(passengers.bookingId, written.booking.id)).orderBy(passengers.position);
  const segments = await database.db.select().from(bookingSegments).where(eq(bookingSegments.bookingId, written.booking.id));
  expect(booking).toEqual(written.booking);
  expect(payment).toEqual(written.payment);
  expect(pax).toEqual(written.pax);
  expect(segments).toEqual([written.segment]);
  expect(raw.booking).toEqual(written.booking);
  expect(raw.payment).toEqual(written.payment);
  expect(raw.pax).toEqual(written.pax);
  expect(raw.segments).toEqual([written.segment]);
  return raw;
}

describe('rows of the hand-written SQL, derived from the Drizzle schema', () => {
  it('a row round-trips through PGlite: written by Drizzle, read by hand-written SQL, equal to Drizzle\'s own read', async () => {
    const node = await createTestApp();
    try {
      await roundTrip(node.database);
    } finally {
      await node.close();
    }
  });

  describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof openScratchPostgres>>;
    beforeAll(async () => {
      database = await openScratchPostgres(4);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('a row round-trips through PostgreSQL the same way', async () => {
      await roundTrip(database);
    });
  });
});
