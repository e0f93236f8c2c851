/**
 * A flight's status at a moment, from the schedule, the clock and the day's operations model:
 * On Time / Delayed until boarding (35 min before off-block, 50 for widebodies), Boarding,
 * Departed (with altitude and speed from a climb–cruise–descent profile), Arrived; Cancelled once
 * the cancellation is announced. Delays are shown once known (3 h to 30 min before departure;
 * a late inbound aircraft as soon as its own delay is known; fog the evening before), and a long
 * operational delay is first announced at half its length, as airlines do.
 */
import { AppError } from '../../core/errors';
import { type FlightStatus, type FlightStatusLabel, parseFlightNumber, TRACKER_MESSAGES } from '../../core/tracking';
import { AIRCRAFT } from '../world/airlines';
import type { Airport } from '../world/airports';
import { dayNumber, formatLocal, isoDate, localDayOf } from '../world/time';
import type { DatedFlight, World } from '../world/world';
import { drawUniform, FOG_AIRPORTS } from './delay-model';
import { causeName, type DayModel, dayModel } from './day-model';

/** Weather at an airport at a moment, or null when unknown (the status then shows none). */
export type WeatherLookup = (airport: Airport, at: Date) => Promise<{ condition: string; temp: number } | null> | { condition: string; temp: number } | null;

const WIDEBODY = new Set(['B788', 'B789', 'A359', 'A333', 'B77W', 'A388']);

/** Minutes before off-block that boarding starts. */
function boardingLead(aircraftId: string): number {
  return WIDEBODY.has(aircraftId) ? 50 : 35;
}

/** Gates per airport: the metros have dozens, small airports a handful. */
function gateCount(code: string): number {
  if (['DEL', 'BOM', 'BLR', 'DXB', 'LHR', 'SIN', 'DOH', 'JFK', 'CDG', 'FRA'].includes(code)) return 48;
  if (['HYD', 'MAA', 'CCU', 'AMD', 'COK', 'PNQ', 'GOI', 'GOX', 'AUH'].includes(code)) return 24;
  return 8;
}

interface Leg {
  flight: DatedFlight;
  day: DayModel;
  row: number;
}

function legOf(world: World, flight: DatedFlight): Leg {
  const utcDay = Math.floor(flight.departureUtc.getTime() / 86_400_000);
  const day = dayModel(world, utcDay);
  const row = day.rowOf(flight.pattern.index, dayNumber(flight.departureDate));
  if (row === undefined) throw new Error(`No row for ${flight.flightId}`);
  return { flight, day, row };
}

const round5 = (minutes: number) => Math.round(minutes / 5) * 5;

/** What is known about a leg's departure at `t` (UTC minutes). */
function timeline(world: World, leg: Leg, t: number) {
  const { day, row, flight } = leg;
  const scheduledDeparture = day.departure[row] ?? 0;
  const scheduledArrival = day.arrival[row] ?? 0;
  const delay = day.departureDelay[row] ?? 0;
  const arrivalDelay = day.arrivalDelay[row] ?? 0;
  const knownAt = day.knownAt[row] ?? scheduledDeparture;
  const cause = causeName(day.cause[row] ?? 0);
  const cancelled = day.cancelled[row] === 1 && t >= knownAt;
  const offBlock = scheduledDeparture + delay;
  const onBlock = scheduledArrival + arrivalDelay;
  let shownDelay = 0;
  if (t >= knownAt) {
    shownDelay = delay;
    // Long operational delays are announced in two steps: half first, the rest later.
    const staged = (cause === 'operational' || cause === 'congestion') && delay > 45;
    if (staged && t < (knownAt + offBlock - 40) / 2) shownDelay = round5(delay / 2);
  }
  const departed = !cancelled && t >= offBlock;
  const arrived = !cancelled && t >= onBlock;
  let status: FlightStatusLabel;
  if (cancelled) status = 'Cancelled';
  else if (arrived) status = 'Arrived';
  else if (departed) status = 'Departed';
  else if (t >= offBlock - boardingLead(flight.aircraftId)) status = 'Boarding';
  else status = shownDelay >= 15 ? 'Delayed' : 'On Time';
  const expectedDeparture = departed ? offBlock : scheduledDeparture + shownDelay;
  const expectedArrival = departed ? onBlock : scheduledArrival + shownDelay;
  return { status, cancelled, departed, arrived, shownDelay, offBlock, onBlock, expectedDeparture, expectedArrival, cause, knownAt, scheduledDeparture, scheduledArrival };
}

