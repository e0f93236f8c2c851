// The booking flow over HTTP against the built server: hold → order → sandbox payment → confirm,
// on PostgreSQL (scratch database on BENCH_DATABASE_URL / TEST_DATABASE_URL) and on PGlite.
// Prints completed bookings/s, flow and per-step latency, and checks zero oversell at the end.
// The server's start-up pricing is awaited and WARMUP_SECONDS of unrecorded bookings run first.
// Usage: npm run bench booking   (BOOKING_BENCH_SECONDS, BOOKING_BENCH_WARMUP_SECONDS, BOOKING_BENCH_CONCURRENCY to tune;
// BOOKING_BENCH_ONLY=postgres or pglite runs one database; BENCH_POOL_SIZE sets DATABASE_POOL_SIZE, else the server default;
// BOOKING_BENCH_ROUND_TRIPS=1 books round trips instead: out and back as one booking of two journeys, decision 0062)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { countChecks, httpClient, percentile, postgresCpuMs, processCpuMs, startServer, warmUp, withScratchDatabase } from './lib.mjs';

const SECONDS = Number(process.env.BOOKING_BENCH_SECONDS ?? 20);
// Bookings before the measured window, unrecorded, so the JIT and the pools have warmed up.
const WARMUP_SECONDS = Number(process.env.BOOKING_BENCH_WARMUP_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BOOKING_BENCH_CONCURRENCY ?? 32);
const USERS = 40;
const PASSWORD = 'Bench-pass-123';
const ONLY = process.env.BOOKING_BENCH_ONLY;
const ROUND_TRIPS = process.env.BOOKING_BENCH_ROUND_TRIPS === '1';
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ADULT = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210' };
const CHILD = { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '2018-03-02', type: 'Child' };
const PARTIES = [[ADULT], [ADULT], [ADULT, ADULT], [ADULT, CHILD]];
const CARD = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Rahul Sharma' };

