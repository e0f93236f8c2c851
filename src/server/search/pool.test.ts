import { brotliDecompressSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../core/clock';
import type { CompactSearchResponse, SearchQuery } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import { type Database, openPglite, wrapPglite } from '../../db/client';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, findItinerary, postBooking } from '../../../tests/support/booking';
import { openFromTemplate } from '../../../tests/support/pglite-template';
import { InventoryView } from '../../domain/inventory/view';
import { inventoryDatesFor } from '../../domain/search/search-flights';
import { dayNumber, isoDate } from '../../domain/world/time';
import { createWorld } from '../../domain/world/world';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createAppDeps } from '../deps';
import { silentLogger } from '../logger';
import { createSearchPool } from './pool';
import { type Searcher, inThreadSearcher } from './searcher';

const world = createWorld();
const NOW = new Date('2026-11-21T06:30:00Z');
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
let client: PGlite;
let database: Database;
let inventory: InventoryView;
let pool: Searcher;
let local: Searcher;

const PAIRS = [['DEL', 'BOM'], ['BOM', 'BLR'], ['IXM', 'IXJ'], ['DEL', 'LHR'], ['GOI', 'CCU'], ['HYD', 'MAA'], ['AGX', 'PYG']] as const;
const DATES = ['2026-11-21', '2026-11-25', '2026-12-10'];
const query = (from: string, to: string, date: string, adults = 1): SearchQuery => ({ from, to, date, cabin: 'economy', adults, children: 0, infants: 0 });

beforeAll(async () => {
  client = await openFromTemplate();
  database = wrapPglite(client);
  inventory = new InventoryView();
  for (const date of DATES) await inventory.ensureDates(database.db, inventoryDatesFor(date));
  // Rows known before the pool starts reach the workers through their seed.
  inventory.applyChange('6E1036@2026-12-10', 'economy', { available: 4, held: 0, sold: 182 });
  pool = createSearchPool({ size: 2, seed: world.seed, scale: world.scale, inventory });
  local = inThreadSearcher(world, inventory);
});
afterAll(async () => {
  await pool.close();
  await database.close();
});