/**
 * Altitude (ft) and ground speed (km/h) `elapsed` minutes into a flight of `duration` minutes:
 * climb for ~20 min, cruise (FL250–390 by distance, speed from distance and time), descend for
 * ~25 min.
 * @example flightProfile(60, 130, 1140, 'A20N') // { altitude: 37000, speed: ≈ 620 }
 */
function flightProfile(elapsed: number, duration: number, km: number, aircraftId: string): { altitude: number; speed: number } {
  const turboprop = AIRCRAFT[aircraftId]?.turboprop ?? false;
  const climb = Math.min(20, duration * 0.3);
  const descent = Math.min(25, duration * 0.35);
  const cruiseAltitude = turboprop ? (km < 300 ? 17000 : 24000) : km < 500 ? 28000 : km < 1200 ? 35000 : km < 5000 ? 37000 : 39000;
  const cruiseMinutes = Math.max(1, duration - climb / 2 - descent / 2);
  const cruiseSpeed = Math.min(turboprop ? 560 : 950, Math.max(turboprop ? 380 : 600, (km / cruiseMinutes) * 60));
  const start = 280;
  let altitude: number;
  let speed: number;
  if (elapsed < climb) {
    const f = elapsed / climb;
    altitude = cruiseAltitude * f;
    speed = start + (cruiseSpeed - start) * f;
  } else if (elapsed > duration - descent) {
    const f = Math.max(0, (duration - elapsed) / descent);
    altitude = cruiseAltitude * f;
    speed = 250 + (cruiseSpeed - 250) * f;
  } else {
    altitude = cruiseAltitude;
    speed = cruiseSpeed;
  }
  return { altitude: Math.round(altitude / 100) * 100, speed: Math.round(speed) };
}

export function airportOf(world: World, code: string): Airport {
  const airport = world.getAirport(code);
  if (!airport) throw new Error(`Unknown airport ${code}`);
  return airport;
}

function reasonFor(world: World, leg: Leg, line: ReturnType<typeof timeline>): string {
  const { flight } = leg;
  const fogCity = () => {
    const code = FOG_AIRPORTS.has(flight.from) ? flight.from : flight.to;
    return world.getAirport(code)?.city ?? code;
  };
  if (line.cancelled) return line.cause === 'fog' ? `fog at ${fogCity()} (cancelled in advance)` : 'operational reasons';
  const lateNow = line.departed ? line.offBlock - line.scheduledDeparture : line.shownDelay;
  if (lateNow < 15) return 'on time';
  switch (line.cause) {
    case 'reactionary':
      return 'late inbound aircraft';
    case 'fog':
      return `fog at ${fogCity()}`;
    case 'congestion':
      return `air traffic congestion at ${world.getAirport(flight.from)?.city ?? flight.from}`;
    default:
      return 'operational delay';
  }
}

/** The gate at `t` and, after a late gate change, the gate it replaced. */
function gateAt(world: World, leg: Leg, line: ReturnType<typeof timeline>, t: number): { gate: string | null; previousGate: string | null } {
  if (line.cancelled) return { gate: null, previousGate: null };
  // Gates are assigned about an hour before departure.
  if (!line.departed && t < line.expectedDeparture - 60) return { gate: null, previousGate: null };
  const count = gateCount(leg.flight.from);
  const first = 1 + Math.floor(drawUniform(world.seed, `${leg.flight.flightId}|gate`, 0) * count);
  // One flight in ten moves gate about 25 minutes before departure.
  const changes = drawUniform(world.seed, `${leg.flight.flightId}|gate`, 1) < 0.1;
  if (!changes || (!line.departed && t < line.expectedDeparture - 25)) return { gate: String(first), previousGate: null };
  const step = 1 + Math.floor(drawUniform(world.seed, `${leg.flight.flightId}|gate`, 2) * (count - 1));
  return { gate: String(((first - 1 + step) % count) + 1), previousGate: String(first) };
}

const local = (minutes: number, airport: Airport) => formatLocal(Math.round(minutes), airport.tz);

/**
 * The status of a dated flight at `now` from the day's operations alone (weather left empty):
 * the disruption generator reads it; travellers see `flightStatusAt` (tracker.ts), which adds
 * the airline's planned changes.
 * @example operationsStatusAt(world, world.getFlight('6E1000@2026-12-24')!, new Date())
 */
