import { AppError } from '../../../core/errors';
import {
  FARE_LINE_LABELS,
  type FamilyOption,
  type FareCondition,
  type FareConditions,
  type FareFamily,
  type FeeSchedule,
  type PassengerLegFare,
  type PassengerTypeLegFare,
  UNKNOWN_FARE_FAMILY,
} from '../../../core/fares';
import { type Cabin, type ItineraryPrice, PASSENGER_TYPES, type PassengerType, type PriceBreakdown } from '../../../core/search';
import type { DatedFlight } from '../../world/world';
import { fareLines, linesTotal } from '../breakdown';
import { type Passengers, priceFor } from '../price';
import { SAFAR_SERVICE_FEE_PAISE } from '../safar-fee';
import { childBase, infantBase, taxesFor } from '../taxes';
import { familiesFor, marketOf } from './lookup';
import { feeFor } from '../../refunds/rule';
import { rulesInWords } from './rules';

/**
 * Fare family options of an itinerary, priced on top of each leg's open bucket:
 *
 * - A leg's adult family airfare = round(bucket airfare × priceFactor) + addRupees; children and
 *   infants follow the usual rules from it (same as adults on Indian domestic flights, 75 % / 10 %
 *   abroad, a fixed ₹1,500 infant fare at home); taxes follow from that airfare as always.
 * - Tier 0 has factor 1 and add 0, so the cheapest option is exactly the price search shows.
 * - A connection combines one tier across its legs: a leg whose airline lacks the tier uses its
 *   highest tier below it. Options selling the same families are one option.
 * - The name is the families' name, or the distinct names joined with " + " in leg order.
 * - Options come cheapest first (ties: lower tier first); `extraInr` is the difference to the first.
 * - Conditions are for `now`: each leg's band at its own time to departure; a change or refund is
 *   allowed only if every leg allows it (the strictest leg decides), and penalties add up over
 *   legs, per passenger. A forfeit band, a departed leg or a schedule that does not allow it
 *   means not allowed (taxes still come back on cancellation).
 */

export interface FamilyLeg {
  flight: DatedFlight;
  /** The open bucket's adult airfare, whole rupees (legFare's `base`). */
  airfare: number;
}

/** One option priced: the option, its price in the search answer's shape, and the lines per passenger type × leg. */
export interface PricedFamily {
  option: FamilyOption;
  price: ItineraryPrice;
  fares: PassengerTypeLegFare[];
}

/**
 * The families a leg sells for a booking made `bookingDate` (tier order): its cabin's, or its
 * market's economy families when the cabin has none.
 */
function legFamilies(flight: DatedFlight, cabin: Cabin, bookingDate: Date | string): FareFamily[] {
  const market = marketOf(flight.international);
  const own = familiesFor(flight.carrier, market, cabin, bookingDate);
  if (own.length > 0) return own;
  const economy = familiesFor(flight.carrier, market, 'economy', bookingDate);
  if (economy.length > 0) return economy;
  throw new Error(`no fare families for ${flight.carrier} ${market} ${cabin}`);
}

/** The adult airfare of a family on a bucket airfare. @example familyAirfare(family, 4321) // 4321 for tier 0 */
export function familyAirfare(family: FareFamily, bucketAirfare: number): number {
  return Math.round(bucketAirfare * family.priceFactor) + family.addRupees;
}

function typeAirfare(flight: DatedFlight, type: PassengerType, adult: number): number {
  return type === 'adult' ? adult : type === 'child' ? childBase(flight, adult) : infantBase(flight, adult);
}

/**
 * Every family option of an itinerary for these passengers, cheapest first, conditions for `now`.
 * @example priceFamilies([{ flight, airfare: 4321 }], 'economy', { adults: 1, children: 0, infants: 0 }, now)[0]?.price.total.total
 */
export function priceFamilies(legs: readonly FamilyLeg[], cabin: Cabin, passengers: Passengers, now: Date, airlineName?: (code: string) => string): PricedFamily[] {
  const perLeg = legs.map((leg) => legFamilies(leg.flight, cabin, now));
  const maxTier = Math.max(0, ...perLeg.map((list) => list[list.length - 1]?.tier ?? 0));
  const seen = new Set<string>();
  const priced: PricedFamily[] = [];
  for (let tier = 0; tier <= maxTier; tier++) {
    const chosen = familiesAtTier(perLeg, tier);
    if (chosen.length !== legs.length) continue;
    const id = chosen.map((f) => f.code).join('~');
    if (seen.has(id)) continue;
    seen.add(id);
    priced.push(priceOption(legs, cabin, passengers, chosen, tier, now, airlineName));
  }
  priced.sort((a, b) => a.option.totalInr - b.option.totalInr || a.option.tier - b.option.tier);
  const cheapest = priced[0]?.option.totalInr ?? 0;
  for (const p of priced) p.option.extraInr = p.option.totalInr - cheapest;
  return priced;
}

