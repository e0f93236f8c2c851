import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FareFamily, FeeBand, FeeSchedule, PassengerLegFare, RefundReason } from '../../core/fares';
import { BOOKING_STATUSES } from '../../core/booking';
import {
  type ChangeInput,
  NotChangeableError,
  type NotChangeableReason,
  REGIME_2026_FROM,
  type RefundInput,
  type RefundLegInput,
  type Regime,
  changeQuote,
  displayStatusOf,
  feeFor,
  freeWindowUntil,
  refundDeadline,
  refundQuote,
  regimeOf,
} from './rule';
import { FAMILIES, fareOf } from './test-fixtures';
import { NATIONAL_HOLIDAYS, indiaDateOf, isWorkingDay } from './working-days';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FROM = Date.parse('2025-06-01T00:00:00Z');
const TO = Date.parse('2027-06-01T00:00:00Z');

const feeArb = fc.oneof(
  fc.record({ kind: fc.constant('amount' as const), paise: fc.integer({ min: 0, max: 3_000_000 }) }),
  fc.record({ kind: fc.constant('percentOfBase' as const), percent: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('forfeit' as const) }),
);

/** A schedule: allowed or not, bands cut at random hours (not always covering every time). */
const scheduleArb: fc.Arbitrary<FeeSchedule> = fc
  .record({ allowed: fc.boolean(), cuts: fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 5 }), fees: fc.array(feeArb, { minLength: 6, maxLength: 6 }), openTop: fc.boolean() })
  .map(({ allowed, cuts, fees, openTop }) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const bands: FeeBand[] = sorted.map((from, i) => ({ fromHoursBefore: from, toHoursBefore: sorted[i + 1] ?? (openTop ? null : from + 24), fee: fees[i] ?? { kind: 'forfeit' } }));
    return { allowed, bands };
  });

const familyArb: fc.Arbitrary<FareFamily> = fc
  .record({
    cancel: scheduleArb,
    change: scheduleArb,
    cutoffMinutes: fc.integer({ min: 0, max: 360 }),
    refundsFareDifference: fc.boolean(),
  })
  .map((parts) => ({ ...FAMILIES.indigoSaver, ...parts }));

const linesArb = fc.record({
  base: fc.integer({ min: 0, max: 60_000 }),
  yq: fc.integer({ min: 0, max: 15_000 }),
  udf: fc.integer({ min: 0, max: 1000 }),
  psf: fc.integer({ min: 0, max: 200 }),
  asf: fc.integer({ min: 0, max: 300 }),
  foreign: fc.integer({ min: 0, max: 5000 }),
  gst: fc.integer({ min: 0, max: 3000 }),
  safarFee: fc.integer({ min: 0, max: 500 }),
  seat: fc.integer({ min: 0, max: 2000 }),
});

