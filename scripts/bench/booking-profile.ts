// Where a booking's cost goes, in process (no HTTP, no load generator): SQL statements and Node CPU
// per booking and per step on PostgreSQL, for the same 4-request flow `booking.mjs` drives over HTTP.
// Usage: npx tsx scripts/bench/booking-profile.ts [bookings]   (PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL)
// BOOKING_PROFILE_SQL=1 also prints the statements of one booking, step by step.
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
import { ADULT, confirmBooking, payOrder, postBooking, sandboxPay } from '../../tests/support/booking';

const N = Number(process.argv[2] ?? 300);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `safar_prof_${randomBytes(4).toString('hex')}`;
const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
let queries = 0;
let printing = false;
const database = await openPostgres(url.toString(), {
  poolSize: 20,
  onQuery: (text) => {
    queries += 1;
    if (printing) console.log(`    ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
  },
});
const STEPS = ['hold', 'order', 'pay', 'confirm'] as const;
type Step = (typeof STEPS)[number];
const stepQueries: Record<Step, number> = { hold: 0, order: 0, pay: 0, confirm: 0 };
const stepCpu: Record<Step, number> = { hold: 0, order: 0, pay: 0, confirm: 0 };

async function step<T>(label: Step, run: () => Promise<T>): Promise<T> {
  const before = queries;
  const cpu = process.cpuUsage();
  if (printing) console.log(`  ${label}:`);
  const out = await run();
  const used = process.cpuUsage(cpu);
  stepCpu[label] += (used.user + used.system) / 1000;
  stepQueries[label] += queries - before;
  return out;
}

try {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
  const world = createWorld({ seed: config.WORLD_SEED });
  const deps = createAppDeps({ database, clock: systemClock, config, logger: silentLogger, world, inventory: new InventoryView() });
  const app = createApp(deps);
  const { cookie } = await signUpAndLogin(app);
  const itineraries: Itinerary[] = [];
  const { findItinerary } = await import('../../tests/support/booking');
  for (const [from, to] of [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR']] as const) {
    for (let d = 0; d < 4; d++) itineraries.push(await findItinerary(app, { from, to, date: `2026-12-1${d}` }));
  }
  const book = async (it: Itinerary) => {
    const hold = await step('hold', () => postBooking(app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: it.price.total.total, acceptPriceChange: true }));
    if (hold.status !== 201) throw new Error(`hold failed: ${hold.status} ${JSON.stringify(hold.body)}`);
    const order = await step('order', () => payOrder(app, cookie, hold.body.booking.id));
    const pay = await step('pay', () => sandboxPay(app, order.orderId));
    if (pay.status !== 200) throw new Error(`pay failed: ${pay.status}`);
    const confirm = await step('confirm', () => confirmBooking(app, cookie, hold.body.booking.id, pay.body));
    if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  };
  // Warm up (JIT, inventory rows, prepared plans).
  for (let i = 0; i < 30; i++) await book(itineraries[i % itineraries.length] as Itinerary);
  if (process.env.BOOKING_PROFILE_SQL) {
    printing = true;
    console.log('Statements of one booking:');
    await book(itineraries[0] as Itinerary);
    printing = false;
  }
  queries = 0;
  for (const s of STEPS) {
    stepQueries[s] = 0;
    stepCpu[s] = 0;
  }
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await book(itineraries[i % itineraries.length] as Itinerary);
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  console.log(`${N} bookings in process (hold → order → sandbox pay → confirm), one at a time, PostgreSQL`);
  console.log(`  SQL statements per booking: ${(queries / N).toFixed(1)} (${STEPS.map((s) => `${s} ${(stepQueries[s] / N).toFixed(1)}`).join(', ')})`);
  console.log(`  Node CPU per booking: ${((used.user + used.system) / 1000 / N).toFixed(2)} ms (user ${(used.user / 1000 / N).toFixed(2)}, system ${(used.system / 1000 / N).toFixed(2)}; ${STEPS.map((s) => `${s} ${(stepCpu[s] / N).toFixed(2)}`).join(', ')})`);
  console.log(`  wall per booking (sequential): ${(wall / N).toFixed(1)} ms`);
  // The sandbox gateway's webhook for each payment (delivered 2 s later, off the request path).
  const hooksBefore = queries;
  const cpuHooks = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  let delivered = 0;
  for (;;) {
    const batch = await deps.checkout.deliverSandboxWebhooks(100);
    delivered += batch.delivered;
    if (batch.delivered + batch.failed === 0) break;
  }
  const usedHooks = process.cpuUsage(cpuHooks);
  if (delivered > 0) {
    console.log(`  sandbox webhooks (off the request path): ${delivered} delivered, ${((queries - hooksBefore) / delivered).toFixed(1)} statements and ${((usedHooks.user + usedHooks.system) / 1000 / delivered).toFixed(2)} ms CPU each`);
  }
} finally {
  await database.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
