import { describe, expect, it } from 'vitest';
import type { FareFamily, RefundReason, RefundRule } from '../../core/fares';
import { type RefundLegInput, refundQuote } from './rule';
import { DOMESTIC_ADULT, DOMESTIC_CHILD, DOMESTIC_INFANT, FAMILIES as F, INTERNATIONAL_ADULT, type LineRupees, fareOf } from './test-fixtures';

/**
 * Golden refund quotes: one row per fee band of every airline schedule in the design notes
 * (6E-A, 6E-INTL, AI domestic, IX, SG, QP Saver/Flexi, SQ, EK, BA), then the free window in and
 * out (both regimes, domestic and international thresholds), no-show, inside the cutoff,
 * departed, partial cancellation, child and infant fares, airline-cancelled, and Safar's fee
 * under the cap. Amounts are whole rupees worked out by hand from the fixture fares:
 * domestic adult fare (base + YQ) ₹5,300 + taxes ₹653 = ₹5,953; international adult ₹27,000 +
 * ₹4,603 = ₹31,603.
 */

const HOUR = 3_600_000;
const BOOKED = '2026-10-01T06:00:00Z';
const DEPARTS = '2026-11-20T06:00:00Z';
const WITH_FEES: LineRupees = { ...DOMESTIC_ADULT, safarFee: 199, seat: 400 }; // paid ₹6,552
const WITH_SAFAR_FEE: LineRupees = { ...DOMESTIC_ADULT, safarFee: 199 }; // paid ₹6,152
const CHEAP_WITH_SAFAR_FEE: LineRupees = { base: 3500, yq: 500, udf: 61, psf: 91, asf: 236, gst: 265, safarFee: 199 }; // fare ₹4,000, paid ₹4,852

interface Row {
  name: string;
  family: FareFamily;
  /** Hours before departure when the traveller cancels (negative: after departure). */
  hoursBefore?: number;
  /** Instead of hoursBefore: booking time and hours from booking to departure and to the cancellation. */
  timing?: { booked: string; departsAfterHours: number; nowAfterHours: number };
  passengers?: LineRupees[];
  /** Positions cancelled (default: all). */
  cancel?: number[];
  reason?: RefundReason;
  expect: { rule: RefundRule; airlineFee: number; safarKept?: number; refund: number; freeWindow?: boolean; regime?: '2016' | '2026'; explanation?: string };
}

const band = (family: FareFamily, hoursBefore: number, airlineFee: number, refund: number, explanation?: string): Omit<Row, 'name'> => ({
  family,
  hoursBefore,
  expect: { rule: 'schedule', airlineFee, refund, ...(explanation ? { explanation } : {}) },
});