/** Each leg's family at a tier: its highest not above it, else its cheapest. */
function familiesAtTier(perLeg: readonly FareFamily[][], tier: number): FareFamily[] {
  return perLeg.map((list) => [...list].reverse().find((f) => f.tier <= tier) ?? list[0]).filter((f) => f !== undefined);
}

/**
 * The option of `priceFamilies` with the highest tier not above `tier` (what a change keeps),
 * priced alone: the same option, price and fares, without pricing the others (so its `extraInr` is 0).
 * - Each leg's family only rises with the tier, so the families at `tier` (or the top tier) are
 *   that option's, and its tier is the lowest tier that picks the same families, where
 *   `priceFamilies` lists it.
 * @example priceFamilyUpToTier([{ flight, airfare: 4321 }], 'economy', { adults: 1, children: 0, infants: 0 }, now, 0)?.option.tier // 0
 */
export function priceFamilyUpToTier(legs: readonly FamilyLeg[], cabin: Cabin, passengers: Passengers, now: Date, tier: number, airlineName?: (code: string) => string): PricedFamily | undefined {
  const perLeg = legs.map((leg) => legFamilies(leg.flight, cabin, now));
  const maxTier = Math.max(0, ...perLeg.map((list) => list[list.length - 1]?.tier ?? 0));
  const top = Math.max(0, Math.min(tier, maxTier));
  const chosen = familiesAtTier(perLeg, top);
  if (chosen.length !== legs.length) return undefined;
  const id = (families: readonly FareFamily[]) => families.map((f) => f.code).join('~');
  let first = top;
  while (first > 0 && id(familiesAtTier(perLeg, first - 1)) === id(chosen)) first -= 1;
  return priceOption(legs, cabin, passengers, chosen, first, now, airlineName);
}

function priceOption(legs: readonly FamilyLeg[], cabin: Cabin, passengers: Passengers, families: readonly FareFamily[], tier: number, now: Date, airlineName?: (code: string) => string): PricedFamily {
  const counts: Record<PassengerType, number> = { adult: passengers.adults, child: passengers.children, infant: passengers.infants };
  const per: Record<PassengerType, PriceBreakdown> = {
    adult: { baseFare: 0, taxesAndFees: 0, total: 0 },
    child: { baseFare: 0, taxesAndFees: 0, total: 0 },
    infant: { baseFare: 0, taxesAndFees: 0, total: 0 },
  };
  const fares: PassengerTypeLegFare[] = [];
  legs.forEach((leg, legIndex) => {
    const family = families[legIndex];
    if (!family) return;
    const adult = familyAirfare(family, leg.airfare);
    for (const type of PASSENGER_TYPES) {
      if (counts[type] <= 0) continue;
      const airfare = typeAirfare(leg.flight, type, adult);
      const taxes = taxesFor(leg.flight, cabin, type, airfare);
      per[type].baseFare += airfare;
      per[type].taxesAndFees += taxes;
      per[type].total += airfare + taxes;
      const lines = fareLines({ airline: leg.flight.carrier, from: leg.flight.from, market: marketOf(leg.flight.international), cabin, passengerType: type }, airfare, taxes);
      fares.push({ passengerType: type, legIndex, familyCode: family.code, lines, totalPaise: linesTotal(lines) });
    }
  });
  const price = priceFor(per, counts);
  const { total } = price;
  const option = familyOption(
    families,
    tier,
    total.total,
    legs.map((leg) => leg.flight.departureUtc),
    farePartsByLeg(fares, legs.length),
    now,
    airlineName,
  );
  return { option, price, fares };
}

/** Per leg, the base and base + YQ of one passenger (the first type present: adult, else child, else infant), paise. */
function farePartsByLeg(fares: readonly Pick<PassengerTypeLegFare, 'legIndex' | 'lines'>[], legCount: number): LegFareParts[] {
  return Array.from({ length: legCount }, (_, legIndex) => {
    const lines = fares.find((f) => f.legIndex === legIndex)?.lines ?? [];
    return fareParts(lines);
  });
}

/** Base and base + YQ of a passenger-leg's lines, paise. */
export function fareParts(lines: readonly { code: string; kind: string; paise: number }[]): LegFareParts {
  const basePaise = lines.filter((l) => l.code === 'base').reduce((s, l) => s + l.paise, 0);
  const farePaise = lines.filter((l) => l.kind === 'fare').reduce((s, l) => s + l.paise, 0);
  return { basePaise, farePaise };
}

