import type { Baggage, FareFamily, FareMarket, Fee, FeeBand, FeeSchedule, MealInclusion, SeatInclusion } from '../../../core/fares';
import type { Cabin } from '../../../core/search-options';

/**
 * Fare families of every airline Safar sells, per market and cabin, as versioned data. Figures
 * come from the airlines' published fare pages as collected in shared/design/fares-and-rights.md
 * §1.2–1.5 (as of Nov 2025); a family with any seeded estimate is `approximate: true`.
 *
 * - Fees are per passenger per sector; amounts are paise.
 * - A schedule's bands start at 0 hours: the first band forfeits base + YQ (inside the cutoff,
 *   and no-show) and reaches at least up to the cutoff; the bands above it follow without gaps
 *   or overlaps up to an open end.
 * - Tier 0 of every airline, market and cabin has priceFactor 1 and addRupees 0: it is the fare
 *   search shows.
 * - Codes are "<airline>.<own code>"; an Indian carrier's international families end "-INTL".
 * - Nearly every family is approximate: the tables leave at least one figure open (a change fee
 *   "fee", a cutoff, a ⚠ allowance) that is seeded here. Only SQ Economy Lite is complete.
 */

/** The first version of the data: for bookings made from 1 Nov 2025 on. */
const V1 = { validFrom: '2025-11-01', validTo: null, asOf: '2025-11-30' } as const;

const inr = (rupees: number): Fee => ({ kind: 'amount', paise: rupees * 100 });
const pct = (percent: number): Fee => ({ kind: 'percentOfBase', percent });
const FREE = inr(0);
const FORFEIT: Fee = { kind: 'forfeit' };

/** A band list above the forfeit band: [from hours, fee] in ascending order; each band runs to the next one's start. */
type Steps = readonly (readonly [number, Fee])[];

/**
 * A schedule: base + YQ forfeited from 0 hours to the first step, then each step up to the next.
 * @example schedule([[3, inr(4999)], [24, inr(3999)]]) // <3 h forfeit · 3–24 h ₹4,999 · ≥24 h ₹3,999
 */
function schedule(steps: Steps): FeeSchedule {
  const bands: FeeBand[] = [];
  const first = steps[0]?.[0] ?? 0;
  if (first > 0) bands.push({ fromHoursBefore: 0, toHoursBefore: first, fee: FORFEIT });
  steps.forEach(([from, fee], i) => bands.push({ fromHoursBefore: from, toHoursBefore: steps[i + 1]?.[0] ?? null, fee }));
  return { allowed: true, bands };
}

const NOT_ALLOWED: FeeSchedule = { allowed: false, bands: [] };

const bag = (kg: number | null, pieces = 1): Baggage => ({ pieces, kg });
const CABIN_7 = bag(7);
const CABIN_2X7 = bag(7, 2);

interface Spec {
  own: string;
  name: string;
  approximate: boolean;
  checkedBag: Baggage | null;
  cabinBag?: Baggage;
  seat: SeatInclusion;
  meal: MealInclusion;
  change: FeeSchedule;
  cancel: FeeSchedule;
  refundsFareDifference?: boolean;
  /** [priceFactor, addRupees]; tier 0 is always [1, 0]. */
  price: readonly [number, number];
}

/** The families of one airline, market and cabin, tier by list order. */
function group(airline: string, market: FareMarket, cabin: Cabin, cutoffHours: number, specs: readonly Spec[]): FareFamily[] {
  const suffix = market === 'international' && INDIAN.has(airline) ? '-INTL' : '';
  return specs.map((s, tier) => ({
    airline,
    code: `${airline}.${s.own}${suffix}`,
    name: s.name,
    tier,
    cabin,
    market,
    ...V1,
    approximate: s.approximate,
    checkedBag: s.checkedBag,
    cabinBag: s.cabinBag ?? (cabin === 'business' || cabin === 'first' ? CABIN_2X7 : CABIN_7),
    seat: s.seat,
    meal: s.meal,
    change: s.change,
    cancel: s.cancel,
    refundsFareDifference: s.refundsFareDifference ?? false,
    cutoffMinutes: cutoffHours * 60,
    priceFactor: tier === 0 ? 1 : s.price[0],
    addRupees: tier === 0 ? 0 : s.price[1],
  }));
}

