// Where a cancellation's cost goes, in process (no HTTP, no load generator): SQL statements and Node
// CPU per quote and per cancel on PostgreSQL, for the same two requests `cancellation.mjs` drives
// over HTTP (GET cancellation-quote → POST cancellations), and a trivial signed-in GET beside them.
// Usage: npx tsx scripts/bench/cancellation-profile.ts [cancellations]   (PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL)
// CANCEL_PROFILE_SQL=1 also prints the statements of one quote and one cancel.
// CANCEL_PROFILE_PG_LOG=1 has PostgreSQL log each statement's duration (see its log_directory).
import { randomBytes, randomUUID } from 'node:crypto';
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
import { ADULT, authed, bookAndPay, findItinerary } from '../../tests/support/booking';

const N = Number(process.argv[2] ?? 200);
const WARM = 30;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `safar_prof_${randomBytes(4).toString('hex')}`;
const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
// CANCEL_PROFILE_PG_LOG=1: PostgreSQL logs every statement of this database with its duration (its server log).
if (process.env.CANCEL_PROFILE_PG_LOG) await admin.unsafe(`alter database ${name} set log_min_duration_statement = 0`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
let queries = 0;
let printing = false;
const database = await openPostgres(url.toString(), {
  poolSize: 4,
  onQuery: (text) => {
    queries += 1;
    if (printing) console.log(`    ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
  },
});
const STEPS = ['quote', 'cancel', 'trivial'] as const;
type Step = (typeof STEPS)[number];
const stepQueries: Record<Step, number> = { quote: 0, cancel: 0, trivial: 0 };
const stepCpu: Record<Step, number> = { quote: 0, cancel: 0, trivial: 0 };

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
  for (const [from, to] of [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR']] as const) {
    for (let d = 0; d < 4; d++) itineraries.push(await findItinerary(app, { from, to, date: `2026-12-1${d}`, adults: 2 }));
  }
  const ids: string[] = [];
  for (let i = 0; i < N + WARM; i++) {
    const { confirm } = await bookAndPay(app, cookie, itineraries[i % itineraries.length] as Itinerary, [ADULT, { ...ADULT, firstName: 'Priya' }]);
    if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
    ids.push(confirm.body.booking.id);
  }
  // As the HTTP bench: half cancel one of two adults, half both.
  const cancel = async (id: string, i: number) => {
    const positions = i % 2 === 0 ? '1' : '0,1';
    const quote = await step('quote', async () => app.request(`/api/bookings/${id}/cancellation-quote?passengers=${positions}`, { headers: { Cookie: cookie, 'Accept-Encoding': 'br, gzip' } }));
    if (quote.status !== 200) throw new Error(`quote failed: ${quote.status} ${await quote.text()}`);
    const refund = ((await quote.json()) as { quote: { refundPaise: number } }).quote.refundPaise;
    const res = await step('cancel', async () =>
      app.request(`/api/bookings/${id}/cancellations`, {
        method: 'POST',
        headers: authed(cookie, { 'Idempotency-Key': randomUUID(), 'Accept-Encoding': 'br, gzip' }),
        body: JSON.stringify({ passengers: positions.split(',').map(Number), quotedRefundPaise: refund }),
      }),
    );
    if (res.status !== 201) throw new Error(`cancel failed: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const trivial = await step('trivial', async () => app.request('/api/auth/session', { headers: { Cookie: cookie, 'Accept-Encoding': 'br, gzip' } }));
    await trivial.arrayBuffer();
  };
  // Warm up (JIT, prepared plans).
  for (let i = 0; i < WARM; i++) await cancel(ids[i] as string, i);
  if (process.env.CANCEL_PROFILE_SQL) {
    printing = true;
    console.log('Statements of one quote and cancel:');
    await cancel(ids[WARM] as string, 1);
    printing = false;
  }
  queries = 0;
  for (const s of STEPS) {
    stepQueries[s] = 0;
    stepCpu[s] = 0;
  }
  const first = WARM + (process.env.CANCEL_PROFILE_SQL ? 1 : 0);
  const runs = ids.length - first;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  // The measured phase's bounds on the monotonic clock (µs), the one --cpu-prof's sample times use.
  const mark = () => (process.hrtime.bigint() / 1000n).toString();
  const from = mark();
  for (let i = first; i < ids.length; i++) await cancel(ids[i] as string, i);
  if (process.env.CANCEL_PROFILE_MARKS) console.log(`measured phase (µs, monotonic): ${from} ${mark()}`);
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const per = (v: number) => (v / runs).toFixed(2);
  console.log(`${runs} cancellations in process (quote → cancel, then GET /api/auth/session), one at a time, PostgreSQL`);
  console.log(`  SQL statements: ${STEPS.map((s) => `${s} ${(stepQueries[s] / runs).toFixed(1)}`).join(', ')}`);
  console.log(`  Node CPU per cancellation: ${per((used.user + used.system) / 1000)} ms in all (${STEPS.map((s) => `${s} ${per(stepCpu[s])}`).join(', ')})`);
  console.log(`  wall per cancellation (sequential): ${(wall / runs).toFixed(1)} ms`);
} finally {
  await database.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