const ROWS: Row[] = [
  // 6E-A (IndiGo domestic), Saver (Regular) and Flexi Plus
  { name: '6E-A Saver, 72 h or more', ...band(F.indigoSaver, 100, 3999, 1954, '72 hours or more before departure: ₹3,999 airline fee') },
  { name: '6E-A Saver, 24–72 h', ...band(F.indigoSaver, 48, 3999, 1954, '24 to 72 hours before departure: ₹3,999 airline fee') },
  { name: '6E-A Saver, 3–24 h', ...band(F.indigoSaver, 10, 4999, 954, '3 to 24 hours before departure: ₹4,999 airline fee') },
  { name: '6E-A Saver, under 3 h (cutoff)', family: F.indigoSaver, hoursBefore: 2, expect: { rule: 'insideCutoff', airlineFee: 5300, refund: 653, explanation: 'Inside 3 hours of departure: the fare is not refunded; taxes are' } },
  { name: '6E-A Flexi Plus, 72 h or more', ...band(F.indigoFlexi, 100, 2499, 3454) },
  { name: '6E-A Flexi Plus, 24–72 h', ...band(F.indigoFlexi, 30, 2499, 3454) },
  { name: '6E-A Flexi Plus, 3–24 h', ...band(F.indigoFlexi, 3, 3500, 2453) },
  { name: '6E-A Flexi Plus, under 3 h (cutoff)', family: F.indigoFlexi, hoursBefore: 2.99, expect: { rule: 'insideCutoff', airlineFee: 5300, refund: 653 } },
  // 6E-INTL
  { name: '6E-INTL, 24 h or more', ...band(F.indigoIntlSaver, 100, 6000, 25603) },
  { name: '6E-INTL, 4–24 h', ...band(F.indigoIntlSaver, 4, 10000, 21603, '4 to 24 hours before departure: ₹10,000 airline fee') },
  { name: '6E-INTL, under 4 h (cutoff)', family: F.indigoIntlSaver, hoursBefore: 3.5, expect: { rule: 'insideCutoff', airlineFee: 27000, refund: 4603, explanation: 'Inside 4 hours of departure: the fare is not refunded; taxes are' } },
  // AI domestic
  { name: 'AI Value, 72 h or more', ...band(F.airIndiaValue, 72, 5000, 953) },
  { name: 'AI Value, 2–72 h', ...band(F.airIndiaValue, 71.9, 5000, 953) },
  { name: 'AI Classic, 72 h or more', ...band(F.airIndiaClassic, 200, 2500, 3453) },
  { name: 'AI Classic, 2–72 h', ...band(F.airIndiaClassic, 2, 2500, 3453) },
  { name: 'AI Flex, 72 h or more', ...band(F.airIndiaFlex, 100, 999, 4954, '72 hours or more before departure: ₹999 airline fee') },
  { name: 'AI Flex, 2–72 h', ...band(F.airIndiaFlex, 5, 999, 4954) },
  { name: 'AI, under 2 h (cutoff)', family: F.airIndiaFlex, hoursBefore: 1.5, expect: { rule: 'insideCutoff', airlineFee: 5300, refund: 653, explanation: 'Inside 2 hours of departure: the fare is not refunded; taxes are' } },
  // IX
  { name: 'IX, 10 days or more: 35 % of base', ...band(F.expressValue, 300, 1575, 4378, '10 days or more before departure: 35% of the base fare, ₹1,575 airline fee') },
  { name: 'IX, 7–10 days', ...band(F.expressValue, 200, 2000, 3953, '7 to 10 days before departure: ₹2,000 airline fee') },
  { name: 'IX, 72 h–7 days', ...band(F.expressValue, 100, 2500, 3453, '72 hours to 7 days before departure: ₹2,500 airline fee') },
  { name: 'IX, under 72 h: forfeited', ...band(F.expressValue, 48, 5300, 653, 'Less than 72 hours before departure: the fare is not refunded; taxes are') },
  // SG
  { name: 'SG, 96 h or more', ...band(F.spiceSaver, 96, 3200, 2753) },
  { name: 'SG, 2–96 h', ...band(F.spiceSaver, 95, 4275, 1678) },
  { name: 'SG, under 2 h (cutoff)', family: F.spiceSaver, hoursBefore: 1, expect: { rule: 'insideCutoff', airlineFee: 5300, refund: 653 } },
  // QP Saver and Flexi
  { name: 'QP Saver, 72 h or more', ...band(F.akasaSaver, 100, 2250, 3703) },
  { name: 'QP Saver, 24–72 h', ...band(F.akasaSaver, 24, 3499, 2454) },
  { name: 'QP Saver, under 24 h: forfeited', ...band(F.akasaSaver, 23, 5300, 653) },
  { name: 'QP Flexi, 72 h or more', ...band(F.akasaFlexi, 100, 1499, 4454) },
  { name: 'QP Flexi, 24–72 h', ...band(F.akasaFlexi, 48, 2499, 3454) },
  { name: 'QP Flexi, 2–24 h', ...band(F.akasaFlexi, 10, 4999, 954) },
  // SQ economy
  { name: 'SQ Lite: not allowed', family: F.singaporeLite, hoursBefore: 500, expect: { rule: 'notAllowed', airlineFee: 27000, refund: 4603, explanation: 'This fare cannot be cancelled for a refund: the fare is not refunded; taxes are' } },
  { name: 'SQ Value', ...band(F.singaporeValue, 100, 16000, 15603, 'Any time before departure: ₹16,000 airline fee') },
  { name: 'SQ Standard', ...band(F.singaporeStandard, 100, 8000, 23603) },
  { name: 'SQ Flexi', ...band(F.singaporeFlexi, 100, 4000, 27603) },
  // EK economy
  { name: 'EK Special: not allowed', family: F.emiratesSpecial, hoursBefore: 100, expect: { rule: 'notAllowed', airlineFee: 27000, refund: 4603 } },
  { name: 'EK Saver', ...band(F.emiratesSaver, 100, 20000, 11603) },
  { name: 'EK Flex', ...band(F.emiratesFlex, 100, 10000, 21603) },
  { name: 'EK Flex Plus: free', ...band(F.emiratesFlexPlus, 100, 0, 31603, 'Any time before departure: no airline fee') },
  // BA short-haul
  { name: 'BA Basic: no refund', family: F.britishBasic, hoursBefore: 100, expect: { rule: 'notAllowed', airlineFee: 27000, refund: 4603 } },
  { name: 'BA Plus', ...band(F.britishPlus, 100, 7000, 24603) },
  { name: 'BA Plus Flex: full refund', ...band(F.britishPlusFlex, 5, 0, 31603, 'Any time before departure: no airline fee') },

  // Safar's free window, 2026 regime (48 h; departure ≥ 7 days domestic / ≥ 15 days international)
  {
    name: 'free window in: 2026, domestic, departs 7 days after booking, cancelled at 47 h (Safar fee and seat back)',
    family: F.indigoSaver,
    passengers: [WITH_FEES],
    timing: { booked: '2026-11-01T06:00:00Z', departsAfterHours: 7 * 24, nowAfterHours: 47 },
    expect: {
      rule: 'freeWindow',
      airlineFee: 0,
      refund: 6552,
      freeWindow: true,
      regime: '2026',
      explanation: "Inside Safar's free cancellation window (Safar's own policy): everything is refunded, no airline or Safar fee",
    },
  },
  {
    name: 'free window out: 2026, domestic, cancelled at 49 h (Safar fee and seat kept)',
    family: F.indigoSaver,
    passengers: [WITH_FEES],
    timing: { booked: '2026-11-01T06:00:00Z', departsAfterHours: 7 * 24, nowAfterHours: 49 },
    expect: { rule: 'schedule', airlineFee: 3999, safarKept: 199, refund: 1954, freeWindow: false, explanation: '72 hours or more before departure: ₹3,999 airline fee; Safar fee ₹199 kept; add-ons (₹400) not refunded' },
  },
  {
    name: 'free window out: 2026, domestic, departs under 7 days after booking',
    family: F.indigoSaver,
    timing: { booked: '2026-11-01T06:00:00Z', departsAfterHours: 7 * 24 - 1, nowAfterHours: 1 },
    expect: { rule: 'schedule', airlineFee: 3999, refund: 1954, freeWindow: false },
  },
  {
    name: 'free window out: 2026, international, departs 14 days after booking (needs 15)',
    family: F.indigoIntlSaver,
    timing: { booked: '2026-11-01T06:00:00Z', departsAfterHours: 14 * 24, nowAfterHours: 1 },
    expect: { rule: 'schedule', airlineFee: 6000, refund: 25603, freeWindow: false },
  },
  {
    name: 'free window in: 2026, international, departs 15 days after booking',
    family: F.indigoIntlSaver,
    timing: { booked: '2026-11-01T06:00:00Z', departsAfterHours: 15 * 24, nowAfterHours: 47.9 },
    expect: { rule: 'freeWindow', airlineFee: 0, refund: 31603, freeWindow: true },
  },
  // 2016 regime (booked before 26 Mar 2026 IST): 24 h; departure ≥ 7 days, domestic and international alike
  {
    name: 'free window in: 2016, domestic, cancelled at 23 h',
    family: F.indigoSaver,
    timing: { booked: '2026-02-01T06:00:00Z', departsAfterHours: 7 * 24, nowAfterHours: 23 },
    expect: { rule: 'freeWindow', airlineFee: 0, refund: 5953, freeWindow: true, regime: '2016' },
  },
  {
    name: 'free window out: 2016, domestic, cancelled at 25 h',
    family: F.indigoSaver,
    timing: { booked: '2026-02-01T06:00:00Z', departsAfterHours: 7 * 24, nowAfterHours: 25 },
    expect: { rule: 'schedule', airlineFee: 3999, refund: 1954, freeWindow: false, regime: '2016' },
  },
  {
    name: 'free window in: 2016, international, departs 8 days after booking',
    family: F.indigoIntlSaver,
    timing: { booked: '2026-03-25T18:29:00Z', departsAfterHours: 8 * 24, nowAfterHours: 23 },
    expect: { rule: 'freeWindow', airlineFee: 0, refund: 31603, freeWindow: true, regime: '2016' },
  },
  {
    name: 'free window out: 2016, departs under 7 days after booking',
    family: F.indigoSaver,
    timing: { booked: '2025-12-01T06:00:00Z', departsAfterHours: 6 * 24, nowAfterHours: 2 },
    expect: { rule: 'schedule', airlineFee: 3999, refund: 1954, freeWindow: false, regime: '2016' },
  },

  // No-show, departed, cutoff with Safar's fee: base + YQ kept, so Safar's fee is not kept
  {
    name: 'no-show: taxes and Safar fee back',
    family: F.indigoSaver,
    hoursBefore: -2,
    passengers: [WITH_SAFAR_FEE],
    reason: 'noShow',
    expect: { rule: 'noShow', airlineFee: 5300, safarKept: 0, refund: 852, explanation: 'Not flown (no-show): the fare is not refunded; taxes are' },
  },
  {
    name: 'departed: taxes back, Safar fee refunded',
    family: F.indigoSaver,
    hoursBefore: -0.5,
    passengers: [WITH_SAFAR_FEE],
    expect: { rule: 'departed', airlineFee: 5300, safarKept: 0, refund: 852, explanation: 'The flight has departed: the fare is not refunded; taxes are; Safar fee refunded' },
  },
  { name: 'inside cutoff with a seat: seat kept', family: F.spiceSaver, hoursBefore: 0.5, passengers: [{ ...DOMESTIC_ADULT, seat: 400 }], expect: { rule: 'insideCutoff', airlineFee: 5300, refund: 653 } },
  { name: '"non-refundable" family with a no-show: taxes back', family: F.emiratesSpecial, hoursBefore: -3, reason: 'noShow', expect: { rule: 'noShow', airlineFee: 27000, refund: 4603 } },

  // Partial cancellation, child, infant
  { name: 'partial: one of two adults', family: F.indigoSaver, hoursBefore: 100, passengers: [DOMESTIC_ADULT, DOMESTIC_ADULT], cancel: [1], expect: { rule: 'schedule', airlineFee: 3999, refund: 1954 } },
  { name: 'child fare', family: F.indigoSaver, hoursBefore: 100, passengers: [DOMESTIC_CHILD], expect: { rule: 'schedule', airlineFee: 3999, refund: 1718 } },
  {
    name: 'infant fare: the fee is capped at the infant fare',
    family: F.indigoSaver,
    hoursBefore: 100,
    passengers: [DOMESTIC_INFANT],
    expect: { rule: 'schedule', airlineFee: 1500, refund: 75, explanation: "72 hours or more before departure: ₹1,500 airline fee (the airline's ₹3,999, capped at the fare paid)" },
  },
  {
    name: 'adult, child and infant together, all cancelled',
    family: F.akasaSaver,
    hoursBefore: 48,
    passengers: [DOMESTIC_ADULT, DOMESTIC_CHILD, DOMESTIC_INFANT],
    expect: { rule: 'schedule', airlineFee: 3499 + 3499 + 1500, refund: 2454 + 2218 + 75 },
  },

  // Airline cancelled: everything back, inside the cutoff or not, "non-refundable" or not
  {
    name: 'airline cancelled: everything back incl. Safar fee and seat',
    family: F.indigoSaver,
    hoursBefore: 1,
    passengers: [WITH_FEES],
    reason: 'airlineCancelled',
    expect: { rule: 'airlineCancelled', airlineFee: 0, safarKept: 0, refund: 6552, explanation: "The airline cancelled the flight: everything is refunded, Safar's fee and add-ons included" },
  },
  { name: 'airline cancelled a "non-refundable" fare', family: F.singaporeLite, hoursBefore: 100, reason: 'airlineCancelled', expect: { rule: 'airlineCancelled', airlineFee: 0, refund: 31603 } },

  // Safar's fee under the cap: Safar's fee kept + airline fee ≤ base + YQ
  {
    name: "Safar fee kept in full when it fits under the fare",
    family: F.indigoSaver,
    hoursBefore: 100,
    passengers: [WITH_SAFAR_FEE],
    expect: { rule: 'schedule', airlineFee: 3999, safarKept: 199, refund: 1954 },
  },
  {
    name: "Safar fee cut to ₹1 so both fees stay within a ₹4,000 fare",
    family: F.indigoSaver,
    hoursBefore: 100,
    passengers: [CHEAP_WITH_SAFAR_FEE],
    expect: { rule: 'schedule', airlineFee: 3999, safarKept: 1, refund: 852, explanation: '72 hours or more before departure: ₹3,999 airline fee; Safar fee ₹1 kept of ₹199, so both fees stay within the fare' },
  },
  {
    name: 'Safar fee not kept when the airline fee takes the whole fare',
    family: F.indigoSaver,
    hoursBefore: 10,
    passengers: [CHEAP_WITH_SAFAR_FEE],
    expect: { rule: 'schedule', airlineFee: 4000, safarKept: 0, refund: 852 },
  },
];

