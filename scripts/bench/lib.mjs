// Small helpers shared by the benchmark scripts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import postgres from 'postgres';

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const median = (values) => percentile(values, 50);

/** Starts the built server and resolves once /api/health answers; returns { child, ms, stop }. */
export async function startServer(env, { timeoutMs = 60_000, nodeArgs = [] } = {}) {
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS adds Node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  if (process.env.BENCH_SERVER_NODE_ARGS) nodeArgs = [...process.env.BENCH_SERVER_NODE_ARGS.split(/\s+/).filter(Boolean), ...nodeArgs];
  const child = spawn('node', [...nodeArgs, 'dist/server/main.js'], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${env.PORT}/api/health`;
  for (;;) {
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error('server did not answer in time');
    }
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { child, ms, stop };
}

/**
 * Waits until the server's start-up work is done, as a load test's warm-up would: Explore's
 * catalogue and the Home panel's default recommendations are priced a few seconds after start
 * (seconds of CPU on the search workers), and would otherwise land inside a measured window.
 * Asking for both starts them at once and waits for their answers.
 * @example await warmUp('http://127.0.0.1:3400')
 */
export async function warmUp(base, { timeoutMs = 60_000 } = {}) {
  const started = performance.now();
  const explore = await fetch(`${base}/api/explore/routes`);
  if (!explore.ok) throw new Error(`warm-up: /api/explore/routes answered ${explore.status}`);
  await explore.arrayBuffer();
  for (;;) {
    const res = await fetch(`${base}/api/recommendations`);
    if (!res.ok) throw new Error(`warm-up: /api/recommendations answered ${res.status}`);
    if ((await res.json()).ready !== false) break;
    if (performance.now() - started > timeoutMs) throw new Error('warm-up: recommendations not ready in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** User + system CPU time in ms from a /proc/<pid>/stat line (clock ticks of 10 ms). */
const statCpuMs = (stat) => {
  const fields = stat.split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/** CPU time (user + system, all threads) a process has used, in ms (Linux /proc; NaN elsewhere). */
export function processCpuMs(pid) {
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

/** CPU time used so far by every PostgreSQL process on this machine (backends, WAL writer, …), in ms. */
export function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += statCpuMs(stat);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * The PostgreSQL processes working for one database: its backends and the server's own processes
 * (WAL writer, checkpointer, …), not the backends of other databases, which on a shared machine
 * belong to other people's tests. Read once before and once after a measured phase.
 * @example const pids = await databasePids(sql); const before = processesCpuMs(pids)
 */
export async function databasePids(sql) {
  const rows = await sql`select pid from pg_stat_activity where datname = current_database() or datname is null`;
  return rows.map((r) => r.pid);
}

/** CPU time (user + system) used so far by these processes together, in ms (those gone count 0). */
export function processesCpuMs(pids) {
  let total = 0;
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (!Number.isNaN(ms)) total += ms;
  }
  return total;
}

/**
 * A lean HTTP/1.1 keep-alive client for load generators: node:http with a shared agent costs a
 * fraction of fetch's CPU per request, which matters when the generator shares the machine.
 * Bodies in Brotli or gzip are decoded (ask for them with an Accept-Encoding header).
 * @example const res = await client.request('POST', '/api/x', { 'Content-Type': 'application/json' }, '{}'); res.json()
 */
export function httpClient(base, { connections = 64 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  const request = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const req = http.request({ agent, hostname, port, method, path, headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          resolve({ status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { request, close: () => agent.destroy() };
}

/**
 * Runs `body(url)` on a scratch PostgreSQL database made for it and dropped afterwards. When
 * PostgreSQL does not answer at `pgUrl`, prints why with `skipping` and runs nothing.
 */
export async function withScratchDatabase(pgUrl, skipping, body) {
  const dbName = `safar_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  try {
    try {
      await admin.unsafe(`create database ${dbName}`);
    } catch (error) {
      console.log(`PostgreSQL not reachable at ${pgUrl} (${error.message}): ${skipping}`);
      return;
    }
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    try {
      await body(url.toString());
    } finally {
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/** Each check query's count (`select … as n`) on the database at `url`, by name. */
export async function countChecks(url, checks) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const out = {};
    for (const [name, query] of Object.entries(checks)) out[name] = (await sql.unsafe(query))[0].n;
    return out;
  } finally {
    await sql.end();
  }
}
