// Round trips: the special return fare, the pairing rule, self-transfer minimums and the state the
// results screen hands to the booking screen. Pure and zod-free: the results screen (browser),
// the search route and the booking service (hold and quote) all call these same functions, so the
// price a traveller is shown for a pair is the price the hold charges.
import type { Itinerary, SearchQuery } from './search';
import type { PassengerType } from './search-options';

// ---------------------------------------------------------------------------
// Special return fare

/**
 * What a special return fare forbids or ties together, as data (the screens turn it into words
 * with `specialReturnRuleTexts`; the booking service enforces it).
 */
export interface SpecialReturnRules {
  /** One journey cannot be cancelled alone: cancelling cancels both journeys (each refunded by its family's rules). */
  cancelOnlyTogether: boolean;
  /** One journey may be changed alone (priced by its own family's change rules; the return discount stays). */
  changeOneJourney: boolean;
  /** Not flying the outbound cancels the return without refund of its base fare. */
  noShowCancelsReturn: boolean;
}

/** Airlines that sell a return fare, and how much of the base fare it takes off (per mille, per journey). */
interface ReturnFareTerms {
  permille: number;
  rules: SpecialReturnRules;
}

/** Low-cost carriers' return fares: cancel together, change either, a no-show loses the return. */
const LOW_COST: SpecialReturnRules = { cancelOnlyTogether: true, changeOneJourney: true, noShowCancelsReturn: true };
/** Full-service carriers' return fares: cancel together, change together. */
const FULL_SERVICE: SpecialReturnRules = { cancelOnlyTogether: true, changeOneJourney: false, noShowCancelsReturn: false };

/**
 * The airlines with a return fare (the same airline both ways), by carrier code. Any other airline
 * sells only one-ways: a round trip on it costs exactly its two one-ways.
 */
export const RETURN_FARES: Readonly<Record<string, ReturnFareTerms>> = {
  // Indian airlines (domestic and their international routes)
  '6E': { permille: 80, rules: LOW_COST },
  AI: { permille: 100, rules: FULL_SERVICE },
  IX: { permille: 60, rules: LOW_COST },
  QP: { permille: 70, rules: LOW_COST },
  SG: { permille: 50, rules: LOW_COST },
  // International airlines
  EK: { permille: 120, rules: FULL_SERVICE },
  EY: { permille: 100, rules: FULL_SERVICE },
  QR: { permille: 110, rules: FULL_SERVICE },
  SQ: { permille: 100, rules: FULL_SERVICE },
  BA: { permille: 120, rules: FULL_SERVICE },
  LH: { permille: 100, rules: FULL_SERVICE },
  AF: { permille: 100, rules: FULL_SERVICE },
  KL: { permille: 100, rules: FULL_SERVICE },
  TK: { permille: 90, rules: FULL_SERVICE },
};

/** One direction of a round trip, as the special-return rule needs it. */
export interface ReturnJourney {
  /** First departure and last arrival airport codes. */
  from: string;
  to: string;
  /** Carrier code of every leg, in order ("6E"). */
  carriers: readonly string[];
  /** Local date-times with UTC offsets of the first departure and the last arrival. */
  departure: string;
  arrival: string;
  /** Base fare (no taxes) of one passenger of each type in the query, in paise; types not travelling omitted. */
  basePaise: Partial<Record<PassengerType, number>>;
}

export interface Passengers {
  adults: number;
  children: number;
  infants: number;
}

/** A special return fare for one pair of journeys. */
export interface SpecialReturn {
  /** Carrier code of the one airline flying every leg of both journeys. */
  airline: string;
  /** Share of each journey's base fare taken off, per mille. */
  permille: number;
  /** Discount for one passenger of each type, per journey [outbound, inbound], paise (whole rupees: multiples of 100). Infants get none. */
  perPassengerPaise: Partial<Record<PassengerType, [number, number]>>;
  /** Discount for every passenger in the query, paise (whole rupees). */
  discountPaise: number;
  rules: SpecialReturnRules;
}

