import type { Disruption } from '../../core/disruptions';
import type { Itinerary, Leg } from '../../core/search';
import { CABINS, type Cabin } from '../../core/search-options';
import type { AirlineChange, CabinClass, LocalTime, SupplierSlice } from '../suppliers/supplier';

/**
 * Airline-initiated changes of a supplier's order (Duffel's `aic_…`) as the disruption centre's
 * disruptions (pure). The rules:
 * - a change's case id is `<supplier>:<change id>` ("duffel:aic_00009…"): it never collides with a
 *   world disruption id ("6E2134@2027-01-15|retiming|0") and is the same on every delivery;
 * - the flights before the change (`removed`) are paired with those after (`added`) by marketing
 *   carrier and flight number, else by position in travel order;
 * - a flight with no counterpart after the change is cancelled;
 * - a flight leaving at another time is retimed by the difference (negative: earlier), the new
 *   times being the expected ones;
 * - else a flight leaving from another terminal has a terminal change;
 * - the case is the first such flight in travel order; a change nobody would notice (same flights,
 *   times and terminals) is no case;
 * - the supplier gives no reason: it is the airline's schedule change, not extraordinary;
 * - it was announced when the supplier detected it.
 */

type Segment = SupplierSlice['segments'][number];

/** The case id of a supplier's change. @example supplierDisruptionId('duffel', 'aic_1') // 'duffel:aic_1' */
export function supplierDisruptionId(supplier: string, changeId: string): string {
  return `${supplier}:${changeId}`;
}

/** The supplier and change of a supplier case id, or null for a world disruption id. */
export function parseSupplierDisruptionId(id: string): { supplier: string; changeId: string } | null {
  const match = /^([a-z]+):([A-Za-z0-9_-]+)$/.exec(id);
  return match?.[1] && match[2] ? { supplier: match[1], changeId: match[2] } : null;
}

/** A supplier's local time as Safar writes it: local wall-clock time with the airport's offset. */
export const localWithOffset = (time: LocalTime) => `${time.local.length === 16 ? `${time.local}:00` : time.local}${time.offset}`;

const flightKey = (s: Segment) => `${s.marketing.carrier.code ?? s.marketing.carrier.name}${s.marketing.flightNumber}`;
const segmentsOf = (slices: readonly SupplierSlice[]) => slices.flatMap((slice) => slice.segments);

/** Each flight before the change with its counterpart after it (null: no longer flown). */
function pairSegments(change: Pick<AirlineChange, 'added' | 'removed'>): { before: Segment; after: Segment | null }[] {
  const before = segmentsOf(change.removed);
  const after = segmentsOf(change.added);
  const used = new Set<Segment>();
  const byNumber = before.map((b) => {
    const found = after.find((a) => !used.has(a) && flightKey(a) === flightKey(b)) ?? null;
    if (found) used.add(found);
    return found;
  });
  const spare = after.filter((a) => !used.has(a));
  return before.map((b, i) => ({ before: b, after: byNumber[i] ?? (before.length === after.length ? (spare.shift() ?? null) : null) }));
}

/** The booking leg a supplier flight is: same origin and departure instant, else the same position. */
function legIndexOf(legs: readonly Leg[], segment: Segment, position: number): number {
  const found = legs.findIndex((leg) => leg.from.code === segment.origin.code && Date.parse(leg.departure) === Date.parse(segment.departing.utc));
  return found >= 0 ? found : position < legs.length ? position : -1;
}

export interface SupplierDisruption {
  disruption: Disruption;
  legIndex: number;
}

/**
 * The disruption an airline-initiated change makes to a booking's legs (see the rules above), or
 * null when nothing a traveller would notice changed or no leg of the booking matches.
 */