function quoteOf(row: Row) {
  const international = row.family.market === 'international';
  const booked = new Date(row.timing?.booked ?? BOOKED);
  const departs = row.timing ? new Date(booked.getTime() + row.timing.departsAfterHours * HOUR) : new Date(DEPARTS);
  const now = row.timing ? new Date(booked.getTime() + row.timing.nowAfterHours * HOUR) : new Date(departs.getTime() - (row.hoursBefore ?? 0) * HOUR);
  const legs: RefundLegInput[] = [{ legIndex: 0, departureUtc: departs, international, family: row.family }];
  const passengers = row.passengers ?? [international ? INTERNATIONAL_ADULT : DOMESTIC_ADULT];
  const types = ['adult', 'child', 'infant'] as const;
  const fares = passengers.map((lines, position) =>
    fareOf(lines, { passengerPosition: position, familyCode: row.family.code, passengerType: lines === DOMESTIC_INFANT ? types[2] : lines === DOMESTIC_CHILD ? types[1] : types[0] }),
  );
  const cancelled = fares.filter((fare) => (row.cancel ?? passengers.map((_, i) => i)).includes(fare.passengerPosition));
  return refundQuote({ bookedAt: booked, legs, fares: cancelled, now, reason: row.reason ?? 'voluntary' });
}

