// Round-trip search over HTTP with autocannon against the built server: distinct round trips (each
// direction of every request is a search no earlier request made, so neither the round-trip nor
// the one-way result cache answers) at 1 and 10 connections, next to distinct one-way searches at
// 10 connections on the same server, with the server's CPU per request of each.
// Targets (issue 28): p99 ≤ 20 ms at 10 connections, and a round trip costs at most about two
// one-way searches of work (CPU per request ≤ ~2 × the one-way's).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { processCpuMs, startServer, warmUp } from './lib.mjs';
import { DATES, PAIRS, distinctSearchPaths } from './search-lib/http-queries.mjs';

const PORT = process.env.BENCH_PORT ?? '3418';
const dir = mkdtempSync(path.join(os.tmpdir(), 'safar-bench-round-trip-'));
const server = await startServer({ PORT, DATA_DIR: dir });
const base = `http://127.0.0.1:${PORT}`;
const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const addDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * 16 pairs × 14 dates (the two weeks after the one-way run's) × 45 mixes of adults and children,
 * returning 3 days later: 10,080 round trips whose 20,160 one-way directions are all different
 * from each other and from the one-way run's queries. Shuffled reproducibly.
 */
function distinctRoundTrips() {
  const paths = [];
  for (const date of DATES.map((d) => addDays(d, 14))) {
    const back = addDays(date, 3);
    for (const [from, to] of PAIRS)
      for (let adults = 1; adults <= 9; adults++)
        for (let children = 0; adults + children <= 9; children++) paths.push(`/api/search/round-trip?from=${from}&to=${to}&date=${date}&returnDate=${back}&tripType=roundTrip&adults=${adults}&children=${children}`);
  }
  for (let i = paths.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [paths[i], paths[j]] = [paths[j], paths[i]];
  }
  return paths;
}

const roundTrips = distinctRoundTrips();
const oneWays = distinctSearchPaths();
await warmUp(base);
for (const p of roundTrips.slice(0, 20)) {
  const res = await fetch(base + p, { headers });
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
  await res.arrayBuffer();
}

const serverCpuMs = () => processCpuMs(server.child.pid);
const cursor = new Map();
async function run(title, { connections, duration = 10, paths }) {
  cursor.set(paths, cursor.get(paths) ?? 20);
  const requests = [{ method: 'GET', setupRequest: (req) => { const i = cursor.get(paths); cursor.set(paths, i + 1); return { ...req, path: paths[i % paths.length] }; } }];
  const cpuBefore = serverCpuMs();
  const result = await autocannon({ url: base, connections, duration, requests, headers, pipelining: 1 });
  result.cpuPerRequest = (serverCpuMs() - cpuBefore) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) console.log(`  (${title}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
  return result;
}
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

const loadBefore = load();
const oneWay10 = await run('one-way 10', { connections: 10, paths: oneWays });
const round1 = await run('round trip 1', { connections: 1, paths: roundTrips });
const round10 = await run('round trip 10', { connections: 10, paths: roundTrips });
const loadAfter = load();
await server.stop();
rmSync(dir, { recursive: true, force: true });

const line = (label, r) =>
  `${label.padEnd(44)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`;
console.log(`load average (1/5/15 min) before ${loadBefore}, after ${loadAfter}; ${os.cpus().length} cores`);
console.log(line(`distinct one-way searches, 10 connections`, oneWay10));
console.log(line(`distinct round trips (${roundTrips.length}), 1 connection`, round1));
console.log(line('distinct round trips, 10 connections', round10));
const met = (ok) => (ok ? 'met' : 'NOT met');
const ratio = round10.cpuPerRequest / oneWay10.cpuPerRequest;
console.log(`target p99 ≤ 20 ms at 10 connections (distinct round trips): ${round10.latency.p99} ms — ${met(round10.latency.p99 <= 20)}`);
console.log(`target: a round trip costs at most about two one-way searches: CPU ${round10.cpuPerRequest.toFixed(2)} vs ${oneWay10.cpuPerRequest.toFixed(2)} ms/request = ${ratio.toFixed(2)}× — ${met(ratio <= 2.2)}`);
