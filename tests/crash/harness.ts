import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { SERVER_ENTRY_POINTS } from '../../scripts/server-entries.mjs';
import type { BookingView } from '../../src/core/booking';
import type { Quote } from '../../src/core/quote';
import type { ChangeOptionsAnswer } from '../../src/core/trip-changes';
import type { CompactSearchResponse } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import type { Db } from '../../src/db/client';
import { executeRows } from '../../src/db/rows';
import { familyByCode } from '../../src/domain/fares/families/lookup';
import { fareDifferenceRefund } from '../../src/domain/refunds/rule';
import { signUpAndLogin } from '../support/auth';
import { ADULT, CHILD, GOOD_CARD, INFANT } from '../support/booking';
import { TEST_ORIGIN } from '../support/test-app';
import { CREDIT_BOOKS_SQL } from '../support/credit-books';

/**
 * The crash suite's machinery: a real server process (the bundled server, built once per run),
 * travellers booking through its HTTP API with Idempotency-Keys the way the web app does, kill -9
 * in the middle of it, restarts, and the books checked in the database afterwards.
 *
 * Each traveller walks hold → order → sandbox pay → confirm. A request that dies with the server
 * is retried with the same key once the server is back (the browser's retry); a payment the
 * gateway took but whose answer was lost, and some the traveller deliberately never confirms
 * (a closed tab), must be settled by the server alone — the sandbox webhook or the reconciler.
 */

/** Settings that make a hold lapse and money settle within seconds instead of minutes. */
export const FAST_BOOKING_ENV = {
  BOOKING_HOLD_SECONDS: '15',
  HOLD_SWEEP_SECONDS: '1',
  PAYMENT_RECONCILE_SECONDS: '1',
  PAYMENT_RECONCILE_AFTER_SECONDS: '2',
};

const REPO = path.resolve(import.meta.dirname, '../..');

/**
 * Bundles the server once into `.test-data/<name>/` (two levels below the repository, so the
 * bundle finds `drizzle/` as dist/server does) and returns the entry file.
 */
