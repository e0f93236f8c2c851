// `node scripts/profile-search.mjs [seconds] [connections]`: CPU profile of the built server's HTTP
// search path under distinct-query load (node --cpu-prof), summarised as self time per part of the
// path (engine, pricing, itinerary objects, JSON, compression, HTTP framework, database, GC…).
// Run `npm run build` first. Every thread that runs JavaScript writes its own profile; the summary
// lists each thread and divides by the number of answered searches to give CPU ms per request.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer, warmUp } from './bench/lib.mjs';
import { distinctSearchPaths } from './bench/search-lib/http-queries.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const PORT = process.env.PORT ?? '3181';
const dataDir = mkdtempSync(path.join(tmpdir(), 'safar-profile-'));
const profDir = mkdtempSync(path.join(tmpdir(), 'safar-cpuprof-'));
const server = await startServer({ PORT, DATA_DIR: dataDir }, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
const base = `http://127.0.0.1:${PORT}`;
const paths = distinctSearchPaths();

// Warm-up: the start-up pricing (Explore's catalogue, the default recommendations), then one
// request per date expands the schedule days.
await warmUp(base);
const seenDates = new Set();
for (const p of paths) {
  const date = new URL(base + p).searchParams.get('date');
  if (seenDates.has(date)) continue;
  seenDates.add(date);
  await (await fetch(base + p)).arrayBuffer();
}
let next = 0;
// Profiles use the monotonic clock in microseconds: only samples inside the load window count.
const windowStart = Number(process.hrtime.bigint() / 1000n);
const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  headers: { 'accept-encoding': 'gzip, deflate, br' },
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
});
const windowEnd = Number(process.hrtime.bigint() / 1000n);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

const answered = result.requests.total;
console.log(`${answered} distinct searches in ${seconds} s at ${connections} connections: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);

const maps = new Map();
function sourceOf(url, line, column) {
  if (!url.startsWith('file://')) return url;
  const file = new URL(url).pathname;
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  const entry = map?.findEntry(line, column);
  return entry?.originalSource ?? file;
}

/** The part of the search path a frame belongs to, from its source file or its name. */
function bucket(frame) {
  const { functionName: name, url } = frame;
  if (name === '(garbage collector)') return 'GC';
  if (name === '(idle)') return 'idle (waiting)';
  if (name === '(program)') return 'V8/native (program)';
  if (name === '(root)') return 'V8/native (program)';
  const source = sourceOf(url, frame.lineNumber, frame.columnNumber);
  if (!source) {
    if (/^stringify$/.test(name)) return 'JSON.stringify';
    if (/zlib|deflate|gzip|brotli|^write$|writeSync|^init$/i.test(name)) return 'zlib (native)';
    if (/writev|writeBuffer|writeUtf8String|writeLatin1String|encodeUtf8String|encodeInto/.test(name)) return 'socket writes / encoding (native)';
    return 'other native (regexp, builtins…)';
  }
  if (/src\/domain\/search\/engine/.test(source)) return 'engine';
  if (/src\/domain\/search\/(build-itinerary|itinerary-id|wire)/.test(source)) return 'itinerary objects / serialisation';
  if (/src\/domain\/search\//.test(source)) return 'search (order, orchestration)';
  if (/src\/domain\/fares\//.test(source)) return 'pricing';
  if (/src\/domain\/inventory\//.test(source)) return 'inventory view';
  if (/src\/domain\/world\//.test(source)) return 'world (dated flights)';
  if (/src\/server\/search\/encode/.test(source)) return 'zlib';
  if (/src\/server\/search\//.test(source)) return 'search workers (messages)';
  if (/src\/server\/routes\/search/.test(source)) return 'search route';
  if (/src\/(server|core)\//.test(source)) return 'server middleware (log, headers, session…)';
  if (/node_modules\/zod\//.test(source)) return 'zod validation';
  if (/node_modules\/@hono\/zod-openapi|node_modules\/hono\//.test(source)) return 'hono (routing, context, compress)';
  if (/node_modules\/@hono\/node-server/.test(source)) return 'node-server (request/response)';
  if (/node_modules\/@electric-sql|node_modules\/drizzle-orm|node_modules\/postgres\//.test(source)) return 'database (PGlite, Drizzle)';
  if (/^node:internal\/(deps\/undici|streams|webstreams)/.test(source)) return 'web streams (CompressionStream)';
  if (/^node:(internal\/)?zlib/.test(source)) return 'zlib';
  if (/^node:internal\/(http|_http|net|stream_base|timers|process\/task_queues|async_hooks)|^node:(_http|http|net)/.test(source)) return 'node http/net/event loop';
  if (source.startsWith('node:')) return 'node internals (other)';
  return 'other';
}

const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
for (const file of files) {
  const profile = JSON.parse(readFileSync(path.join(profDir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const byFunction = new Map();
  // timeDeltas[i] is the time before samples[i]; attribute it to that sample's node.
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < windowStart || at > windowEnd) continue;
    const node = byId.get(profile.samples[i]);
    const key = bucket(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const where = url ? `${path.basename(sourceOf(url, lineNumber, columnNumber) ?? url)}` : 'native';
    const fn = `${functionName || '(anonymous)'} (${where})`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const busy = total - (self.get('idle (waiting)') ?? 0);
  console.log(`\n${file}: ${(total / 1000).toFixed(0)} ms profiled in the load window, ${(busy / 1000).toFixed(0)} ms busy = ${(busy / 1000 / answered).toFixed(3)} ms CPU per search`);
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]);
  for (const [key, us] of rows) {
    if (key === 'idle (waiting)') continue;
    console.log(`  ${key.padEnd(44)} ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1000 / answered).toFixed(3)} ms/search`);
  }
  if (process.env.PROFILE_FUNCTIONS) {
    console.log('  top functions (self time):');
    for (const [fn, us] of [...byFunction.entries()].filter(([fn]) => !fn.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_FUNCTIONS))) {
      console.log(`    ${fn.slice(0, 70).padEnd(70)} ${((us / busy) * 100).toFixed(1).padStart(5)} %`);
    }
  }
}
if (!process.env.KEEP_PROFILE) rmSync(profDir, { recursive: true, force: true }); else console.log("profiles kept in", profDir);
