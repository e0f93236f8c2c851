// Flight status: the delay model's figures against its OTP inputs (14 days of a normal month and of
// the fog window), the cost of building a day of operations, status lookups per second in process
// (getFlightStatus), and GET /api/flights/{n}/status over HTTP against the built server.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dayModel } from '../../src/domain/tracking/day-model';
import { OTP_BASELINE, onTimeTarget } from '../../src/domain/tracking/delay-model';
import { getFlightStatus } from '../../src/domain/tracking/tracker';
import { dayNumber } from '../../src/domain/world/time';
import { createWorld } from '../../src/domain/world/world';

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`load average before: ${load()}`);
const world = createWorld();

function figures(start: string, days: number) {
  const rows = new Map<string, { operated: number; onTime: number; target: number }>();
  const late: number[] = [];
  let legs = 0;
  let cancelled = 0;
  let reactionary = 0;
  const month = `${start.slice(0, 8)}15`;
  for (let d = 0; d < days; d++) {
    const day = dayModel(world, dayNumber(start) + d);
    for (let i = 0; i < day.size; i++) {
      const p = world.patterns[day.pattern[i] ?? 0];
      if (!p) continue;
      legs += 1;
      if (day.cancelled[i]) {
        cancelled += 1;
        continue;
      }
      const key = OTP_BASELINE[p.carrier] !== undefined ? p.carrier : 'foreign';
      const row = rows.get(key) ?? { operated: 0, onTime: 0, target: 0 };
      row.operated += 1;
      row.target += onTimeTarget(p.carrier, month, p.from, p.to);
      const delay = day.arrivalDelay[i] ?? 0;
      if (delay <= 15) row.onTime += 1;
      else {
        late.push(delay);
        if (day.cause[i] === 3) reactionary += 1;
      }
      rows.set(key, row);
    }
  }
  late.sort((a, b) => a - b);
  console.log(`\n### ${days} days from ${start}: ${legs} legs, ${((cancelled / legs) * 100).toFixed(2)} % cancelled`);
  console.log('| Airline | Legs operated | OTP input | Model on-time share |');
  console.log('|---|---|---|---|');
  for (const [carrier, row] of [...rows].sort((a, b) => b[1].operated - a[1].operated)) {
    console.log(`| ${carrier} | ${row.operated} | ${((row.target / row.operated) * 100).toFixed(1)} % | ${((row.onTime / row.operated) * 100).toFixed(1)} % |`);
  }
  const median = late[Math.floor(late.length / 2)] ?? 0;
  console.log(`Late flights: median ${median} min late, ${((late.filter((m) => m > 120).length / late.length) * 100).toFixed(1)} % over 2 h, ${((reactionary / late.length) * 100).toFixed(0)} % reactionary (late inbound aircraft).`);
}

figures('2027-05-03', 14);
figures('2027-01-04', 14);

// Day build cost (fresh days, so nothing is cached).
const builds: number[] = [];
for (let d = 0; d < 10; d++) {
  const t = performance.now();
  dayModel(world, dayNumber('2027-08-02') + d);
  builds.push(performance.now() - t);
}
builds.sort((a, b) => a - b);
console.log(`\nBuilding one day of operations (${world.daySlice(dayNumber('2027-08-02')).pattern.length} legs: rotations, delays, 4 calibration passes): median ${builds[5]?.toFixed(1)} ms over 10 days`);

// In-process lookups: today's flights by number at random moments of the day (day models warm).
// Flights that operate that day (a few turboprops skip a weekday).
const numbers = world.patterns.filter((p) => world.getFlight(`${p.key}@2027-08-03`)).map((p) => `${p.carrier} ${p.number}`);
const base = Date.parse('2027-08-03T00:00:00Z');
for (let i = 0; i < 2000; i++) await getFlightStatus(world, { flightNumber: numbers[i % numbers.length] ?? '6E 1000', date: '2027-08-03', now: new Date(base + i * 37_000) });
const runs = 20_000;
const cpu = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < runs; i++) {
  await getFlightStatus(world, { flightNumber: numbers[(i * 7919) % numbers.length] ?? '6E 1000', date: '2027-08-03', now: new Date(base + (i % 1440) * 60_000) });
}
const elapsed = performance.now() - t0;
const used = process.cpuUsage(cpu);
console.log(`In process: ${runs} getFlightStatus calls over ${numbers.length} flight numbers: ${Math.round(runs / (elapsed / 1000))} lookups/s (${((used.user + used.system) / 1000 / runs).toFixed(3)} ms CPU each)`);

// Over HTTP against the built server: `connections` clients each sending the next number as soon
// as the previous answer arrived, for 10 s.
const PORT = process.env.BENCH_PORT ?? '3418';
const server = spawn('node', ['dist/server/main.js'], {
  env: { ...process.env, LOG_LEVEL: 'warn', PORT, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'safar-bench-tracker-')) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${PORT}`;
for (let ready = false; !ready; ) {
  ready = await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false);
  if (!ready) await new Promise((resolve) => setTimeout(resolve, 50));
}
await (await fetch(`${url}/api/flights/6E%201000/status`)).arrayBuffer();
const paths = numbers.map((n) => `/api/flights/${encodeURIComponent(n)}/status`);
let next = 0;
for (const connections of [1, 10]) {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + 10_000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await fetch(url + (paths[next++ % paths.length] ?? paths[0] ?? ''));
        await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(1);
  console.log(`HTTP, ${connections} connection(s), ${paths.length} distinct numbers in turn (first pass computes, repeats within the minute are cached): ${Math.round(latencies.length / 10)} req/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${failures} non-200`);
}
await new Promise((resolve) => {
  server.once('exit', resolve);
  server.kill('SIGTERM');
});
console.log(`load average after: ${load()}`);