const rupees = (paise: number) => paise / 100;

describe('refund quote goldens', () => {
  it.each(ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const quote = quoteOf(row);
    const want = row.expect;
    expect(quote.lines.map((line) => line.rule)).toEqual(quote.lines.map(() => want.rule));
    expect(rupees(quote.airlineFeePaise)).toBe(want.airlineFee);
    expect(rupees(quote.safarFeeKeptPaise)).toBe(want.safarKept ?? 0);
    expect(rupees(quote.refundPaise)).toBe(want.refund);
    expect(quote.refundPaise + quote.retainedPaise).toBe(quote.paidPaise);
    if (want.freeWindow !== undefined) expect(quote.freeWindowApplies).toBe(want.freeWindow);
    if (want.regime) expect(quote.regime).toBe(want.regime);
    if (want.explanation) expect(quote.lines[0]?.explanation).toBe(want.explanation);
  });

  it('covers every fee band of every fixture family, and every not-allowed family', () => {
    for (const family of Object.values(F)) {
      if (!family.cancel.allowed) {
        expect(ROWS.some((row) => row.family === family && row.expect.rule === 'notAllowed'), family.code).toBe(true);
        continue;
      }
      for (const feeBand of family.cancel.bands) {
        const covered = ROWS.some((row) => {
          const hours = row.hoursBefore ?? (row.timing ? row.timing.departsAfterHours - row.timing.nowAfterHours : -1);
          return row.family === family && row.expect.rule === 'schedule' && hours >= feeBand.fromHoursBefore && (feeBand.toHoursBefore === null || hours < feeBand.toHoursBefore);
        });
        expect(covered, `${family.code} ${feeBand.fromHoursBefore}–${feeBand.toHoursBefore ?? '∞'} h`).toBe(true);
      }
    }
    expect(ROWS.length).toBe(64);
  });
});
