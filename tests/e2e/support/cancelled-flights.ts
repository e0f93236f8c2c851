import { disruptionsKnownAt } from '../../../src/domain/disruptions/generator';
import { isoDate } from '../../../src/domain/world/time';
import { createWorld } from '../../../src/domain/world/world';

/**
 * Domestic flights whose cancellation the deterministic generator has announced by `now` and
 * which leave at least 4 hours after it, from tomorrow on (the default world seed, as the browser
 * suite's server runs it). Run with tsx (the world's data is JSON, which Playwright's loader does
 * not import): `tsx tests/e2e/support/cancelled-flights.ts <now ISO> [limit]` prints
 * `[{ flightId, from, to, date }]` as JSON.
 */
export function cancelledFlights(now: Date, limit: number): { flightId: string; from: string; to: string; date: string }[] {
  const world = createWorld();
  const today = Math.floor(now.getTime() / 86_400_000);
  const out: { flightId: string; from: string; to: string; date: string }[] = [];
  for (let day = today + 1; day <= today + 40 && out.length < limit; day += 1) {
    const date = isoDate(day);
    for (const pattern of world.patterns) {
      const flight = world.getFlight(`${pattern.key}@${date}`);
      if (!flight || flight.international || flight.departureUtc.getTime() - now.getTime() < 4 * 3_600_000) continue;
      if (!disruptionsKnownAt(world, flight, now).some((d) => d.kind === 'cancellation')) continue;
      out.push({ flightId: flight.flightId, from: flight.from, to: flight.to, date: flight.departureDate });
      if (out.length >= limit) break;
    }
  }
  return out;
}

if (process.argv[1]?.endsWith('cancelled-flights.ts')) {
  process.stdout.write(JSON.stringify(cancelledFlights(new Date(process.argv[2] ?? Date.now()), Number(process.argv[3] ?? 25))));
}