/**
 * The special return fare of a pair, or null when the pair is priced as two one-ways.
 *
 * - It applies only to a pair that is a return (the inbound starts where the outbound ends and ends
 *   where it starts), that the pairing rule allows, with every leg of both journeys flown by one
 *   airline, and that airline sells return fares (`RETURN_FARES`).
 * - The discount, per passenger and per journey, is the airline's share (per mille) of that
 *   journey's base fare, rounded down to whole rupees; taxes are unchanged; infants get none.
 * - So the return price is never more than the two one-ways, never less than their taxes, and
 *   the same inputs always give the same answer (no clock, no randomness).
 * - No discount at all (a tiny base fare) gives null, not a zero-rupee offer.
 * @example specialReturn(out, back, { adults: 2, children: 0, infants: 0 })?.discountPaise // 124000 (₹1,240)
 */
export function specialReturn(outbound: ReturnJourney, inbound: ReturnJourney, passengers: Passengers): SpecialReturn | null {
  if (inbound.from !== outbound.to || inbound.to !== outbound.from) return null;
  if (!pairAllowed(outbound, inbound)) return null;
  const airline = outbound.carriers[0];
  if (airline === undefined || inbound.carriers.length === 0) return null;
  if (!outbound.carriers.every((c) => c === airline) || !inbound.carriers.every((c) => c === airline)) return null;
  const terms = RETURN_FARES[airline];
  if (!terms) return null;
  const perPassengerPaise: SpecialReturn['perPassengerPaise'] = {};
  const counts: Record<PassengerType, number> = { adult: passengers.adults, child: passengers.children, infant: passengers.infants };
  let discountPaise = 0;
  for (const type of ['adult', 'child'] as const) {
    if (counts[type] <= 0) continue;
    const out = journeyDiscountPaise(outbound.basePaise[type] ?? 0, terms.permille);
    const back = journeyDiscountPaise(inbound.basePaise[type] ?? 0, terms.permille);
    perPassengerPaise[type] = [out, back];
    discountPaise += (out + back) * counts[type];
  }
  if (discountPaise <= 0) return null;
  return { airline, permille: terms.permille, perPassengerPaise, discountPaise, rules: terms.rules };
}

/** A journey's discount for one passenger: permille of its base fare, rounded down to whole rupees, never below 0 or above the base. */
function journeyDiscountPaise(basePaise: number, permille: number): number {
  if (!(basePaise > 0)) return 0;
  const rupees = Math.floor((Math.floor(basePaise / 100) * permille) / 1000);
  return Math.min(rupees * 100, basePaise);
}

/**
 * A journey's discount for one passenger spread over its legs (to take it off each leg's base
 * fare line): in proportion to the legs' base fares, whole rupees, the remainder on the leg with
 * the largest base; no leg's share exceeds its base, and the shares add up to the discount.
 * @example splitOverLegs(50000, [300000, 200000]) // [30000, 20000]
 */
export function splitOverLegs(discountPaise: number, legBasePaise: readonly number[]): number[] {
  const total = legBasePaise.reduce((sum, base) => sum + base, 0);
  if (total <= 0 || discountPaise <= 0) return legBasePaise.map(() => 0);
  const rupees = Math.round(discountPaise / 100);
  const shares = legBasePaise.map((base) => Math.floor((rupees * base) / total) * 100);
  let rest = discountPaise - shares.reduce((sum, s) => sum + s, 0);
  // Remainder, largest base first, each leg up to its base.
  const order = legBasePaise.map((base, i) => ({ base, i })).sort((a, b) => b.base - a.base || a.i - b.i);
  for (const { base, i } of order) {
    if (rest <= 0) break;
    const room = base - (shares[i] ?? 0);
    const add = Math.min(room, rest);
    shares[i] = (shares[i] ?? 0) + add;
    rest -= add;
  }
  return shares;
}

/**
 * The rules of a special return fare in words, shown with the fare family rules.
 * @example specialReturnRuleTexts(offer.rules, 'IndiGo') // ['Return fare on IndiGo: both journeys are cancelled together …', …]
 */
export function specialReturnRuleTexts(rules: SpecialReturnRules, airlineName: string): string[] {
  const texts = [`Return fare on ${airlineName}: the discount applies only when both journeys are flown.`];
  texts.push(rules.cancelOnlyTogether ? 'Journeys cannot be cancelled one at a time: cancelling cancels both (each refunded by its fare rules).' : 'Either journey can be cancelled on its own.');
  texts.push(rules.changeOneJourney ? 'Either journey can be changed on its own (its fare rules apply).' : 'Journeys cannot be changed one at a time: a change re-prices both as one-ways.');
  if (rules.noShowCancelsReturn) texts.push('Missing the outbound flight cancels the return.');
  return texts;
}