/** A random booking: 1–3 legs, 1–4 passengers, some passenger-legs cancelled at a random time for a random reason. */
const bookingArb = fc
  .record({
    bookedAt: fc.integer({ min: FROM, max: TO }),
    legs: fc.array(fc.record({ departsAfterMinutes: fc.integer({ min: 30, max: 60 * 24 * 60 }), international: fc.boolean(), family: familyArb }), { minLength: 1, maxLength: 3 }),
    passengers: fc.array(fc.array(linesArb, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
    // When the traveller cancels: any time, soon after booking (the free window), or near a leg's departure (cutoff, departed).
    now: fc.oneof(
      fc.record({ after: fc.constant('booking' as const), minutes: fc.integer({ min: 0, max: 70 * 24 * 60 }) }),
      fc.record({ after: fc.constant('booking' as const), minutes: fc.integer({ min: 0, max: 72 * 60 }) }),
      fc.record({ after: fc.constant('departure' as const), minutes: fc.integer({ min: -600, max: 120 }) }),
    ),
    cancelMask: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    reason: fc.constantFrom<RefundReason>('voluntary', 'voluntary', 'noShow', 'airlineCancelled'),
  })
  .map((raw) => {
    const bookedAt = new Date(raw.bookedAt);
    const legs: RefundLegInput[] = raw.legs.map((leg, legIndex) => ({
      legIndex,
      departureUtc: new Date(raw.bookedAt + leg.departsAfterMinutes * 60_000),
      international: leg.international,
      family: leg.family,
    }));
    const all: PassengerLegFare[] = raw.passengers.flatMap((perLeg, passengerPosition) =>
      legs.map((leg) => fareOf(perLeg[leg.legIndex] ?? {}, { passengerPosition, legIndex: leg.legIndex, familyCode: leg.family.code })),
    );
    const fares = all.filter((_, i) => raw.cancelMask[i] ?? true);
    const nowOf = (pick: typeof raw.now) =>
      new Date(pick.after === 'booking' ? raw.bookedAt + pick.minutes * 60_000 : (legs[Math.abs(pick.minutes) % 2 === 1 ? legs.length - 1 : 0]?.departureUtc.getTime() ?? raw.bookedAt) + pick.minutes * 60_000);
    const input: RefundInput = { bookedAt, legs, fares: fares.length > 0 ? fares : all.slice(0, 1), now: nowOf(raw.now), reason: raw.reason };
    return input;
  });

const sumKind = (fare: PassengerLegFare, kind: string) => fare.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.paise, 0);
const fareFor = (input: RefundInput, position: number, legIndex: number) => input.fares.find((fare) => fare.passengerPosition === position && fare.legIndex === legIndex);
const RUNS = { numRuns: 500 };

describe('refund rule, bullet by bullet', () => {
  it('per passenger-leg, refund + retained = paid and paid is the sum of its lines; the totals are the sums of the lines', () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        const quote = refundQuote(input);
        expect(quote.lines).toHaveLength(input.fares.length);
        for (const line of quote.lines) {
          expect(line.refundPaise + line.retainedPaise).toBe(line.paidPaise);
          expect(line.paidPaise).toBe(fareFor(input, line.passengerPosition, line.legIndex)?.totalPaise);
        }
        const sum = (pick: (line: (typeof quote.lines)[number]) => number) => quote.lines.reduce((total, line) => total + pick(line), 0);
        expect(quote.paidPaise).toBe(sum((line) => line.paidPaise));
        expect(quote.refundPaise).toBe(sum((line) => line.refundPaise));
        expect(quote.retainedPaise).toBe(sum((line) => line.retainedPaise));
        expect(quote.airlineFeePaise).toBe(sum((line) => line.airlineFeePaise));
        expect(quote.safarFeeKeptPaise).toBe(sum((line) => line.safarFeeKeptPaise));
      }),
      RUNS,
    );
  });

  it('taxes and airport charges are always refunded, whatever the reason, time or family', () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        for (const line of refundQuote(input).lines) {
          const fare = fareFor(input, line.passengerPosition, line.legIndex);
          expect(line.taxesPaise).toBe(fare ? sumKind(fare, 'tax') : -1);
          expect(line.refundPaise).toBeGreaterThanOrEqual(line.taxesPaise);
        }
      }),
      RUNS,
    );
  });

  it('the refund is never negative and never exceeds what was paid', () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        const quote = refundQuote(input);
        for (const line of quote.lines) {
          expect(line.refundPaise).toBeGreaterThanOrEqual(0);
          expect(line.refundPaise).toBeLessThanOrEqual(line.paidPaise);
        }
        expect(quote.refundPaise).toBeLessThanOrEqual(quote.paidPaise);
      }),
      RUNS,
    );
  });

  it("the airline fee never exceeds base + YQ, nor does the airline fee + Safar's fee kept", () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        for (const line of refundQuote(input).lines) {
          const fare = fareFor(input, line.passengerPosition, line.legIndex);
          expect(line.farePaise).toBe(fare ? sumKind(fare, 'fare') : -1);
          expect(line.airlineFeePaise).toBeLessThanOrEqual(line.farePaise);
          expect(line.airlineFeePaise + line.safarFeeKeptPaise).toBeLessThanOrEqual(line.farePaise);
        }
      }),
      RUNS,
    );
  });

  it('inside the free window nothing is kept; it applies only to a voluntary cancellation, only until 48 h (2026) / 24 h (2016) after booking', () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        const quote = refundQuote(input);
        if (!quote.freeWindowApplies) return;
        expect(input.reason).toBe('voluntary');
        expect(quote.retainedPaise).toBe(0);
        expect(quote.refundPaise).toBe(quote.paidPaise);
        expect(quote.lines.every((line) => line.rule === 'freeWindow')).toBe(true);
        const windowHours = regimeOf(input.bookedAt) === '2026' ? 48 : 24;
        expect(input.now.getTime()).toBeLessThan(input.bookedAt.getTime() + windowHours * HOUR);
      }),
      RUNS,
    );
  });

  it('when the airline cancelled, everything comes back', () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        const quote = refundQuote({ ...input, reason: 'airlineCancelled' });
        expect(quote.refundPaise).toBe(quote.paidPaise);
        expect(quote.lines.every((line) => line.rule === 'airlineCancelled')).toBe(true);
      }),
      RUNS,
    );
  });

  it("no-show, departed, not allowed and inside the cutoff keep base + YQ (and so no Safar fee); add-ons are kept unless the airline cancelled or the free window applies", () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        for (const line of refundQuote(input).lines) {
          const fare = fareFor(input, line.passengerPosition, line.legIndex);
          if (!fare) throw new Error('line without a fare');
          if (line.rule === 'noShow' || line.rule === 'departed' || line.rule === 'notAllowed' || line.rule === 'insideCutoff') {
            expect(line.airlineFeePaise).toBe(line.farePaise);
            expect(line.safarFeeKeptPaise).toBe(0);
          }
          const addonsKept = line.rule === 'airlineCancelled' || line.rule === 'freeWindow' ? 0 : sumKind(fare, 'addon');
          expect(line.retainedPaise).toBe(line.airlineFeePaise + line.safarFeeKeptPaise + addonsKept);
        }
      }),
      RUNS,
    );
  });

  it("Safar's fee is kept only on a voluntary cancellation outside the free window, and then as much of it as fits under base + YQ after the airline fee", () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        const quote = refundQuote(input);
        for (const line of quote.lines) {
          const fare = fareFor(input, line.passengerPosition, line.legIndex);
          if (!fare) throw new Error('line without a fare');
          const keeps = input.reason === 'voluntary' && !quote.freeWindowApplies;
          expect(line.safarFeeKeptPaise).toBe(keeps ? Math.min(sumKind(fare, 'safarFee'), line.farePaise - line.airlineFeePaise) : 0);
        }
      }),
      RUNS,
    );
  });

  it('rules follow the order: airline cancelled, no-show, departed, free window, not allowed, inside cutoff, schedule', () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        const quote = refundQuote(input);
        for (const line of quote.lines) {
          const leg = input.legs[line.legIndex];
          if (!leg) throw new Error('line without a leg');
          const msBefore = leg.departureUtc.getTime() - input.now.getTime();
          const expected =
            input.reason === 'airlineCancelled'
              ? 'airlineCancelled'
              : input.reason === 'noShow'
                ? 'noShow'
                : msBefore <= 0
                  ? 'departed'
                  : quote.freeWindowApplies
                    ? 'freeWindow'
                    : !leg.family.cancel.allowed
                      ? 'notAllowed'
                      : msBefore < leg.family.cutoffMinutes * 60_000
                        ? 'insideCutoff'
                        : 'schedule';
          expect(line.rule).toBe(expected);
          if (line.rule === 'schedule') {
            const fare = fareFor(input, line.passengerPosition, line.legIndex);
            const base = fare?.lines.filter((l) => l.code === 'base').reduce((sum, l) => sum + l.paise, 0) ?? 0;
            expect(line.airlineFeePaise).toBe(feeFor(leg.family.cancel, msBefore / HOUR, base, line.farePaise - base).feePaise);
          }
        }
      }),
      RUNS,
    );
  });

  it('random bookings reach every rule (so the bullets above are exercised)', () => {
    const seen = new Set(fc.sample(bookingArb, { numRuns: 3000, seed: 25 }).flatMap((input) => refundQuote(input).lines.map((line) => line.rule)));
    expect([...seen].sort()).toEqual(['airlineCancelled', 'departed', 'freeWindow', 'insideCutoff', 'noShow', 'notAllowed', 'schedule']);
  });

  it('is deterministic: the same booking, time and reason give the same quote', () => {
    fc.assert(
      fc.property(bookingArb, (input) => {
        expect(refundQuote(structuredClone(input))).toEqual(refundQuote(input));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a passenger-leg that is not active or not on the booking (a programming error, never a double refund)', () => {
    const legs: RefundLegInput[] = [{ legIndex: 0, departureUtc: new Date('2026-12-20T06:00:00Z'), international: false, family: FAMILIES.indigoSaver }];
    const base = { bookedAt: new Date('2026-11-01T06:00:00Z'), legs, now: new Date('2026-12-01T06:00:00Z'), reason: 'voluntary' as const };
    expect(() => refundQuote({ ...base, fares: [{ ...fareOf({ base: 100 }), status: 'cancelled' }] })).toThrow(/not active/);
    expect(() => refundQuote({ ...base, fares: [fareOf({ base: 100 }, { legIndex: 1 })] })).toThrow(/no leg 1/);
    expect(() => refundQuote({ ...base, fares: [{ ...fareOf({ base: 100 }), totalPaise: 1 }] })).toThrow(/add up/);
  });
});

describe('fee bands', () => {
  it('the fee is the band containing the time, capped at base + YQ; not allowed or forfeit → all of base + YQ', () => {
    fc.assert(
      fc.property(scheduleArb, fc.double({ min: 0, max: 500, noNaN: true }), fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (schedule, hours, base, yq) => {
        const result = feeFor(schedule, hours, base, yq);
        expect(result.feePaise).toBeGreaterThanOrEqual(0);
        expect(result.feePaise).toBeLessThanOrEqual(base + yq);
        if (!schedule.allowed) {
          expect(result).toEqual({ feePaise: base + yq, forfeit: true, band: null });
          return;
        }
        if (schedule.bands.length === 0) {
          expect(result).toEqual({ feePaise: 0, forfeit: false, band: null });
          return;
        }
        const band = result.band;
        if (!band) throw new Error('an allowed schedule with bands always picks one');
        const inside = schedule.bands.find((b) => hours >= b.fromHoursBefore && (b.toHoursBefore === null || hours < b.toHoursBefore));
        if (inside) expect(band).toBe(inside);
        else {
          const below = schedule.bands.filter((b) => b.fromHoursBefore <= hours).sort((a, b) => b.fromHoursBefore - a.fromHoursBefore)[0];
          expect(band).toBe(below ?? [...schedule.bands].sort((a, b) => a.fromHoursBefore - b.fromHoursBefore)[0]);
        }
        const expected = band.fee.kind === 'forfeit' ? base + yq : Math.min(base + yq, band.fee.kind === 'amount' ? band.fee.paise : Math.round((base * band.fee.percent) / 100));
        expect(result.feePaise).toBe(expected);
        expect(result.forfeit).toBe(band.fee.kind === 'forfeit');
      }),
      RUNS,
    );
  });
});

describe('regime and free window', () => {
  it('the 2026 regime starts at 26 Mar 2026 00:00 IST', () => {
    expect(regimeOf(new Date(REGIME_2026_FROM.getTime() - 1))).toBe('2016');
    expect(regimeOf(REGIME_2026_FROM)).toBe('2026');
    expect(REGIME_2026_FROM.toISOString()).toBe('2026-03-25T18:30:00.000Z');
  });

  it('the window runs 48 h (2026) / 24 h (2016) from booking, and exists only when the first departure is at least 7 days (domestic) / 15 days (international, 2026) after booking', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), fc.integer({ min: 0, max: 40 * 24 * 60 }), fc.boolean(), (booked, leadMinutes, international) => {
        const bookedAt = new Date(booked);
        const until = freeWindowUntil(bookedAt, new Date(booked + leadMinutes * 60_000), international);
        const regime = regimeOf(bookedAt);
        const minLead = (regime === '2026' && international ? 15 : 7) * DAY;
        if (leadMinutes * 60_000 < minLead) expect(until).toBeNull();
        else expect(until?.getTime()).toBe(booked + (regime === '2026' ? 48 : 24) * HOUR);
      }),
      RUNS,
    );
  });
});

