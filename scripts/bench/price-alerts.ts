// One price-alert job pass over 10,000 active alerts on the embedded database (PGlite, in
// process, so its CPU counts too): claim with SKIP LOCKED, re-price through the search engine
// (alerts sharing route, dates and party share one search), write history and state. Three
// passes an hour apart; CPU time (user + system) and wall time per pass.
import { randomBytes } from 'node:crypto';
import { priceAlerts } from '../../src/db/schema';
import { checkDueAlerts } from '../../src/domain/alerts/check';
import { dayNumber, isoDate } from '../../src/domain/world/time';
import { createTestApp } from '../../tests/support/test-app';

const COUNT = Number(process.env.ALERTS ?? 10_000);
const PAIRS = [
  ['DEL', 'BOM'], ['BOM', 'DEL'], ['DEL', 'BLR'], ['BLR', 'DEL'], ['BOM', 'BLR'], ['BLR', 'BOM'], ['DEL', 'HYD'], ['HYD', 'DEL'],
  ['DEL', 'CCU'], ['CCU', 'DEL'], ['BOM', 'GOI'], ['BLR', 'MAA'], ['MAA', 'DEL'], ['HYD', 'BOM'], ['DEL', 'PNQ'], ['BOM', 'CCU'],
  ['DEL', 'GOI'], ['BLR', 'HYD'], ['DEL', 'AMD'], ['BOM', 'HYD'], ['DEL', 'DXB'], ['BOM', 'DXB'], ['DEL', 'SIN'], ['BOM', 'LHR'],
] as const;

const { database, clock, world, inventory, close } = await createTestApp({ now: '2026-11-21T06:30:00Z' });
const start = dayNumber('2026-11-22');
const rows = Array.from({ length: COUNT }, (_, i) => {
  const [from, to] = PAIRS[i % PAIRS.length]!;
  const date = isoDate(start + ((i * 7) % 60));
  const range = i % 10 === 0 ? 3 : 1;
  return {
    ownerTokenHash: randomBytes(32).toString('hex'),
    from,
    to,
    cabin: i % 12 === 0 ? ('business' as const) : ('economy' as const),
    dateFrom: date,
    dateTo: isoDate(dayNumber(date) + range - 1),
    adults: 1 + (i % 3),
    children: i % 5 === 0 ? 1 : 0,
    infants: 0,
    targetPrice: i % 20 === 0 ? 900_000 : 1500,
    email: `bench-${i}@example.com`,
    mailToken: randomBytes(32).toString('base64url'),
    nextCheckAt: clock.now(),
  };
});
for (let i = 0; i < rows.length; i += 1000) await database.db.insert(priceAlerts).values(rows.slice(i, i + 1000));

console.log(`| Pass | Alerts checked | Distinct searches | Triggered | Wall s | CPU s |`);
console.log('|---|---|---|---|---|---|');
const cpus: number[] = [];
for (let pass = 1; pass <= 3; pass += 1) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const result = await checkDueAlerts({ db: database.db, clock, world, inventory });
  const wall = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuS = (used.user + used.system) / 1e6;
  cpus.push(cpuS);
  console.log(`| ${pass} | ${result.checked} | ${result.searches} | ${result.triggered} | ${wall.toFixed(2)} | ${cpuS.toFixed(2)} |`);
  clock.advance(61 * 60_000);
}
cpus.sort((a, b) => a - b);
console.log(`\nMedian CPU per pass over ${COUNT} alerts: ${cpus[1]!.toFixed(2)} s (target < 5 s)`);
await close();
