import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatMapAnswer } from '../../src/core/seats';
import type { Itinerary } from '../../src/core/search';
import { type Database, openPostgres } from '../../src/db/client';
import { q, queryRows } from '../../src/db/raw';
import { flightInventory } from '../../src/db/schema';
import { createHold } from '../../src/domain/booking/holds';
import { worldCatalog } from '../../src/domain/booking/world-catalog';
import { signUpAndLogin } from '../support/auth';
import { ADULT, authed, confirmBooking, findItinerary, payOrder, sandboxPay } from '../support/booking';
import { expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, createScratchDatabase } from '../support/postgres';
import { createTestApp } from '../support/test-app';

type Node = Awaited<ReturnType<typeof createTestApp>>;

/** Runs `work` over `items` with at most `limit` at a time. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        const item = items[i];
        if (item !== undefined) out[i] = await work(item, i);
      }
    }),
  );
  return out;
}

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: seat races across two server nodes', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pools: Database[] = [];
  let nodes: Node[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    pools = [await openPostgres(scratch.url, { poolSize: 10 }), await openPostgres(scratch.url, { poolSize: 10 })];
    nodes = await Promise.all(pools.map((database) => createTestApp({ database })));
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
    await scratch?.drop();
  });

  const node = (i: number): Node => {
    const n = nodes[i % nodes.length];
    if (!n) throw new Error('no node');
    return n;
  };

  /** Invariants after every step: the books balance; no seat is held twice; each passenger has at most one seat per leg. */
  async function expectSeatsSound(db: Database['db']) {
    await expectInventoryBalanced(db);
    const twice = await queryRows<{ n: number }>(db, q`select count(*)::int as n from (select flight_id, seat from passenger_seats where released_at is null group by 1, 2 having count(*) > 1) x`);
    expect(twice[0]?.n).toBe(0);
    const paxTwice = await queryRows<{ n: number }>(db, q`select count(*)::int as n from (select passenger_id, leg_index from passenger_seats where released_at is null group by 1, 2 having count(*) > 1) x`);
    expect(paxTwice[0]?.n).toBe(0);
  }

  it('200 travellers picking among the last 30 free seats through two nodes: each seat given once, every loser told, then all confirmed with seats and counts that agree', async () => {
    const db = node(0).database.db;
    // A widebody economy cabin large enough for 200 holds.
    let itinerary: Itinerary | undefined;
    for (const to of ['LHR', 'JFK', 'SFO', 'FRA', 'SIN', 'DXB']) {
      const found = await findItinerary(node(0).app, { from: 'DEL', to, date: '2026-12-26', stops: 0 }).catch(() => undefined);
      const flight = found?.legs.length === 1 ? node(0).world.getFlight(found.legs[0]?.flightId ?? '') : undefined;
      if (found && flight && flight.capacity.economy >= 230 && found.legs[0]?.cabin === 'economy') {
        itinerary = found;
        break;
      }
    }
    if (!itinerary) throw new Error('no widebody flight found');
    const leg = itinerary.legs[0];
    if (!leg) throw new Error('no leg');
    const catalog = worldCatalog(node(0).world);
    await db.transaction((tx) => catalog.ensureInventory(tx, itinerary.legs));
    // Other travellers hold all but 200 seats.
    const row = and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, 'economy'));
    await db.update(flightInventory).set({ available: 200, held: 0, sold: sql`${flightInventory.capacity} - 200` }).where(row);
    const alice = await signUpAndLogin(node(0).app);
    const holds = await pooled(Array.from({ length: 200 }, (_, i) => i), 20, () =>
      createHold(db, node(0).clock, catalog, { userId: alice.user.id, itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true }),
    );
    await expectSeatsSound(db);

    const mapRes = await node(0).app.request(`/api/flights/${encodeURIComponent(leg.flightId)}/seat-map?cabin=economy`);
    const map = (await mapRes.json()) as SeatMapAnswer;
    expect(map.free).toBe(200);
    const last30 = map.seats.filter((s) => s.state === 'free' && s.zone === 'standard').slice(-30).map((s) => s.seat);
    // Standard seats: no exit row, so any adult may take them.
    expect(last30).toHaveLength(30);

    // Everyone at once, alternating nodes; traveller i wants seat i mod 30.
    const answers = await Promise.all(
      holds.map(async (h, i) => {
        const seat = last30[i % 30] ?? '';
        const res = await node(i).app.request(`/api/bookings/${h.booking.id}/seats`, {
          method: 'PUT',
          headers: authed(alice.cookie, { 'Idempotency-Key': `seat-race-${i}-${h.booking.id}` }),
          body: JSON.stringify({ choices: [{ passengerPosition: 0, legIndex: 0, seat }] }),
        });
        return { status: res.status, seat, bookingId: h.booking.id, body: (await res.json()) as { error?: { reason?: string; message: string }; seatMap?: SeatMapAnswer } };
      }),
    );
    const winners = answers.filter((a) => a.status === 200);
    const losers = answers.filter((a) => a.status !== 200);
    expect(winners).toHaveLength(30);
    expect(new Set(winners.map((w) => w.seat)).size).toBe(30);
    expect(losers).toHaveLength(170);
    for (const l of losers) {
      if (l.status !== 409) throw new Error(JSON.stringify(l.body.error));
      expect(l.body.error?.reason).toBe('seat-taken');
      expect(l.body.error?.message).toContain(l.seat);
      expect(l.body.seatMap?.seats.find((s) => s.seat === l.seat)?.state).toBe('held');
    }
    await expectSeatsSound(db);
    const chosen = await queryRows<{ booking_id: string; seat: string }>(db, q`select booking_id, seat from passenger_seats where flight_id = ${leg.flightId} and released_at is null`);
    expect(chosen).toHaveLength(30);
    for (const w of winners) expect(chosen.find((c) => c.booking_id === w.bookingId)?.seat).toBe(w.seat);
    // Seat counts agree with the inventory: free on the map = available + held passengers without a seat.
    const after = (await (await node(1).app.request(`/api/flights/${encodeURIComponent(leg.flightId)}/seat-map?cabin=economy`)).json()) as SeatMapAnswer;
    expect(after.free).toBe(170);
    expect(after.seats.filter((s) => s.state === 'held')).toHaveLength(30);

    // Everyone pays; those without a seat get a free one at confirmation, through both nodes.
    await pooled(holds, 16, async (h, i) => {
      const n = node(i);
      const order = await payOrder(n.app, alice.cookie, h.booking.id);
      const pay = await sandboxPay(n.app, order.orderId);
      const confirmed = await confirmBooking(n.app, alice.cookie, h.booking.id, pay.body);
      expect(confirmed.status).toBe(200);
    });
    await expectSeatsSound(db);
    const [inv] = await db.select().from(flightInventory).where(row);
    expect(inv?.sold).toBe(inv?.capacity);
    expect(inv?.held).toBe(0);
    const seated = await queryRows<{ booking_id: string; seat: string }>(db, q`select booking_id, seat from passenger_seats where flight_id = ${leg.flightId} and released_at is null`);
    expect(seated).toHaveLength(200);
    expect(new Set(seated.map((s) => s.seat)).size).toBe(200);
    for (const w of winners) expect(seated.find((c) => c.booking_id === w.bookingId)?.seat).toBe(w.seat);
    const passes = await queryRows<{ booking_id: string; seat: string }>(db, q`select booking_id, seat from boarding_passes where flight_id = ${leg.flightId} and voided_at is null`);
    expect(passes).toHaveLength(200);
    for (const p of passes) expect(seated.find((s) => s.booking_id === p.booking_id)?.seat).toBe(p.seat);
    const full = (await (await node(0).app.request(`/api/flights/${encodeURIComponent(leg.flightId)}/seat-map?cabin=economy`)).json()) as SeatMapAnswer;
    expect(full.free).toBe(0);
    expect(full.seats.filter((s) => s.state === 'safar')).toHaveLength(200);
    expect(full.seats.filter((s) => s.state === 'taken' || s.state === 'blocked')).toHaveLength((inv?.capacity ?? 0) - 200);
  }, 600_000);
});
