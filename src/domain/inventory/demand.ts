import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import { joinStatements, q, queryRows } from '../../db/raw';
import { createRng, hashString } from '../schedule/rng';
import { dayNumber, indiaToday, isoDate, weekdayOf } from '../world/time';
import type { World } from '../world/world';
import { lockOrderSql, moveSeats } from './moves';
import { ensureInventoryRows, readInventoryRows } from './rows';
import type { InventoryChange } from './view';

export interface DemandTick {
  flightId: string;
  cabin: Cabin;
  change: InventoryChange;
}

/**
 * One step of the seeded demand simulator: other travellers buy seats on flights of the
 * next 45 days, more the nearer the departure and the more popular the flight, so fares
 * move and some flights sell out. Writes through the database (the truth) in one
 * statement per batch; returns the new counts for the in-memory view.
 * @example const ticks = await simulateDemand(db, world, clock.now(), { flights: 150 })
 */
export async function simulateDemand(db: Db, world: World, now: Date, options: { flights?: number; horizonDays?: number } = {}): Promise<DemandTick[]> {
  const count = options.flights ?? 150;
  const horizon = options.horizonDays ?? 45;
  const today = dayNumber(indiaToday(now));
  const rng = createRng(hashString(`${world.seed}|${Math.floor(now.getTime() / 10_000)}`));
  const picks = new Map<string, { flightId: string; cabin: Cabin; seats: number }>();
  for (let i = 0; i < count * 2 && picks.size < count; i++) {
    const daysOut = Math.floor(rng.next() ** 2 * horizon);
    const day = today + daysOut;
    const pattern = world.patterns[Math.floor(rng.next() * world.patterns.length)];
    if (!pattern || (pattern.daysMask & (1 << weekdayOf(day))) === 0) continue;
    const flightId = `${pattern.key}@${isoDate(day)}`;
    const flight = world.getFlight(flightId);
    if (!flight || flight.departureUtc.getTime() < now.getTime()) continue;
    const cabin: Cabin = flight.capacity.business > 0 && rng.next() < 0.1 ? 'business' : 'economy';
    const capacity = flight.capacity[cabin];
    // Popular flights (by a stable per-flight draw) and near departures sell faster.
    const popularity = 0.5 + (hashString(pattern.key) % 100) / 100;
    const pace = (0.02 + 0.1 * Math.exp(-daysOut / 10)) * popularity;
    const seats = Math.max(1, Math.round(capacity * pace * rng.next()));
    picks.set(`${flightId}|${cabin}`, { flightId, cabin, seats });
  }
  const legs = [...picks.values()];
  if (legs.length === 0) return [];
  await ensureInventoryRows(db, world, legs);
  await sellSeats(db, legs);
  const rows = await readInventoryRows(db, legs);
  const ticks: DemandTick[] = [];
  for (const leg of legs) {
    const row = rows.get(`${leg.flightId}|${leg.cabin}`);
    if (row) ticks.push({ flightId: leg.flightId, cabin: leg.cabin, change: { available: row.available, held: row.held, sold: row.sold, version: row.version } });
  }
  return ticks;
}

/**
 * Other travellers buy seats: each flight and cabin sells what it has, up to `seats` (available →
 * sold). One statement for the whole batch (the embedded database has a single connection) that
 * locks the rows in lock order first, as every path moving seats on several rows does, so it
 * cannot deadlock with holds.
 * @example await sellSeats(db, [{ flightId: '6E2134@2026-12-24', cabin: 'economy', seats: 3 }])
 */
export async function sellSeats(db: Db, legs: readonly { flightId: string; cabin: Cabin; seats: number }[]): Promise<void> {
  if (legs.length === 0) return;
  const values = joinStatements(legs.map((l) => q`(${l.flightId}, ${l.cabin}, ${l.seats}::int)`), ', ');
  await queryRows(
    db,
    q`with picked as materialized (
        select f.flight_id, f.cabin, v.seats from flight_inventory f join (values ${values}) as v(flight_id, cabin, seats) on f.flight_id = v.flight_id and f.cabin = v.cabin
        order by ${lockOrderSql('f')}
        for no key update of f)
      ${moveSeats({
        from: 'available',
        to: 'sold',
        seats: q`least(picked.seats, i.available)`,
        using: q`picked`,
        where: q`i.flight_id = picked.flight_id and i.cabin = picked.cabin and i.available >= 1`,
      })}`,
  );
}