async function runAgainst(label, env, inspect) {
  const PORT = process.env.BENCH_PORT ?? String(3400 + Math.floor(Math.random() * 400));
  const base = `http://127.0.0.1:${PORT}`;
  const origin = `http://localhost:${PORT}`;
  const server = await startServer({ PORT, TRUST_PROXY: 'true', ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}), ...env });
  try {
    const json = (extra = {}) => ({ 'Content-Type': 'application/json', Origin: origin, ...extra });
    // Travellers (distinct forwarded IPs so sign-up throttling does not interfere).
    const cookies = [];
    for (let i = 0; i < USERS; i++) {
      const email = `bench-${randomUUID()}@example.com`;
      const ip = { 'X-Forwarded-For': `10.9.${i >> 8}.${i & 255}` };
      const s = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: json(ip), body: JSON.stringify({ email, password: PASSWORD, confirmPassword: PASSWORD }) });
      if (s.status !== 201) throw new Error(`signup ${s.status} ${await s.text()}`);
      const l = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json(ip), body: JSON.stringify({ email, password: PASSWORD }) });
      const cookie = l.headers.getSetCookie().find((c) => c.includes('safar_session='))?.split(';')[0];
      if (!cookie) throw new Error('no session cookie');
      cookies.push(cookie);
    }
    // Direct itineraries across busy routes and dates, so the load spreads over many flights.
    const itineraries = [];
    for (const [from, to] of [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR'], ['BLR', 'DEL'], ['BOM', 'BLR'], ['HYD', 'DEL']]) {
      for (let d = 0; d < 6; d++) {
        const date = new Date(Date.UTC(2026, 11, 10 + d)).toISOString().slice(0, 10);
        const r = await fetch(`${base}/api/search?from=${from}&to=${to}&date=${date}&adults=1`);
        const body = await r.json();
        // Direct flights of the compact answer (a leg is a tuple, flight id first), with the id and one
        // adult's all-in fare the client would derive.
        for (const it of body.itineraries ?? []) {
          if (it.legs.length !== 1) continue;
          itineraries.push({ id: `${it.legs[0][0]}:${body.query.cabin}`, adultTotal: it.fares.adult.baseFare + it.fares.adult.taxesAndFees, route: `${from}-${to}`, day: d });
        }
      }
    }
    if (itineraries.length === 0) throw new Error('no itineraries found');
    // Round trips: an outbound on days 0–2 with a return on the same route reversed three days later.
    const trips = [];
    if (ROUND_TRIPS) {
      for (const out of itineraries) {
        const [from, to] = out.route.split('-');
        if (out.day > 2) continue;
        const backs = itineraries.filter((b) => b.route === `${to}-${from}` && b.day === out.day + 3);
        for (const back of backs.slice(0, 6)) trips.push({ journeys: [{ itineraryId: out.id }, { itineraryId: back.id }], adultTotal: out.adultTotal + back.adultTotal });
      }
      if (trips.length === 0) throw new Error('no round trips found');
    }

    await warmUp(base);

    const client = httpClient(base, { connections: CONCURRENCY });
    const post = (path, headers, body) => client.request('POST', path, json({ 'Accept-Encoding': 'br, gzip', ...headers }), body);
    let n = 0;
    /** One traveller booking again and again until the deadline, recording into the phase's tally. */
    async function worker(w, deadline, { steps, flows, counts }) {
      const timed = async (name, fn) => {
        const t = performance.now();
        const res = await fn();
        steps[name].push(performance.now() - t);
        return res;
      };
      while (performance.now() < deadline) {
        const i = n++;
        const cookie = cookies[i % cookies.length];
        const it = ROUND_TRIPS ? trips[(i * 7919) % trips.length] : itineraries[(i * 7919) % itineraries.length];
        const party = PARTIES[i % PARTIES.length];
        const started = performance.now();
        const what = ROUND_TRIPS ? { journeys: it.journeys } : { itineraryId: it.id };
        const hold = await timed('hold', () =>
          post('/api/bookings', { Cookie: cookie, 'Idempotency-Key': `bench-${w}-${i}-${randomBytes(4).toString('hex')}` }, JSON.stringify({ ...what, passengers: party, quotedTotal: it.adultTotal * party.length, acceptPriceChange: true })),
        );
        const held = hold.json();
        if (hold.status !== 201) {
          if (held.error?.reason === 'sold-out') counts.soldOut++;
          else counts.other++;
          continue;
        }
        const order = await timed('order', () => post(`/api/bookings/${held.booking.id}/payments`, { Cookie: cookie }, '{"method":"card"}'));
        const { payment } = order.json();
        if (!payment) {
          counts.other++;
          continue;
        }
        const pay = await timed('pay', () => post('/api/payments/sandbox/pay', {}, JSON.stringify({ orderId: payment.orderId, method: 'card', card: CARD })));
        if (pay.status !== 200) {
          counts.payFailed++;
          continue;
        }
        const confirm = await timed('confirm', () => post(`/api/bookings/${held.booking.id}/confirm`, { Cookie: cookie, 'Idempotency-Key': `c-${held.booking.id}` }, pay.text));
        if (confirm.status === 200) {
          counts.confirmed++;
          flows.push(performance.now() - started);
        } else counts.other++;
      }
    }
    /** Every traveller booking for `seconds`; what they recorded. */
    const phase = async (seconds) => {
      const tally = { steps: { hold: [], order: [], pay: [], confirm: [] }, flows: [], counts: { confirmed: 0, soldOut: 0, payFailed: 0, other: 0 } };
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w, deadline, tally)));
      return tally;
    };
    if (WARMUP_SECONDS > 0) await phase(WARMUP_SECONDS);
    const cpu = { server: processCpuMs(server.child.pid), postgres: postgresCpuMs(), generator: process.cpuUsage() };
    const t0 = performance.now();
    const { steps, flows, counts } = await phase(SECONDS);
    const elapsed = (performance.now() - t0) / 1000;
    const used = {
      server: processCpuMs(server.child.pid) - cpu.server,
      postgres: postgresCpuMs() - cpu.postgres,
      generator: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu.generator)),
    };
    client.close();
    const f = (v) => v.toFixed(1);
    const per = (ms) => (ms / Math.max(1, counts.confirmed)).toFixed(2);
    const kind = ROUND_TRIPS ? 'round-trip bookings' : 'bookings';
    console.log(`\n${label}: ${CONCURRENCY} concurrent travellers for ${SECONDS} s (after ${WARMUP_SECONDS} s of warm-up) over ${ROUND_TRIPS ? `${trips.length} round trips` : `${itineraries.length} itineraries`}`);
    console.log(`  confirmed ${kind}: ${counts.confirmed} = ${(counts.confirmed / elapsed).toFixed(0)} ${kind}/s (sold out ${counts.soldOut}, payment failed ${counts.payFailed}, other ${counts.other})`);
    console.log(`  whole flow (4 requests): p50 ${f(percentile(flows, 50))} ms, p99 ${f(percentile(flows, 99))} ms`);
    for (const [name, v] of Object.entries(steps)) console.log(`  ${name.padEnd(8)} p50 ${f(percentile(v, 50))} ms, p99 ${f(percentile(v, 99))} ms (${v.length})`);
    const pgNote = label === 'PostgreSQL' ? `, PostgreSQL ${per(used.postgres)} ms (all its processes)` : '';
    console.log(`  CPU per confirmed booking: server ${per(used.server)} ms (all threads)${pgNote}, load generator ${per(used.generator)} ms; load average ${os.loadavg()[0].toFixed(2)}`);
  } finally {
    await server.stop();
  }
  const check = await inspect();
  console.log(`  oversell check: ${check.rows} inventory rows, ${check.bad} unbalanced or negative, ${check.duplicateSeats} seats given twice, sold seats vs boarding passes mismatch on ${check.soldMismatch} rows`);
  if (check.bad + check.duplicateSeats + check.soldMismatch > 0) process.exitCode = 1;
}

