import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassengerInput } from '../../core/booking';
import { createFixedClock } from '../../core/clock';
import { AppError } from '../../core/errors';
import { type Database, wrapPglite } from '../../db/client';
import { bookings, payments, users } from '../../db/schema';
import { expectSeatsMatchBookings, resetOneFlight } from '../../../tests/support/books';
import { openFromTemplate } from '../../../tests/support/pglite-template';
import type { Clock } from '../../core/clock';
import { type CheckoutService, RECONCILE_AFTER_MS, createCheckoutService } from '../checkout/service';
import { createWorld } from '../world/world';
import { worldCatalog } from './world-catalog';

/**
 * Property test of the booking state machine, driven through the checkout service: random
 * sequences of hold / pay / pay in two shares / failed pay / late pay / abandoned pay (the
 * gateway took the money, the browser never came back) / webhook delivery / reconciliation /
 * expire / cancel keep the books straight after every step:
 * available + held + sold = capacity, available ≥ 0, held = seats of live holds,
 * sold = seats of confirmed bookings, captured money of a confirmed booking is its total and of a
 * held booking less than it, none elsewhere. After the dust settles, every payment the gateway
 * took ends in exactly one of a confirmed booking or a refund.
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
  | { kind: 'pay-abandoned'; pick: number }
  | { kind: 'pay-shares'; pick: number; wait: number }
  | { kind: 'webhooks' }
  | { kind: 'reconcile' }
  | { kind: 'cancel'; pick: number }
  | { kind: 'expire' }
  | { kind: 'wait'; minutes: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom<PassengerInput[]>([ADULT], [ADULT, ADULT], [ADULT, CHILD, INFANT], [ADULT, ADULT, CHILD]).map((party) => ({ kind: 'hold' as const, party })),
  fc.nat(20).map((pick) => ({ kind: 'pay' as const, pick })),
  fc.nat(20).map((pick) => ({ kind: 'pay-late' as const, pick })),
  fc.nat(20).map((pick) => ({ kind: 'pay-declined' as const, pick })),
  fc.nat(20).map((pick) => ({ kind: 'pay-abandoned' as const, pick })),
  fc.tuple(fc.nat(20), fc.integer({ min: 0, max: 12 })).map(([pick, wait]) => ({ kind: 'pay-shares' as const, pick, wait })),
  fc.constant({ kind: 'webhooks' as const }),
  fc.constant({ kind: 'reconcile' as const }),
  fc.nat(20).map((pick) => ({ kind: 'cancel' as const, pick })),
  fc.constant({ kind: 'expire' as const }),
  fc.integer({ min: 1, max: 6 }).map((minutes) => ({ kind: 'wait' as const, minutes })),
);

let database: Database;
const world = createWorld();
const catalog = worldCatalog(world);

function checkoutAt(clock: Clock): CheckoutService {
  return createCheckoutService({
    db: database.db,
    clock,
    catalog,
    inventory: { applyChange: () => {} },
    logger: { info: () => {}, warn: () => {} },
    settings: { sandboxSecret: 'state-machine-secret', sandboxSecretConfigured: true, production: false, upiSuccessRate: 0.9, holdMs: 10 * 60_000 },
  });
}

const CARD = { number: '4111111111111111', expiry: '12/30', cvv: '123', name: 'R S' };
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

async function checkInvariants() {
  const db = database.db;
  const all = await expectSeatsMatchBookings(db, flightId, START_SEATS);
  const pays = await db.select().from(payments);
  const captured = (bookingId: string) => pays.filter((p) => p.bookingId === bookingId && p.status === 'captured').reduce((n, p) => n + p.amountPaise, 0);
  for (const p of pays.filter((x) => x.status === 'captured')) expect(['confirmed', 'held']).toContain(all.find((b) => b.id === p.bookingId)?.status);
  for (const b of all.filter((x) => x.status === 'confirmed')) expect(captured(b.id)).toBe(b.totalInr * 100);
  for (const b of all.filter((x) => x.status === 'held')) expect(captured(b.id)).toBeLessThan(b.totalInr * 100);
}

describe('booking state machine (PGlite, real world and fares)', () => {
  it('random hold/pay/share/fail/abandon/reconcile/expire/cancel sequences keep the invariants', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 14 }), async (actions) => {
        await resetOneFlight(database.db, world, flightId, START_SEATS);
        const clock = createFixedClock('2026-11-21T06:30:00Z');
        const checkout = checkoutAt(clock);
        const ids: string[] = [];
        /** Order → sandbox gateway → (unless abandoned) the verified callback. */
        const pay = async (bookingId: string, options: { amountPaise?: number; abandon?: boolean; late?: boolean } = {}) => {
          const { order } = await checkout.createOrder({ bookingId, userId, email: 'machine@example.com', method: 'card', amountPaise: options.amountPaise });
          const paid = await checkout.sandboxPay({ orderId: order.orderId, method: 'card', card: CARD });
          if (!paid.ok || options.abandon) return null;
          if (options.late) clock.advance(11 * 60_000);
          return checkout.settle({ provider: 'sandbox', orderId: order.orderId, paymentId: paid.result.paymentId });
        };
        for (const action of actions) {
          const pick = 'pick' in action ? ids[action.pick % Math.max(ids.length, 1)] : undefined;
          try {
            if (action.kind === 'hold') {
              const booking = await checkout.hold({ userId, itineraryId, passengers: action.party, quotedTotal: 0, acceptPriceChange: true });
              ids.push(booking.id);
            } else if ((action.kind === 'pay' || action.kind === 'pay-late') && pick) {
              const outcome = await pay(pick, { late: action.kind === 'pay-late' });
              if (action.kind === 'pay-late') expect(outcome?.kind).toBe('refund');
            } else if (action.kind === 'pay-abandoned' && pick) {
              await pay(pick, { abandon: true });
            } else if (action.kind === 'pay-shares' && pick) {
              const [row] = await database.db.select().from(bookings).where(eq(bookings.id, pick));
              const total = (row?.totalInr ?? 0) * 100;
              const first = Math.floor(total / 2);
              const one = await pay(pick, { amountPaise: first });
              if (one?.kind === 'share-captured') expect(one.duePaise).toBe(total - first);
              clock.advance(action.wait * 60_000);
              await pay(pick, { amountPaise: total - first });
            } else if (action.kind === 'pay-declined' && pick) {
              const { order } = await checkout.createOrder({ bookingId: pick, userId, email: 'machine@example.com', method: 'upi' });
              const paid = await checkout.sandboxPay({ orderId: order.orderId, method: 'upi', upiId: 'failure@sandbox' });
              expect(paid.ok).toBe(false);
            } else if (action.kind === 'cancel' && pick) {
              await checkout.cancel(userId, pick);
            } else if (action.kind === 'expire') {
              await checkout.sweepHolds();
              await checkout.sendRefunds();
            } else if (action.kind === 'webhooks') {
              clock.advance(5_000);
              await checkout.deliverSandboxWebhooks();
            } else if (action.kind === 'reconcile') {
              clock.advance(RECONCILE_AFTER_MS + 1);
              await checkout.reconcile();
            } else if (action.kind === 'wait') {
              clock.advance(action.minutes * 60_000);
            }
          } catch (error) {
            // Refusals (sold out, hold expired, not held, already paid) are expected answers, not failures.
            if (!(error instanceof AppError) || error.status >= 500) throw error;
          }
          await checkInvariants();
        }
        // Let every hold die and every job run: no money may be left in flight.
        clock.advance(60 * 60_000);
        await checkout.deliverSandboxWebhooks();
        await checkout.reconcile();
        await checkout.sweepHolds();
        await checkout.sendRefunds();
        await checkInvariants();
        const pays = await database.db.select().from(payments);
        const all = await database.db.select().from(bookings);
        for (const p of pays) {
          if (p.status === 'created') continue; // never paid at the gateway
          const booking = all.find((b) => b.id === p.bookingId);
          if (p.status === 'captured') expect(booking?.status).toBe('confirmed');
          else expect(p.status).toBe('refunded');
        }
      }),
      { numRuns: 25 },
    );
    // Each run is a few dozen transactions; the default 30 s is too tight on a loaded machine.
  }, 600_000);
});