describe('refund deadline', () => {
  const countWorkingDaysBetween = (from: Date, to: Date) => {
    let count = 0;
    for (let day = Date.parse(`${indiaDateOf(from)}T00:00:00Z`) + DAY; day <= Date.parse(`${indiaDateOf(to)}T00:00:00Z`); day += DAY) {
      if (isWorkingDay(new Date(day).toISOString().slice(0, 10))) count += 1;
    }
    return count;
  };

  it('is the end of the 14th (2026) / 30th (2016) working day after the cancellation, India time', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), fc.constantFrom<Regime>('2016', '2026'), (at, regime) => {
        const from = new Date(at);
        const deadline = refundDeadline(regime, from);
        const days = regime === '2026' ? 14 : 30;
        expect(countWorkingDaysBetween(from, deadline)).toBe(days);
        expect(isWorkingDay(indiaDateOf(deadline))).toBe(true);
        expect(indiaDateOf(new Date(deadline.getTime() + 1))).not.toBe(indiaDateOf(deadline));
      }),
      RUNS,
    );
  });

  it('skips weekends and the national holidays', () => {
    expect(NATIONAL_HOLIDAYS).toEqual(['01-26', '08-15', '10-02']);
    expect(isWorkingDay('2027-01-26')).toBe(false); // Tuesday, Republic Day
    expect(isWorkingDay('2026-10-02')).toBe(false); // Friday, Gandhi Jayanti
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-27')).toBe(true);
    // Friday 25 Sep 2026, 22:00 IST: 14 working days are 28 Sep–1 Oct, 5–9 Oct, 12–16 Oct (2 Oct is a holiday).
    expect(refundDeadline('2026', new Date('2026-09-25T16:30:00Z')).toISOString()).toBe('2026-10-16T18:29:59.999Z');
    // After 23:59 IST the India day is the next one: Saturday 26 Sep 2026 00:30 IST counts from Monday too.
    expect(refundDeadline('2026', new Date('2026-09-25T19:00:00Z')).toISOString()).toBe('2026-10-16T18:29:59.999Z');
  });
});