const INDIAN = new Set(['6E', 'AI', 'IX', 'QP', 'SG', '9I', 'S5']);

// ---------------------------------------------------------------------------
// Indian carriers (§1.2, §1.3)

const indigo: FareFamily[] = [
  ...group('6E', 'domestic', 'economy', 3, [
    { own: 'SAVER', name: 'Saver', approximate: true, checkedBag: bag(15), seat: 'paid', meal: 'none', change: schedule([[3, inr(3000)], [72, inr(2500)]]), cancel: schedule([[3, inr(4999)], [24, inr(3999)]]), price: [1, 0] },
    { own: 'FLEXI', name: 'Flexi Plus', approximate: true, checkedBag: bag(15), seat: 'standardFree', meal: 'snack', change: schedule([[3, FREE]]), cancel: schedule([[3, inr(3500)], [24, inr(2499)]]), price: [1.04, 400] },
    { own: 'SUPER6E', name: 'Super 6E', approximate: true, checkedBag: bag(15), seat: 'allFree', meal: 'snack', change: schedule([[3, FREE]]), cancel: schedule([[3, inr(2999)], [24, inr(1999)]]), price: [1.08, 900] },
  ]),
  ...group('6E', 'international', 'economy', 4, [
    { own: 'SAVER', name: 'Saver', approximate: true, checkedBag: bag(15, 2), seat: 'paid', meal: 'none', change: schedule([[4, inr(4500)], [72, inr(3500)]]), cancel: schedule([[4, inr(10000)], [24, inr(8000)]]), price: [1, 0] },
    { own: 'FLEXI', name: 'Flexi Plus', approximate: true, checkedBag: bag(15, 2), seat: 'standardFree', meal: 'snack', change: schedule([[4, FREE]]), cancel: schedule([[4, inr(7500)], [24, inr(4279)]]), price: [1.05, 700] },
    { own: 'SUPER6E', name: 'Super 6E', approximate: true, checkedBag: bag(35), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, inr(5000)], [24, inr(3000)]]), price: [1.1, 1500] },
  ]),
];

const AI_DOM_CANCEL = { value: schedule([[2, inr(6000)], [72, inr(5000)]]), classic: schedule([[2, inr(3500)], [72, inr(2500)]]), flex: schedule([[2, inr(999)]]) };
const AI_INTL_CANCEL = { value: schedule([[4, inr(10000)], [72, inr(8000)]]), classic: schedule([[4, inr(8000)], [72, inr(6000)]]), flex: schedule([[4, inr(999)]]) };

