import type { Cabin } from '../../core/search-options';
import { type Disruption, type DisruptionAction, type DisruptionCaseState, type Entitlements, FREE_SWITCH_MINUTES } from '../../core/disruptions';
import type { PassengerLegFare } from '../../core/fares';
import type { Leg } from '../../core/search';
import { minimumConnection } from '../search/mct';
import type { FlightPattern } from '../schedule/patterns';
import { dayNumber, isoDate } from '../world/time';
import type { DatedFlight, World } from '../world/world';
import { type PassengerEntitlements, bookingEntitlements } from './booking';
import { disruptionsKnownAt } from './generator';

/**
 * A booking's trip changes as the disruption centre sees them at `now`, from the generator (pure):
 * - one case per disrupted leg and kind: of a kind's announcements only the latest counts (a delay
 *   announced in two steps is one case, at its latest figure);
 * - a cancelled leg has only its cancellation case (its delays and gate changes no longer matter);
 * - a delay or later retiming that leaves less than the minimum connection time before the next
 *   leg of the same booking breaks the connection: that leg is a missed leg of the case, entitled
 *   as for a cancellation, and is the leg a rebooking replaces;
 * - otherwise a rebooking replaces the disrupted leg itself;
 * - newest announcement first.
 */

export interface LiveCase {
  disruption: Disruption;
  legIndex: number;
  missedLegs: number[];
  /** Every passenger-leg's entitlements for this disruption. */
  entitlements: PassengerEntitlements[];
  /** The leg a rebooking replaces and its entitlements (the first passenger's). */
  targetLeg: number;
  target: Entitlements;
}

/** Kinds a case is shown for but nothing is chosen in (unless the entitlements offer choices). */
const later = (d: Disruption) => (d.kind === 'delay' || d.kind === 'retiming' ? d.expected.arrival : d.scheduled.arrival);

/**
 * The cases of a booking's legs at `now`. `knownOf`: the disruptions known at `now` of a flight
 * (default: the generator's; a pass over many bookings remembers them per flight).
 * @example liveCases(world, booking.itinerary.legs, fares, clock.now())
 */
export function liveCases(world: World, legs: readonly Leg[], fares: readonly PassengerLegFare[], now: Date, knownOf: (flight: DatedFlight) => Disruption[] = (f) => disruptionsKnownAt(world, f, now)): LiveCase[] {
  const out: LiveCase[] = [];
  for (const [legIndex, leg] of legs.entries()) {
    const flight = world.getFlight(leg.flightId);
    if (!flight) continue;
    const known = knownOf(flight);
    if (known.length === 0) continue;
    const latest = new Map<string, Disruption>();
    for (const d of known) latest.set(d.kind, d);
    const cancellation = latest.get('cancellation');
    const chosen = cancellation ? [cancellation] : [...latest.values()];
    for (const disruption of chosen) {
      const missedLegs = missedOnward(world, legs, legIndex, disruption);
      const entitlements = bookingEntitlements(world, disruption, legs, fares, now, missedLegs);
      const targetLeg = missedLegs[0] ?? legIndex;
      const target = (entitlements.find((e) => e.legIndex === targetLeg) ?? entitlements[0])?.entitlements;
      if (!target) continue;
      out.push({ disruption, legIndex, missedLegs, entitlements, targetLeg, target });
    }
  }
  return out.sort((a, b) => b.disruption.announcedAt.localeCompare(a.disruption.announcedAt) || a.disruption.id.localeCompare(b.disruption.id));
}

/** The next leg when a delay or later time on `legIndex` leaves less than its minimum connection time. */
function missedOnward(world: World, legs: readonly Leg[], legIndex: number, disruption: Disruption): number[] {
  if (disruption.kind !== 'delay' && disruption.kind !== 'retiming') return [];
  const inbound = legs[legIndex];
  const next = legs[legIndex + 1];
  if (!inbound || !next) return [];
  const a = world.getFlight(inbound.flightId);
  const b = world.getFlight(next.flightId);
  const mct = minimumConnection(next.from.code, inbound.to.terminal, next.from.terminal, a?.international ?? false, b?.international ?? false);
  return Date.parse(next.departure) - Date.parse(later(disruption)) < mct * 60_000 ? [legIndex + 1] : [];
}

/**
 * The state of a case from what is stored (the job or an action wrote it) or, when nothing is
 * stored yet, from the entitlements: something waits for an answer (a deadline) → open, else information.
 */
export function caseState(stored: DisruptionCaseState | null, target: Entitlements): DisruptionCaseState {
  if (stored !== null) return stored;
  return target.deadline !== null ? 'open' : 'information';
}

/**
 * What the traveller can do now: only on an open case of a booking still travelling, before the
 * deadline; rebook when another flight or the protected flight is offered, refund when a full
 * refund is, accept when keeping it as changed is.
 */
export function caseActions(state: DisruptionCaseState, target: Entitlements, bookingLive: boolean): DisruptionAction[] {
  if (state !== 'open' || !bookingLive || !target.open) return [];
  const actions: DisruptionAction[] = [];
  if (target.options.some((o) => o.kind === 'another-flight' || (o.kind === 'accept' && o.what === 'protected-flight'))) actions.push('rebook');
  if (target.options.some((o) => o.kind === 'full-refund')) actions.push('refund');
  if (target.options.some((o) => o.kind === 'accept')) actions.push('accept');
  return actions;
}

