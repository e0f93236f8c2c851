// Cancellations over HTTP against the built server on PostgreSQL: each of 32 concurrent travellers
// asks for a cancellation quote and confirms it (GET cancellation-quote → POST cancellations with an
// Idempotency-Key), again and again. Prints cancellations/s, the cancel request's and the whole
// flow's p50/p99, and checks the books at the end (inventory balanced, refunds add up, every
// refund completed, seats match the passengers still travelling).
// Confirmed bookings to cancel are made first: one real booking per flight through the HTTP flow,
// then copied in the database (new ids, same fares, passes and payments) up to what the flight holds.
// Usage: npm run bench cancellation   (CANCEL_BENCH_SECONDS, CANCEL_BENCH_WARMUP_SECONDS, CANCEL_BENCH_CONCURRENCY to tune)
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import postgres from 'postgres';
import { databasePids, httpClient, percentile, postgresCpuMs, processCpuMs, processesCpuMs, startServer, warmUp } from './lib.mjs';

const SECONDS = Number(process.env.CANCEL_BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.CANCEL_BENCH_WARMUP_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.CANCEL_BENCH_CONCURRENCY ?? 32);
const USERS = 32;
/** Bookings made per flight through the HTTP flow, then copied in the database. */
const TEMPLATES = 36;
const COPIES_PER_FLIGHT = 70;
const PASSWORD = 'Bench-pass-123';
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ADULT = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210' };
const ADULT2 = { title: 'Ms', firstName: 'Priya', lastName: 'Sharma', dob: '1992-01-12', type: 'Adult', mobileNo: '9876543211' };
const CARD = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Rahul Sharma' };

const dbName = `safar_bench_${randomBytes(4).toString('hex')}`;
const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const url = new URL(PG_URL);
url.pathname = `/${dbName}`;

/** Copies a confirmed booking `copies` times (ids from `base`), with its passengers, seats, fares, payments and passes; the flight's inventory sells the seats. A copy's PNR is its number in hex (a hash of six hex digits collided about one run in five). */
async function copyBooking(sql, bookingId, base, copies) {
  await sql.begin(async (tx) => {
    await tx`create temporary table n on commit drop as select g from generate_series(1, ${copies}::int) g`;
    await tx`insert into bookings (id, pnr, user_id, status, itinerary_id, cabin, itinerary, passenger_count, seat_count, price, total_inr, hold_expires_at, created_at, confirmed_at, payment_id, payment_method, fare_family, changed_from, credit_paise)
      select 'BK' || (${base}::bigint + g)::text, upper(lpad(to_hex((${base}::bigint + g) % 16777216), 6, '0')), user_id, status, itinerary_id, cabin, itinerary, passenger_count, seat_count, price, total_inr, hold_expires_at, created_at, confirmed_at, payment_id || '-' || g, payment_method, fare_family, changed_from, credit_paise
      from bookings b, n where b.id = ${bookingId}`;
    await tx`insert into passengers (booking_id, position, title, first_name, middle_name, last_name, dob, type, mobile, aadhaar_last4, ticket_number)
      select 'BK' || (${base}::bigint + g)::text, position, title, first_name, middle_name, last_name, dob, type, mobile, aadhaar_last4, ticket_number from passengers p, n where p.booking_id = ${bookingId}`;
    await tx`insert into booking_segments (booking_id, leg_index, flight_id, cabin, seats) select 'BK' || (${base}::bigint + g)::text, leg_index, flight_id, cabin, seats from booking_segments s, n where s.booking_id = ${bookingId}`;
    await tx`insert into booking_fares (booking_id, passenger_position, leg_index, passenger_type, family_code, lines, total_paise, status)
      select 'BK' || (${base}::bigint + g)::text, passenger_position, leg_index, passenger_type, family_code, lines, total_paise, status from booking_fares f, n where f.booking_id = ${bookingId}`;
    await tx`insert into payments (booking_id, provider, method, provider_order_id, provider_payment_id, amount_paise, status, created_at, updated_at)
      select 'BK' || (${base}::bigint + g)::text, provider, method, provider_order_id || '-' || g, provider_payment_id || '-' || g, amount_paise, status, created_at, updated_at from payments p, n where p.booking_id = ${bookingId} and p.status = 'captured'`;
    await tx`insert into boarding_passes (booking_id, passenger_id, leg_index, flight_id, seat, gate, sequence, bcbp, created_at)
      select np.booking_id, np.id, bp.leg_index, bp.flight_id, 'C' || g || '-' || op.position, bp.gate, bp.sequence, bp.bcbp, bp.created_at
      from boarding_passes bp join passengers op on op.id = bp.passenger_id, n, passengers np
      where bp.booking_id = ${bookingId} and np.booking_id = 'BK' || (${base}::bigint + g)::text and np.position = op.position`;
    await tx`update flight_inventory i set available = i.available - s.seats * ${copies}::int, sold = i.sold + s.seats * ${copies}::int, version = i.version + 1
      from booking_segments s where s.booking_id = ${bookingId} and i.flight_id = s.flight_id and i.cabin = s.cabin`;
  });
}