const airIndia: FareFamily[] = [
  ...group('AI', 'domestic', 'economy', 2, [
    { own: 'VALUE', name: 'Value', approximate: true, checkedBag: bag(15), seat: 'paid', meal: 'meal', change: schedule([[2, inr(3000)], [72, inr(2500)]]), cancel: AI_DOM_CANCEL.value, price: [1, 0] },
    { own: 'CLASSIC', name: 'Classic', approximate: true, checkedBag: bag(15), seat: 'standardFree', meal: 'meal', change: schedule([[2, inr(2000)], [72, inr(1500)]]), cancel: AI_DOM_CANCEL.classic, price: [1.06, 500] },
    { own: 'FLEX', name: 'Flex', approximate: true, checkedBag: bag(25), seat: 'allFree', meal: 'meal', change: schedule([[2, FREE]]), cancel: AI_DOM_CANCEL.flex, price: [1.15, 1200] },
  ]),
  ...group('AI', 'domestic', 'business', 2, [
    { own: 'BUSINESS-COMFORT', name: 'Business Comfort', approximate: true, checkedBag: bag(25), seat: 'allFree', meal: 'meal', change: schedule([[2, inr(1000)]]), cancel: schedule([[2, inr(1000)]]), price: [1, 0] },
    { own: 'BUSINESS-FLEX', name: 'Business Flex', approximate: true, checkedBag: bag(35), seat: 'allFree', meal: 'meal', change: schedule([[2, FREE]]), cancel: schedule([[2, FREE]]), refundsFareDifference: true, price: [1.1, 2000] },
  ]),
  ...group('AI', 'international', 'economy', 4, [
    { own: 'VALUE', name: 'Value', approximate: true, checkedBag: bag(25), seat: 'paid', meal: 'meal', change: schedule([[4, inr(6000)], [72, inr(5000)]]), cancel: AI_INTL_CANCEL.value, price: [1, 0] },
    { own: 'CLASSIC', name: 'Classic', approximate: true, checkedBag: bag(30), seat: 'standardFree', meal: 'meal', change: schedule([[4, inr(4000)], [72, inr(3000)]]), cancel: AI_INTL_CANCEL.classic, price: [1.08, 1000] },
    { own: 'FLEX', name: 'Flex', approximate: true, checkedBag: bag(35), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: AI_INTL_CANCEL.flex, price: [1.2, 2500] },
  ]),
  ...group('AI', 'international', 'premium', 4, [
    { own: 'PREMIUM-CLASSIC', name: 'Premium Economy Classic', approximate: true, checkedBag: bag(25, 2), seat: 'allFree', meal: 'meal', change: schedule([[4, inr(4000)]]), cancel: schedule([[4, inr(6000)]]), price: [1, 0] },
    { own: 'PREMIUM-FLEX', name: 'Premium Economy Flex', approximate: true, checkedBag: bag(25, 2), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, inr(999)]]), price: [1.15, 3000] },
  ]),
  ...group('AI', 'international', 'business', 4, [
    { own: 'BUSINESS-COMFORT', name: 'Business Comfort', approximate: true, checkedBag: bag(32, 2), seat: 'allFree', meal: 'meal', change: schedule([[4, inr(3000)]]), cancel: schedule([[4, inr(5000)]]), price: [1, 0] },
    { own: 'BUSINESS-FLEX', name: 'Business Flex', approximate: true, checkedBag: bag(32, 2), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, FREE]]), refundsFareDifference: true, price: [1.15, 5000] },
  ]),
  ...group('AI', 'international', 'first', 4, [
    { own: 'FIRST', name: 'First', approximate: true, checkedBag: bag(32, 3), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, FREE]]), refundsFareDifference: true, price: [1, 0] },
  ]),
];

/** Schedule IX: ≥10 days 35 % of base; 7–10 days ₹2,000; 72 h–7 days ₹2,500; under 72 h forfeited. */
const IX_DOM_CANCEL = schedule([[72, inr(2500)], [168, inr(2000)], [240, pct(35)]]);
const IX_INTL_CANCEL = schedule([[72, inr(3500)], [168, inr(3000)], [240, pct(35)]]);

const airIndiaExpress: FareFamily[] = [
  ...group('IX', 'domestic', 'economy', 2, [
    { own: 'LITE', name: 'Xpress Lite', approximate: true, checkedBag: null, seat: 'paid', meal: 'none', change: schedule([[2, inr(2250)]]), cancel: IX_DOM_CANCEL, price: [1, 0] },
    { own: 'VALUE', name: 'Xpress Value', approximate: true, checkedBag: bag(15), seat: 'paid', meal: 'none', change: schedule([[2, inr(2250)]]), cancel: IX_DOM_CANCEL, price: [1.03, 700] },
    { own: 'FLEX', name: 'Xpress Flex', approximate: true, checkedBag: bag(15), seat: 'standardFree', meal: 'snack', change: schedule([[2, FREE]]), cancel: IX_DOM_CANCEL, price: [1.1, 1000] },
  ]),
  ...group('IX', 'international', 'economy', 4, [
    { own: 'LITE', name: 'Xpress Lite', approximate: true, checkedBag: null, seat: 'paid', meal: 'none', change: schedule([[4, inr(3000)]]), cancel: IX_INTL_CANCEL, price: [1, 0] },
    { own: 'VALUE', name: 'Xpress Value', approximate: true, checkedBag: bag(20), seat: 'paid', meal: 'none', change: schedule([[4, inr(3000)]]), cancel: IX_INTL_CANCEL, price: [1.04, 1000] },
    { own: 'FLEX', name: 'Xpress Flex', approximate: true, checkedBag: bag(30), seat: 'standardFree', meal: 'snack', change: schedule([[4, FREE]]), cancel: IX_INTL_CANCEL, price: [1.12, 1500] },
  ]),
];