export function operationsStatusAt(world: World, flight: DatedFlight, now: Date): FlightStatus {
  const t = now.getTime() / 60_000;
  const leg = legOf(world, flight);
  const line = timeline(world, leg, t);
  const origin = airportOf(world, flight.from);
  const destination = airportOf(world, flight.to);
  let altitude: number | null = null;
  let speed: number | null = null;
  let progress = 0;
  let routeFraction = 0;
  if (line.status === 'Departed') {
    const duration = Math.max(1, line.onBlock - line.offBlock);
    const elapsed = t - line.offBlock;
    const fraction = Math.min(1, Math.max(0, elapsed / duration));
    ({ altitude, speed } = flightProfile(elapsed, duration, flight.pattern.distanceKm, flight.aircraftId));
    progress = Math.min(89, Math.max(10, 10 + Math.floor(79 * fraction)));
    routeFraction = fraction;
  } else if (line.status === 'Arrived') {
    progress = 100;
    routeFraction = 1;
  }
  const { day, row } = leg;
  const inboundRow = day.inbound[row] ?? -1;
  let inbound: FlightStatus['inbound'] = null;
  if (inboundRow >= 0) {
    const previous = world.flightOf(day.pattern[inboundRow] ?? 0, day.localDay[inboundRow] ?? 0);
    const previousLine = timeline(world, { flight: previous, day, row: inboundRow }, t);
    const from = airportOf(world, previous.from);
    inbound = {
      flightNumber: previous.flightNumber,
      date: previous.departureDate,
      from: { code: from.code, name: from.name, city: from.city },
      status: previousLine.status,
      scheduledArrival: local(previousLine.scheduledArrival, origin),
      expectedArrival: local(previousLine.expectedArrival, origin),
      slackMinutes: day.slack[row] ?? 0,
    };
  }
  return {
    flightNumber: flight.flightNumber,
    date: flight.departureDate,
    airline: flight.carrierName,
    status: line.status,
    delay: line.status === 'Delayed' ? line.shownDelay : null,
    origin: { code: origin.code, name: origin.name, city: origin.city, lat: origin.lat, lon: origin.lon },
    destination: { code: destination.code, name: destination.name, city: destination.city, lat: destination.lat, lon: destination.lon },
    scheduledDeparture: local(line.scheduledDeparture, origin),
    actualDeparture: local(line.expectedDeparture, origin),
    scheduledArrival: local(line.scheduledArrival, destination),
    actualArrival: local(line.expectedArrival, destination),
    departed: line.departed,
    arrived: line.arrived,
    ...gateAt(world, leg, line, t),
    terminal: flight.fromTerminal,
    arrivalTerminal: flight.toTerminal,
    aircraft: flight.aircraft,
    registration: day.tails[day.tail[row] ?? 0] ?? '',
    altitude,
    speed,
    progress,
    routeFraction,
    weather: { origin: null, destination: null },
    inbound,
    reason: reasonFor(world, leg, line),
    lastTracked: now.toISOString(),
  };
}

const keyIndex = new WeakMap<World, Map<string, World['patterns'][number]>>();

function patternsByKey(world: World): Map<string, World['patterns'][number]> {
  let index = keyIndex.get(world);
  if (!index) {
    index = new Map(world.patterns.map((p) => [p.key, p]));
    keyIndex.set(world, index);
  }
  return index;
}

/**
 * The dated flight a traveller means: the number (any spelling) on `date`, or without a date
 * today's flight at the origin, else its next departure within a week.
 * Throws AppError: validation_failed for a malformed number or date, not_found otherwise.
 * @example findDatedFlight(world, '6e2174', undefined, new Date())
 */
export function findDatedFlight(world: World, flightNumber: string, date: string | undefined, now: Date): DatedFlight {
  if (!flightNumber.trim()) throw new AppError('validation_failed', TRACKER_MESSAGES.flightNumberRequired, { flightNumber: TRACKER_MESSAGES.flightNumberRequired });
  const parsed = parseFlightNumber(flightNumber);
  if (!parsed) throw new AppError('validation_failed', TRACKER_MESSAGES.flightNumberFormat, { flightNumber: TRACKER_MESSAGES.flightNumberFormat });
  const pattern = patternsByKey(world).get(parsed.key);
  if (!pattern) throw new AppError('not_found', `Flight ${parsed.display} is not in Safar's schedule. Check the number on your ticket.`);
  if (date !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(dayNumber(date)) || isoDate(dayNumber(date)) !== date) throw new AppError('validation_failed', TRACKER_MESSAGES.dateFormat, { date: TRACKER_MESSAGES.dateFormat });
    const flight = world.getFlight(`${parsed.key}@${date}`);
    if (!flight) throw new AppError('not_found', `Flight ${parsed.display} does not operate on ${date}.`);
    return flight;
  }
  const origin = airportOf(world, pattern.from);
  const today = localDayOf(now.getTime() / 60_000, origin.tz);
  for (let day = today; day <= today + 7; day++) {
    const flight = world.getFlight(`${parsed.key}@${isoDate(day)}`);
    if (flight) return flight;
  }
  throw new AppError('not_found', `Flight ${parsed.display} does not operate in the coming week.`);
}