const CHECK_SQL = {
  rows: 'select count(*)::int as n from flight_inventory',
  bad: 'select count(*)::int as n from flight_inventory where available < 0 or held < 0 or sold < 0 or available + held + sold <> capacity',
  duplicateSeats: "select count(*)::int as n from (select flight_id, seat from boarding_passes where seat <> 'INF' group by 1, 2 having count(*) > 1) d",
  // Booked seats sold on each flight must equal the real seats issued (the demand simulator's sales have no passes, so compare bookings only).
  soldMismatch: `select count(*)::int as n from (
      select s.flight_id, sum(s.seats) as sold_by_bookings,
             (select count(*) from boarding_passes p where p.flight_id = s.flight_id and p.seat <> 'INF') as passes
      from booking_segments s join bookings b on b.id = s.booking_id where b.status = 'confirmed' group by s.flight_id) x
    where sold_by_bookings <> passes`,
};

// PostgreSQL: a scratch database, dropped afterwards.
if (ONLY !== 'pglite') {
  await withScratchDatabase(PG_URL, 'skipping the PostgreSQL run', (url) => runAgainst('PostgreSQL', { DATABASE_URL: url }, () => countChecks(url, CHECK_SQL)));
}

// PGlite: its own data folder.
const dir = mkdtempSync(path.join(tmpdir(), 'safar-bench-booking-'));
try {
  if (ONLY !== 'postgres')
  await runAgainst('PGlite', { DATA_DIR: dir }, async () => {
    const db = await PGlite.create(path.join(dir, 'pglite'));
    const out = {};
    for (const [k, q] of Object.entries(CHECK_SQL)) out[k] = (await db.query(q)).rows[0].n;
    await db.close();
    return out;
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