export async function buildServer(name: string): Promise<{ entry: string; remove(): Promise<void> }> {
  const outdir = path.join(REPO, '.test-data', name);
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRY_POINTS).map(([name, file]) => [name, path.join(REPO, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return { entry: path.join(outdir, 'main.js'), remove: () => rm(outdir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  origin: string;
  /** Starts (or restarts) the process and waits until /api/health answers; returns the start-up time in ms. */
  start(): Promise<number>;
  /** SIGKILL: no shutdown, no flush — whatever was not committed is gone. */
  kill(): Promise<void>;
  /** SIGTERM, waiting for a clean exit. */
  stop(): Promise<void>;
}

/**
 * One server on a port with fixed environment, which the suite can kill and start again.
 * @example const server = serverProcess(entry, 3145, { DATABASE_URL: url }); await server.start();
 */
export function serverProcess(entry: string, port: number, env: Record<string, string>): ServerProcess {
  let child: ChildProcess | null = null;
  let stderr = '';
  const origin = `http://127.0.0.1:${port}`;
  const exited = (proc: ChildProcess) => new Promise<void>((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve())));
  return {
    origin,
    async start() {
      const started = performance.now();
      stderr = '';
      const proc = spawn(process.execPath, [entry], {
        cwd: REPO,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          SEARCH_WORKERS: '1',
          ALLOWED_ORIGINS: TEST_ORIGIN,
          SIGNUP_LIMIT_PER_IP: '100000',
          LOGIN_LIMIT_PER_IP: '100000',
          DATABASE_URL: '',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = proc;
      proc.stderr?.setEncoding('utf8');
      proc.stderr?.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-4000);
      });
      const deadline = Date.now() + 180_000;
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${stderr}`);
        try {
          if ((await fetch(`${origin}/api/health`)).ok) return performance.now() - started;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`server did not start in 180 s: ${stderr}`);
        await sleep(100);
      }
    },
    async kill() {
      const proc = child;
      if (!proc) return;
      proc.kill('SIGKILL');
      await exited(proc);
      child = null;
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
      await exited(proc);
      clearTimeout(timer);
      child = null;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the load saw: every answer the server acknowledged, and how retries after a crash went. */
interface LoadReport {
  /** Bookings whose hold the server acknowledged (201). */
  heldAcks: Set<string>;
  /** Bookings whose confirmation the server acknowledged (200, status confirmed). */
  confirmedAcks: Set<string>;
  /** Holds that lapsed before payment completed; the answer promised a refund. */
  expiredAcks: Set<string>;
  /** Payments the traveller walked away from after the gateway took them (closed tab, lost answer). */
  abandonedPaid: Set<string>;
  /** Cancellations the server acknowledged (201): booking id → cancellation id. */
  cancelledAcks: Map<string, string>;
  /** Changes the server acknowledged as done (the new booking confirmed): old booking id → new booking id. */
  changedAcks: Map<string, string>;
  /** Changes held with something due that the traveller never paid (the hold lapses, the old booking stays). */
  unpaidChanges: Set<string>;
  /** Requests cut off by a crash (no answer), by step. */
  cutOff: Record<string, number>;
  /** Retries with the same Idempotency-Key after a cut-off, and how long until each got a final answer after the server was back. */
  retries: { step: string; msAfterRestart: number; status: number }[];
  /** Answers that should never happen (5xx, unexpected codes), for the assertion message. */
  unexpected: string[];
}

interface Ctx {
  origin: string;
  /** The travel date of the load (changes move to another flight that day). */
  date: string;
  /** Resolves once the server answers again; the time it came back. */
  up(): Promise<number>;
  stopping(): boolean;
  report: LoadReport;
}

class CutOff extends Error {}

async function call(ctx: Ctx, method: string, url: string, init: { cookie?: string; key?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.key) headers['Idempotency-Key'] = init.key;
  try {
    const res = await fetch(`${ctx.origin}${url}`, { method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }), signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body: body as Record<string, unknown> & { error?: { code?: string; reason?: string; message?: string } } };
  } catch {
    throw new CutOff(`${method} ${url}`);
  }
}

/**
 * A request with an Idempotency-Key as the web app sends it, retried with the same key while the
 * server is down (cut off) or still finishing the same key (409 idempotency_in_progress).
 */
async function keyed(ctx: Ctx, step: string, method: string, url: string, init: { cookie: string; key: string; body: unknown }) {
  let cutAt: number | null = null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await call(ctx, method, url, init);
      if (answer.status === 409 && answer.body.error?.code === 'idempotency_in_progress') {
        if (attempt > 600) throw new Error(`${step}: key still in progress after ${attempt} tries`);
        await sleep(100);
        continue;
      }
      if (cutAt !== null) ctx.report.retries.push({ step, msAfterRestart: performance.now() - cutAt, status: answer.status });
      return answer;
    } catch (error) {
      if (!(error instanceof CutOff)) throw error;
      ctx.report.cutOff[step] = (ctx.report.cutOff[step] ?? 0) + 1;
      cutAt = await ctx.up();
    }
  }
}

/** A request without a key: after a cut-off the traveller simply asks again once the server is back. */
async function plain(ctx: Ctx, step: string, method: string, url: string, init: { cookie?: string; body?: unknown } = {}) {
  for (;;) {
    try {
      return await call(ctx, method, url, init);
    } catch (error) {
      if (!(error instanceof CutOff)) throw error;
      ctx.report.cutOff[step] = (ctx.report.cutOff[step] ?? 0) + 1;
      await ctx.up();
    }
  }
}

const MIXES = [[ADULT], [ADULT, ADULT], [ADULT, CHILD], [ADULT, CHILD, INFANT]];

/** One traveller booking again and again until the load stops. */
async function traveller(ctx: Ctx, cookie: string, itineraryIds: readonly string[], seed: number) {
  let n = seed;
  const next = () => {
    n = (n * 1_103_515_245 + 12_345) % 2_147_483_648;
    return n / 2_147_483_648;
  };
  while (!ctx.stopping()) {
    const itineraryId = itineraryIds[Math.floor(next() * itineraryIds.length)] ?? '';
    const passengers = MIXES[Math.floor(next() * MIXES.length)] ?? [ADULT];
    const mix = { adults: passengers.filter((p) => p.type === 'Adult').length, children: passengers.filter((p) => p.type === 'Child').length, infants: passengers.filter((p) => p.type === 'Infant').length };
    const quote = await plain(ctx, 'quote', 'GET', `/api/quote?itineraryId=${encodeURIComponent(itineraryId)}&adults=${mix.adults}&children=${mix.children}&infants=${mix.infants}`);
    if (quote.status !== 200) {
      ctx.report.unexpected.push(`quote ${quote.status}`);
      continue;
    }
    const quotedTotal = (quote.body as unknown as Quote).price.total.total;
    const hold = await keyed(ctx, 'hold', 'POST', '/api/bookings', { cookie, key: randomUUID(), body: { itineraryId, passengers, quotedTotal, acceptPriceChange: true } });
    if (hold.status === 409 && hold.body.error?.reason === 'sold-out') continue;
    if (hold.status !== 201) {
      ctx.report.unexpected.push(`hold ${hold.status} ${JSON.stringify(hold.body).slice(0, 200)}`);
      continue;
    }
    const bookingId = (hold.body as unknown as { booking: BookingView }).booking.id;
    ctx.report.heldAcks.add(bookingId);
    if (next() < 0.1) continue; // walked away before paying: the sweeper gives the seats back

    const order = await plain(ctx, 'order', 'POST', `/api/bookings/${bookingId}/payments`, { cookie, body: { method: 'card' } });
    if (order.status !== 201) {
      // The hold lapsed while the server was down: nothing was paid.
      if (order.status !== 409) ctx.report.unexpected.push(`order ${order.status} ${JSON.stringify(order.body).slice(0, 200)}`);
      continue;
    }
    const orderId = (order.body as unknown as { payment: { orderId: string } }).payment.orderId;
    const pay = await plain(ctx, 'pay', 'POST', '/api/payments/sandbox/pay', { body: { orderId, method: 'card', card: GOOD_CARD } });
    if (pay.status === 409) {
      // The gateway took the money before the crash but its answer was lost: the server must settle it alone.
      ctx.report.abandonedPaid.add(bookingId);
      continue;
    }
    if (pay.status !== 200) {
      ctx.report.unexpected.push(`pay ${pay.status} ${JSON.stringify(pay.body).slice(0, 200)}`);
      continue;
    }
    if (next() < 0.1) {
      ctx.report.abandonedPaid.add(bookingId); // closed the tab after paying
      continue;
    }
    const payment = pay.body as unknown as { orderId: string; paymentId: string; signature: string };
    const confirm = await keyed(ctx, 'confirm', 'POST', `/api/bookings/${bookingId}/confirm`, {
      cookie,
      key: randomUUID(),
      body: { orderId: payment.orderId, paymentId: payment.paymentId, signature: payment.signature },
    });
    if (confirm.status === 200 && (confirm.body as unknown as { booking: BookingView }).booking.status === 'confirmed') {
      ctx.report.confirmedAcks.add(bookingId);
      const after = next();
      if (after < 0.35) {
        const some = passengers.length > 1 && next() < 0.7;
        await cancelSome(ctx, cookie, bookingId, some ? [1] : passengers.map((_, i) => i));
        // The passengers still travelling on a partly cancelled booking change flight.
        if (some && next() < 0.5) await changeFlight(ctx, cookie, bookingId, next);
      } else if (after < 0.65) await changeFlight(ctx, cookie, bookingId, next);
    } else if (confirm.status === 409 && confirm.body.error?.reason === 'hold-expired') ctx.report.expiredAcks.add(bookingId);
    else ctx.report.unexpected.push(`confirm ${confirm.status} ${JSON.stringify(confirm.body).slice(0, 200)}`);
  }
}

/** A traveller cancelling passengers of a confirmed booking: quote, then confirm the refund seen with an Idempotency-Key. */
async function cancelSome(ctx: Ctx, cookie: string, bookingId: string, positions: number[]) {
  const quote = await plain(ctx, 'cancel-quote', 'GET', `/api/bookings/${bookingId}/cancellation-quote?passengers=${positions.join(',')}`, { cookie });
  if (quote.status !== 200) {
    ctx.report.unexpected.push(`cancel-quote ${quote.status} ${JSON.stringify(quote.body).slice(0, 200)}`);
    return;
  }
  const refund = (quote.body as unknown as { quote: { refundPaise: number } }).quote.refundPaise;
  // Half the bookings (by the id's last digit) refund to Safar credit: a crash mid-way must add it exactly once.
  const destination = Number(bookingId.slice(-1)) % 2 === 0 ? 'credit' : 'original';
  const answer = await keyed(ctx, 'cancel', 'POST', `/api/bookings/${bookingId}/cancellations`, { cookie, key: randomUUID(), body: { passengers: positions, destination, quotedRefundPaise: refund } });
  if (answer.status === 201) ctx.report.cancelledAcks.set(bookingId, (answer.body as unknown as { cancellation: { id: string } }).cancellation.id);
  else ctx.report.unexpected.push(`cancel ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
}

/**
 * A traveller changing a confirmed booking to another flight that day: options, then the change
 * with an Idempotency-Key; nothing due swaps at once, something due is paid through checkout (or,
 * one time in four, never paid: the hold lapses and the old booking stays as it was).
 */
async function changeFlight(ctx: Ctx, cookie: string, bookingId: string, next: () => number) {
  const options = await plain(ctx, 'change-options', 'GET', `/api/bookings/${bookingId}/change-options?date=${ctx.date}`, { cookie });
  if (options.status !== 200) {
    ctx.report.unexpected.push(`change-options ${options.status} ${JSON.stringify(options.body).slice(0, 200)}`);
    return;
  }
  const list = (options.body as unknown as ChangeOptionsAnswer).options;
  const pick = list[Math.floor(next() * list.length)];
  if (!pick) return;
  const answer = await keyed(ctx, 'change', 'POST', `/api/bookings/${bookingId}/changes`, { cookie, key: randomUUID(), body: { itineraryId: pick.itinerary.id, quotedDuePaise: pick.quote.duePaise } });
  // The price moved, the flight sold out, or a change of it is already under way: the traveller gives up.
  if (answer.status === 409) return;
  if (answer.status !== 201) {
    ctx.report.unexpected.push(`change ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    return;
  }
  const changed = (answer.body as unknown as { booking: BookingView }).booking;
  ctx.report.heldAcks.add(changed.id);
  if (changed.status === 'confirmed') {
    ctx.report.changedAcks.set(bookingId, changed.id);
    ctx.report.confirmedAcks.add(changed.id);
    return;
  }
  if (next() < 0.25) {
    ctx.report.unpaidChanges.add(changed.id);
    return;
  }
  const order = await plain(ctx, 'change-order', 'POST', `/api/bookings/${changed.id}/payments`, { cookie, body: { method: 'card' } });
  if (order.status !== 201) {
    if (order.status !== 409) ctx.report.unexpected.push(`change-order ${order.status} ${JSON.stringify(order.body).slice(0, 200)}`);
    return;
  }
  const orderId = (order.body as unknown as { payment: { orderId: string } }).payment.orderId;
  const pay = await plain(ctx, 'change-pay', 'POST', '/api/payments/sandbox/pay', { body: { orderId, method: 'card', card: GOOD_CARD } });
  if (pay.status === 409) return; // taken before a crash, its answer lost: the server settles it alone
  if (pay.status !== 200) {
    ctx.report.unexpected.push(`change-pay ${pay.status} ${JSON.stringify(pay.body).slice(0, 200)}`);
    return;
  }
  const payment = pay.body as unknown as { orderId: string; paymentId: string; signature: string };
  const confirm = await keyed(ctx, 'change-confirm', 'POST', `/api/bookings/${changed.id}/confirm`, {
    cookie,
    key: randomUUID(),
    body: { orderId: payment.orderId, paymentId: payment.paymentId, signature: payment.signature },
  });
  if (confirm.status === 200 && (confirm.body as unknown as { booking: BookingView }).booking.status === 'confirmed') {
    ctx.report.changedAcks.set(bookingId, changed.id);
    ctx.report.confirmedAcks.add(changed.id);
  } else if (confirm.status !== 409) ctx.report.unexpected.push(`change-confirm ${confirm.status} ${JSON.stringify(confirm.body).slice(0, 200)}`);
}

export interface CrashRun {
  report: LoadReport;
  crashes: number;
  /** Start-up time of each restart after a kill, ms. */
  restartMs: number[];
  travellerCookies: string[];
}

/**
 * Signs a traveller up before any kill. A request on a kept-alive connection the server closed
 * at the same moment fails with ECONNRESET (seen once on a machine at load 20); nothing was killed
 * yet, so a fresh sign-up is simply tried again, once.
 */
async function signUpOnce(app: Parameters<typeof signUpAndLogin>[0]): Promise<Awaited<ReturnType<typeof signUpAndLogin>>> {
  try {
    return await signUpAndLogin(app);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return signUpAndLogin(app);
  }
}

/**
 * Runs `travellers` concurrent travellers against the server and kills it `crashes` times at
 * random moments, restarting it each time; the load goes on after the last restart for
 * `tailMs`, then every traveller finishes the booking it is in.
 */
export async function crashUnderLoad(server: ServerProcess, options: { travellers: number; crashes: number; loadMs: [number, number]; tailMs: number; date: string }): Promise<CrashRun> {
  const app = { request: (input: string, init?: RequestInit) => fetch(`${server.origin}${input}`, init) };
  const search = await fetch(`${server.origin}/api/search?from=DEL&to=BOM&date=${options.date}&adults=1&children=0&infants=0`);
  if (search.status !== 200) throw new Error(`search failed: ${search.status} ${await search.text()}`);
  const answer = expandSearchResponse((await search.json()) as CompactSearchResponse);
  // A few direct flights, so travellers compete for the same inventory rows.
  const itineraryIds = answer.itineraries.filter((i) => i.stops === 0).slice(0, 4).map((i) => i.id);
  if (itineraryIds.length === 0) throw new Error('no direct DEL-BOM flights to book');
  const cookies: string[] = [];
  for (let i = 0; i < options.travellers; i += 1) cookies.push((await signUpOnce(app)).cookie);

  const report: LoadReport = { heldAcks: new Set(), confirmedAcks: new Set(), expiredAcks: new Set(), abandonedPaid: new Set(), cancelledAcks: new Map(), changedAcks: new Map(), unpaidChanges: new Set(), cutOff: {}, retries: [], unexpected: [] };
  let back: Promise<number> = Promise.resolve(performance.now());
  let stop = false;
  const ctx: Ctx = {
    origin: server.origin,
    date: options.date,
    up: async () => {
      // Wait for the restart the suite is doing (a cut-off can only come from a kill).
      for (;;) {
        const at = await back;
        try {
          if ((await fetch(`${server.origin}/api/health`)).ok) return at;
        } catch {
          await sleep(50);
        }
      }
    },
    stopping: () => stop,
    report,
  };
  const load = Promise.all(cookies.map((cookie, i) => traveller(ctx, cookie, itineraryIds, i + 1)));

  const restartMs: number[] = [];
  for (let crash = 0; crash < options.crashes; crash += 1) {
    const [min, max] = options.loadMs;
    await sleep(min + Math.random() * (max - min));
    let restarted!: (at: number) => void;
    back = new Promise<number>((resolve) => (restarted = resolve));
    await server.kill();
    restartMs.push(await server.start());
    restarted(performance.now());
  }
  await sleep(options.tailMs);
  stop = true;
  await load;
  return { report, crashes: options.crashes, restartMs, travellerCookies: cookies };
}

/** Rows of a raw query on either driver. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return executeRows<T>(db, query);
}

/** The books after the run, read straight from the database. */
export async function readBooks(db: Db) {
  const bookings = await rows<{ id: string; status: string; total_inr: number; credit_paise: number; confirmed_at: string | null; changed_from: string | null; created_at: string | Date }>(
    db,
    sql`select id, status, total_inr, credit_paise, confirmed_at, changed_from, created_at from bookings`,
  );
  const payments = await rows<{ booking_id: string; status: string; amount_paise: number }>(db, sql`select booking_id, status, amount_paise from payments`);
  // Held seats per leg must be exactly the seats of bookings still held there; every row must add up.
  const inventory = await rows<{ flight_id: string; cabin: string; capacity: number; available: number; held: number; sold: number; held_by_bookings: number; sold_to_bookings: number }>(
    db,
    sql`select i.flight_id, i.cabin, i.capacity, i.available, i.held, i.sold,
          coalesce((select sum(s.seats) from booking_segments s join bookings b on b.id = s.booking_id
                    where s.flight_id = i.flight_id and s.cabin = i.cabin and b.status = 'held'), 0)::int as held_by_bookings,
          coalesce((select sum(s.seats) from booking_segments s join bookings b on b.id = s.booking_id
                    where s.flight_id = i.flight_id and s.cabin = i.cabin and b.status in ('confirmed', 'partly_cancelled')), 0)::int as sold_to_bookings
        from flight_inventory i
        where exists (select 1 from booking_segments s where s.flight_id = i.flight_id and s.cabin = i.cabin)`,
  );
  // Infants sit on a lap and all carry the seat 'INF'; only real seats of valid passes must be unique (a cancelled passenger's pass is void, its seat sold again).
  const seatClashes = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select flight_id, seat from boarding_passes where seat <> 'INF' and voided_at is null group by flight_id, seat having count(*) > 1) d`,
  );
  const cancellations = await rows<{ id: string; booking_id: string; refund_paise: number; retained_paise: number; paid: number; refunded: number }>(
    db,
    sql`select c.id, c.booking_id, c.refund_paise, c.retained_paise, (c.quote->>'paidPaise')::int as paid,
          coalesce((select sum(r.amount_paise) from refunds r where r.cancellation_id = c.id), 0)::int as refunded
        from cancellations c`,
  );
  const refunds = await rows<{ id: string; status: string; provider_refund_id: string | null; payment_id: string | null }>(db, sql`select id, status, provider_refund_id, payment_id from refunds`);
  const overRefunded = await rows<{ id: string }>(
    db,
    sql`select p.id from payments p where p.amount_paise < coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0)`,
  );
  // A cancelled seat-holding passenger's seat is back on sale: the segments hold only those still travelling.
  const segmentMismatches = await rows<{ booking_id: string }>(
    db,
    sql`select s.booking_id from booking_segments s join bookings b on b.id = s.booking_id
        where b.status in ('confirmed', 'partly_cancelled', 'cancelled') and b.confirmed_at is not null
          and s.seats <> (select count(*) from passengers p where p.booking_id = b.id and p.type <> 'infant' and p.cancelled_at is null)`,
  );
  // Per booking: valid boarding passes, passengers still travelling, legs; its fare rows; refunds of a change's lower fare (no cancellation).
  const passes = await rows<{ booking_id: string; valid: number; travelling: number; legs: number }>(
    db,
    sql`select b.id as booking_id,
          (select count(*) from boarding_passes bp where bp.booking_id = b.id and bp.voided_at is null)::int as valid,
          (select count(*) from passengers p where p.booking_id = b.id and p.cancelled_at is null)::int as travelling,
          jsonb_array_length(b.itinerary->'legs')::int as legs
        from bookings b`,
  );
  const fares = await rows<{ booking_id: string; status: string; family_code: string; total_paise: number }>(db, sql`select booking_id, status, family_code, total_paise from booking_fares`);
  const changeRefunds = await rows<{ booking_id: string; amount_paise: number }>(db, sql`select booking_id, amount_paise from refunds where cancellation_id is null`);
  const creditMismatches = await rows<{ bad: string }>(db, sql.raw(CREDIT_BOOKS_SQL));
  return { creditMismatches, credited: (await rows<{ n: number }>(db, sql`select count(*)::int as n from credit_ledger`))[0]?.n ?? 0, bookings, payments, inventory, seatClashes: seatClashes[0]?.n ?? 0, cancellations, refunds, overRefunded, segmentMismatches, passes, fares, changeRefunds };
}

/** Waits until no traveller has a booking still held (every hold confirmed or lapsed and swept). */
export async function waitForHoldsToSettle(origin: string, cookies: readonly string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let held = 0;
    for (const cookie of cookies) {
      const res = await fetch(`${origin}/api/bookings`, { headers: { Cookie: cookie } });
      const body = (await res.json()) as { bookings: BookingView[] };
      held += body.bookings.filter((b) => b.status === 'held').length;
    }
    if (held === 0) return;
    if (Date.now() > deadline) throw new Error(`${held} bookings still held after ${timeoutMs} ms`);
    await sleep(500);
  }
}

/**
 * Every promise the run made, checked against the database: acknowledged bookings are there and
 * confirmed, every row of seats adds up and matches the bookings, and no money is left in flight.
 */
export function audit(run: CrashRun, books: Awaited<ReturnType<typeof readBooks>>) {
  const byId = new Map(books.bookings.map((b) => [b.id, b]));
  // A confirmed booking stays confirmed unless its traveller cancelled passengers of it or changed it (then a confirmed successor replaced it).
  const paidStatuses = ['confirmed', 'partly_cancelled', 'cancelled', 'changed'];
  const successorsOf = (id: string) => books.bookings.filter((b) => b.changed_from === id && b.confirmed_at !== null);
  const lostConfirmed = [...run.report.confirmedAcks].filter((id) => {
    const status = byId.get(id)?.status ?? '';
    if (status === 'confirmed') return false;
    if (status === 'changed') return successorsOf(id).length !== 1;
    return !paidStatuses.includes(status) || !books.cancellations.some((c) => c.booking_id === id);
  });
  // A change either swapped completely (old changed, its seats released, its passes void; new confirmed with passes) or not at all (old untouched).
  const passesOf = new Map(books.passes.map((p) => [p.booking_id, p]));
  const flying = (id: string) => {
    const p = passesOf.get(id);
    return p !== undefined && p.travelling > 0 && p.valid === p.travelling * p.legs;
  };
  const halfChanges: string[] = [];
  for (const b of books.bookings.filter((x) => x.changed_from !== null)) {
    const old = byId.get(b.changed_from ?? '');
    const swapped = b.confirmed_at !== null;
    if (swapped && (old?.status !== 'changed' || (passesOf.get(old.id)?.valid ?? 0) !== 0 || books.fares.some((f) => f.booking_id === old.id && f.status === 'active'))) halfChanges.push(`${b.id}: swapped but old ${old?.id} is ${old?.status}`);
    if (swapped && b.status === 'confirmed' && !flying(b.id)) halfChanges.push(`${b.id}: confirmed change without its boarding passes`);
    if (!swapped && ['confirmed', 'partly_cancelled', 'changed'].includes(b.status)) halfChanges.push(`${b.id}: ${b.status} but never confirmed`);
  }
  for (const b of books.bookings.filter((x) => x.status === 'changed')) {
    if (successorsOf(b.id).length !== 1) halfChanges.push(`${b.id}: changed with ${successorsOf(b.id).length} confirmed successors`);
  }
  // An old booking no change swapped is untouched: still flying with its passes.
  for (const b of books.bookings.filter((x) => x.status === 'confirmed' || x.status === 'partly_cancelled')) if (!flying(b.id)) halfChanges.push(`${b.id}: ${b.status} without valid passes for everyone travelling`);
  const lostChanges = [...run.report.changedAcks].filter(([oldId, newId]) => byId.get(oldId)?.status !== 'changed' || byId.get(newId)?.confirmed_at === null).map(([oldId]) => oldId);
  const unpaidChangesSwapped = [...run.report.unpaidChanges].filter((id) => byId.get(id)?.confirmed_at !== null);
  // A change's lower fare paid back: exactly old fares − new fares when the family refunds the difference, only on changed bookings.
  const changeRefundMismatches = books.bookings
    .filter((b) => b.status === 'changed' || books.changeRefunds.some((r) => r.booking_id === b.id))
    .filter((b) => {
      const successor = successorsOf(b.id)[0];
      const oldFares = books.fares.filter((f) => f.booking_id === b.id && f.status === 'changed').map((f) => ({ familyCode: f.family_code, totalPaise: f.total_paise }));
      const newFares = books.fares.filter((f) => f.booking_id === successor?.id).map((f) => ({ totalPaise: f.total_paise }));
      const due = b.status === 'changed' ? fareDifferenceRefund(oldFares, newFares, (f) => familyByCode(f.familyCode, new Date(b.created_at))?.refundsFareDifference ?? false) : 0;
      return books.changeRefunds.filter((r) => r.booking_id === b.id).reduce((n, r) => n + r.amount_paise, 0) !== due;
    })
    .map((b) => b.id);
  const cancellationIds = new Set(books.cancellations.map((c) => c.id));
  const lostCancellations = [...run.report.cancelledAcks.values()].filter((id) => !cancellationIds.has(id));
  // Refund + retained = paid; the refund rows add up to the refund (none lost); each refund completed once, under the provider id its row's reference fixes.
  const refundMismatches = books.cancellations.filter((c) => c.refund_paise + c.retained_paise !== c.paid || c.refunded !== c.refund_paise).map((c) => c.id);
  const refundsOpen = books.refunds.filter((r) => r.status !== 'completed').map((r) => r.id);
  const refundIds = books.refunds.map((r) => r.provider_refund_id).filter((id) => id !== null);
  const lostHolds = [...run.report.heldAcks].filter((id) => !byId.has(id));
  const unbalanced = books.inventory.filter(
    (r) => r.available < 0 || r.held < 0 || r.sold < 0 || r.available + r.held + r.sold !== r.capacity || r.held !== r.held_by_bookings || r.sold !== r.sold_to_bookings,
  );
  const inFlight = books.payments.filter((p) => p.status === 'authorized' || p.status === 'refunding');
  // Money kept must belong to a confirmed booking, and a confirmed booking must have been paid in full.
  const capturedFor = new Map<string, number>();
  for (const p of books.payments) if (p.status === 'captured') capturedFor.set(p.booking_id, (capturedFor.get(p.booking_id) ?? 0) + p.amount_paise);
  const keptWithoutBooking = [...capturedFor.keys()].filter((id) => !paidStatuses.includes(byId.get(id)?.status ?? ''));
  const unpaidConfirmed = books.bookings
    .filter((b) => paidStatuses.includes(b.status) && b.confirmed_at !== null && (capturedFor.get(b.id) ?? 0) !== b.total_inr * 100 - b.credit_paise)
    .map((b) => `${b.id} ${b.status} captured ${capturedFor.get(b.id) ?? 0} of ${b.total_inr * 100 - b.credit_paise}`);
  const stillHeld = books.bookings.filter((b) => b.status === 'held').map((b) => b.id);
  return {
    acknowledgedBookings: run.report.confirmedAcks.size,
    acknowledgedHolds: run.report.heldAcks.size,
    lostConfirmed,
    lostHolds,
    unbalanced,
    inFlight,
    keptWithoutBooking,
    unpaidConfirmed,
    stillHeld,
    seatClashes: books.seatClashes,
    lostCancellations,
    refundMismatches,
    halfChanges,
    lostChanges,
    unpaidChangesSwapped,
    changeRefundMismatches,
    changes: books.bookings.filter((b) => b.changed_from !== null).length,
    changesSwapped: books.bookings.filter((b) => b.status === 'changed').length,
    refundsOpen,
    refundsSentTwice: refundIds.length - new Set(refundIds).size,
    overRefunded: books.overRefunded.map((p) => p.id),
    segmentMismatches: books.segmentMismatches.map((s) => s.booking_id),
    cancellations: books.cancellations.length,
    refundRows: books.refunds.length,
    confirmedInDb: books.bookings.filter((b) => b.status === 'confirmed').length,
    refunded: books.payments.filter((p) => p.status === 'refunded').length,
    creditMismatches: books.creditMismatches.map((r) => r.bad),
    creditEntries: books.credited,
  };
}
