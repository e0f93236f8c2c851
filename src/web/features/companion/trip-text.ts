import type { GroupFlight } from '../../../core/companion';
import { arrivalTime, formatDay, localDate, localTime } from '../../lib/format';

const terminal = (t: string | null) => (t ? ` T${t.replace(/^T/i, '')}` : '');

/**
 * One flight as a line of text: number, airline, airports with terminals, local times and date
 * (an arrival on a later local day carries "+1").
 * @example flightLine(f) // "6E 2134 IndiGo · Thu, 24 Dec 2026 · Delhi (DEL) T1 06:05 → Mumbai (BOM) T2 08:15"
 */
export function flightLine(flight: GroupFlight): string {
  return (
    `${flight.flightNumber} ${flight.airline} · ${formatDay(localDate(flight.departure))} · ` +
    `${flight.from.city} (${flight.from.code})${terminal(flight.from.terminal)} ${localTime(flight.departure)} → ` +
    `${flight.to.city} (${flight.to.code})${terminal(flight.to.terminal)} ${arrivalTime(flight.departure, flight.arrival)}`
  );
}

/**
 * The plain-text summary a traveller copies or shares: the flights, who travels (first names
 * only, as on the public page), the share code and the link. No emails, tickets or payments.
 * @example tripText({ flights, firstNames: ['Asha', 'Ravi'], shareCode: 'K7QX2M', link: 'https://safar.example/trip/K7QX2M' })
 */
export function tripText(trip: { flights: readonly GroupFlight[]; firstNames: readonly string[]; shareCode: string; link: string }): string {
  const first = trip.flights[0];
  const last = trip.flights[trip.flights.length - 1];
  const title = first && last ? `Trip: ${first.from.city} → ${last.to.city}` : 'Trip';
  return [
    title,
    ...trip.flights.map(flightLine),
    ...(trip.firstNames.length > 0 ? [`Travellers: ${trip.firstNames.join(', ')}`] : []),
    `Share code: ${trip.shareCode}`,
    trip.link,
  ].join('\n');
}