const akasa: FareFamily[] = [
  ...group('QP', 'domestic', 'economy', 2, [
    { own: 'SAVER', name: 'Saver', approximate: true, checkedBag: bag(15), seat: 'paid', meal: 'none', change: schedule([[2, inr(2999)], [72, inr(2250)]]), cancel: schedule([[2, inr(4999)], [24, inr(3499)], [72, inr(2250)]]), price: [1, 0] },
    { own: 'FLEXI', name: 'Flexi', approximate: true, checkedBag: bag(15), seat: 'standardFree', meal: 'snack', change: schedule([[2, inr(999)]]), cancel: schedule([[2, inr(3999)], [24, inr(2499)], [72, inr(1499)]]), price: [1.05, 500] },
  ]),
  ...group('QP', 'international', 'economy', 4, [
    { own: 'SAVER', name: 'Saver', approximate: true, checkedBag: bag(20), seat: 'paid', meal: 'none', change: schedule([[4, inr(3500)]]), cancel: schedule([[4, inr(6999)], [24, inr(4999)], [72, inr(3500)]]), price: [1, 0] },
    { own: 'FLEXI', name: 'Flexi', approximate: true, checkedBag: bag(25), seat: 'standardFree', meal: 'snack', change: schedule([[4, inr(1499)]]), cancel: schedule([[4, inr(4999)], [24, inr(3499)], [72, inr(2499)]]), price: [1.06, 900] },
  ]),
];

const spicejet: FareFamily[] = [
  ...group('SG', 'domestic', 'economy', 2, [
    { own: 'SAVER', name: 'SpiceSaver', approximate: true, checkedBag: bag(15), seat: 'paid', meal: 'none', change: schedule([[2, inr(2250)]]), cancel: schedule([[2, inr(4275)], [96, inr(3200)]]), price: [1, 0] },
    { own: 'FLEX', name: 'SpiceFlex', approximate: true, checkedBag: bag(15), seat: 'standardFree', meal: 'none', change: schedule([[2, FREE]]), cancel: schedule([[2, inr(4275)], [96, inr(3200)]]), price: [1.04, 500] },
    { own: 'MAX', name: 'SpiceMax', approximate: true, checkedBag: bag(15), seat: 'allFree', meal: 'meal', change: schedule([[2, FREE]]), cancel: schedule([[2, inr(4275)], [96, inr(3200)]]), price: [1.08, 1100] },
  ]),
  ...group('SG', 'international', 'economy', 4, [
    { own: 'SAVER', name: 'SpiceSaver', approximate: true, checkedBag: bag(20), seat: 'paid', meal: 'none', change: schedule([[4, inr(3500)]]), cancel: schedule([[4, inr(6000)], [96, inr(4500)]]), price: [1, 0] },
    { own: 'FLEX', name: 'SpiceFlex', approximate: true, checkedBag: bag(20), seat: 'standardFree', meal: 'none', change: schedule([[4, FREE]]), cancel: schedule([[4, inr(6000)], [96, inr(4500)]]), price: [1.05, 800] },
    { own: 'MAX', name: 'SpiceMax', approximate: true, checkedBag: bag(30), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, inr(6000)], [96, inr(4500)]]), price: [1.1, 1500] },
  ]),
];

