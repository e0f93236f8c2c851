import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView, PassengerInput } from '../../src/core/booking';
import type { Itinerary } from '../../src/core/search';
import type { Db } from '../../src/db/client';
import { executeRows } from '../../src/db/rows';
import { bookings, flightInventory, payments, refunds } from '../../src/db/schema';
import { cancelPassengers, cancellationQuote } from '../../src/domain/cancellations/cancel';
import { sendCancellationRefunds } from '../../src/domain/cancellations/refund-sender';
import { sweepExpiredHolds } from '../../src/domain/booking/expire';
import { worldCatalog } from '../../src/domain/booking/world-catalog';
import type { PaymentProvider } from '../../src/domain/payments/provider';
import { createSandboxProvider } from '../../src/domain/payments/sandbox';
import { DEV_SANDBOX_SECRET } from '../../src/server/config';
import { signUpAndLogin } from '../support/auth';
import { ADULT, CHILD, INFANT, bookAndPay, confirmBooking, findItinerary, payOrder, postBooking, sandboxPay } from '../support/booking';
import { expectCreditBalanced, expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

const ADULT2: PassengerInput = { ...ADULT, firstName: 'Priya', title: 'Ms', aadharCard: undefined, mobileNo: '9876543211' };

/**
 * The books of cancellations, checked after every step:
 * - every inventory row balances, and the Safar credit books balance (`CREDIT_BOOKS_SQL`); on the flights a test prepared, sold beyond the start =
 *   the seats of confirmed and partly cancelled bookings, held = the seats of held ones;
 * - each booking's segments hold exactly its seat-holding passengers still travelling;
 * - refund + retained = paid for every cancellation, and its refund rows add up to its refund (none lost);
 * - no payment is refunded beyond its amount;
 * - no seat is on two valid boarding passes, and no cancelled passenger has a valid one.
 */
async function expectBooks(db: Db, start: ReadonlyMap<string, number>) {
  await expectInventoryBalanced(db);
  await expectCreditBalanced(db);
  for (const [flightId, startSeats] of start) {
    const [inv] = await db.select().from(flightInventory).where(and(eq(flightInventory.flightId, flightId), eq(flightInventory.cabin, 'economy')));
    if (!inv) throw new Error(`no inventory for ${flightId}`);
    const [seats] = await executeRows<{ sold: number; held: number }>(
      db,
      sql`select coalesce(sum(s.seats) filter (where b.status in ('confirmed', 'partly_cancelled')), 0)::int as sold,
                 coalesce(sum(s.seats) filter (where b.status = 'held'), 0)::int as held
          from booking_segments s join bookings b on b.id = s.booking_id where s.flight_id = ${flightId} and s.cabin = 'economy'`,
    );
    expect(inv.sold - (inv.capacity - startSeats), `${flightId} sold`).toBe(seats?.sold);
    expect(inv.held, `${flightId} held`).toBe(seats?.held);
  }
  const [bad] = await executeRows<{ segments: number; quotes: number; lost: number; overpaid: number; passes: number; void: number }>(
    db,
    sql`select
      (select count(*) from booking_segments s join bookings b on b.id = s.booking_id
        where b.status in ('confirmed', 'partly_cancelled', 'cancelled') and b.confirmed_at is not null
          and s.seats <> (select count(*) from passengers p where p.booking_id = b.id and p.type <> 'infant' and p.cancelled_at is null))::int as segments,
      (select count(*) from cancellations c where c.refund_paise + c.retained_paise <> (c.quote->>'paidPaise')::int
          or c.refund_paise <> (c.quote->>'refundPaise')::int)::int as quotes,
      (select count(*) from cancellations c where c.refund_paise <> coalesce((select sum(r.amount_paise) from refunds r where r.cancellation_id = c.id), 0))::int as lost,
      (select count(*) from payments p where p.amount_paise < coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0))::int as overpaid,
      (select count(*) from (select flight_id, seat from boarding_passes where voided_at is null and seat <> 'INF' group by flight_id, seat having count(*) > 1) d)::int as passes,
      (select count(*) from boarding_passes bp join passengers p on p.id = bp.passenger_id where p.cancelled_at is not null and bp.voided_at is null)::int as void`,
  );
  expect(bad).toEqual({ segments: 0, quotes: 0, lost: 0, overpaid: 0, passes: 0, void: 0 });
}

/** The sandbox, counting the refunds it is asked to make. */
function countingSandbox(): PaymentProvider & { calls: Map<string, number> } {
  const sandbox = createSandboxProvider({ secret: DEV_SANDBOX_SECRET });
  const calls = new Map<string, number>();
  return {
    ...sandbox,
    calls,
    refund: async (input) => {
      calls.set(input.reference ?? 'none', (calls.get(input.reference ?? 'none') ?? 0) + 1);
      // A moment at the provider, so concurrent senders overlap.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return sandbox.refund(input);
    },
  };
}

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: cancellation races', () => {
  let database: Scratch;
  let node: Awaited<ReturnType<typeof createTestApp>>;
  const start = new Map<string, number>();
  const facts = { international: () => false };

  beforeAll(async () => {
    database = await openScratchPostgres(20);
    node = await createTestApp({ database });
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** An itinerary on a flight with `seats` left (the rest counted as sold), remembered for the books. */
  async function prepared(query: { from: string; to: string; date: string }, seats: number): Promise<Itinerary> {
    const itinerary = await findItinerary(node.app, query);
    await database.db.transaction((tx) => worldCatalog(node.world).ensureInventory(tx, itinerary.legs));
    for (const leg of itinerary.legs) {
      await database.db
        .update(flightInventory)
        .set({ available: seats, held: 0, sold: sql`${flightInventory.capacity} - ${seats}` })
        .where(and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, leg.cabin)));
      start.set(leg.flightId, seats);
    }
    return itinerary;
  }

  async function confirmed(cookie: string, itinerary: Itinerary, passengers: PassengerInput[]): Promise<BookingView> {
    const { confirm } = await bookAndPay(node.app, cookie, itinerary, passengers);
    if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
    return confirm.body.booking;
  }

  async function quoted(userId: string, bookingId: string, positions: number[]) {
    return (await cancellationQuote(database.db, node.clock, facts, userId, bookingId, positions)).quote.refundPaise;
  }

  it('two cancels of the same passengers at once: one cancels, the other finds them cancelled; one refund', async () => {
    const itinerary = await prepared({ from: 'DEL', to: 'BOM', date: '2026-12-26' }, 40);
    const { cookie, user } = await signUpAndLogin(node.app);
    for (let round = 0; round < 5; round += 1) {
      const booking = await confirmed(cookie, itinerary, [ADULT, ADULT2]);
      const refund = await quoted(user.id, booking.id, [1]);
      const request = { userId: user.id, bookingId: booking.id, passengers: [1], destination: 'original' as const, quotedRefundPaise: refund };
      const results = await Promise.allSettled([cancelPassengers(database.db, node.clock, facts, request), cancelPassengers(database.db, node.clock, facts, request)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(String((refused?.reason as Error).message)).toMatch(/not cancelled|cannot be cancelled/);
      expect(await database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
      await expectBooks(database.db, start);
    }
  });

  it('cancelling everyone twice at once, and the rest while another cancel runs: one outcome each, the booking ends cancelled', async () => {
    const itinerary = await prepared({ from: 'BOM', to: 'DEL', date: '2026-12-26' }, 40);
    const { cookie, user } = await signUpAndLogin(node.app);
    const booking = await confirmed(cookie, itinerary, [ADULT, CHILD, INFANT]);
    const first = await quoted(user.id, booking.id, [1]);
    const rest = await quoted(user.id, booking.id, [0, 2]);
    const results = await Promise.allSettled([
      cancelPassengers(database.db, node.clock, facts, { userId: user.id, bookingId: booking.id, passengers: [1], destination: 'original', quotedRefundPaise: first }),
      cancelPassengers(database.db, node.clock, facts, { userId: user.id, bookingId: booking.id, passengers: [0, 2], destination: 'original', quotedRefundPaise: rest }),
    ]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('cancelled');
    expect(row?.seatCount).toBe(0);
    await expectBooks(database.db, start);
  });

  it('a cancel racing a late second payment of the same booking: the cancellation refunds the captured payment, the late one is refunded whole', async () => {
    const itinerary = await prepared({ from: 'DEL', to: 'CCU', date: '2026-12-26' }, 40);
    const { cookie, user } = await signUpAndLogin(node.app);
    for (let round = 0; round < 4; round += 1) {
      const hold = await postBooking(node.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT, ADULT2], quotedTotal: 0, acceptPriceChange: true });
      const bookingId = hold.body.booking.id;
      // Two tabs: two orders, both paid at the gateway; the first confirms.
      const [a, b] = [await payOrder(node.app, cookie, bookingId), await payOrder(node.app, cookie, bookingId)];
      const payA = await sandboxPay(node.app, a.orderId);
      const payB = await sandboxPay(node.app, b.orderId);
      expect((await confirmBooking(node.app, cookie, bookingId, payA.body)).status).toBe(200);
      const refund = await quoted(user.id, bookingId, [0]);
      const [late, cancelled] = await Promise.all([
        confirmBooking(node.app, cookie, bookingId, payB.body),
        cancelPassengers(database.db, node.clock, facts, { userId: user.id, bookingId, passengers: [0], destination: 'original', quotedRefundPaise: refund }),
      ]);
      expect(late.status).toBe(409);
      expect(cancelled.answer.refunds.reduce((n, r) => n + r.amountPaise, 0)).toBe(refund);
      const [lateRow] = await database.db.select().from(payments).where(eq(payments.providerOrderId, b.orderId));
      expect(['refunding', 'refunded']).toContain(lateRow?.status);
      // The late payment is never also refunded through the cancellation.
      expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, lateRow?.id ?? ''))).toHaveLength(0);
      await expectBooks(database.db, start);
    }
  });

  it('cancellations racing the hold sweeper on the same flight: every seat accounted for', async () => {
    const itinerary = await prepared({ from: 'HYD', to: 'DEL', date: '2026-12-26' }, 60);
    const { cookie, user } = await signUpAndLogin(node.app);
    const booked: BookingView[] = [];
    for (let i = 0; i < 6; i += 1) booked.push(await confirmed(cookie, itinerary, [ADULT, ADULT2]));
    for (let i = 0; i < 8; i += 1) await postBooking(node.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT, CHILD], quotedTotal: 0, acceptPriceChange: true });
    const requests = await Promise.all(
      booked.map(async (b, i) => ({ userId: user.id, bookingId: b.id, passengers: [i % 2], destination: 'original' as const, quotedRefundPaise: await quoted(user.id, b.id, [i % 2]) })),
    );
    node.clock.advance(10 * 60_000 + 1);
    try {
      const [swept, ...outcomes] = await Promise.all([
        sweepExpiredHolds(database.db, node.clock),
        ...requests.map((r) => cancelPassengers(database.db, node.clock, facts, r)),
        sweepExpiredHolds(database.db, node.clock, 3),
      ]);
      expect(outcomes.filter((o) => 'answer' in o)).toHaveLength(6);
      expect(swept).toBeDefined();
      await sweepExpiredHolds(database.db, node.clock);
    } finally {
      node.clock.advance(-(10 * 60_000 + 1));
    }
    await expectBooks(database.db, start);
  });

  it('many cancels in parallel on one flight, refunds sent by two nodes at once: each refund sent exactly once, none lost', async () => {
    const itinerary = await prepared({ from: 'BLR', to: 'DEL', date: '2026-12-26' }, 120);
    const travellers = await Promise.all(Array.from({ length: 4 }, () => signUpAndLogin(node.app)));
    const booked: { userId: string; booking: BookingView }[] = [];
    for (let i = 0; i < 24; i += 1) {
      const t = travellers[i % travellers.length];
      if (!t) continue;
      booked.push({ userId: t.user.id, booking: await confirmed(t.cookie, itinerary, i % 3 === 0 ? [ADULT, ADULT2] : [ADULT]) });
    }
    const requests = await Promise.all(
      booked.map(async ({ userId, booking }) => {
        const positions = booking.passengers.length === 2 ? [1] : [0];
        return { userId, bookingId: booking.id, passengers: positions, destination: 'original' as const, quotedRefundPaise: await quoted(userId, booking.id, positions) };
      }),
    );
    const outcomes = await Promise.all(requests.map((r) => cancelPassengers(database.db, node.clock, facts, r)));
    await expectBooks(database.db, start);
    const ids = outcomes.flatMap((o) => o.refundIds);
    expect(ids.length).toBe(24);
    const provider = countingSandbox();
    const [a, b] = await Promise.all([sendCancellationRefunds(database.db, node.clock, provider), sendCancellationRefunds(database.db, node.clock, provider, { limit: 7 })]);
    await sendCancellationRefunds(database.db, node.clock, provider);
    expect(a.completed + b.completed).toBeGreaterThan(0);
    for (const id of ids) expect(provider.calls.get(id), id).toBe(1);
    const [open] = await executeRows<{ n: number }>(database.db, sql`select count(*)::int as n from refunds where id = any(${`{${ids.join(',')}}`}::uuid[]) and status <> 'completed'`);
    expect(open?.n).toBe(0);
    await expectBooks(database.db, start);
  });

  it('a refund the provider refuses stays requested with its error and goes out on a later run, once', async () => {
    const itinerary = await prepared({ from: 'MAA', to: 'DEL', date: '2026-12-26' }, 20);
    const { cookie, user } = await signUpAndLogin(node.app);
    const booking = await confirmed(cookie, itinerary, [ADULT]);
    const { refundIds } = await cancelPassengers(database.db, node.clock, facts, {
      userId: user.id,
      bookingId: booking.id,
      passengers: [0],
      destination: 'original',
      quotedRefundPaise: await quoted(user.id, booking.id, [0]),
    });
    const down: PaymentProvider = { ...createSandboxProvider({ secret: DEV_SANDBOX_SECRET }), refund: () => Promise.reject(new Error('provider down')) };
    await sendCancellationRefunds(database.db, node.clock, down, { ids: refundIds });
    const [failed] = await database.db.select().from(refunds).where(eq(refunds.id, refundIds[0] ?? randomUUID()));
    expect(failed).toMatchObject({ status: 'requested', lastError: 'provider down', attempts: 1 });
    // Not before its back-off.
    const provider = countingSandbox();
    await sendCancellationRefunds(database.db, node.clock, provider);
    expect(provider.calls.get(refundIds[0] ?? '')).toBeUndefined();
    node.clock.advance(10 * 60_000);
    try {
      await sendCancellationRefunds(database.db, node.clock, provider);
    } finally {
      node.clock.advance(-10 * 60_000);
    }
    expect(provider.calls.get(refundIds[0] ?? '')).toBe(1);
    const [done] = await database.db.select().from(refunds).where(eq(refunds.id, refundIds[0] ?? randomUUID()));
    expect(done?.status).toBe('completed');
    await expectBooks(database.db, start);
  });
});
