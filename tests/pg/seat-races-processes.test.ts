import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock';
import type { SeatMapAnswer } from '../../src/core/seats';
import type { Itinerary } from '../../src/core/search';
import { type Database, openPostgres } from '../../src/db/client';
import { q, queryRows } from '../../src/db/raw';
import { executeRows } from '../../src/db/rows';
import { flightInventory } from '../../src/db/schema';
import { createHold } from '../../src/domain/booking/holds';
import { worldCatalog } from '../../src/domain/booking/world-catalog';
import { createWorld } from '../../src/domain/world/world';
import { loadConfig } from '../../src/server/config';
import { type ServerProcess, buildServer, serverProcess } from '../crash/harness';
import { TEST_PASSWORD, sessionCookieFrom, signUpAndLogin } from '../support/auth';
import { ADULT, authed, confirmBooking, findItinerary, payOrder, sandboxPay } from '../support/booking';
import { expectInventoryBalanced } from '../support/books';
import { freePorts } from '../support/ports';
import { TEST_DATABASE_URL, createScratchDatabase } from '../support/postgres';
import { TEST_ORIGIN } from '../support/test-app';

/**
 * Issue 27 point 11 through two operating-system processes: two `node` servers (the bundled
 * server, started as the crash suite starts it) on one PostgreSQL scratch database.
 * - 200 travellers pick among the last 30 free seats of a flight at once, alternating servers:
 *   each seat is given once, every loser is told (409 seat-taken naming the seat, with the map
 *   as it is now), and the seat map's counts agree with the inventory.
 * - All 200 pay and are confirmed (a free seat for those without one), then check in at once
 *   through both servers with their clocks moved inside the window (the test-only clock route):
 *   sequence numbers are unique per flight and never above the flight's counter (gaps allowed),
 *   and a replay of the same Idempotency-Key on the other server answers the same number.
 */

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

/** One adult with a passport (the flights are international). */
const CHECK_IN = { legIndex: 0, passengers: [{ position: 0, documents: { passportNumber: 'K1234567', nationality: 'IN', expiresOn: '2031-05-20' } }] };

/** A server process answering like an in-process app (`app.request(path, init)`), for the test helpers. */
const over = (server: ServerProcess) => ({ request: (path: string, init?: RequestInit) => fetch(`${server.origin}${path}`, init) });

