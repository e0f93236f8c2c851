// Where a booking's cost goes, in process (no HTTP, no load generator): SQL statements and Node CPU
// per booking on PostgreSQL, for the same 4-request flow `booking.mjs` drives over HTTP.
// Usage: npx tsx scripts/bench/booking-profile.ts [bookings]   (PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL)
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { systemClock } from '../../src/core/clock';
import type { Itinerary } from '../../src/core/search';
import { openPostgres } from '../../src/db/client';
import { InventoryView } from '../../src/domain/inventory/view';
import { createWorld } from '../../src/domain/world/world';
import { createApp } from '../../src/server/app';
import { createAppDeps } from '../../src/server/deps';
import { loadConfig } from '../../src/server/config';
import { silentLogger } from '../../src/server/logger';
import { signUpAndLogin } from '../../tests/support/auth';
import { ADULT, bookAndPay, findItinerary } from '../../tests/support/booking';

const N = Number(process.argv[2] ?? 300);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `safar_prof_${randomBytes(4).toString('hex')}`;
const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
let queries = 0;
const database = await openPostgres(url.toString(), { poolSize: 20, onQuery: () => (queries += 1) });
try {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
  const world = createWorld({ seed: config.WORLD_SEED });
  const app = createApp(createAppDeps({ database, clock: systemClock, config, logger: silentLogger, world, inventory: new InventoryView() }));
  const { cookie } = await signUpAndLogin(app);
  const itineraries: Itinerary[] = [];
  for (const [from, to] of [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR']] as const) {
    for (let d = 0; d < 4; d++) itineraries.push(await findItinerary(app, { from, to, date: `2026-12-1${d}` }));
  }
  // Warm up (JIT, inventory rows, prepared plans).
  for (let i = 0; i < 30; i++) await bookAndPay(app, cookie, itineraries[i % itineraries.length] as Itinerary, [ADULT]);
  queries = 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await bookAndPay(app, cookie, itineraries[i % itineraries.length] as Itinerary, [ADULT]);
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  console.log(`${N} bookings in process (hold → order → sandbox pay → confirm), one at a time, PostgreSQL`);
  console.log(`  SQL statements per booking: ${(queries / N).toFixed(1)}`);
  console.log(`  Node CPU per booking: ${((used.user + used.system) / 1000 / N).toFixed(2)} ms (user ${(used.user / 1000 / N).toFixed(2)}, system ${(used.system / 1000 / N).toFixed(2)})`);
  console.log(`  wall per booking (sequential): ${(wall / N).toFixed(1)} ms`);
} finally {
  await database.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
