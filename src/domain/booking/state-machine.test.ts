import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassengerInput } from '../../core/booking';
import { createFixedClock } from '../../core/clock';
import { AppError } from '../../core/errors';
import { type Database, wrapPglite } from '../../db/client';
import { boardingPasses, bookingSegments, bookings, flightInventory, passengers, payments, users } from '../../db/schema';
import { openFromTemplate } from '../../../tests/support/pglite-template';
import { ensureInventoryRows } from '../inventory/rows';
import { createPaymentOrder, recordPaymentFailure } from '../payments/orders';
import { createSandboxProvider } from '../payments/sandbox';
import { createWorld } from '../world/world';
import { confirmPayment } from './confirm';
import { cancelHold, sweepExpiredHolds } from './expire';
import { createHold } from './holds';
import { settleRefunds } from './refunds';
import { worldCatalog } from './world-catalog';

/**
 * Property test of the booking state machine: random sequences of hold / pay / failed pay /
 * late pay / expire / cancel keep the books straight after every step:
 * available + held + sold = capacity, available ≥ 0, held = seats of live holds,
 * sold = seats of confirmed bookings, and every captured payment belongs to a confirmed booking.
 */

const ADULT: PassengerInput = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210' };
const CHILD: PassengerInput = { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '2018-03-02', type: 'Child' };
const INFANT: PassengerInput = { title: 'Ms', firstName: 'Mira', lastName: 'Sharma', dob: '2026-01-15', type: 'Infant' };
const START_SEATS = 7;

type Action =
  | { kind: 'hold'; party: PassengerInput[] }
  | { kind: 'pay'; pick: number }
  | { kind: 'pay-late'; pick: number }
  | { kind: 'pay-declined'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'expire' }
  | { kind: 'wait'; minutes: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom<PassengerInput[]>([ADULT], [ADULT, ADULT], [ADULT, CHILD, INFANT], [ADULT, ADULT, CHILD]).map((party) => ({ kind: 'hold' as const, party })),
  fc.nat(20).map((pick) => ({ kind: 'pay' as const, pick })),
  fc.nat(20).map((pick) => ({ kind: 'pay-late' as const, pick })),
  fc.nat(20).map((pick) => ({ kind: 'pay-declined' as const, pick })),
  fc.nat(20).map((pick) => ({ kind: 'cancel' as const, pick })),
  fc.constant({ kind: 'expire' as const }),
  fc.integer({ min: 1, max: 6 }).map((minutes) => ({ kind: 'wait' as const, minutes })),
);

let database: Database;
const world = createWorld();
const catalog = worldCatalog(world);
const provider = createSandboxProvider({ secret: 'state-machine-secret' });
let itineraryId = '';
let flightId = '';
let userId = '';

beforeAll(async () => {
  database = wrapPglite(await openFromTemplate());
  const [user] = await database.db.insert(users).values({ email: 'machine@example.com', passwordHash: 'x' }).returning({ id: users.id });
  userId = user?.id ?? '';
  // Any operating direct flight will do; take the first flight of a busy route.
  for (let n = 0; n < 10000 && !flightId; n++) {
    for (const carrier of ['6E', 'AI']) {
      const f = world.getFlight(`${carrier}${n}@2026-12-24`);
      if (f && f.capacity.economy > 0) flightId = f.flightId;
    }
  }
  itineraryId = `${flightId}:economy`;
});
afterAll(async () => {
  await database.close();
});

async function reset() {
  const db = database.db;
  await db.delete(boardingPasses);
  await db.delete(passengers);
  await db.delete(bookingSegments);
  await db.delete(payments);
  await db.delete(bookings);
  await db.delete(flightInventory);
  await ensureInventoryRows(db, world, [{ flightId, cabin: 'economy' }]);
  await db.update(flightInventory).set({ available: START_SEATS, held: 0, sold: sql`${flightInventory.capacity} - ${START_SEATS}` });
}

async function checkInvariants() {
  const db = database.db;
  const [inv] = await db.select().from(flightInventory).where(eq(flightInventory.flightId, flightId));
  if (!inv) throw new Error('inventory row missing');
  expect(inv.available).toBeGreaterThanOrEqual(0);
  expect(inv.available + inv.held + inv.sold).toBe(inv.capacity);
  const all = await db.select().from(bookings);
  const seatsOf = (status: string) => all.filter((b) => b.status === status).reduce((n, b) => n + b.seatCount, 0);
  expect(inv.held).toBe(seatsOf('held'));
  expect(inv.sold - (inv.capacity - START_SEATS)).toBe(seatsOf('confirmed'));
  const pays = await db.select().from(payments);
  for (const p of pays.filter((x) => x.status === 'captured')) expect(all.find((b) => b.id === p.bookingId)?.status).toBe('confirmed');
  for (const b of all.filter((x) => x.status === 'confirmed')) expect(pays.filter((p) => p.bookingId === b.id && p.status === 'captured')).toHaveLength(1);
}

describe('booking state machine (PGlite, real world and fares)', () => {
  it('random hold/pay/fail/expire/cancel sequences keep the invariants', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 14 }), async (actions) => {
        await reset();
        const clock = createFixedClock('2026-11-21T06:30:00Z');
        const ids: string[] = [];
        for (const action of actions) {
          const pick = 'pick' in action ? ids[action.pick % Math.max(ids.length, 1)] : undefined;
          try {
            if (action.kind === 'hold') {
              const { booking } = await createHold(database.db, clock, catalog, { userId, itineraryId, passengers: action.party, quotedTotal: 0, acceptPriceChange: true });
              ids.push(booking.id);
            } else if ((action.kind === 'pay' || action.kind === 'pay-late') && pick) {
              const order = await createPaymentOrder(database.db, clock, provider, { bookingId: pick, userId, email: 'machine@example.com', method: 'card' });
              if (action.kind === 'pay-late') clock.advance(11 * 60_000);
              const outcome = await confirmPayment(database.db, clock, catalog, { provider: 'sandbox', orderId: order.orderId, paymentId: `pay_${order.orderId}` });
              if (outcome.kind === 'refund') await settleRefunds(database.db, clock, provider, { paymentRowId: outcome.paymentRowId });
              if (action.kind === 'pay-late') expect(outcome.kind).toBe('refund');
            } else if (action.kind === 'pay-declined' && pick) {
              const order = await createPaymentOrder(database.db, clock, provider, { bookingId: pick, userId, email: 'machine@example.com', method: 'upi' });
              await recordPaymentFailure(database.db, clock, 'sandbox', order.orderId, 'UPI payment failed. Please try again.');
            } else if (action.kind === 'cancel' && pick) {
              await cancelHold(database.db, pick, userId);
            } else if (action.kind === 'expire') {
              await sweepExpiredHolds(database.db, clock);
            } else if (action.kind === 'wait') {
              clock.advance(action.minutes * 60_000);
            }
          } catch (error) {
            // Refusals (sold out, hold expired, not held) are expected answers, not failures.
            if (!(error instanceof AppError) || error.status >= 500) throw error;
          }
          await checkInvariants();
        }
        const pays = await database.db.select().from(payments);
        expect(pays.filter((p) => p.status === 'refunding')).toHaveLength(0);
      }),
      { numRuns: 25 },
    );
  });
});
