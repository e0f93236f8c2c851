import { dayNumber, indiaToday } from '../world/time';
import type { World } from '../world/world';

export interface ScheduledFlight {
  flightId: string;
  flightNumber: string;
  airline: string;
  fromCode: string;
  fromCity: string;
  toCode: string;
  toCity: string;
  /** Local date-times with offset. */
  departure: string;
  arrival: string;
  fromTerminal: string | null;
  toTerminal: string | null;
  aircraft: string;
}

/**
 * Reads a flight number as typed ("6e 2134", "AI-101"): its pattern key, or null.
 * @example flightKey(' 6e-2134 ') // '6E2134'
 */
export function flightKey(text: string): string | null {
  const match = /^\s*([A-Za-z0-9]{2})\s*-?\s*(\d{1,5})\s*$/.exec(text);
  if (!match?.[1] || !match[2] || !/[A-Za-z]/.test(match[1]) || Number(match[2]) < 1) return null;
  return `${match[1].toUpperCase()}${Number(match[2])}`;
}

/**
 * The next scheduled departures of a flight number (today first, up to `limit`, within a week),
 * from the schedule alone.
 * @example findScheduledFlights(world, '6E2134', now)[0]?.departure
 */
export function findScheduledFlights(world: World, key: string, now: Date, limit = 3): ScheduledFlight[] {
  const pattern = world.patterns.find((p) => p.key === key);
  if (!pattern) return [];
  const today = dayNumber(indiaToday(now));
  const found: ScheduledFlight[] = [];
  for (let day = today; day < today + 8 && found.length < limit; day++) {
    const flight = world.getFlight(`${key}@${new Date(day * 86_400_000).toISOString().slice(0, 10)}`);
    if (!flight || flight.arrivalUtc.getTime() < now.getTime()) continue;
    found.push({
      flightId: flight.flightId,
      flightNumber: flight.flightNumber,
      airline: flight.carrierName,
      fromCode: flight.from,
      fromCity: world.getAirport(flight.from)?.city ?? flight.from,
      toCode: flight.to,
      toCity: world.getAirport(flight.to)?.city ?? flight.to,
      departure: flight.departureLocal,
      arrival: flight.arrivalLocal,
      fromTerminal: flight.fromTerminal,
      toTerminal: flight.toTerminal,
      aircraft: flight.aircraft,
    });
  }
  return found;
}