// ---------------------------------------------------------------------------
// Alternatives

/** Airlines that protect each other's passengers (one group: Air India and Air India Express). */
const PARTNERS: Readonly<Record<string, readonly string[]>> = { AI: ['IX'], IX: ['AI'] };

/** Same airline or its partner. */
export const sameGroup = (a: string, b: string) => a === b || (PARTNERS[a]?.includes(b) ?? false);

/** A flight offered leaves at least this long after now. */
const LEAD_MINUTES = 45;

const routeCache = new WeakMap<World, Map<string, FlightPattern[]>>();

function patternsOn(world: World, from: string, to: string): FlightPattern[] {
  let byRoute = routeCache.get(world);
  if (!byRoute) {
    byRoute = new Map();
    for (const p of world.patterns) {
      const key = `${p.from}-${p.to}`;
      const list = byRoute.get(key);
      if (list) list.push(p);
      else byRoute.set(key, [p]);
    }
    routeCache.set(world, byRoute);
  }
  return byRoute.get(`${from}-${to}`) ?? [];
}

export interface CandidateBounds {
  /** The leg a rebooking replaces. */
  leg: Leg;
  /** Its departure as booked (the window's centre). */
  originalDepartureUtc: number;
  windowMinutes: number;
  /** Earliest departure (the previous leg's arrival plus the connection time), epoch ms. */
  notBefore: number;
  /** Latest arrival (the next leg's departure less the connection time), epoch ms. */
  notAfter: number;
}

/**
 * The bounds of the flights a case may move its target leg to: ±24 h around the booked departure
 * (Safar's free switch, `FREE_SWITCH_MINUTES`, at least the rules' own window), after now (45 min
 * lead), connecting to the booking's other legs with their minimum connection times (the previous
 * leg at its latest expected arrival).
 */
export function boundsOf(world: World, legs: readonly Leg[], live: LiveCase, now: Date): CandidateBounds | null {
  const leg = legs[live.targetLeg];
  if (!leg) return null;
  const another = live.target.options.find((o) => o.kind === 'another-flight');
  const windowMinutes = Math.max(FREE_SWITCH_MINUTES, another?.kind === 'another-flight' ? another.withinMinutes : 0);
  let notBefore = now.getTime() + LEAD_MINUTES * 60_000;
  const previous = legs[live.targetLeg - 1];
  if (previous) {
    const arrival = live.legIndex === live.targetLeg - 1 ? Date.parse(later(live.disruption)) : Date.parse(previous.arrival);
    const mct = minimumConnection(leg.from.code, previous.to.terminal, leg.from.terminal, world.getFlight(previous.flightId)?.international ?? false, world.getFlight(leg.flightId)?.international ?? false);
    notBefore = Math.max(notBefore, arrival + mct * 60_000);
  }
  let notAfter = Number.POSITIVE_INFINITY;
  const next = legs[live.targetLeg + 1];
  if (next && !live.missedLegs.includes(live.targetLeg + 1)) {
    const mct = minimumConnection(next.from.code, leg.to.terminal, next.from.terminal, world.getFlight(leg.flightId)?.international ?? false, world.getFlight(next.flightId)?.international ?? false);
    notAfter = Date.parse(next.departure) - mct * 60_000;
  }
  return { leg, originalDepartureUtc: Date.parse(leg.departure), windowMinutes, notBefore, notAfter };
}

/**
 * Flights on the target leg's city pair inside the bounds, with the cabin on board and not
 * cancelled as known at `now`, the booked flight itself left out; by departure.
 */
export function candidateFlights(world: World, bounds: CandidateBounds, cabin: Cabin, now: Date): DatedFlight[] {
  const { leg } = bounds;
  const window = bounds.windowMinutes * 60_000;
  const centre = bounds.originalDepartureUtc;
  const firstDay = dayNumber(leg.departure.slice(0, 10));
  const days = Math.ceil(bounds.windowMinutes / (24 * 60)) + 1;
  const out: DatedFlight[] = [];
  for (const pattern of patternsOn(world, leg.from.code, leg.to.code)) {
    for (let day = firstDay - days; day <= firstDay + days; day++) {
      if (day < pattern.validFrom || day > pattern.validTo) continue;
      const flightId = `${pattern.key}@${isoDate(day)}`;
      if (flightId === leg.flightId) continue;
      const flight = world.getFlight(flightId);
      if (!flight || flight.capacity[cabin] <= 0) continue;
      const departure = flight.departureUtc.getTime();
      if (Math.abs(departure - centre) > window || departure < bounds.notBefore || flight.arrivalUtc.getTime() > bounds.notAfter) continue;
      if (disruptionsKnownAt(world, flight, now).some((d) => d.kind === 'cancellation')) continue;
      out.push(flight);
    }
  }
  return out.sort((a, b) => a.departureUtc.getTime() - b.departureUtc.getTime() || a.flightId.localeCompare(b.flightId));
}

/**
 * The protected flight: of the flights with enough seats, the first of the same airline or its
 * partner leaving at or after the booked departure, else the latest one before it.
 */
export function protectedOf<T extends { flight: DatedFlight }>(withSeats: readonly T[], carrier: string, originalDepartureUtc: number): T | null {
  const group = withSeats.filter((c) => sameGroup(carrier, c.flight.carrier));
  return group.find((c) => c.flight.departureUtc.getTime() >= originalDepartureUtc) ?? group.at(-1) ?? null;
}