/** The journey of a search itinerary as the special-return rule reads it (the answer's prices are whole rupees). */
export function returnJourneyOf(itinerary: Itinerary): ReturnJourney {
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const basePaise: ReturnJourney['basePaise'] = {};
  for (const type of ['adult', 'child', 'infant'] as const) {
    const each = itinerary.price.perPassenger[type];
    if (each) basePaise[type] = each.baseFare * 100;
  }
  return {
    from: first?.from.code ?? '',
    to: last?.to.code ?? '',
    carriers: itinerary.legs.map((leg) => leg.carrier),
    departure: itinerary.departure,
    arrival: itinerary.arrival,
    basePaise,
  };
}

// ---------------------------------------------------------------------------
// Pairing and self-transfers

/**
 * Safar's minimum for a self-transfer (flights on separate tickets, bags collected and checked in
 * again), in minutes: 3 h domestic, 4 h with a change of terminal or when either flight is
 * international, 5 h international with a change of terminal. Always far above the airports' MCT.
 * @example selfTransferMinimum({ international: false, changeOfTerminal: false }) // 180
 */
export function selfTransferMinimum(transfer: { international: boolean; changeOfTerminal: boolean }): number {
  if (transfer.international) return transfer.changeOfTerminal ? 300 : 240;
  return transfer.changeOfTerminal ? 240 : 180;
}

/**
 * Whether an inbound journey may be paired with an outbound one: the return leaves at least the
 * domestic self-transfer minimum (3 h) after the outbound lands. Pairs the rule refuses are never
 * offered, priced or held.
 * @example pairAllowed({ arrival: '2026-12-24T08:15:00+05:30' }, { departure: '2026-12-24T11:15:00+05:30' }) // true
 */
export function pairAllowed(outbound: Pick<ReturnJourney, 'arrival'>, inbound: Pick<ReturnJourney, 'departure'>): boolean {
  const gap = (Date.parse(inbound.departure) - Date.parse(outbound.arrival)) / 60_000;
  return gap >= selfTransferMinimum({ international: false, changeOfTerminal: false });
}

/** Whether two journeys are on separate tickets: any airline differs (no special return, separate check-in). */
export function separateTickets(outbound: Pick<ReturnJourney, 'carriers'>, inbound: Pick<ReturnJourney, 'carriers'>): boolean {
  const all = [...outbound.carriers, ...inbound.carriers];
  return all.some((c) => c !== all[0]);
}

/** What a traveller is told about journeys on separate tickets, at selection and at checkout. */
export const SEPARATE_TICKETS_WARNING = [
  'Separate tickets: each journey is its own booking with its own check-in.',
  'Bags are collected and checked in again.',
  'No protection if the first flight is late: a missed flight on the other ticket is not rebooked free.',
  'Each ticket has its own change and cancellation fees.',
] as const;

/** The id of a chosen pair: the two itinerary ids joined with "|". @example roundTripPairId('6E1@2026-12-24:economy', '6E2@2026-12-28:economy') // '6E1@2026-12-24:economy|6E2@2026-12-28:economy' */
export function roundTripPairId(outboundId: string, inboundId: string): string {
  return `${outboundId}|${inboundId}`;
}

// ---------------------------------------------------------------------------
// Hand-off to the booking screen (/result/book history state)

/**
 * One journey of a whole trip, as the results screen hands it to /result/book.
 * @public (the booking screen's type, branch rt-booking)
 */
export interface BookJourney {
  itinerary: Itinerary;
  /** The one-way search this journey answers (from, to, date of this journey; the trip's cabin and passengers). */
  query: SearchQuery;
  /** The fare family option chosen; absent: the cheapest. */
  fareFamily?: string;
}

/**
 * /result/book's history state for a whole trip: 2+ journeys in travel order. `specialReturn` is the
 * offer shown at selection (null: two one-ways); the booking service recomputes it with
 * `specialReturn` at quote and hold time, with the families chosen.
 */
export interface BookJourneysState {
  journeys: BookJourney[];
  specialReturn: SpecialReturn | null;
  /** Journeys on separate tickets (different airlines): show SEPARATE_TICKETS_WARNING. */
  separateTickets: boolean;
}