/** A regional Indian carrier in the shape of a low-cost peer: Saver and Flexi. */
function regionalIndian(airline: string, cabins: { business: boolean }): FareFamily[] {
  const dom = (cabin: Cabin) =>
    cabin === 'business'
      ? group(airline, 'domestic', cabin, 2, [
          { own: 'BUSINESS', name: 'Business', approximate: true, checkedBag: bag(25), seat: 'allFree', meal: 'meal', change: schedule([[2, inr(1000)]]), cancel: schedule([[2, inr(2000)], [72, inr(1500)]]), price: [1, 0] },
        ])
      : group(airline, 'domestic', cabin, 2, [
          { own: 'SAVER', name: 'Saver', approximate: true, checkedBag: bag(15), seat: 'paid', meal: 'snack', change: schedule([[2, inr(2000)], [72, inr(1500)]]), cancel: schedule([[2, inr(3000)], [72, inr(2500)]]), price: [1, 0] },
          { own: 'FLEXI', name: 'Flexi', approximate: true, checkedBag: bag(20), seat: 'standardFree', meal: 'snack', change: schedule([[2, FREE]]), cancel: schedule([[2, inr(2000)], [72, inr(1000)]]), price: [1.05, 400] },
        ]);
  const intl = (cabin: Cabin) =>
    cabin === 'business'
      ? group(airline, 'international', cabin, 4, [
          { own: 'BUSINESS', name: 'Business', approximate: true, checkedBag: bag(30), seat: 'allFree', meal: 'meal', change: schedule([[4, inr(2000)]]), cancel: schedule([[4, inr(4000)], [72, inr(3000)]]), price: [1, 0] },
        ])
      : group(airline, 'international', cabin, 4, [
          { own: 'SAVER', name: 'Saver', approximate: true, checkedBag: bag(20), seat: 'paid', meal: 'snack', change: schedule([[4, inr(3500)]]), cancel: schedule([[4, inr(6000)], [72, inr(4500)]]), price: [1, 0] },
          { own: 'FLEXI', name: 'Flexi', approximate: true, checkedBag: bag(25), seat: 'standardFree', meal: 'snack', change: schedule([[4, FREE]]), cancel: schedule([[4, inr(4000)], [72, inr(2500)]]), price: [1.06, 700] },
        ]);
  const cabinList: Cabin[] = cabins.business ? ['economy', 'business'] : ['economy'];
  return cabinList.flatMap((c) => [...dom(c), ...intl(c)]);
}

// ---------------------------------------------------------------------------
// Foreign carriers (§1.5); fee amounts from India are seeded estimates.