describe('search worker pool', () => {
  it('answers with the same bytes as the serving thread, whichever worker serves', async () => {
    for (const [from, to] of PAIRS) {
      for (const date of DATES) {
        for (const adults of [1, 3]) {
          const q = query(from, to, date, adults);
          const expected = await local.answer(q, NOW, 'identity');
          // Two at once: the second goes to the other (less busy) worker.
          const [a, b] = await Promise.all([pool.answer(q, NOW, 'identity'), pool.answer(q, NOW, 'identity')]);
          expect(text(a.bytes)).toBe(text(expected.bytes));
          expect(text(b.bytes)).toBe(text(expected.bytes));
          const br = await pool.answer(q, NOW, 'br');
          if (br.encoding === 'br') expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(text(expected.bytes));
        }
      }
    }
  });

  it('drops a booked-out flight from the very next search on every worker', async () => {
    const q = query('DEL', 'BOM', '2026-12-10');
    const before = expandSearchResponse(JSON.parse(text((await pool.answer(q, NOW, 'identity')).bytes)) as CompactSearchResponse);
    const direct = before.itineraries.find((i) => i.stops === 0 && i.seatsLeft === null);
    const flightId = direct?.legs[0]?.flightId;
    if (!flightId) throw new Error('no direct flight');
    // What the booking path does after it commits the last seats.
    inventory.applyChange(flightId, 'economy', { available: 0, held: 2, sold: 184 });
    const answers = await Promise.all([pool.answer(q, NOW, 'identity'), pool.answer(q, NOW, 'identity'), pool.answer(q, NOW, 'identity')]);
    for (const answer of answers) {
      const after = JSON.parse(text(answer.bytes)) as CompactSearchResponse;
      expect(after.itineraries.some((i) => i.legs.some(([legFlightId]) => legFlightId === flightId))).toBe(false);
      expect(text(answer.bytes)).toBe(text((await local.answer(q, NOW, 'identity')).bytes));
    }
  });

  it('a booking that takes the last seats removes the flight from the next search on every worker', async () => {
    const clock = createFixedClock(NOW.toISOString());
    const app = createApp({ ...createAppDeps({ database, clock, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), logger: silentLogger, world, inventory }), search: pool });
    const itinerary = await findItinerary(app, { from: 'BOM', to: 'BLR', date: '2026-11-25' });
    const flightId = itinerary.legs[0]?.flightId ?? '';
    const capacity = world.getFlight(flightId)?.capacity.economy ?? 0;
    // Another node sold all but two seats; this node learns it from its refresh.
    await client.query(
      `insert into flight_inventory (flight_id, cabin, departure_date, capacity, available, held, sold) values ($1, 'economy', '2026-11-25', $2, 2, 0, $3)
       on conflict (flight_id, cabin) do update set available = 2, held = 0, sold = excluded.sold, updated_at = now()`,
      [flightId, capacity, capacity - 2],
    );
    await inventory.refresh(database.db);
    const url = '/api/search?from=BOM&to=BLR&date=2026-11-25';
    const seen = expandSearchResponse(JSON.parse(text((await pool.answer(query('BOM', 'BLR', '2026-11-25'), NOW, 'identity')).bytes)) as CompactSearchResponse);
    expect(seen.itineraries.find((i) => i.legs[0]?.flightId === flightId)?.seatsLeft).toBe(2);
    const { cookie } = await signUpAndLogin(app);
    const hold = await postBooking(app, cookie, { itineraryId: itinerary.id, passengers: [ADULT, { ...ADULT, firstName: 'Priya' }], quotedTotal: itinerary.price.total.total * 2, acceptPriceChange: true });
    expect(hold.status).toBe(201);
    // The next searches, served by both workers at once over HTTP, no longer offer it.
    const answers = await Promise.all([app.request(url), app.request(url), app.request(`${url}&adults=1`)]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      const body = (await res.json()) as CompactSearchResponse;
      expect(body.itineraries.length).toBeGreaterThan(0);
      expect(body.itineraries.some((i) => i.legs.some(([legFlightId]) => legFlightId === flightId))).toBe(false);
    }
  });

  it('answers a search while the database is held busy by an open transaction', async () => {
    const clock = createFixedClock(NOW.toISOString());
    const app = createApp({ ...createAppDeps({ database, clock, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), logger: silentLogger, world, inventory }), search: pool });
    let release = () => {};
    let inTransaction = () => {};
    const entered = new Promise<void>((resolve) => (inTransaction = resolve));
    let released = false;
    const transaction = client.transaction(async (tx) => {
      await tx.query("update flight_inventory set updated_at = now() where flight_id = '6E1036@2026-12-10'");
      inTransaction();
      await new Promise<void>((resolve) => (release = resolve));
      released = true;
    });
    await entered;
    // A query behind the open transaction waits for it…
    let queued = false;
    const waiting = client.query('select 1').then(() => (queued = true));
    const res = await app.request('/api/search?from=DEL&to=BOM&date=2026-12-10&adults=2');
    // …the search does not: it answers while the transaction is still open.
    expect(res.status).toBe(200);
    expect(released).toBe(false);
    expect(queued).toBe(false);
    const body = (await res.json()) as CompactSearchResponse;
    expect(body.itineraries.length).toBeGreaterThan(50);
    release();
    await transaction;
    await waiting;
    expect(queued).toBe(true);
  });

  it('runs pricing tasks (Explore, recommendations, fare calendars) with the same results as the serving thread', async () => {
    // Every date the tasks read: the 60-day windows from NOW, and a day either side.
    const first = dayNumber('2026-11-20');
    await inventory.ensureDates(database.db, Array.from({ length: 65 }, (_, k) => isoDate(first + k)));
    const now = NOW.getTime();
    const fares = { kind: 'lowestFares' as const, query: { from: 'DEL', to: 'BOM', cabin: 'economy' as const, dates: ['2026-11-21', '2026-11-25', '2026-12-10'] }, now };
    const expectedFares = await local.price(fares);
    expect(expectedFares.every((f) => f !== null && f > 0)).toBe(true);
    expect(await pool.price(fares)).toEqual(expectedFares);
    const routes = await local.price({ kind: 'exploreRoutes', now });
    expect(routes.length).toBeGreaterThan(10);
    expect(await pool.price({ kind: 'exploreRoutes', now })).toEqual(routes);
  });

  it('answers a search between the steps of a long pricing task in the same worker', async () => {
    const single = createSearchPool({ size: 1, seed: world.seed, scale: world.scale, inventory });
    try {
      let priced = false;
      // Recommendations from Delhi: about 1,800 searches.
      const pricing = single.price({ kind: 'destinations', origin: 'DEL', now: NOW.getTime() }).then((value) => {
        priced = true;
        return value;
      });
      const q = query('DEL', 'BOM', '2026-12-10');
      const answer = await single.answer(q, NOW, 'identity');
      expect(priced).toBe(false);
      expect(text(answer.bytes)).toBe(text((await local.answer(q, NOW, 'identity')).bytes));
      const destinations = await pricing;
      expect(destinations.length).toBeGreaterThan(5);
      expect(destinations).toEqual(await local.price({ kind: 'destinations', origin: 'DEL', now: NOW.getTime() }));
    } finally {
      await single.close();
    }
  });

  it('answers a search while the database thread is busy running a long statement', async () => {
    // The server's arrangement: PGlite in its own thread, searches in the workers.
    const threaded = await openPglite(undefined, { thread: true });
    try {
      const view = new InventoryView();
      await view.ensureDates(threaded.db, inventoryDatesFor('2026-12-10'));
      const clock = createFixedClock(NOW.toISOString());
      const app = createApp({ ...createAppDeps({ database: threaded, clock, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), logger: silentLogger, world, inventory: view }), search: pool });
      let finished = false;
      // A statement that keeps the database busy for a second or more (a big report, a batch job).
      const busy = threaded.db.execute(sql`select count(*) from generate_series(1, 6000000)`).then(() => (finished = true));
      const res = await app.request('/api/search?from=DEL&to=BOM&date=2026-12-10&adults=3');
      expect(res.status).toBe(200);
      expect(finished).toBe(false);
      expect(((await res.json()) as CompactSearchResponse).itineraries.length).toBeGreaterThan(50);
      await busy;
    } finally {
      await threaded.close();
    }
    // Booting PGlite in its own thread and migrating it takes most of this test's time (tens of seconds on a loaded machine).
  }, 90_000);
});