export interface LegFareParts {
  basePaise: number;
  /** Base + YQ. */
  farePaise: number;
}

/**
 * A family option from the families of its legs (leg order): its id, name, rules and the
 * conditions for `now` given each leg's departure and one passenger's fare parts per leg.
 */
export function familyOption(
  families: readonly FareFamily[],
  tier: number,
  totalInr: number,
  departures: readonly Date[],
  parts: readonly LegFareParts[],
  now: Date,
  airlineName?: (code: string) => string,
): FamilyOption {
  const names = families.map((f) => f.name).filter((name, i, all) => all.indexOf(name) === i);
  return {
    id: families.map((f) => f.code).join('~'),
    name: names.join(' + '),
    tier,
    legs: families.map((family, legIndex) => ({ legIndex, airline: family.airline, family })),
    totalInr,
    extraInr: 0,
    conditions: conditionsNow(families, departures, parts, now),
    rules: rulesInWords(families, airlineName),
  };
}

/**
 * The fee of a schedule `hoursLeft` before departure, paise, or null when not allowed then
 * (departed, inside the family's cutoff, not allowed, or a forfeit band): the refund rule's own
 * band lookup and cap (`feeFor`), so the conditions shown and the refund quoted never disagree.
 */
function feeAt(schedule: FeeSchedule, hoursLeft: number, cutoffMinutes: number, parts: LegFareParts): number | null {
  if (hoursLeft < 0 || hoursLeft * 60 < cutoffMinutes) return null;
  const fee = feeFor(schedule, hoursLeft, parts.basePaise, parts.farePaise - parts.basePaise);
  return fee.forfeit ? null : fee.feePaise;
}

/**
 * Change and refund conditions now, over every leg (Duffel's shape).
 * @example conditionsNow([saver], [departure], [{ basePaise: 400000, farePaise: 420000 }], now).refundBeforeDeparture // { allowed: true, penaltyPaise: 399900 }
 */
export function conditionsNow(families: readonly FareFamily[], departures: readonly Date[], parts: readonly LegFareParts[], now: Date): FareConditions {
  const combine = (pick: (f: FareFamily) => FeeSchedule): FareCondition => {
    let penalty = 0;
    for (let i = 0; i < families.length; i++) {
      const family = families[i];
      const departure = departures[i];
      const legParts = parts[i];
      if (!family || !departure || !legParts) return { allowed: false, penaltyPaise: null };
      const fee = feeAt(pick(family), (departure.getTime() - now.getTime()) / 3_600_000, family.cutoffMinutes, legParts);
      if (fee === null) return { allowed: false, penaltyPaise: null };
      penalty += fee;
    }
    return { allowed: true, penaltyPaise: penalty };
  };
  return { changeBeforeDeparture: combine((f) => f.change), refundBeforeDeparture: combine((f) => f.cancel) };
}

/**
 * The option a traveller chose (by id), or the cheapest when none was named; an id the
 * itinerary does not sell is a validation error on the field `fareFamily`.
 * @example chooseFamily(quote.families, '6E.FLEXI').option.totalInr
 */
export function chooseFamily(families: readonly PricedFamily[], id: string | undefined): PricedFamily {
  const chosen = id === undefined ? families[0] : families.find((f) => f.option.id === id);
  if (!chosen) throw new AppError('validation_failed', UNKNOWN_FARE_FAMILY, { fareFamily: UNKNOWN_FARE_FAMILY });
  return chosen;
}

/**
 * The stored fare rows of a booking: one per passenger position × leg, each the lines of its
 * passenger type on that leg in the chosen option. Safar's fee, when it charges one, is a line
 * on the first passenger's first leg. The rows add up to the option's total × 100.
 * @example passengerLegFares(chosen, ['adult', 'child'])
 */
export function passengerLegFares(chosen: PricedFamily, types: readonly PassengerType[]): PassengerLegFare[] {
  const rows: PassengerLegFare[] = [];
  types.forEach((passengerType, passengerPosition) => {
    for (const fare of chosen.fares) {
      if (fare.passengerType !== passengerType) continue;
      const lines = [...fare.lines];
      if (SAFAR_SERVICE_FEE_PAISE > 0 && passengerPosition === 0 && fare.legIndex === 0) lines.push({ code: 'safarFee', kind: 'safarFee', label: FARE_LINE_LABELS.safarFee, paise: SAFAR_SERVICE_FEE_PAISE });
      rows.push({ passengerPosition, passengerType, legIndex: fare.legIndex, familyCode: fare.familyCode, lines, totalPaise: linesTotal(lines), status: 'active' });
    }
  });
  return rows;
}
