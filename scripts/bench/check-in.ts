// Web check-ins per second on PostgreSQL: 32 concurrent travellers each check in their confirmed
// bookings one after another (POST /api/bookings/{id}/check-in with an Idempotency-Key, through the
// app in-process on a scratch database, the app's clock a day before the flights so every window
// is open). Prints check-ins/s and the request's p50/p99, then checks the books: every pass checked
// in once, sequence numbers unique per flight and within the flight's counter.
// Bookings: one real booking per flight through the HTTP flow, then copied in the database (new
// ids and passengers, a seat record each) — the copies do not touch the inventory (this measures check-in).
// Usage: npm run bench check-in   (CHECKIN_BENCH_SECONDS, CHECKIN_BENCH_CONCURRENCY to tune)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import postgres from 'postgres';
import { openPostgres } from '../../src/db/client';
import { signUpAndLogin } from '../../tests/support/auth';
import { ADULT, bookAndPay, findItinerary } from '../../tests/support/booking';
import { createScratchDatabase } from '../../tests/support/postgres';
import { createTestApp, jsonHeaders } from '../../tests/support/test-app';

const SECONDS = Number(process.env.CHECKIN_BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.CHECKIN_BENCH_CONCURRENCY ?? 32);
const COPIES_PER_FLIGHT = 400;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUTES: [string, string][] = [['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR'], ['BLR', 'DEL'], ['BOM', 'BLR'], ['HYD', 'DEL'], ['DEL', 'HYD'], ['BLR', 'BOM']];

/** The p-th percentile of a list of numbers (nearest rank). */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

process.env.TEST_DATABASE_URL ??= PG_URL;
const scratch = await createScratchDatabase().catch((error: unknown) => {
  console.log(`PostgreSQL not reachable at ${PG_URL} (${error instanceof Error ? error.message : 'error'}): check-in bench skipped`);
  return null;
});
if (scratch) {
  const url = scratch.url;
  const database = await openPostgres(url, { poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10) });
  const ctx = await createTestApp({ database, now: '2026-11-21T06:30:00Z' });
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const travellers = await Promise.all(Array.from({ length: CONCURRENCY }, () => signUpAndLogin(ctx.app)));
    const templates: string[] = [];
    for (const [from, to] of ROUTES) {
      // The next day's flights: inside every airline's window.
      const itinerary = await findItinerary(ctx.app, { from, to, date: '2026-11-22' });
      const { confirm } = await bookAndPay(ctx.app, travellers[0]?.cookie ?? '', itinerary, [ADULT]);
      templates.push(confirm.body.booking.id);
    }
    let base = 1_900_000_000_000;
    for (const bookingId of templates) {
      await sql.begin(async (tx) => {
        await tx`create temporary table n on commit drop as select g from generate_series(1, ${COPIES_PER_FLIGHT}::int) g`;
        await tx`insert into bookings (id, pnr, user_id, status, itinerary_id, cabin, itinerary, passenger_count, seat_count, price, total_inr, hold_expires_at, created_at, confirmed_at, payment_id, payment_method, fare_family, changed_from, credit_paise)
          select 'BK' || (${base}::bigint + g)::text, 'Z' || lpad(upper(to_hex(((${base}::bigint + g) % 1048576)::int)), 5, '0'), user_id, status, itinerary_id, cabin, itinerary, passenger_count, seat_count, price, total_inr, hold_expires_at, created_at, confirmed_at, payment_id || '-' || g, payment_method, fare_family, changed_from, credit_paise
          from bookings b, n where b.id = ${bookingId}`;
        await tx`insert into passengers (booking_id, position, title, first_name, middle_name, last_name, dob, type, mobile, aadhaar_last4, ticket_number)
          select 'BK' || (${base}::bigint + g)::text, position, title, first_name, middle_name, last_name, dob, type, mobile, aadhaar_last4, ticket_number from passengers p, n where p.booking_id = ${bookingId}`;
        await tx`insert into booking_segments (booking_id, leg_index, flight_id, cabin, seats) select 'BK' || (${base}::bigint + g)::text, leg_index, flight_id, cabin, seats from booking_segments s, n where s.booking_id = ${bookingId}`;
        await tx`insert into boarding_passes (booking_id, passenger_id, leg_index, flight_id, seat, gate, sequence, bcbp, created_at)
          select np.booking_id, np.id, bp.leg_index, bp.flight_id, (100 + g)::text || chr(65 + op.position), bp.gate, bp.sequence, bp.bcbp, bp.created_at
          from boarding_passes bp join passengers op on op.id = bp.passenger_id, n, passengers np
          where bp.booking_id = ${bookingId} and np.booking_id = 'BK' || (${base}::bigint + g)::text and np.position = op.position`;
      });
      base += COPIES_PER_FLIGHT + 1;
    }
    // Each traveller owns an equal share of the copies (spread over the flights).
    const ids = (await sql<{ id: string }[]>`select id from bookings where id not in ${sql(templates)} order by md5(id)`).map((r) => r.id);
    const shares = travellers.map((_, i) => ids.filter((_, j) => j % CONCURRENCY === i));
    for (const [i, t] of travellers.entries()) await sql`update bookings set user_id = ${t.user.id}::uuid where id in ${sql(shares[i] ?? [])}`;

    const latencies: number[] = [];
    let done = 0;
    let failures = 0;
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      travellers.map(async (t, i) => {
        for (const id of shares[i] ?? []) {
          if (performance.now() >= until) return;
          const t0 = performance.now();
          const res = await ctx.app.request(`/api/bookings/${id}/check-in`, {
            method: 'POST',
            headers: jsonHeaders({ Cookie: t.cookie, 'Idempotency-Key': randomUUID() }),
            body: JSON.stringify({ legIndex: 0, passengers: [{ position: 0 }] }),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status === 201) done += 1;
          else failures += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${CONCURRENCY} concurrent travellers, ${templates.length} flights, PostgreSQL pool ${process.env.BENCH_POOL_SIZE ?? 10}`);
    console.log(`check-ins: ${done} in ${seconds.toFixed(1)} s = ${(done / seconds).toFixed(0)}/s (target ≥ 200/s); failures ${failures}`);
    console.log(`check-in request p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`);
    const [checks] = await sql<{ duplicateSequences: number; beyondCounter: number; checkedIn: number }[]>`select
      (select count(*) from (select flight_id, sequence from boarding_passes where checked_in_at is not null and voided_at is null group by flight_id, sequence having count(*) > 1) d)::int as "duplicateSequences",
      (select count(*) from boarding_passes bp join check_in_sequences c on c.flight_id = bp.flight_id where bp.checked_in_at is not null and bp.sequence > c.last_sequence)::int as "beyondCounter",
      (select count(*) from boarding_passes where checked_in_at is not null and booking_id not in ${sql(templates)})::int as "checkedIn"`;
    console.log('books:', JSON.stringify(checks));
    if (!checks || checks.duplicateSequences !== 0 || checks.beyondCounter !== 0 || checks.checkedIn !== done || failures > 0) {
      console.error('check-in bench: the books do not add up');
      process.exitCode = 1;
    }
  } finally {
    await sql.end();
    await ctx.close();
    await scratch.drop();
  }
}
