/**
 * The tracker as travellers see it (the API, the ticket, the notices, the chatbot): the day's
 * operations (`operationsStatusAt`) with the airline's planned changes known at `now` from the
 * disruption generator, so the tracker, the ticket and the disruption centre agree on every figure:
 * - a retimed flight (the retiming announced) flies around its new time: its status is the
 *   operations' status `shift` minutes earlier, with every time moved by the shift, as the
 *   generator moves its operations;
 * - a cancellation known earlier than the operations show it (a schedule change announced days
 *   ahead) shows as Cancelled from its announcement; a cancellation other than fog's is named by
 *   its reason (technical, crew, the airline's schedule, …);
 * - an aircraft swap shows the new aircraft; a terminal change the new terminal;
 * - a delay the operations call "operational" is named by its reason (technical, crew, …).
 */
import { REASONS } from '../../core/disruptions';
import type { FlightStatus } from '../../core/tracking';
import { disruptionsKnownAt } from '../disruptions/generator';
import { formatLocal } from '../world/time';
import type { DatedFlight, World } from '../world/world';
import { type WeatherLookup, airportOf, findDatedFlight, operationsStatusAt } from './status';

const MINUTE_MS = 60_000;

/** A local ISO time moved by `minutes`, in the airport's time zone. */
function moved(local: string, minutes: number, tz: string): string {
  return formatLocal(Math.round(Date.parse(local) / MINUTE_MS) + minutes, tz);
}

/**
 * The status of a dated flight at `now` (weather left empty; see getFlightStatus).
 * @example flightStatusAt(world, world.getFlight('6E1000@2026-12-24')!, new Date())
 */
export function flightStatusAt(world: World, flight: DatedFlight, now: Date): FlightStatus {
  const known = disruptionsKnownAt(world, flight, now);
  let shift = 0;
  for (const d of known) if (d.kind === 'retiming') shift = d.shiftMinutes;
  const base = operationsStatusAt(world, flight, shift === 0 ? now : new Date(now.getTime() - shift * MINUTE_MS));
  const status: FlightStatus = { ...base, lastTracked: now.toISOString() };
  if (shift !== 0) {
    const from = airportOf(world, flight.from).tz;
    const to = airportOf(world, flight.to).tz;
    status.scheduledDeparture = moved(base.scheduledDeparture, shift, from);
    status.actualDeparture = moved(base.actualDeparture, shift, from);
    status.scheduledArrival = moved(base.scheduledArrival, shift, to);
    status.actualArrival = moved(base.actualArrival, shift, to);
  }
  for (const d of known) {
    if (d.kind === 'aircraft-swap') status.aircraft = d.toAircraftName;
    if (d.kind === 'terminal-change') status.terminal = d.toTerminal;
    if (d.kind === 'cancellation') {
      status.status = 'Cancelled';
      status.delay = null;
      status.gate = null;
      status.previousGate = null;
      // The operations' words for fog name the airport; every other cancellation gets its reason.
      if (d.reason !== 'fog') status.reason = REASONS[d.reason].words;
    }
    if (d.kind === 'delay' && status.status === 'Delayed' && status.reason === 'operational delay') status.reason = REASONS[d.reason].words;
  }
  return status;
}

/**
 * A flight's status by number and optional date at `now`, with weather at both ends when a
 * lookup is given. The plain entry point for the API, the chatbot and the booking views.
 * @example await getFlightStatus(world, { flightNumber: '6E 2174', now: clock.now() })
 */
export async function getFlightStatus(world: World, options: { flightNumber: string; date?: string | undefined; now: Date; weather?: WeatherLookup | undefined }): Promise<FlightStatus> {
  const flight = findDatedFlight(world, options.flightNumber, options.date, options.now);
  const status = flightStatusAt(world, flight, options.now);
  if (options.weather) {
    const origin = airportOf(world, flight.from);
    const destination = airportOf(world, flight.to);
    const [o, d] = await Promise.all([
      Promise.resolve(options.weather(origin, new Date(Math.min(options.now.getTime(), flight.departureUtc.getTime())))).catch(() => null),
      Promise.resolve(options.weather(destination, new Date(Math.max(options.now.getTime(), flight.arrivalUtc.getTime())))).catch(() => null),
    ]);
    status.weather = { origin: o, destination: d };
  }
  return status;
}
