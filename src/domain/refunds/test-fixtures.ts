import type { FareFamily, FareLine, FareLineCode, FeeBand, PassengerLegFare } from '../../core/fares';
import { FARE_LINE_CODES, FARE_LINE_LABELS } from '../../core/fares';

/**
 * Fare families for the refund rule's golden tests, mirroring the cancellation schedules of the
 * design notes (fares-and-rights.md §1.3 and §1.5, as of Nov 2025; amounts marked ⚠ there are
 * `approximate` here). Rupee amounts in the tables below, paise in the families.
 */

const R = 100;
const amount = (from: number, to: number | null, rupees: number): FeeBand => ({ fromHoursBefore: from, toHoursBefore: to, fee: { kind: 'amount', paise: rupees * R } });
const percent = (from: number, to: number | null, value: number): FeeBand => ({ fromHoursBefore: from, toHoursBefore: to, fee: { kind: 'percentOfBase', percent: value } });
const forfeit = (from: number, to: number | null): FeeBand => ({ fromHoursBefore: from, toHoursBefore: to, fee: { kind: 'forfeit' } });

interface FamilySketch {
  code: string;
  name: string;
  tier: number;
  market: 'domestic' | 'international';
  cutoffMinutes: number;
  cancel: FeeBand[] | 'notAllowed';
  change?: FeeBand[] | 'notAllowed';
  refundsFareDifference?: boolean;
  approximate?: boolean;
}

function family(sketch: FamilySketch): FareFamily {
  const schedule = (bands: FeeBand[] | 'notAllowed') => (bands === 'notAllowed' ? { allowed: false, bands: [] } : { allowed: true, bands });
  return {
    airline: sketch.code.split('.')[0] ?? sketch.code,
    code: sketch.code,
    name: sketch.name,
    tier: sketch.tier,
    cabin: 'economy',
    market: sketch.market,
    validFrom: '2025-01-01',
    validTo: null,
    asOf: '2025-11-01',
    approximate: sketch.approximate ?? false,
    checkedBag: { pieces: 1, kg: 15 },
    cabinBag: { pieces: 1, kg: 7 },
    seat: 'paid',
    meal: 'none',
    change: schedule(sketch.change ?? [amount(72, null, 2500), amount(0, 72, 3000)]),
    cancel: schedule(sketch.cancel),
    refundsFareDifference: sketch.refundsFareDifference ?? false,
    cutoffMinutes: sketch.cutoffMinutes,
    priceFactor: 1 + sketch.tier * 0.1,
    addRupees: 0,
  };
}

