// Freshness across server processes on PostgreSQL: two built servers on one scratch database; a
// traveller books a flight's last economy seat through server A (the row is first brought down to
// one seat in SQL), and server B is searched over HTTP every 5 ms until the flight has left its
// answer. Prints the time from A's answer to the hold to the first answer from B without the
// flight (target: within 1 s on every process).
// Usage: npm run bench search-freshness   (FRESHNESS_TRIALS, BENCH_PORT to tune)
import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { percentile, startServer } from './lib.mjs';

const TRIALS = Number(process.env.FRESHNESS_TRIALS ?? 30);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const basePort = Number(process.env.BENCH_PORT ?? 3660);

const name = `safar_fresh_${randomBytes(4).toString('hex')}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const env = { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '4' };

const servers = [];
const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
try {
  servers.push(await startServer({ ...env, PORT: String(basePort) }, { timeoutMs: 120_000 }));
  servers.push(await startServer({ ...env, PORT: String(basePort + 1) }, { timeoutMs: 120_000 }));
  const a = `http://127.0.0.1:${basePort}`;
  const b = `http://127.0.0.1:${basePort + 1}`;
  // One signed-in traveller on server A.
  const headers = { 'Content-Type': 'application/json', Origin: `http://localhost:${basePort}` };
  const email = `fresh-${randomUUID()}@example.com`;
  const password = 'Fresh-bench-pass-1';
  await fetch(`${a}/api/auth/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password, confirmPassword: password }) });
  const login = await fetch(`${a}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  const cookie = login.headers.getSetCookie().find((c) => c.includes('safar_session='))?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  const adult = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210' };
  const routes = [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR'], ['BLR', 'DEL'], ['BOM', 'BLR'], ['HYD', 'DEL'], ['MAA', 'DEL'], ['CCU', 'BOM']];
  const latencies = [];
  let stale = 0;
  for (let t = 0; t < TRIALS; t++) {
    const [from, to] = routes[t % routes.length];
    const date = new Date(Date.UTC(2026, 11, 10 + (t % 12))).toISOString().slice(0, 10);
    const search = `${b}/api/search?from=${from}&to=${to}&date=${date}&adults=1`;
    const flightsIn = async () => {
      const body = await (await fetch(search)).json();
      return new Set((body.itineraries ?? []).filter((i) => i.legs.length === 1).map((i) => i.legs[0][0]));
    };
    const before = await flightsIn();
    const flightId = [...before][t % before.size];
    if (!flightId) throw new Error(`no direct flight ${from}-${to} ${date}`);
    // Make sure the row exists (search answers come from the schedule before anyone has booked).
    await sql`insert into flight_inventory (flight_id, cabin, departure_date, capacity, available)
      values (${flightId}, 'economy', ${flightId.split('@')[1]}, 180, 180) on conflict do nothing`;
    await sql`update flight_inventory set available = 1, held = 0, sold = capacity - 1, version = version + 1, updated_at = now() where flight_id = ${flightId} and cabin = 'economy'`;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const hold = await fetch(`${a}/api/bookings`, {
      method: 'POST',
      headers: { ...headers, Cookie: cookie, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ itineraryId: `${flightId}:economy`, passengers: [adult], quotedTotal: 0, acceptPriceChange: true }),
    });
    if (hold.status !== 201) throw new Error(`hold ${hold.status} ${await hold.text()}`);
    const committed = performance.now();
    for (;;) {
      const now = performance.now();
      if (now - committed > 10_000) {
        stale++;
        break;
      }
      if (!(await flightsIn()).has(flightId)) {
        latencies.push(performance.now() - committed);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const f = (v) => `${v.toFixed(0)} ms`;
  if (process.env.FRESHNESS_VERBOSE) console.log(latencies.map((v) => v.toFixed(0)).join(" "));
  console.log(`Freshness across processes (PostgreSQL, 2 servers, ${TRIALS} sell-outs through server A, search polled every 5 ms on server B)`);
  console.log(`  hold answered on A → gone from the other server's answers: p50 ${f(percentile(latencies, 50))}, p99 ${f(percentile(latencies, 99))}, max ${f(Math.max(...latencies))}; still listed after 10 s: ${stale}`);
  console.log(`  target ≤ 1,000 ms on every process: ${stale === 0 && Math.max(...latencies) <= 1000 ? 'met' : 'NOT met'}`);
} finally {
  for (const s of servers) await s.stop();
  await sql.end();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