// ---------------------------------------------------------------------------
// Change

const changeArb = fc
  .record({
    booking: bookingArb,
    newLines: fc.array(linesArb, { minLength: 12, maxLength: 12 }),
  })
  .map(({ booking, newLines }) => {
    const oldFares = booking.fares;
    const newFares = oldFares.map((fare, i) => fareOf(newLines[i] ?? {}, { passengerPosition: fare.passengerPosition, legIndex: fare.legIndex }));
    const input: ChangeInput = { bookedAt: booking.bookedAt, legs: booking.legs, oldFares, newFares, now: booking.now };
    return input;
  });

function blockOf(input: ChangeInput): NotChangeableReason | null {
  for (const fare of input.oldFares) {
    const leg = input.legs[fare.legIndex];
    if (!leg) continue;
    const msBefore = leg.departureUtc.getTime() - input.now.getTime();
    if (msBefore <= 0) return 'departed';
    if (!leg.family.change.allowed) return 'notAllowed';
    if (msBefore < leg.family.cutoffMinutes * 60_000) return 'insideCutoff';
    const base = fare.lines.filter((line) => line.code === 'base').reduce((sum, line) => sum + line.paise, 0);
    if (feeFor(leg.family.change, msBefore / HOUR, base, 0).forfeit) return 'closedBand';
  }
  return null;
}

