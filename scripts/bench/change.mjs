// Date and flight changes over HTTP against the built server on PostgreSQL (scratch database on
// BENCH_DATABASE_URL / TEST_DATABASE_URL): each traveller books once (unrecorded), then changes
// that booking again and again, back and forth between two dates: change options → change →
// (when something is due) order → sandbox payment → confirm, which swaps the bookings.
// Prints completed changes/s, flow and per-step latency, and checks the books at the end.
// Usage: npm run bench change   (CHANGE_BENCH_SECONDS, CHANGE_BENCH_WARMUP_SECONDS, CHANGE_BENCH_CONCURRENCY to tune)
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import postgres from 'postgres';
import { countChecks, databasePids, httpClient, percentile, postgresCpuMs, processCpuMs, processesCpuMs, startServer, warmUp, withScratchDatabase } from './lib.mjs';

const SECONDS = Number(process.env.CHANGE_BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.CHANGE_BENCH_WARMUP_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.CHANGE_BENCH_CONCURRENCY ?? 32);
const PASSWORD = 'Bench-pass-123';
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADULT = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210' };
const CARD = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Rahul Sharma' };
/** Routes and the two dates each traveller moves between. */
const ROUTES = [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR'], ['BLR', 'DEL'], ['BOM', 'BLR'], ['HYD', 'DEL']];
const DATES = ['2026-12-14', '2026-12-15'];

const CHECK_SQL = {
  rows: 'select count(*)::int as n from flight_inventory',
  bad: 'select count(*)::int as n from flight_inventory where available < 0 or held < 0 or sold < 0 or available + held + sold <> capacity',
  duplicateSeats: "select count(*)::int as n from (select flight_id, seat from boarding_passes where seat <> 'INF' and voided_at is null group by 1, 2 having count(*) > 1) d",
  // Seats of bookings still flying on each flight equal the valid seated passes there.
  soldMismatch: `select count(*)::int as n from (
      select s.flight_id, sum(s.seats) as seats,
             (select count(*) from boarding_passes p where p.flight_id = s.flight_id and p.seat <> 'INF' and p.voided_at is null) as passes
      from booking_segments s join bookings b on b.id = s.booking_id where b.status in ('confirmed', 'partly_cancelled') group by s.flight_id) x
    where seats <> passes`,
  // Every paisa: captured payments equal the totals less credits of every booking ever confirmed.
  moneyMismatch: `select (abs((select coalesce(sum(amount_paise), 0) from payments where status = 'captured')
      - (select coalesce(sum(total_inr * 100 - credit_paise), 0) from bookings where confirmed_at is not null)) > 0)::int as n`,
  liveChangesTwice: "select count(*)::int as n from (select changed_from from bookings where changed_from is not null and status in ('held', 'confirmed', 'partly_cancelled', 'changed') group by 1 having count(*) > 1) d",
};

async function run(env, inspect) {
  const PORT = process.env.BENCH_PORT ?? String(3400 + Math.floor(Math.random() * 400));
  const base = `http://127.0.0.1:${PORT}`;
  const origin = `http://localhost:${PORT}`;
  const server = await startServer({ PORT, TRUST_PROXY: 'true', ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}), ...env });
  try {
    const json = (extra = {}) => ({ 'Content-Type': 'application/json', Origin: origin, ...extra });
    await warmUp(base);
    const client = httpClient(base, { connections: CONCURRENCY });
    const post = (path, headers, body) => client.request('POST', path, json({ 'Accept-Encoding': 'br, gzip', ...headers }), body);
    const get = (path, headers) => client.request('GET', path, json({ 'Accept-Encoding': 'br, gzip', ...headers }));

    /** A traveller with one confirmed booking on their route's first date. */
    async function traveller(i) {
      const email = `bench-change-${randomUUID()}@example.com`;
      const ip = { 'X-Forwarded-For': `10.8.${i >> 8}.${i & 255}` };
      const s = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: json(ip), body: JSON.stringify({ email, password: PASSWORD, confirmPassword: PASSWORD }) });
      if (s.status !== 201) throw new Error(`signup ${s.status} ${await s.text()}`);
      const l = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json(ip), body: JSON.stringify({ email, password: PASSWORD }) });
      const cookie = l.headers.getSetCookie().find((c) => c.includes('safar_session='))?.split(';')[0];
      if (!cookie) throw new Error('no session cookie');
      const [from, to] = ROUTES[i % ROUTES.length];
      const r = await fetch(`${base}/api/search?from=${from}&to=${to}&date=${DATES[0]}&adults=1`);
      const found = await r.json();
      const direct = (found.itineraries ?? []).filter((it) => it.legs.length === 1);
      const it = direct[i % direct.length];
      if (!it) throw new Error(`no direct flight ${from}-${to}`);
      const hold = await post('/api/bookings', { Cookie: cookie, 'Idempotency-Key': randomUUID() }, JSON.stringify({ itineraryId: `${it.legs[0][0]}:${found.query.cabin}`, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true }));
      const held = hold.json();
      if (hold.status !== 201) throw new Error(`hold ${hold.status} ${hold.text}`);
      const booking = await pay(cookie, held.booking.id);
      if (!booking) throw new Error('setup booking not confirmed');
      return { cookie, bookingId: booking.id, date: 0 };
    }

    /** Order → sandbox payment → confirm; the confirmed booking, or null. */
    async function pay(cookie, bookingId, timed = (_, fn) => fn()) {
      const order = await timed('order', () => post(`/api/bookings/${bookingId}/payments`, { Cookie: cookie }, '{"method":"card"}'));
      const { payment } = order.json();
      if (!payment) return null;
      const paid = await timed('pay', () => post('/api/payments/sandbox/pay', {}, JSON.stringify({ orderId: payment.orderId, method: 'card', card: CARD })));
      if (paid.status !== 200) return null;
      const confirm = await timed('confirm', () => post(`/api/bookings/${bookingId}/confirm`, { Cookie: cookie, 'Idempotency-Key': `c-${bookingId}` }, paid.text));
      return confirm.status === 200 ? confirm.json().booking : null;
    }

    const travellers = [];
    for (let i = 0; i < CONCURRENCY; i++) travellers.push(await traveller(i));

    let n = 0;
    async function worker(t, deadline, { steps, flows, counts }) {
      const timed = async (name, fn) => {
        const start = performance.now();
        const res = await fn();
        steps[name].push(performance.now() - start);
        return res;
      };
      while (performance.now() < deadline) {
        const i = n++;
        const started = performance.now();
        const next = 1 - t.date;
        const listed = await timed('options', () => get(`/api/bookings/${t.bookingId}/change-options?date=${DATES[next]}`, { Cookie: t.cookie }));
        if (listed.status !== 200) {
          counts.other++;
          continue;
        }
        const direct = listed.json().options.filter((o) => o.itinerary.legs.length === 1);
        const option = direct[(i * 7919) % Math.max(1, direct.length)];
        if (!option) {
          counts.other++;
          continue;
        }
        const change = await timed('change', () =>
          post(`/api/bookings/${t.bookingId}/changes`, { Cookie: t.cookie, 'Idempotency-Key': `change-${randomBytes(6).toString('hex')}` }, JSON.stringify({ itineraryId: option.itinerary.id, quotedDuePaise: option.quote.duePaise })),
        );
        const answer = change.json();
        if (change.status !== 201) {
          if (answer.error?.reason === 'due-changed') counts.dueChanged++;
          else if (answer.error?.reason === 'sold-out') counts.soldOut++;
          else counts.other++;
          continue;
        }
        let booking = answer.booking;
        if (booking.status === 'held') {
          booking = await pay(t.cookie, booking.id, timed);
          counts.paid++;
        } else counts.nothingDue++;
        if (!booking) {
          counts.other++;
          continue;
        }
        t.bookingId = booking.id;
        t.date = next;
        counts.changed++;
        flows.push(performance.now() - started);
      }
    }
    const phase = async (seconds) => {
      const tally = { steps: { options: [], change: [], order: [], pay: [], confirm: [] }, flows: [], counts: { changed: 0, paid: 0, nothingDue: 0, dueChanged: 0, soldOut: 0, other: 0 } };
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(travellers.map((t) => worker(t, deadline, tally)));
      return tally;
    };
    if (WARMUP_SECONDS > 0) await phase(WARMUP_SECONDS);
    // This database's PostgreSQL processes (the server's pool is open by now): other sessions' tests share the machine.
    const probe = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    const pids = await databasePids(probe).finally(() => probe.end());
    const cpu = { server: processCpuMs(server.child.pid), postgres: postgresCpuMs(), ours: processesCpuMs(pids) };
    const t0 = performance.now();
    const { steps, flows, counts } = await phase(SECONDS);
    const elapsed = (performance.now() - t0) / 1000;
    const used = { server: processCpuMs(server.child.pid) - cpu.server, postgres: postgresCpuMs() - cpu.postgres, ours: processesCpuMs(pids) - cpu.ours };
    client.close();
    const f = (v) => v.toFixed(1);
    const per = (ms) => (ms / Math.max(1, counts.changed)).toFixed(2);
    console.log(`\nPostgreSQL: ${CONCURRENCY} concurrent travellers changing their bookings for ${SECONDS} s (after ${WARMUP_SECONDS} s of warm-up)`);
    console.log(
      `  completed changes: ${counts.changed} = ${(counts.changed / elapsed).toFixed(1)} changes/s (paid ${counts.paid}, nothing due ${counts.nothingDue}; due changed ${counts.dueChanged}, sold out ${counts.soldOut}, other ${counts.other})`,
    );
    console.log(`  whole change (options → change [→ order → pay → confirm]): p50 ${f(percentile(flows, 50))} ms, p99 ${f(percentile(flows, 99))} ms`);
    for (const [name, v] of Object.entries(steps)) console.log(`  ${name.padEnd(8)} p50 ${f(percentile(v, 50))} ms, p99 ${f(percentile(v, 99))} ms (${v.length})`);
    console.log(`  CPU per completed change: server ${per(used.server)} ms (all threads), PostgreSQL ${per(used.postgres)} ms (all its processes), ${per(used.ours)} ms (this database's); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await server.stop();
  }
  const check = await inspect();
  console.log(
    `  books: ${check.rows} inventory rows, ${check.bad} unbalanced or negative, ${check.duplicateSeats} valid seats given twice, seats vs valid passes mismatch on ${check.soldMismatch} flights, money mismatch ${check.moneyMismatch}, bookings changed twice ${check.liveChangesTwice}`,
  );
  if (check.bad + check.duplicateSeats + check.soldMismatch + check.moneyMismatch + check.liveChangesTwice > 0) process.exitCode = 1;
}

await withScratchDatabase(PG_URL, 'skipping the change benchmark', (url) => run({ DATABASE_URL: url }, () => countChecks(url, CHECK_SQL)));