// Skipped only where no PostgreSQL is configured.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: seat races and check-ins through two server processes', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  let servers: ServerProcess[] = [];
  let database: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    bundle = await buildServer(`seat-race-processes-${process.pid}`);
    const [first = 0, second = 0] = await freePorts(2);
    // One passport key for both (as every node of a deployment shares it), and a data folder of the run's own.
    const env = {
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: '8',
      TEST_CLOCK_CONTROL: 'true',
      ALLOWED_ORIGINS: TEST_ORIGIN,
      DOCUMENTS_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: path.join(path.dirname(bundle.entry), 'data'),
    };
    servers = [serverProcess(bundle.entry, first, env), serverProcess(bundle.entry, second, env)];
    // One after the other: the first applies the migrations.
    for (const server of servers) await server.start();
    database = await openPostgres(scratch.url, { migrate: false, poolSize: 6 });
  }, 300_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.close();
    await bundle?.remove();
    await scratch?.drop();
  }, 60_000);

  const server = (i: number) => {
    const s = servers[i % servers.length];
    if (!s) throw new Error('no server');
    return over(s);
  };

  async function expectSeatsSound() {
    const db = database.db;
    await expectInventoryBalanced(db);
    const [twice] = await queryRows<{ n: number }>(db, q`select count(*)::int as n from (select flight_id, seat from passenger_seats where released_at is null group by 1, 2 having count(*) > 1) x`);
    expect(twice?.n).toBe(0);
    const [paxTwice] = await queryRows<{ n: number }>(db, q`select count(*)::int as n from (select passenger_id, leg_index from passenger_seats where released_at is null group by 1, 2 having count(*) > 1) x`);
    expect(paxTwice?.n).toBe(0);
  }

  it('200 travellers, the last 30 seats, two processes: no seat twice, every loser told, counts agree; then 200 concurrent check-ins with unique sequence numbers', async () => {
    const db = database.db;
    const world = createWorld({ seed: loadConfig({}).WORLD_SEED });
    const catalog = worldCatalog(world);
    // A widebody economy cabin a month ahead, large enough for 200 holds.
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    let itinerary: Itinerary | undefined;
    for (const to of ['LHR', 'JFK', 'SFO', 'FRA', 'SIN', 'DXB']) {
      const found = await findItinerary(server(0), { from: 'DEL', to, date, stops: 0 }).catch(() => undefined);
      const flight = found?.legs.length === 1 ? world.getFlight(found.legs[0]?.flightId ?? '') : undefined;
      if (found && flight && flight.capacity.economy >= 230 && found.legs[0]?.cabin === 'economy') {
        itinerary = found;
        break;
      }
    }
    if (!itinerary) throw new Error('no widebody flight found');
    const leg = itinerary.legs[0];
    if (!leg) throw new Error('no leg');
    await db.transaction((tx) => catalog.ensureInventory(tx, itinerary.legs));
    const row = and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, 'economy'));
    await db.update(flightInventory).set({ available: 200, held: 0, sold: sql`${flightInventory.capacity} - 200` }).where(row);
    const alice = await signUpAndLogin(server(0));
    const holds = await pooled(Array.from({ length: 200 }, (_, i) => i), 16, () =>
      createHold(db, systemClock, catalog, { userId: alice.user.id, itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true }),
    );
    await expectSeatsSound();

    const map = (await (await server(1).request(`/api/flights/${encodeURIComponent(leg.flightId)}/seat-map?cabin=economy`)).json()) as SeatMapAnswer;
    expect(map.free).toBe(200);
    const last30 = map.seats.filter((s) => s.state === 'free' && s.zone === 'standard').slice(-30).map((s) => s.seat);
    expect(last30).toHaveLength(30);

    // Everyone at once, alternating processes; traveller i wants seat i mod 30.
    const answers = await Promise.all(
      holds.map(async (h, i) => {
        const seat = last30[i % 30] ?? '';
        const res = await server(i).request(`/api/bookings/${h.booking.id}/seats`, {
          method: 'PUT',
          headers: authed(alice.cookie, { 'Idempotency-Key': randomUUID() }),
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
      expect(l.body.error?.message).toBe(`Seat ${l.seat} was just taken by someone else. The seat map is refreshed: please pick another seat.`);
      expect(l.body.seatMap?.seats.find((s) => s.seat === l.seat)?.state).toBe('held');
    }
    await expectSeatsSound();
    const after = (await (await server(0).request(`/api/flights/${encodeURIComponent(leg.flightId)}/seat-map?cabin=economy`)).json()) as SeatMapAnswer;
    expect(after.free).toBe(170);
    expect(after.seats.filter((s) => s.state === 'held')).toHaveLength(30);

    // Everyone pays through both processes; those without a seat get a free one at confirmation.
    await pooled(holds, 16, async (h, i) => {
      const s = server(i);
      const order = await payOrder(s, alice.cookie, h.booking.id);
      const pay = await sandboxPay(s, order.orderId);
      expect((await confirmBooking(s, alice.cookie, h.booking.id, pay.body)).status).toBe(200);
    });
    await expectSeatsSound();
    const [inv] = await db.select().from(flightInventory).where(row);
    expect(inv?.sold).toBe(inv?.capacity);
    expect(inv?.held).toBe(0);
    const seated = await queryRows<{ booking_id: string; seat: string }>(db, q`select booking_id, seat from passenger_seats where flight_id = ${leg.flightId} and released_at is null`);
    expect(seated).toHaveLength(200);
    expect(new Set(seated.map((s) => s.seat)).size).toBe(200);
    for (const w of winners) expect(seated.find((c) => c.booking_id === w.bookingId)?.seat).toBe(w.seat);

    // Both servers' clocks a day before departure (inside every window), reset afterwards.
    const offsetMs = Date.parse(leg.departure) - 24 * 3_600_000 - Date.now();
    const setClocks = (ms: number) => Promise.all(servers.map((_, i) => server(i).request('/api/test/clock', { method: 'PUT', headers: authed(alice.cookie), body: JSON.stringify({ offsetMs: ms }) })));
    try {
      for (const res of await setClocks(offsetMs)) expect(res.status).toBe(200);
      // A month on, the traveller signs in again (sessions lapse).
      const login = await server(0).request('/api/auth/login', { method: 'POST', headers: authed(''), body: JSON.stringify({ email: alice.user.email, password: TEST_PASSWORD }) });
      expect(login.status).toBe(200);
      const cookie = sessionCookieFrom(login) ?? '';
      const keys = holds.map(() => randomUUID());
      const checkIns = await Promise.all(
        holds.map(async (h, i) => {
          const res = await server(i).request(`/api/bookings/${h.booking.id}/check-in`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': keys[i] ?? '' }), body: JSON.stringify(CHECK_IN) });
          return { status: res.status, body: (await res.json()) as { passes?: { sequence: number | null; seat: string }[]; error?: unknown } };
        }),
      );
      for (const c of checkIns) if (c.status !== 201) throw new Error(JSON.stringify(c.body.error));
      const sequences = checkIns.map((c) => c.body.passes?.[0]?.sequence ?? 0);
      expect(sequences.every((n) => n > 0)).toBe(true);
      expect(new Set(sequences).size).toBe(200);
      // Replays of every tenth key on the other process answer the same number.
      for (let i = 0; i < holds.length; i += 10) {
        const res = await server(i + 1).request(`/api/bookings/${holds[i]?.booking.id ?? ''}/check-in`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': keys[i] ?? '' }), body: JSON.stringify(CHECK_IN) });
        expect(res.status).toBe(201);
        expect(((await res.json()) as { passes: { sequence: number }[] }).passes[0]?.sequence).toBe(sequences[i]);
      }
      const [books] = await executeRows<{ passes: number; distinct_sequences: number; above_counter: number; seats_twice: number; counter: number }>(
        db,
        sql`select
          (select count(*) from boarding_passes where flight_id = ${leg.flightId} and voided_at is null and checked_in_at is not null)::int as passes,
          (select count(distinct sequence) from boarding_passes where flight_id = ${leg.flightId} and voided_at is null and checked_in_at is not null)::int as distinct_sequences,
          (select count(*) from boarding_passes bp join check_in_sequences c on c.flight_id = bp.flight_id where bp.flight_id = ${leg.flightId} and bp.sequence > c.last_sequence)::int as above_counter,
          (select count(*) from (select seat from boarding_passes where flight_id = ${leg.flightId} and voided_at is null group by seat having count(*) > 1) d)::int as seats_twice,
          (select last_sequence from check_in_sequences where flight_id = ${leg.flightId})::int as counter`,
      );
      expect(books).toMatchObject({ passes: 200, distinct_sequences: 200, above_counter: 0, seats_twice: 0 });
      expect(books?.counter).toBeGreaterThanOrEqual(200);
    } finally {
      await setClocks(0);
    }
    await expectSeatsSound();
  }, 600_000);
});
