import type { FareFamily, FareMarket } from '../../../core/fares';
import type { Cabin } from '../../../core/search-options';
import { FARE_FAMILY_DATA } from './data';

/**
 * Finding the fare families valid for a booking date.
 *
 * - A family version applies to bookings made on a date in [validFrom, validTo) (dates are UTC
 *   calendar days, "YYYY-MM-DD").
 * - A booking made before the first version of an airline's families uses that first version
 *   (the oldest figures Safar has are the best estimate of what applied then).
 * - Families come in tier order, tier 0 (the fare search shows) first.
 */

const byGroup = new Map<string, FareFamily[]>();
const byCode = new Map<string, FareFamily[]>();
for (const family of FARE_FAMILY_DATA) {
  const key = groupKey(family.airline, family.market, family.cabin);
  byGroup.set(key, [...(byGroup.get(key) ?? []), family]);
  byCode.set(family.code, [...(byCode.get(family.code) ?? []), family]);
}
for (const list of [...byGroup.values(), ...byCode.values()]) list.sort((a, b) => a.tier - b.tier || a.validFrom.localeCompare(b.validFrom));

function groupKey(airline: string, market: FareMarket, cabin: Cabin): string {
  return `${airline}|${market}|${cabin}`;
}

/** The UTC calendar day of a booking date. */
function dayOf(bookingDate: Date | string): string {
  return typeof bookingDate === 'string' ? bookingDate.slice(0, 10) : bookingDate.toISOString().slice(0, 10);
}

function validOn(family: FareFamily, day: string): boolean {
  return family.validFrom <= day && (family.validTo === null || day < family.validTo);
}

/** The versions valid on a day, or the earliest version of each when the day precedes them all. */
function versionsOn(list: readonly FareFamily[], day: string): FareFamily[] {
  const valid = list.filter((f) => validOn(f, day));
  if (valid.length > 0) return valid;
  const first = list.reduce<string | null>((min, f) => (min === null || f.validFrom < min ? f.validFrom : min), null);
  return first !== null && day < first ? list.filter((f) => f.validFrom === first) : [];
}

/**
 * The families an airline sells in a market and cabin for a booking made on `bookingDate`, in tier order (empty when it sells none).
 * @example familiesFor('6E', 'domestic', 'economy', new Date())[0]?.code // '6E.SAVER'
 */
export function familiesFor(airline: string, market: FareMarket, cabin: Cabin, bookingDate: Date | string): FareFamily[] {
  return versionsOn(byGroup.get(groupKey(airline, market, cabin)) ?? [], dayOf(bookingDate));
}

/**
 * The family with this code as valid for a booking made on `bookingDate`, or undefined.
 * @example familyByCode('6E.SAVER', '2026-12-01')?.name // 'Saver'
 */
export function familyByCode(code: string, bookingDate: Date | string): FareFamily | undefined {
  return versionsOn(byCode.get(code) ?? [], dayOf(bookingDate))[0];
}

/** The market of a flight for fare families: international when it leaves or enters another country. */
export function marketOf(international: boolean): FareMarket {
  return international ? 'international' : 'domestic';
}
