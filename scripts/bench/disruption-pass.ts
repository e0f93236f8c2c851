// One disruption pass (issue 29 point 12) over 10,000 affected bookings on PostgreSQL: the job's
// work when that many bookings are on flights the airline has just changed (cancellations,
// retimings, aircraft swaps, terminal changes announced in the last 20 h) — a case and a notice
// (in-app, mail, Web Push) each. Target: under 10 s of CPU. Node's CPU is measured by
// process.cpuUsage; PostgreSQL's from /proc/<pid>/stat of this database's backends when the server
// runs on this machine (else omitted).
// Usage: npx tsx scripts/bench/disruption-pass.ts [bookings]   (PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL)
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import postgres from 'postgres';
import { createFixedClock } from '../../src/core/clock';
import { type CompactSearchResponse, type Itinerary } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import { openPostgres } from '../../src/db/client';
import { disruptionsOfDay } from '../../src/domain/disruptions/generator';
import { InventoryView } from '../../src/domain/inventory/view';
import { dayNumber } from '../../src/domain/world/time';
import { createWorld } from '../../src/domain/world/world';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createAppDeps } from '../../src/server/deps';
import { disruptionCentre } from '../../src/server/disruption-centre';
import { silentLogger } from '../../src/server/logger';
import { signUpAndLogin } from '../../tests/support/auth';
import { ADULT, bookAndPay } from '../../tests/support/booking';

const N = Number(process.argv[2] ?? 10_000);
const TEMPLATES = 40;
const NOW = '2027-01-12T06:00:00Z';
const BOOKED = '2027-01-11T08:00:00Z';
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

const name = `safar_dis_${randomBytes(4).toString('hex')}`;
const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString(), { poolSize: 4 });
const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });

/** CPU ticks (1/100 s) of this database's server backends by pid, when the server runs here and /proc is readable. */
async function backendCpu(): Promise<Map<number, number> | null> {
  const rows = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${name}`;
  const out = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(pid, Number(fields[11] ?? 0) + Number(fields[12] ?? 0));
    }
  } catch {
    return null;
  }
  return out;
}

try {
  const clock = createFixedClock(BOOKED);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SIGNUP_LIMIT_PER_IP: '1000000' });
  const world = createWorld({ seed: config.WORLD_SEED });
  const deps = createAppDeps({ database, clock, config, logger: silentLogger, world, inventory: new InventoryView() });
  const app = createApp(deps);

  // Flights changed in the 20 h before NOW (announced after BOOKED), leaving after NOW + 2 h.
  const now = Date.parse(NOW);
  const changed: { flightId: string; from: string; to: string; date: string }[] = [];
  for (let day = dayNumber('2027-01-12'); day <= dayNumber('2027-01-20') && changed.length < TEMPLATES * 3; day++) {
    for (const { flight, disruptions } of disruptionsOfDay(world, day)) {
      if (flight.departureUtc.getTime() < now + 2 * 3_600_000) continue;
      const d = disruptions.find((x) => ['cancellation', 'retiming', 'aircraft-swap', 'terminal-change'].includes(x.kind) && Date.parse(x.announcedAt) <= now && Date.parse(x.announcedAt) > now - 20 * 3_600_000);
      if (d && !disruptions.some((x) => x.announcedAt < d.announcedAt)) changed.push({ flightId: flight.flightId, from: flight.from, to: flight.to, date: flight.departureDate });
    }
  }

  // One real booking (hold → pay → confirm) per template flight, made before the announcements.
  const { cookie } = await signUpAndLogin(app);
  let templates = 0;
  for (const f of changed) {
    if (templates >= TEMPLATES) break;
    const params = new URLSearchParams({ from: f.from, to: f.to, date: f.date, adults: '1', children: '0', infants: '0' });
    const res = await app.request(`/api/search?${params.toString()}`);
    if (res.status !== 200) continue;
    const itinerary: Itinerary | undefined = expandSearchResponse((await res.json()) as CompactSearchResponse).itineraries.find((i) => i.legs.length === 1 && i.legs[0]?.flightId === f.flightId);
    if (!itinerary) continue;
    await bookAndPay(app, cookie, itinerary, [ADULT]);
    templates += 1;
  }

  // Cloned in SQL to N bookings, each its own traveller (a notice per traveller and change).
  const columns = async (table: string) =>
    (await sql<{ column_name: string }[]>`select column_name from information_schema.columns where table_name = ${table} and table_schema = 'public' order by ordinal_position`).map((r) => r.column_name);
  const perTemplate = Math.ceil(N / templates);
  await sql.unsafe(`create table clone_map as
    select b.id as old_id, 'BK' || (1900000000000 + row_number() over ())::text as new_id, 'Z' || lpad(upper(to_hex(row_number() over ())), 5, '0') as pnr, gen_random_uuid() as user_id
    from bookings b cross join generate_series(1, ${perTemplate}) g where b.status = 'confirmed' limit ${N}`);
  await sql.unsafe(`insert into users (id, email, password_hash) select user_id, 'bench-' || new_id || '@example.com', 'x' from clone_map`);
  const cloneInto = async (table: string, replace: Record<string, string>, key = 'booking_id') => {
    const cols = await columns(table);
    const select = cols.map((c) => replace[c] ?? `t.${c}`).join(', ');
    await sql.unsafe(`insert into ${table} (${cols.join(', ')}) select ${select} from ${table} t join clone_map m on t.${key} = m.old_id`);
  };
  await cloneInto('bookings', { id: 'm.new_id', pnr: 'm.pnr', user_id: 'm.user_id', payment_id: 'null', changed_from: 'null' }, 'id');
  await cloneInto('booking_segments', { booking_id: 'm.new_id' });
  await cloneInto('passengers', { id: 'gen_random_uuid()', booking_id: 'm.new_id' });
  await cloneInto('booking_fares', { booking_id: 'm.new_id' });
  const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from bookings`;

  clock.set(NOW);
  console.log(`load average before: ${load()}`);
  console.log(`${n} bookings (${templates} flights changed in the last 20 h, ${perTemplate} travellers each), now ${NOW}`);
  const centre = disruptionCentre(deps);
  const pgBefore = await backendCpu();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const report = await centre.pass();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const pgAfter = await backendCpu();
  console.log(`pass: ${JSON.stringify(report)}`);
  if (pgBefore && pgAfter) {
    const spent = [...pgAfter].reduce((sum, [pid, ticks]) => sum + ticks - (pgBefore.get(pid) ?? 0), 0);
    console.log(`PostgreSQL backends' CPU ${(spent / 100).toFixed(2)} s (this database's connections, /proc)`);
  }
  console.log(`Node CPU ${((used.user + used.system) / 1e6).toFixed(2)} s (user ${(used.user / 1e6).toFixed(2)}, system ${(used.system / 1e6).toFixed(2)}), wall ${(wall / 1000).toFixed(2)} s`);
  const again = performance.now();
  const cpu2 = process.cpuUsage();
  const second = await centre.pass();
  const used2 = process.cpuUsage(cpu2);
  console.log(`second pass (nothing new): ${JSON.stringify(second)}, Node CPU ${((used2.user + used2.system) / 1e6).toFixed(2)} s, wall ${((performance.now() - again) / 1000).toFixed(2)} s`);
  console.log(`load average after: ${load()}`);
} finally {
  await sql.end();
  await database.close();
  await admin.unsafe(`drop database ${name} with (force)`);
  await admin.end();
}
