import type { Market } from './windows';
import { windowFor } from './windows';

/**
 * Whether a passenger can check in on the web for one leg, as a pure function of the facts.
 *
 * - A passenger the airline checks in at the airport counter gets the counter answer with the
 *   reason in words, whatever the time: an infant on a lap and the adult carrying it, a child
 *   travelling without an adult on the booking (unaccompanied minor), a passenger who asked for
 *   special assistance, and every passenger of a group booking of 10 or more.
 * - Otherwise, before the window opens (departure less the airline's opening hours for the
 *   market) the answer is "not yet open" with the opening instant; a window that opens at
 *   booking is open from the start.
 * - From the opening instant up to (not including) the closing instant (departure less the
 *   closing minutes) the window is open, and the answer carries the closing instant.
 * - From the closing instant on, including after departure, the window is closed.
 * - Boarding and gate-closing instants are departure less the airline's minutes, in every answer.
 */
export interface CheckInFacts {
  airline: string;
  market: Market;
  departure: Date;
  now: Date;
  passenger: {
    type: 'adult' | 'child' | 'infant';
    /** An adult carrying an infant on the lap. */
    carriesInfant: boolean;
    specialAssistance: boolean;
  };
  /** Adults on the booking (a child with none is an unaccompanied minor). */
  adultsOnBooking: number;
  /** Passengers on the booking (or the group it belongs to). */
  partySize: number;
}

/** A group of this many passengers or more checks in at the counter. */
export const GROUP_SIZE_AT_COUNTER = 10;

interface Times {
  boardingAt: Date;
  gateClosesAt: Date;
}

export type CheckInState =
  | ({ state: 'counter'; reason: string } & Times)
  | ({ state: 'not-open'; opensAt: Date; closesAt: Date } & Times)
  | ({ state: 'open'; closesAt: Date } & Times)
  | ({ state: 'closed'; closedAt: Date } & Times);

const MINUTE = 60_000;

/** Why a passenger must check in at the counter, in words; null when web check-in is offered. */
export function counterReason(facts: Pick<CheckInFacts, 'passenger' | 'adultsOnBooking' | 'partySize'>): string | null {
  const { passenger } = facts;
  if (passenger.type === 'infant') return 'Infants on a lap are checked in at the airport counter.';
  if (passenger.carriesInfant) return 'Passengers travelling with an infant on the lap check in at the airport counter.';
  if (passenger.type === 'child' && facts.adultsOnBooking === 0) return 'Children travelling without an adult (unaccompanied minors) check in at the airport counter.';
  if (passenger.specialAssistance) return 'Passengers who asked for special assistance check in at the airport counter.';
  if (facts.partySize >= GROUP_SIZE_AT_COUNTER) return `Group bookings of ${GROUP_SIZE_AT_COUNTER} or more passengers check in at the airport counter.`;
  return null;
}

/**
 * The check-in state of one passenger on one leg at `now`.
 * @example checkInState({ airline: '6E', market: 'domestic', departure, now, passenger: { type: 'adult', carriesInfant: false, specialAssistance: false }, adultsOnBooking: 1, partySize: 1 }).state // 'open'
 */
export function checkInState(facts: CheckInFacts): CheckInState {
  const window = windowFor(facts.airline, facts.market);
  const departure = facts.departure.getTime();
  const times: Times = { boardingAt: new Date(departure - window.boarding * MINUTE), gateClosesAt: new Date(departure - window.gateCloses * MINUTE) };
  const reason = counterReason(facts);
  if (reason) return { state: 'counter', reason, ...times };
  const closesAt = new Date(departure - window.closes * MINUTE);
  const now = facts.now.getTime();
  if (now >= closesAt.getTime()) return { state: 'closed', closedAt: closesAt, ...times };
  if (window.opens !== 'booking') {
    const opensAt = new Date(departure - window.opens * 60 * MINUTE);
    if (now < opensAt.getTime()) return { state: 'not-open', opensAt, closesAt, ...times };
  }
  return { state: 'open', closesAt, ...times };
}

/** A passenger-leg for the booking summary: its check-in state, or checked in already. */
export type LegPassengerState = CheckInState | { state: 'checked-in' };

export type BookingCheckInSummary = { legIndex: number; state: 'open'; closesAt: Date } | { legIndex: number; state: 'not-open'; opensAt: Date } | { legIndex: number; state: 'checked-in' };

/**
 * What a booking row offers for check-in (the profile's bookings list), from its passengers'
 * states per leg, legs in travel order:
 * - The first leg where some passenger can still check in on the web (open or not yet open)
 *   speaks for the booking; legs whose windows have closed and counter-only passengers are passed over.
 * - On that leg: open when any passenger not checked in is inside the window (with the earliest
 *   closing instant), else not open yet (with the earliest opening instant).
 * - When no leg is left to check in and some leg has a passenger checked in, the booking is checked in.
 * - Otherwise nothing (null): all at the counter, closed, or no legs.
 * @example bookingCheckIn([{ legIndex: 0, passengers: [{ state: 'not-open', opensAt, closesAt, ...times }] }]) // { legIndex: 0, state: 'not-open', opensAt }
 */
export function bookingCheckIn(legs: readonly { legIndex: number; passengers: readonly LegPassengerState[] }[]): BookingCheckInSummary | null {
  for (const leg of legs) {
    const open = leg.passengers.flatMap((p) => (p.state === 'open' ? [p.closesAt.getTime()] : []));
    if (open.length > 0) return { legIndex: leg.legIndex, state: 'open', closesAt: new Date(Math.min(...open)) };
    const later = leg.passengers.flatMap((p) => (p.state === 'not-open' ? [p.opensAt.getTime()] : []));
    if (later.length > 0) return { legIndex: leg.legIndex, state: 'not-open', opensAt: new Date(Math.min(...later)) };
  }
  const done = legs.find((leg) => leg.passengers.some((p) => p.state === 'checked-in'));
  return done ? { legIndex: done.legIndex, state: 'checked-in' } : null;
}
