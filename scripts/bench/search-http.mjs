// The search API over HTTP with autocannon against the built server: throughput at 100 connections as a
// ratio to a trivial endpoint on the same server, and p99 latency at 10 connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './lib.mjs';

const PORT = '3417';
const dir = mkdtempSync(path.join(tmpdir(), 'safar-bench-search-'));
const server = await startServer({ PORT, DATA_DIR: dir });
const base = `http://127.0.0.1:${PORT}`;

// Reproducible query mix: busy pairs, hub-to-spoke, spoke-to-spoke and international, 14 dates.
const pairs = [['DEL', 'BOM'], ['BOM', 'BLR'], ['DEL', 'BLR'], ['HYD', 'MAA'], ['DEL', 'IXJ'], ['IXM', 'IXJ'], ['GOI', 'CCU'], ['PNQ', 'GAU'], ['BOM', 'DXB'], ['DEL', 'LHR'], ['BLR', 'SIN'], ['CCU', 'CDG'], ['LKO', 'COK'], ['JAI', 'TRV'], ['AMD', 'IXZ'], ['LHR', 'CDG']];
const dates = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 11, 1 + i)).toISOString().slice(0, 10));
const paths = [];
for (const date of dates) for (const [from, to] of pairs) paths.push(`/api/search?from=${from}&to=${to}&date=${date}&adults=1`);
let next = 0;
// Distinct queries (a cache miss each time): 16 pairs × 14 dates × 1–9 adults, shuffled.
const distinct = [];
for (const p of paths) for (let adults = 1; adults <= 9; adults++) distinct.push(p.replace('adults=1', `adults=${adults}`));
for (let i = distinct.length - 1; i > 0; i--) {
  const j = (i * 7919) % (i + 1);
  [distinct[i], distinct[j]] = [distinct[j], distinct[i]];
}
let nextDistinct = 0;

// Warm-up: loads each date's inventory once and expands the schedule days.
for (const p of paths) {
  const res = await fetch(base + p);
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
  await res.arrayBuffer();
}

async function run(title, { connections, duration, requests, url }) {
  const result = await autocannon({ url: url ?? base, connections, duration, requests, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) console.log(`  (${title}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
  return result;
}
const searchRequests = [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }];
const distinctRequests = [{ method: 'GET', setupRequest: (req) => ({ ...req, path: distinct[nextDistinct++ % distinct.length] }) }];
const trivial = `${base}/api/airports?q=del&limit=1`;

const trivial100 = await run('trivial 100', { connections: 100, duration: 10, url: trivial });
const search100 = await run('search 100', { connections: 100, duration: 10, requests: searchRequests });
const search10 = await run('search 10', { connections: 10, duration: 10, requests: searchRequests });
const distinct100 = await run('distinct 100', { connections: 100, duration: 10, requests: distinctRequests });
const distinct10 = await run('distinct 10', { connections: 10, duration: 10, requests: distinctRequests });
await server.stop();
rmSync(dir, { recursive: true, force: true });

const ratio = search100.requests.average / trivial100.requests.average;
console.log(`trivial endpoint (GET /api/airports?q=del&limit=1), 100 connections: ${Math.round(trivial100.requests.average)} req/s`);
console.log(`search (${paths.length} distinct queries), 100 connections: ${Math.round(search100.requests.average)} req/s = ${(ratio * 100).toFixed(0)}% of trivial — target ≥ 25%`);
console.log(`search, 10 connections: p50 ${search10.latency.p50} ms, p99 ${search10.latency.p99} ms (${Math.round(search10.requests.average)} req/s) — target p99 ≤ 10 ms`);
console.log('(the mix above repeats its queries, so after the first round most answers come from the result cache; below, every request is a new query)');
console.log(`distinct queries (${distinct.length}), 100 connections: ${Math.round(distinct100.requests.average)} req/s = ${((distinct100.requests.average / trivial100.requests.average) * 100).toFixed(0)}% of trivial`);
console.log(`distinct queries, 10 connections: p50 ${distinct10.latency.p50} ms, p99 ${distinct10.latency.p99} ms (${Math.round(distinct10.requests.average)} req/s)`);