const singapore: FareFamily[] = [
  ...group('SQ', 'international', 'economy', 2, [
    { own: 'LITE', name: 'Economy Lite', approximate: false, checkedBag: bag(25), seat: 'paid', meal: 'meal', change: NOT_ALLOWED, cancel: NOT_ALLOWED, price: [1, 0] },
    { own: 'VALUE', name: 'Economy Value', approximate: true, checkedBag: bag(25), seat: 'standardFree', meal: 'meal', change: schedule([[2, inr(5000)]]), cancel: schedule([[2, inr(10000)]]), price: [1.08, 1000] },
    { own: 'STANDARD', name: 'Economy Standard', approximate: true, checkedBag: bag(30), seat: 'standardFree', meal: 'meal', change: schedule([[2, inr(2500)]]), cancel: schedule([[2, inr(6000)]]), price: [1.2, 2000] },
    { own: 'FLEXI', name: 'Economy Flexi', approximate: true, checkedBag: bag(30), seat: 'allFree', meal: 'meal', change: schedule([[2, FREE]]), cancel: schedule([[2, inr(3000)]]), price: [1.4, 3000] },
  ]),
  ...group('SQ', 'international', 'premium', 2, [
    { own: 'PREMIUM-LITE', name: 'Premium Economy Lite', approximate: true, checkedBag: bag(35), seat: 'standardFree', meal: 'meal', change: schedule([[2, inr(5000)]]), cancel: NOT_ALLOWED, price: [1, 0] },
    { own: 'PREMIUM-STANDARD', name: 'Premium Economy Standard', approximate: true, checkedBag: bag(35), seat: 'allFree', meal: 'meal', change: schedule([[2, inr(2500)]]), cancel: schedule([[2, inr(6000)]]), price: [1.12, 2000] },
    { own: 'PREMIUM-FLEXI', name: 'Premium Economy Flexi', approximate: true, checkedBag: bag(35), seat: 'allFree', meal: 'meal', change: schedule([[2, FREE]]), cancel: schedule([[2, inr(3000)]]), price: [1.3, 3000] },
  ]),
  ...group('SQ', 'international', 'business', 2, [
    { own: 'BUSINESS-LITE', name: 'Business Lite', approximate: true, checkedBag: bag(40), seat: 'allFree', meal: 'meal', change: schedule([[2, inr(5000)]]), cancel: schedule([[2, inr(15000)]]), price: [1, 0] },
    { own: 'BUSINESS-STANDARD', name: 'Business Standard', approximate: true, checkedBag: bag(40), seat: 'allFree', meal: 'meal', change: schedule([[2, inr(2500)]]), cancel: schedule([[2, inr(8000)]]), price: [1.1, 5000] },
    { own: 'BUSINESS-FLEXI', name: 'Business Flexi', approximate: true, checkedBag: bag(40), seat: 'allFree', meal: 'meal', change: schedule([[2, FREE]]), cancel: schedule([[2, FREE]]), refundsFareDifference: true, price: [1.25, 8000] },
  ]),
];

const emirates: FareFamily[] = [
  ...group('EK', 'international', 'economy', 4, [
    { own: 'SPECIAL', name: 'Economy Special', approximate: true, checkedBag: bag(20), seat: 'paid', meal: 'meal', change: NOT_ALLOWED, cancel: NOT_ALLOWED, price: [1, 0] },
    { own: 'SAVER', name: 'Economy Saver', approximate: true, checkedBag: bag(25), seat: 'paid', meal: 'meal', change: schedule([[4, inr(6000)]]), cancel: schedule([[4, inr(12000)]]), price: [1.1, 1000] },
    { own: 'FLEX', name: 'Economy Flex', approximate: true, checkedBag: bag(30), seat: 'standardFree', meal: 'meal', change: schedule([[4, inr(3000)]]), cancel: schedule([[4, inr(6000)]]), price: [1.25, 2000] },
    { own: 'FLEXPLUS', name: 'Economy Flex Plus', approximate: true, checkedBag: bag(35), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, inr(1500)]]), price: [1.45, 3000] },
  ]),
  ...group('EK', 'international', 'premium', 4, [
    { own: 'PREMIUM-FLEX', name: 'Premium Economy Flex', approximate: true, checkedBag: bag(35), seat: 'allFree', meal: 'meal', change: schedule([[4, inr(3000)]]), cancel: schedule([[4, inr(6000)]]), price: [1, 0] },
    { own: 'PREMIUM-FLEXPLUS', name: 'Premium Economy Flex Plus', approximate: true, checkedBag: bag(40), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, inr(1500)]]), price: [1.15, 4000] },
  ]),
  ...group('EK', 'international', 'business', 4, [
    { own: 'BUSINESS-FLEX', name: 'Business Flex', approximate: true, checkedBag: bag(40), seat: 'allFree', meal: 'meal', change: schedule([[4, inr(3000)]]), cancel: schedule([[4, inr(10000)]]), price: [1, 0] },
    { own: 'BUSINESS-FLEXPLUS', name: 'Business Flex Plus', approximate: true, checkedBag: bag(40), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, FREE]]), refundsFareDifference: true, price: [1.12, 8000] },
  ]),
  ...group('EK', 'international', 'first', 4, [
    { own: 'FIRST-FLEXPLUS', name: 'First Flex Plus', approximate: true, checkedBag: bag(50), seat: 'allFree', meal: 'meal', change: schedule([[4, FREE]]), cancel: schedule([[4, FREE]]), refundsFareDifference: true, price: [1, 0] },
  ]),
];

