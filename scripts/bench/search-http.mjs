// The search API over HTTP with autocannon against the built server (one run, one server): distinct
// queries (every request misses the result cache) at 1, 10 and 100 connections, a trivial endpoint
// at 100 connections (three interleaved pairs with the search at 100), and the repeated mix
// (served from the result cache) for comparison.
// Targets: p99 ≤ 10 ms at 10 connections and ≥ 50 % of the trivial endpoint's throughput at 100.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { processCpuMs, startServer, warmUp } from './lib.mjs';
import { distinctSearchPaths, repeatedSearchPaths } from './search-lib/http-queries.mjs';

const PORT = process.env.BENCH_PORT ?? '3417';
const dir = mkdtempSync(path.join(os.tmpdir(), 'safar-bench-search-'));
const server = await startServer({ PORT, DATA_DIR: dir });
const base = `http://127.0.0.1:${PORT}`;
const repeated = repeatedSearchPaths();
const distinct = distinctSearchPaths();
// What a browser sends.
const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };

// Warm-up: the start-up pricing (Explore's catalogue, the default recommendations), every
// date's inventory and schedule days, and the JIT, before anything is timed.
await warmUp(base);
for (const p of repeated) {
  const res = await fetch(base + p, { headers });
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
  await res.arrayBuffer();
}

const serverCpuMs = () => processCpuMs(server.child.pid);

let nextDistinct = 0;
let nextRepeated = 0;
async function run(title, { connections, duration = 10, paths, url }) {
  const requests = paths && [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths === distinct ? distinct[nextDistinct++ % distinct.length] : repeated[nextRepeated++ % repeated.length] }) }];
  const cpuBefore = serverCpuMs();
  const result = await autocannon({ url: url ?? base, connections, duration, requests, headers, pipelining: 1 });
  result.cpuPerRequest = (serverCpuMs() - cpuBefore) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) console.log(`  (${title}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
  return result;
}
const trivialUrl = `${base}/api/airports?q=del&limit=1`;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

const loadBefore = load();
// The 100-connection ratio compares two saturated runs, each swinging by ±10 % on this shared
// machine: three interleaved pairs, and the pair with the median ratio is reported.
const pairs = [];
for (let i = 0; i < 3; i++) {
  const trivial = await run('trivial 100', { connections: 100, url: trivialUrl });
  const search = await run('distinct 100', { connections: 100, paths: distinct });
  pairs.push({ trivial, search, ratio: search.requests.average / trivial.requests.average });
}
pairs.sort((a, b) => a.ratio - b.ratio);
const { trivial: trivial100, search: distinct100 } = pairs[1];
// The runs below come after the pairs' minute of load, on a warmed-up server (JIT, dated flights,
// leg JSON, grown young generations): right after start, the 10-connection p99 was 12–14 ms where
// warm it is ~10 ms (2026-11-25).
// The floor for the 10-connection target: what this machine gives an endpoint that does almost nothing.
const trivial10 = await run('trivial 10', { connections: 10, url: trivialUrl });
const distinct1 = await run('distinct 1', { connections: 1, paths: distinct });
const distinct10 = await run('distinct 10', { connections: 10, paths: distinct });
const repeated10 = await run('repeated 10', { connections: 10, paths: repeated });
const loadAfter = load();
await server.stop();
rmSync(dir, { recursive: true, force: true });

const line = (label, r) =>
  `${label.padEnd(48)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`;
console.log(`load average (1/5/15 min) before ${loadBefore}, after ${loadAfter}; ${os.cpus().length} cores`);
console.log(line('trivial endpoint (/api/airports?q=del&limit=1), 100 conn (median pair)', trivial100));
console.log(line('trivial endpoint, 10 connections', trivial10));
console.log(line(`distinct searches (${distinct.length}), 1 connection`, distinct1));
console.log(line('distinct searches, 10 connections', distinct10));
console.log(line('distinct searches, 100 connections (median pair)', distinct100));
console.log(line(`repeated mix (${repeated.length}, result cache), 10 connections`, repeated10));
const ratio = distinct100.requests.average / trivial100.requests.average;
const met = (ok) => (ok ? 'met' : 'NOT met');
console.log(`target p99 ≤ 10 ms at 10 connections (distinct): ${distinct10.latency.p99} ms — ${met(distinct10.latency.p99 <= 10)} (the trivial endpoint's own p99 at 10 connections: ${trivial10.latency.p99} ms)`);
console.log(`target ≥ 50 % of trivial throughput at 100 connections (distinct): ${(ratio * 100).toFixed(0)} % — ${met(ratio >= 0.5)} (the three pairs: ${pairs.map((p) => `${(p.ratio * 100).toFixed(0)} %`).join(', ')})`);