export function airlineChangeDisruption(supplier: string, change: AirlineChange, legs: readonly Leg[]): SupplierDisruption | null {
  const pairs = pairSegments(change);
  for (const [position, { before, after }] of pairs.entries()) {
    const shift = after ? Math.round((Date.parse(after.departing.utc) - Date.parse(before.departing.utc)) / 60_000) : 0;
    const terminalMoved = after !== null && after.originTerminal !== before.originTerminal && after.originTerminal !== null && before.originTerminal !== null;
    if (after !== null && shift === 0 && !terminalMoved) continue;
    const legIndex = legIndexOf(legs, before, position);
    const leg = legs[legIndex];
    if (!leg) return null;
    const common = {
      id: supplierDisruptionId(supplier, change.id),
      flightId: leg.flightId,
      flightNumber: leg.flightNumber,
      from: before.origin.code,
      to: before.destination.code,
      announcedAt: new Date(change.detectedAt).toISOString(),
      scheduled: { departure: localWithOffset(before.departing), arrival: localWithOffset(before.arriving) },
      reason: 'schedule-change' as const,
      rootReason: 'schedule-change' as const,
      extraordinary: false,
    };
    if (after === null) return { legIndex, disruption: { ...common, kind: 'cancellation' } };
    if (shift !== 0) {
      return { legIndex, disruption: { ...common, kind: 'retiming', shiftMinutes: shift, expected: { departure: localWithOffset(after.departing), arrival: localWithOffset(after.arriving) } } };
    }
    return { legIndex, disruption: { ...common, kind: 'terminal-change', fromTerminal: before.originTerminal ?? '', toTerminal: after.originTerminal ?? '' } };
  }
  return null;
}

/** Minutes between two instants. */
const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);

/**
 * The booking's itinerary with the airline's new plan accepted: each leg paired with a flight
 * after the change takes its times, duration and terminals; legs without a counterpart stay.
 */
export function acceptedItinerary(itinerary: Itinerary, change: Pick<AirlineChange, 'added' | 'removed'>): Itinerary {
  const legs = [...itinerary.legs];
  for (const [position, { before, after }] of pairSegments(change).entries()) {
    const index = legIndexOf(legs, before, position);
    const leg = legs[index];
    if (!leg || !after) continue;
    legs[index] = {
      ...leg,
      departure: localWithOffset(after.departing),
      arrival: localWithOffset(after.arriving),
      durationMinutes: after.durationMinutes,
      from: { ...leg.from, terminal: after.originTerminal ?? leg.from.terminal },
      to: { ...leg.to, terminal: after.destinationTerminal ?? leg.to.terminal },
    };
  }
  return withLegs(itinerary, legs);
}

/** An itinerary's derived fields (times, layovers, duration) recomputed for new legs. */
export function withLegs(itinerary: Itinerary, legs: Leg[]): Itinerary {
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (!first || !last) return itinerary;
  return {
    ...itinerary,
    legs,
    layovers: legs.slice(1).map((leg, i) => {
      const inbound = legs[i];
      return { airport: leg.from.code, minutes: minutesBetween(inbound?.arrival ?? leg.departure, leg.departure), changeOfTerminal: inbound?.to.terminal !== leg.from.terminal };
    }),
    durationMinutes: minutesBetween(first.departure, last.arrival),
    departure: first.departure,
    arrival: last.arrival,
    arrivalDayOffset: Math.round((Date.parse(last.arrival.slice(0, 10)) - Date.parse(first.departure.slice(0, 10))) / 86_400_000),
  };
}

/** Safar's cabin for the supplier's (premium economy is Safar's premium); `fallback` when the supplier names none. */
export const cabinOfSupplier = (cabin: CabinClass | undefined, fallback: Cabin): Cabin => (cabin === 'premium_economy' ? 'premium' : (CABINS.find((c) => c === cabin) ?? fallback));

/** A supplier's flight as a booking leg. */
export function legOfSegment(segment: SupplierSlice['segments'][number], cabin: Cabin): Leg {
  const code = segment.marketing.carrier.code ?? '';
  return {
    flightId: `${code}${segment.marketing.flightNumber}@${segment.departing.local.slice(0, 10)}`,
    carrier: code,
    carrierName: segment.marketing.carrier.name,
    flightNumber: `${code} ${segment.marketing.flightNumber}`.trim(),
    from: { code: segment.origin.code, name: segment.origin.name, city: segment.origin.cityName, terminal: segment.originTerminal },
    to: { code: segment.destination.code, name: segment.destination.name, city: segment.destination.cityName, terminal: segment.destinationTerminal },
    departure: localWithOffset(segment.departing),
    arrival: localWithOffset(segment.arriving),
    durationMinutes: segment.durationMinutes,
    aircraft: segment.aircraft?.name ?? '',
    cabin: cabinOfSupplier(segment.passengers[0]?.cabin, cabin),
  };
}