const PORT = process.env.BENCH_PORT ?? String(3400 + Math.floor(Math.random() * 400));
const base = `http://127.0.0.1:${PORT}`;
const origin = `http://localhost:${PORT}`;
// The demand simulator runs as usual: the copies leave a margin of seats for its sales.
const server = await startServer({ PORT, TRUST_PROXY: 'true', DATABASE_URL: url.toString(), ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}) });
const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
let failed = false;
try {
  const json = (extra = {}) => ({ 'Content-Type': 'application/json', Origin: origin, ...extra });
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const email = `bench-${randomUUID()}@example.com`;
    const ip = { 'X-Forwarded-For': `10.8.${i >> 8}.${i & 255}` };
    const s = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: json(ip), body: JSON.stringify({ email, password: PASSWORD, confirmPassword: PASSWORD }) });
    if (s.status !== 201) throw new Error(`signup ${s.status} ${await s.text()}`);
    const l = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json(ip), body: JSON.stringify({ email, password: PASSWORD }) });
    const cookie = l.headers.getSetCookie().find((c) => c.includes('safar_session='))?.split(';')[0];
    if (!cookie) throw new Error('no session cookie');
    users.push(cookie);
  }
  const itineraries = [];
  for (const [from, to] of [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR'], ['BLR', 'DEL'], ['BOM', 'BLR'], ['HYD', 'DEL']]) {
    for (let d = 0; d < 6 && itineraries.length < TEMPLATES; d++) {
      const date = new Date(Date.UTC(2026, 11, 10 + d)).toISOString().slice(0, 10);
      const body = await (await fetch(`${base}/api/search?from=${from}&to=${to}&date=${date}&adults=2`)).json();
      const direct = (body.itineraries ?? []).find((it) => it.legs.length === 1);
      if (direct) itineraries.push(`${direct.legs[0][0]}:${body.query.cabin}`);
    }
  }
  await warmUp(base);

  // One real booking per flight (two adults), each copied as far as the flight's seats go.
  const post = (path, headers, body) => fetch(`${base}${path}`, { method: 'POST', headers: json(headers), body });
  const bookings = [];
  let nextId = 1_900_000_000_000;
  for (const [i, itineraryId] of itineraries.entries()) {
    const cookie = users[i % users.length];
    const hold = await post('/api/bookings', { Cookie: cookie, 'Idempotency-Key': randomUUID() }, JSON.stringify({ itineraryId, passengers: [ADULT, ADULT2], quotedTotal: 0, acceptPriceChange: true }));
    if (hold.status !== 201) continue;
    const { booking } = await hold.json();
    const { payment } = await (await post(`/api/bookings/${booking.id}/payments`, { Cookie: cookie }, '{"method":"card"}')).json();
    const paid = await (await post('/api/payments/sandbox/pay', {}, JSON.stringify({ orderId: payment.orderId, method: 'card', card: CARD }))).text();
    const confirm = await post(`/api/bookings/${booking.id}/confirm`, { Cookie: cookie, 'Idempotency-Key': randomUUID() }, paid);
    if (confirm.status !== 200) continue;
    const [inv] = await sql`select min(i.available)::int as available from booking_segments s join flight_inventory i on i.flight_id = s.flight_id and i.cabin = s.cabin where s.booking_id = ${booking.id}`;
    const copies = Math.max(0, Math.min(COPIES_PER_FLIGHT, Math.floor((inv.available - 10) / 2)));
    await copyBooking(sql, booking.id, nextId, copies);
    bookings.push({ id: booking.id, cookie });
    for (let g = 1; g <= copies; g++) bookings.push({ id: `BK${nextId + g}`, cookie });
    nextId += copies + 1;
  }
  // Interleave flights so concurrent cancels spread over the rows as real ones would.
  bookings.sort((a, b) => (a.id < b.id ? -1 : 1));
  const queue = bookings.map((b, i) => ({ ...b, positions: i % 2 === 0 ? [1] : [0, 1] }));
  for (let i = queue.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [queue[i], queue[j]] = [queue[j], queue[i]];
  }
  console.log(`${queue.length} confirmed bookings over ${itineraries.length} flights ready to cancel`);

  const client = httpClient(base, { connections: CONCURRENCY });
  let taken = 0;
  async function worker(deadline, tally) {
    while (performance.now() < deadline && taken < queue.length) {
      const b = queue[taken++];
      const started = performance.now();
      const quote = await client.request('GET', `/api/bookings/${b.id}/cancellation-quote?passengers=${b.positions.join(',')}`, { Cookie: b.cookie, Origin: origin, 'Accept-Encoding': 'br, gzip' });
      if (quote.status !== 200) {
        tally.other.push(`quote ${quote.status} ${quote.text.slice(0, 120)}`);
        continue;
      }
      const refund = quote.json().quote.refundPaise;
      const t = performance.now();
      const res = await client.request(
        'POST',
        `/api/bookings/${b.id}/cancellations`,
        { Cookie: b.cookie, Origin: origin, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), 'Accept-Encoding': 'br, gzip' },
        JSON.stringify({ passengers: b.positions, quotedRefundPaise: refund }),
      );
      if (res.status === 201) {
        tally.cancel.push(performance.now() - t);
        tally.flow.push(performance.now() - started);
      } else tally.other.push(`cancel ${res.status} ${res.text.slice(0, 120)}`);
    }
  }
  const phase = async (seconds) => {
    const tally = { cancel: [], flow: [], other: [] };
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(deadline, tally)));
    return tally;
  };
  if (WARMUP_SECONDS > 0) await phase(WARMUP_SECONDS);
  // This database's PostgreSQL processes (the server's pool is open by now): other sessions' tests share the machine.
  const pids = await databasePids(sql);
  const cpu = { server: processCpuMs(server.child.pid), postgres: postgresCpuMs(), ours: processesCpuMs(pids) };
  const t0 = performance.now();
  const tally = await phase(SECONDS);
  const elapsed = (performance.now() - t0) / 1000;
  const used = { server: processCpuMs(server.child.pid) - cpu.server, postgres: postgresCpuMs() - cpu.postgres, ours: processesCpuMs(pids) - cpu.ours };
  client.close();
  const done = tally.cancel.length;
  const f = (v) => v.toFixed(1);
  const per = (ms) => (ms / Math.max(1, done)).toFixed(2);
  console.log(`\nPostgreSQL: ${CONCURRENCY} concurrent travellers for ${elapsed.toFixed(1)} s (after ${WARMUP_SECONDS} s of warm-up)${taken >= queue.length ? ' — ran out of bookings to cancel' : ''}`);
  console.log(`  cancellations: ${done} = ${(done / elapsed).toFixed(0)} cancellations/s (refused ${tally.other.length}${tally.other[0] ? `, e.g. ${tally.other[0]}` : ''})`);
  console.log(`  cancel request: p50 ${f(percentile(tally.cancel, 50))} ms, p99 ${f(percentile(tally.cancel, 99))} ms`);
  console.log(`  quote + cancel: p50 ${f(percentile(tally.flow, 50))} ms, p99 ${f(percentile(tally.flow, 99))} ms`);
  console.log(`  CPU per cancellation: server ${per(used.server)} ms (all threads), PostgreSQL ${per(used.postgres)} ms (all its processes), ${per(used.ours)} ms (this database's); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (tally.other.length > 0) failed = true;
} finally {
  await server.stop();
}
// The books: every row balanced, segments hold the passengers still travelling, refunds add up and completed.
const [check] = await sql`select
    (select count(*) from flight_inventory where available < 0 or held < 0 or sold < 0 or available + held + sold <> capacity)::int as unbalanced,
    (select count(*) from booking_segments s join bookings b on b.id = s.booking_id where b.status in ('confirmed', 'partly_cancelled', 'cancelled')
       and s.seats <> (select count(*) from passengers p where p.booking_id = b.id and p.type <> 'infant' and p.cancelled_at is null))::int as segments,
    (select count(*) from cancellations c where c.refund_paise <> coalesce((select sum(r.amount_paise) from refunds r where r.cancellation_id = c.id), 0))::int as lost,
    (select count(*) from refunds where status <> 'completed')::int as open,
    (select count(*) from cancellations)::int as cancellations`;
console.log(`  books: ${check.cancellations} cancellations; ${check.unbalanced} unbalanced rows, ${check.segments} bookings whose seats disagree with their passengers, ${check.lost} refunds not adding up, ${check.open} refunds not completed`);
if (check.unbalanced + check.segments + check.lost + check.open > 0) failed = true;
await sql.end();
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.end();
if (failed) process.exitCode = 1;