const british: FareFamily[] = [
  ...group('BA', 'international', 'economy', 3, [
    { own: 'BASIC', name: 'Basic', approximate: true, checkedBag: null, seat: 'paid', meal: 'meal', change: schedule([[3, inr(7500)]]), cancel: NOT_ALLOWED, price: [1, 0] },
    { own: 'PLUS', name: 'Plus', approximate: true, checkedBag: bag(23), seat: 'standardFree', meal: 'meal', change: schedule([[3, inr(5000)]]), cancel: schedule([[3, inr(12000)]]), price: [1.12, 2500] },
    { own: 'PLUSFLEX', name: 'Plus Flex', approximate: true, checkedBag: bag(23), seat: 'allFree', meal: 'meal', change: schedule([[3, FREE]]), cancel: schedule([[3, FREE]]), refundsFareDifference: true, price: [1.5, 5000] },
  ]),
  ...fullService('BA', 3, ['premium', 'business', 'first'], { premium: 'World Traveller Plus', business: 'Club', first: 'First' }),
];

// ---------------------------------------------------------------------------
// Airlines without published tables here: the shape of a full-service or a low-cost peer.

type CabinNames = Partial<Record<Exclude<Cabin, 'economy'>, string>>;

/** A full-service carrier in the shape of its peers (SQ, EK): Light/Classic/Flex economy, two premium and business families, one first. */
function fullService(airline: string, cutoffHours: number, cabins: readonly Cabin[], names: CabinNames = {}): FareFamily[] {
  const c = cutoffHours;
  const out: FareFamily[] = [];
  for (const cabin of cabins) {
    if (cabin === 'economy') {
      out.push(
        ...group(airline, 'international', cabin, c, [
          { own: 'LIGHT', name: 'Economy Light', approximate: true, checkedBag: bag(23), seat: 'paid', meal: 'meal', change: schedule([[c, inr(6500)]]), cancel: NOT_ALLOWED, price: [1, 0] },
          { own: 'CLASSIC', name: 'Economy Classic', approximate: true, checkedBag: bag(30), seat: 'standardFree', meal: 'meal', change: schedule([[c, inr(4000)]]), cancel: schedule([[c, inr(9000)]]), price: [1.1, 1000] },
          { own: 'FLEX', name: 'Economy Flex', approximate: true, checkedBag: bag(23, 2), seat: 'allFree', meal: 'meal', change: schedule([[c, FREE]]), cancel: schedule([[c, inr(3000)]]), price: [1.3, 2500] },
        ]),
      );
    } else if (cabin === 'premium') {
      const n = names.premium ?? 'Premium Economy';
      out.push(
        ...group(airline, 'international', cabin, c, [
          { own: 'PREMIUM-CLASSIC', name: `${n} Classic`, approximate: true, checkedBag: bag(23, 2), seat: 'allFree', meal: 'meal', change: schedule([[c, inr(4000)]]), cancel: schedule([[c, inr(8000)]]), price: [1, 0] },
          { own: 'PREMIUM-FLEX', name: `${n} Flex`, approximate: true, checkedBag: bag(23, 2), seat: 'allFree', meal: 'meal', change: schedule([[c, FREE]]), cancel: schedule([[c, inr(2500)]]), price: [1.15, 3000] },
        ]),
      );
    } else if (cabin === 'business') {
      const n = names.business ?? 'Business';
      out.push(
        ...group(airline, 'international', cabin, c, [
          { own: 'BUSINESS-CLASSIC', name: `${n} Classic`, approximate: true, checkedBag: bag(32, 2), seat: 'allFree', meal: 'meal', change: schedule([[c, inr(3000)]]), cancel: schedule([[c, inr(10000)]]), price: [1, 0] },
          { own: 'BUSINESS-FLEX', name: `${n} Flex`, approximate: true, checkedBag: bag(32, 2), seat: 'allFree', meal: 'meal', change: schedule([[c, FREE]]), cancel: schedule([[c, FREE]]), refundsFareDifference: true, price: [1.12, 6000] },
        ]),
      );
    } else {
      out.push(
        ...group(airline, 'international', cabin, c, [
          { own: 'FIRST', name: names.first ?? 'First', approximate: true, checkedBag: bag(32, 3), seat: 'allFree', meal: 'meal', change: schedule([[c, FREE]]), cancel: schedule([[c, FREE]]), refundsFareDifference: true, price: [1, 0] },
        ]),
      );
    }
  }
  return out;
}

