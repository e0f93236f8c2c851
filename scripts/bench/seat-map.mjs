// Seat maps over HTTP with autocannon against the built server: GET /api/flights/{flightId}/seat-map
// for distinct flights (each flight's other-traveller fill order is computed once, then cached) and
// for a repeated few, at 10 connections. Target: p99 ≤ 20 ms at 10 connections.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { processCpuMs, startServer } from './lib.mjs';
import { DATES, PAIRS } from './search-lib/http-queries.mjs';

const PORT = process.env.BENCH_PORT ?? '3418';
const dir = mkdtempSync(path.join(os.tmpdir(), 'safar-bench-seats-'));
const server = await startServer({ PORT, DATA_DIR: dir });
const base = `http://127.0.0.1:${PORT}`;

// Flights to ask for: every leg of the search answers for the usual pairs and dates.
const flights = new Set();
for (const date of DATES.slice(0, 7)) {
  for (const [from, to] of PAIRS) {
    const res = await fetch(`${base}/api/search?from=${from}&to=${to}&date=${date}&adults=1`);
    if (!res.ok) continue;
    const body = await res.json();
    // The compact wire format: each leg is an array whose first item is the flight id.
    for (const it of body.itineraries ?? []) for (const leg of it.legs ?? []) flights.add(Array.isArray(leg) ? leg[0] : leg.flightId);
  }
}
const paths = [...flights].map((f) => `/api/flights/${encodeURIComponent(f)}/seat-map?cabin=economy`);
if (paths.length === 0) throw new Error('no flights found');
const repeated = paths.slice(0, 20);
const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
// Warm-up (JIT, the repeated flights' fill orders).
for (const p of repeated) {
  const res = await fetch(base + p, { headers });
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
  await res.arrayBuffer();
}

let next = 0;
async function run(title, list, connections = 10, duration = 10) {
  const cpuBefore = processCpuMs(server.child.pid);
  const result = await autocannon({ url: base, connections, duration, headers, pipelining: 1, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: list[next++ % list.length] }) }] });
  result.cpuPerRequest = (processCpuMs(server.child.pid) - cpuBefore) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) console.log(`  (${title}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
  return result;
}
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const loadBefore = load();
const distinct10 = await run('distinct', paths);
const repeated10 = await run('repeated', repeated);
const loadAfter = load();
await server.stop();
rmSync(dir, { recursive: true, force: true });

const line = (label, r) =>
  `${label.padEnd(52)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`;
console.log(`load average (1/5/15 min) before ${loadBefore}, after ${loadAfter}; ${os.cpus().length} cores`);
console.log(line(`seat maps of ${paths.length} flights, 10 connections`, distinct10));
console.log(line(`seat maps of ${repeated.length} flights repeated, 10 connections`, repeated10));
const met = distinct10.latency.p99 <= 20;
console.log(`target p99 ≤ 20 ms at 10 connections: ${distinct10.latency.p99} ms — ${met ? 'met' : 'NOT met'}`);
