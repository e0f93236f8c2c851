// Disruptions (issue 29): rates per airline over four weeks of a fog month (January) and of a normal
// month (May) beside what the delay model's inputs imply, the cost of generating a day's
// disruptions, and the CPU time of classifying 10,000 affected passenger-legs (the entitlement
// rule, then the rule and both sentences in words). `npx tsx scripts/bench/disruptions.ts [days]`.
import os from 'node:os';
import type { Disruption } from '../../src/core/disruptions';
import { entitlements, type PassengerLeg } from '../../src/domain/disruptions/entitlements';
import { disruptionsOfDay } from '../../src/domain/disruptions/generator';
import { measureRates } from '../../src/domain/disruptions/rates';
import { noticeLine, whatChanged } from '../../src/domain/disruptions/words';
import { dayNumber } from '../../src/domain/world/time';
import { createWorld } from '../../src/domain/world/world';

const days = Number(process.argv[2] ?? 28);
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`load average before: ${load()}`);
const world = createWorld();
const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(2)} %`;

for (const start of ['2027-01-04', '2027-05-03']) {
  const cpu = process.cpuUsage();
  const rates = measureRates(world, start, days);
  const used = process.cpuUsage(cpu);
  let legs = 0;
  console.log(`\n### ${days} days from ${start}`);
  console.log('| Airline | Legs | Cancelled | Input | Delayed ≥ 2 h | Input | Retimed | Swapped | Gate changes |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of [...rates.values()].sort((a, b) => b.legs - a.legs)) {
    legs += row.legs;
    console.log(
      `| ${row.airline} | ${row.legs} | ${pct(row.cancelled, row.legs)} | ${pct(row.cancelledInput, row.legs)} | ${pct(row.delayed2h, row.legs)} | ${pct(row.delayed2hInput, row.legs)} | ${pct(row.byKind.retiming ?? 0, row.legs)} | ${pct(row.byKind['aircraft-swap'] ?? 0, row.legs)} | ${pct(row.byKind['gate-change'] ?? 0, row.legs)} |`,
    );
  }
  console.log(`Generating: ${legs} flight-dates in ${((used.user + used.system) / 1e6).toFixed(1)} s CPU (day models included), ${((used.user + used.system) / 1000 / days).toFixed(0)} ms CPU a day`);
}

// 10,000 affected passenger-legs: every disruption that asks something of the traveller (cancellation,
// delay, retiming, aircraft swap) on a January day, one passenger each with a seeded fare, cycled.
const affected: { disruption: Disruption; leg: PassengerLeg; cities: { from: string; to: string } }[] = [];
for (const { flight, disruptions } of disruptionsOfDay(world, dayNumber('2027-01-12'))) {
  for (const disruption of disruptions) {
    if (disruption.kind === 'gate-change' || disruption.kind === 'terminal-change') continue;
    const fare = 2_500_00 + ((flight.number * 7919) % 9_000) * 100;
    affected.push({
      disruption,
      leg: {
        flightId: flight.flightId,
        basePaise: Math.round(fare * 0.85),
        yqPaise: fare - Math.round(fare * 0.85),
        taxesPaise: 653_00,
        paidPaise: fare + 653_00 + 199_00,
        cabin: flight.capacity.business > 0 && flight.number % 9 === 0 ? 'business' : 'economy',
        blockMinutes: flight.durationMinutes,
        domestic: !flight.international,
        distanceKm: flight.pattern.distanceKm,
      },
      cities: { from: world.getAirport(flight.from)?.city ?? flight.from, to: world.getAirport(flight.to)?.city ?? flight.to },
    });
  }
}
const N = 10_000;
const run = (withWords: boolean) => {
  let sink = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const item = affected[i % affected.length];
    if (!item) continue;
    const e = entitlements(item.disruption, item.leg, new Date(Date.parse(item.disruption.announcedAt) + 60_000));
    sink += e.options.length;
    if (withWords) sink += noticeLine([e]).length + whatChanged(item.disruption, item.cities).length;
  }
  const used = process.cpuUsage(cpu);
  return { ms: (used.user + used.system) / 1000, sink };
};
run(true); // warm up
const rule = run(false);
const words = run(true);
console.log(`\nClassifying ${N} affected passenger-legs (${affected.length} distinct disruptions, cycled): entitlement rule ${rule.ms.toFixed(0)} ms CPU; rule + notice line + what-changed sentence ${words.ms.toFixed(0)} ms CPU (issue target for the whole pass on PostgreSQL: 10 s)`);
console.log(`load average after: ${load()}`);