/** A low-cost foreign carrier in the shape of its peers (IX international, flydubai, Air Arabia): Basic/Value/Flex, economy only. */
function lowCost(airline: string, cutoffHours: number): FareFamily[] {
  const c = cutoffHours;
  return group(airline, 'international', 'economy', c, [
    { own: 'BASIC', name: 'Basic', approximate: true, checkedBag: null, seat: 'paid', meal: 'none', change: schedule([[c, inr(5000)]]), cancel: NOT_ALLOWED, price: [1, 0] },
    { own: 'VALUE', name: 'Value', approximate: true, checkedBag: bag(20), seat: 'paid', meal: 'none', change: schedule([[c, inr(4000)]]), cancel: schedule([[c, inr(7000)], [72, inr(6000)]]), price: [1.06, 1200] },
    { own: 'FLEX', name: 'Flex', approximate: true, checkedBag: bag(30), seat: 'standardFree', meal: 'snack', change: schedule([[c, FREE]]), cancel: schedule([[c, inr(3500)], [72, inr(2500)]]), price: [1.15, 2000] },
  ]);
}

const Y: Cabin[] = ['economy'];
const YJ: Cabin[] = ['economy', 'business'];
const YWJ: Cabin[] = ['economy', 'premium', 'business'];
const YWJF: Cabin[] = ['economy', 'premium', 'business', 'first'];

/** Every fare family, every version. */
export const FARE_FAMILY_DATA: readonly FareFamily[] = [
  ...indigo,
  ...airIndia,
  ...airIndiaExpress,
  ...akasa,
  ...spicejet,
  ...regionalIndian('9I', { business: false }),
  ...regionalIndian('S5', { business: true }),
  ...singapore,
  ...emirates,
  ...british,
  ...lowCost('FZ', 4),
  ...fullService('EY', 4, YWJF),
  ...lowCost('G9', 4),
  ...fullService('QR', 4, YWJF),
  ...fullService('WY', 4, YWJ),
  ...fullService('SV', 4, YWJF),
  ...fullService('KU', 4, YWJF),
  ...fullService('GF', 4, YWJF),
  ...fullService('TG', 3, YWJ),
  ...fullService('MH', 3, YWJ),
  ...fullService('CX', 3, YWJF),
  ...fullService('JL', 3, YWJF),
  ...fullService('KE', 3, YWJF),
  ...fullService('QF', 3, YWJF),
  ...fullService('UL', 3, YJ),
  ...fullService('RA', 3, YJ),
  ...fullService('BG', 3, YJ),
  ...fullService('8M', 3, Y),
  ...fullService('GA', 3, YWJ),
  ...fullService('VS', 3, YWJ, { premium: 'Premium', business: 'Upper Class' }),
  ...lowCost('U2', 2),
  ...fullService('AF', 3, YWJF),
  ...fullService('KL', 3, YWJF),
  ...fullService('LH', 3, YWJF),
  ...fullService('LX', 3, YWJF),
  ...fullService('OS', 3, YWJF),
  ...fullService('AZ', 3, YWJ),
  ...fullService('IB', 3, YWJ),
  ...fullService('TK', 3, YWJF),
  ...fullService('UA', 3, YWJF),
  ...fullService('AA', 3, YWJF),
  ...fullService('AC', 3, YWJF),
];