export const FAMILIES = {
  // 6E-A (IndiGo domestic): >72 h and 24–72 h Regular ₹3,999 · Flexi Plus ₹2,499; 3–24 h ₹3,500–4,999 by family; <3 h forfeited.
  indigoSaver: family({ code: '6E.SAVER', name: 'Saver', tier: 0, market: 'domestic', cutoffMinutes: 180, cancel: [amount(72, null, 3999), amount(24, 72, 3999), amount(3, 24, 4999)], approximate: true }),
  indigoFlexi: family({ code: '6E.FLEXI', name: 'Flexi Plus', tier: 1, market: 'domestic', cutoffMinutes: 180, cancel: [amount(72, null, 2499), amount(24, 72, 2499), amount(3, 24, 3500)], change: [] }),
  // 6E-INTL: >24 h up to ₹6,000; 4–24 h up to ₹10,000; <4 h forfeited.
  indigoIntlSaver: family({ code: '6E.SAVER-INTL', name: 'Saver', tier: 0, market: 'international', cutoffMinutes: 240, cancel: [amount(24, null, 6000), amount(4, 24, 10000)], approximate: true }),
  // AI domestic: >72 h Value ₹5,000 · Classic ₹2,500 · Flex ₹999; closer bands ⚠ (same amounts); cutoff 2 h ⚠.
  airIndiaValue: family({ code: 'AI.VALUE', name: 'Value', tier: 0, market: 'domestic', cutoffMinutes: 120, cancel: [amount(72, null, 5000), amount(2, 72, 5000)], approximate: true }),
  airIndiaClassic: family({ code: 'AI.CLASSIC', name: 'Classic', tier: 1, market: 'domestic', cutoffMinutes: 120, cancel: [amount(72, null, 2500), amount(2, 72, 2500)], approximate: true }),
  airIndiaFlex: family({ code: 'AI.FLEX', name: 'Flex', tier: 2, market: 'domestic', cutoffMinutes: 120, cancel: [amount(72, null, 999), amount(2, 72, 999)], change: [], approximate: true }),
  // IX: ≥10 days 35 % of base; 7–10 days ₹2,000; 72 h–7 days ₹2,500; <72 h forfeited.
  expressValue: family({ code: 'IX.VALUE', name: 'Xpress Value', tier: 1, market: 'domestic', cutoffMinutes: 120, cancel: [percent(240, null, 35), amount(168, 240, 2000), amount(72, 168, 2500), forfeit(0, 72)] }),
  // SG: >96 h ₹3,200; ≤96 h ₹4,275; <2 h forfeited.
  spiceSaver: family({ code: 'SG.SAVER', name: 'SpiceSaver', tier: 0, market: 'domestic', cutoffMinutes: 120, cancel: [amount(96, null, 3200), amount(2, 96, 4275)] }),
  // QP: >72 h Saver ₹2,250 · Flexi ₹1,499; 24–72 h ₹3,499 / ₹2,499; <24 h Saver forfeited · Flexi ₹4,999.
  akasaSaver: family({ code: 'QP.SAVER', name: 'Saver', tier: 0, market: 'domestic', cutoffMinutes: 120, cancel: [amount(72, null, 2250), amount(24, 72, 3499), forfeit(0, 24)] }),
  akasaFlexi: family({ code: 'QP.FLEXI', name: 'Flexi', tier: 1, market: 'domestic', cutoffMinutes: 120, cancel: [amount(72, null, 1499), amount(24, 72, 2499), amount(2, 24, 4999)], approximate: true }),
  // SQ economy: Lite not allowed; Value, Standard, Flexi a fee (amounts from India ⚠).
  singaporeLite: family({ code: 'SQ.LITE', name: 'Economy Lite', tier: 0, market: 'international', cutoffMinutes: 240, cancel: 'notAllowed', change: 'notAllowed' }),
  singaporeValue: family({ code: 'SQ.VALUE', name: 'Economy Value', tier: 1, market: 'international', cutoffMinutes: 240, cancel: [amount(0, null, 16000)], approximate: true }),
  singaporeStandard: family({ code: 'SQ.STANDARD', name: 'Economy Standard', tier: 2, market: 'international', cutoffMinutes: 240, cancel: [amount(0, null, 8000)], approximate: true }),
  singaporeFlexi: family({ code: 'SQ.FLEXI', name: 'Economy Flexi', tier: 3, market: 'international', cutoffMinutes: 240, cancel: [amount(0, null, 4000)], change: [], approximate: true }),
  // EK economy: Special not allowed; Saver a fee; Flex a lower fee; Flex Plus free ⚠.
  emiratesSpecial: family({ code: 'EK.SPECIAL', name: 'Special', tier: 0, market: 'international', cutoffMinutes: 240, cancel: 'notAllowed', change: 'notAllowed' }),
  emiratesSaver: family({ code: 'EK.SAVER', name: 'Saver', tier: 1, market: 'international', cutoffMinutes: 240, cancel: [amount(0, null, 20000)], approximate: true }),
  emiratesFlex: family({ code: 'EK.FLEX', name: 'Flex', tier: 2, market: 'international', cutoffMinutes: 240, cancel: [amount(0, null, 10000)], approximate: true }),
  emiratesFlexPlus: family({ code: 'EK.FLEXPLUS', name: 'Flex Plus', tier: 3, market: 'international', cutoffMinutes: 240, cancel: [amount(0, null, 0)], change: [], approximate: true }),
  // BA short-haul: Basic no refund; Plus a fee ⚠; Plus Flex full refund, free change, lower fare paid back.
  britishBasic: family({ code: 'BA.BASIC', name: 'Basic', tier: 0, market: 'international', cutoffMinutes: 240, cancel: 'notAllowed' }),
  britishPlus: family({ code: 'BA.PLUS', name: 'Plus', tier: 1, market: 'international', cutoffMinutes: 240, cancel: [amount(0, null, 7000)], approximate: true }),
  britishPlusFlex: family({ code: 'BA.PLUSFLEX', name: 'Plus Flex', tier: 2, market: 'international', cutoffMinutes: 240, cancel: [], change: [], refundsFareDifference: true }),
} satisfies Record<string, FareFamily>;

const KIND_OF: Record<FareLineCode, FareLine['kind']> = {
  base: 'fare',
  yq: 'fare',
  udf: 'tax',
  psf: 'tax',
  asf: 'tax',
  rcs: 'tax',
  foreign: 'tax',
  gst: 'tax',
  safarFee: 'safarFee',
  seat: 'addon',
};

/** Line amounts in rupees by code; zero lines are left out. */
export type LineRupees = Partial<Record<FareLineCode, number>>;

/** Domestic economy adult (IndiGo DEL–BLR-like): fare ₹5,300, taxes ₹653, paid ₹5,953. */
export const DOMESTIC_ADULT: LineRupees = { base: 4500, yq: 800, udf: 61, psf: 91, asf: 236, gst: 265 };
/** Domestic child: a little less base, same airport charges: fare ₹5,075, taxes ₹642, paid ₹5,717. */
export const DOMESTIC_CHILD: LineRupees = { base: 4275, yq: 800, udf: 61, psf: 91, asf: 236, gst: 254 };
/** Domestic lap infant: a flat ₹1,500 and GST, no airport charges. */
export const DOMESTIC_INFANT: LineRupees = { base: 1500, gst: 75 };
/** International economy adult (BOM–DXB-like): fare ₹27,000, taxes ₹4,603, paid ₹31,603. */
export const INTERNATIONAL_ADULT: LineRupees = { base: 18000, yq: 9000, udf: 450, psf: 91, asf: 236, foreign: 2476, gst: 1350 };

/** A passenger-leg fare from rupee amounts per line. */
export function fareOf(
  lines: LineRupees,
  options: { passengerPosition?: number; legIndex?: number; familyCode?: string; passengerType?: PassengerLegFare['passengerType'] } = {},
): PassengerLegFare {
  const built: FareLine[] = Object.entries(lines).flatMap(([code, rupees]) => {
    const known = FARE_LINE_CODES.find((candidate) => candidate === code);
    return known && rupees ? [{ code: known, kind: KIND_OF[known], label: FARE_LINE_LABELS[known], paise: Math.round(rupees * R) }] : [];
  });
  return {
    passengerPosition: options.passengerPosition ?? 0,
    passengerType: options.passengerType ?? 'adult',
    legIndex: options.legIndex ?? 0,
    familyCode: options.familyCode ?? '6E.SAVER',
    lines: built,
    totalPaise: built.reduce((sum, line) => sum + line.paise, 0),
    status: 'active',
  };
}
