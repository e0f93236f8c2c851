// Where a change-options answer's cost goes, in process (no HTTP): Node CPU per
// GET /api/bookings/{id}/change-options on PostgreSQL for a confirmed booking, answer size.
// Usage: npx tsx scripts/bench/change-options-profile.ts [answers]   (PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL)
// With --cpu-prof, CHANGE_PROFILE_MARKS=1 prints the measured phase's bounds (µs, monotonic) to cut the profile to it.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { systemClock } from '../../src/core/clock';
import { openPostgres } from '../../src/db/client';
import { InventoryView } from '../../src/domain/inventory/view';
import { createWorld } from '../../src/domain/world/world';
import { createApp } from '../../src/server/app';
import { createAppDeps } from '../../src/server/deps';
import { loadConfig } from '../../src/server/config';
import { silentLogger } from '../../src/server/logger';
import { signUpAndLogin } from '../../tests/support/auth';
import { ADULT, bookAndPay, findItinerary } from '../../tests/support/booking';

const N = Number(process.argv[2] ?? 100);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `safar_prof_${randomBytes(4).toString('hex')}`;
const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString(), { poolSize: 4 });
try {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
  const world = createWorld({ seed: config.WORLD_SEED });
  const deps = createAppDeps({ database, clock: systemClock, config, logger: silentLogger, world, inventory: new InventoryView() });
  const app = createApp(deps);
  const { cookie } = await signUpAndLogin(app);
  const routes = [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR'], ['BLR', 'DEL'], ['BOM', 'BLR'], ['HYD', 'DEL']] as const;
  const ids: string[] = [];
  for (const [from, to] of routes) {
    const { confirm } = await bookAndPay(app, cookie, await findItinerary(app, { from, to, date: '2026-12-14' }), [ADULT]);
    if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
    ids.push(confirm.body.booking.id);
  }
  let bytes = 0;
  let plain = 0;
  let options = 0;
  const ask = async (i: number) => {
    const res = await app.request(`/api/bookings/${ids[i % ids.length]}/change-options?date=2026-12-15`, { headers: { Cookie: cookie, 'Accept-Encoding': 'br, gzip' } });
    if (res.status !== 200) throw new Error(`change-options failed: ${res.status} ${await res.text()}`);
    bytes += (await res.arrayBuffer()).byteLength;
  };
  for (let i = 0; i < 20; i++) await ask(i);
  for (const id of ids) {
    const res = await app.request(`/api/bookings/${id}/change-options?date=2026-12-15`, { headers: { Cookie: cookie } });
    const text = await res.text();
    plain += text.length;
    options += (JSON.parse(text) as { options: unknown[] }).options.length;
  }
  bytes = 0;
  const mark = () => (process.hrtime.bigint() / 1000n).toString();
  const cpu = process.cpuUsage();
  const from = mark();
  for (let i = 0; i < N; i++) await ask(i);
  if (process.env.CHANGE_PROFILE_MARKS) console.log(`measured phase (µs, monotonic): ${from} ${mark()}`);
  const used = process.cpuUsage(cpu);
  console.log(`${N} change-options answers in process (6 routes, one at a time), PostgreSQL`);
  console.log(`  Node CPU per answer: ${((used.user + used.system) / 1000 / N).toFixed(2)} ms (all threads of this process)`);
  console.log(`  answer: ${(options / ids.length).toFixed(1)} options, ${(plain / ids.length / 1024).toFixed(1)} kB of JSON, ${(bytes / N / 1024).toFixed(1)} kB Brotli`);
} finally {
  await database.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