describe('change rule, bullet by bullet', () => {
  it('a leg that departed, does not allow changes, is inside its cutoff or in a forfeit change band cannot be changed (NotChangeableError, 409); any other change is quoted', () => {
    fc.assert(
      fc.property(changeArb, (input) => {
        const block = blockOf(input);
        if (block === null) {
          expect(() => changeQuote(input)).not.toThrow();
          return;
        }
        try {
          changeQuote(input);
          throw new Error('expected NotChangeableError');
        } catch (error) {
          expect(error).toBeInstanceOf(NotChangeableError);
          if (error instanceof NotChangeableError) {
            expect(error.why).toBe(block);
            expect(error.status).toBe(409);
          }
        }
      }),
      RUNS,
    );
  });

  it('due = change fees + the fare difference when positive; a lower fare is paid back only when every old family refunds the difference', () => {
    fc.assert(
      fc.property(changeArb, (input) => {
        if (blockOf(input) !== null) return;
        const quote = changeQuote(input);
        const oldTotal = input.oldFares.reduce((sum, fare) => sum + fare.totalPaise, 0);
        const newTotal = input.newFares.reduce((sum, fare) => sum + fare.totalPaise, 0);
        expect(quote.oldTotalPaise).toBe(oldTotal);
        expect(quote.newTotalPaise).toBe(newTotal);
        expect(quote.fareDifferencePaise).toBe(newTotal - oldTotal);
        expect(quote.changeFeePaise).toBe(quote.lines.reduce((sum, line) => sum + line.changeFeePaise, 0));
        expect(quote.duePaise).toBe(quote.changeFeePaise + Math.max(0, newTotal - oldTotal));
        const refunds = input.oldFares.every((fare) => input.legs[fare.legIndex]?.family.refundsFareDifference);
        expect(quote.refundPaise).toBe(newTotal < oldTotal && refunds ? oldTotal - newTotal : 0);
      }),
      RUNS,
    );
  });

  it('the change fee never exceeds the old base + YQ, and is 0 inside the free window', () => {
    fc.assert(
      fc.property(changeArb, (input) => {
        if (blockOf(input) !== null) return;
        const quote = changeQuote(input);
        for (const line of quote.lines) {
          const fare = input.oldFares.find((f) => f.passengerPosition === line.passengerPosition && f.legIndex === line.legIndex);
          expect(line.changeFeePaise).toBeLessThanOrEqual(fare ? sumKind(fare, 'fare') : -1);
          if (quote.freeWindowApplies) expect(line.changeFeePaise).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('golden changes: Saver fee by band, Flexi free, free window, not-allowed family, lower fare kept or paid back', () => {
    const bookedAt = new Date('2026-10-01T06:00:00Z');
    const departs = new Date('2026-11-20T06:00:00Z');
    const at = (hoursBefore: number) => new Date(departs.getTime() - hoursBefore * HOUR);
    const legsOf = (family: FareFamily, international = false): RefundLegInput[] => [{ legIndex: 0, departureUtc: departs, international, family }];
    const old = fareOf({ base: 4500, yq: 800, udf: 61, psf: 91, asf: 236, gst: 265 }); // ₹5,953
    const dearer = fareOf({ base: 5500, yq: 800, udf: 61, psf: 91, asf: 236, gst: 315 }); // ₹7,003
    const cheaper = fareOf({ base: 3500, yq: 800, udf: 61, psf: 91, asf: 236, gst: 215 }); // ₹4,903
    const quote = (family: FareFamily, hoursBefore: number, newFare: PassengerLegFare, booked = bookedAt) =>
      changeQuote({ bookedAt: booked, legs: legsOf(family), oldFares: [old], newFares: [newFare], now: at(hoursBefore) });

    const far = quote(FAMILIES.indigoSaver, 100, dearer);
    expect(far).toMatchObject({ changeFeePaise: 250_000, fareDifferencePaise: 105_000, duePaise: 355_000, refundPaise: 0, freeWindowApplies: false });
    expect(far.lines[0]?.explanation).toBe('72 hours or more before departure: ₹2,500 change fee');
    expect(quote(FAMILIES.indigoSaver, 10, dearer)).toMatchObject({ changeFeePaise: 300_000, duePaise: 405_000 });
    expect(quote(FAMILIES.indigoSaver, 10, cheaper)).toMatchObject({ changeFeePaise: 300_000, fareDifferencePaise: -105_000, duePaise: 300_000, refundPaise: 0 });
    const flexi = quote(FAMILIES.indigoFlexi, 10, dearer);
    expect(flexi).toMatchObject({ changeFeePaise: 0, duePaise: 105_000 });
    expect(flexi.lines[0]?.explanation).toBe('This fare changes free: no change fee');
    expect(quote(FAMILIES.britishPlusFlex, 10, cheaper)).toMatchObject({ changeFeePaise: 0, duePaise: 0, refundPaise: 105_000 });
    // Booked 1 Nov, departing 20 Nov, changed 1 day later: inside Safar's free window.
    const inWindow = changeQuote({ bookedAt: new Date('2026-11-01T06:00:00Z'), legs: legsOf(FAMILIES.indigoSaver), oldFares: [old], newFares: [dearer], now: new Date('2026-11-02T06:00:00Z') });
    expect(inWindow).toMatchObject({ changeFeePaise: 0, duePaise: 105_000, freeWindowApplies: true });
    expect(() => quote(FAMILIES.singaporeLite, 100, dearer)).toThrow('The Economy Lite fare cannot be changed');
    expect(() => quote(FAMILIES.indigoSaver, 2, dearer)).toThrow('Changes close 3 hours before departure');
    expect(() => quote(FAMILIES.indigoSaver, -1, dearer)).toThrow('This flight has departed and can no longer be changed');
    const closesAt24h: FareFamily = {
      ...FAMILIES.indigoSaver,
      change: { allowed: true, bands: [{ fromHoursBefore: 0, toHoursBefore: 24, fee: { kind: 'forfeit' } }, { fromHoursBefore: 24, toHoursBefore: null, fee: { kind: 'amount', paise: 250_000 } }] },
    };
    expect(() => quote(closesAt24h, 10, dearer)).toThrow('Less than 24 hours before departure: the Saver fare can no longer be changed');
    expect(quote(closesAt24h, 30, dearer).changeFeePaise).toBe(250_000);
  });
});

describe('display status', () => {
  it('shows held, expired, confirmed and changed as they are; a cancellation with a refund in flight as "Refund pending"; then Refunded, Partly cancelled or Cancelled', () => {
    const table: [Parameters<typeof displayStatusOf>[0], Parameters<typeof displayStatusOf>[1], string][] = [
      ['held', [], 'Held'],
      ['expired', [], 'Expired'],
      ['confirmed', [], 'Confirmed'],
      ['changed', ['requested'], 'Changed'],
      ['cancelled', [], 'Cancelled'],
      ['cancelled', ['requested'], 'Refund pending'],
      ['cancelled', ['completed', 'sent'], 'Refund pending'],
      ['cancelled', ['completed', 'completed'], 'Refunded'],
      ['partly_cancelled', ['sent'], 'Refund pending'],
      ['partly_cancelled', ['completed'], 'Partly cancelled'],
      ['partly_cancelled', [], 'Partly cancelled'],
    ];
    for (const [status, refunds, shown] of table) expect(displayStatusOf(status, refunds), `${status} ${refunds.join(',')}`).toBe(shown);
    expect(new Set(table.map(([status]) => status))).toEqual(new Set(BOOKING_STATUSES));
  });
});
