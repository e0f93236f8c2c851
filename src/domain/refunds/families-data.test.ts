import { describe, expect, it } from 'vitest';
import type { FareFamily, FareLine, FeeBand, PassengerLegFare } from '../../core/fares';
import { fareLines } from '../fares/breakdown';
import { FARE_FAMILY_DATA } from '../fares/families/data';
import { NotChangeableError, type RefundLegInput, changeQuote, refundQuote } from './rule';

/**
 * Every band of every family in the real fare-family data, quoted once per band for an adult
 * (with Safar's fee on the line) and a lap infant (whose small fare caps the fee): the fee never
 * exceeds base + YQ, taxes come back, refund + retained = paid, and the rule and fee are the
 * band's. Every change band is either priced within base + YQ or refused as not changeable.
 */

const HOUR = 3_600_000;
const BOOKED = new Date('2026-06-01T06:00:00Z');
/** Long after Safar's free window, so the airline's schedule decides. */
const NOW = new Date('2026-07-01T06:00:00Z');

/** A time inside the band: its middle, or a day past its start when it has no upper end. */
const hoursIn = (band: FeeBand) => (band.toHoursBefore === null ? band.fromHoursBefore + 24 : (band.fromHoursBefore + band.toHoursBefore) / 2);

function faresFor(family: FareFamily): PassengerLegFare[] {
  const international = family.market === 'international';
  const airfare = (international ? 25_000 : 5_000) * (family.cabin === 'economy' ? 1 : 3);
  const taxes = international ? 4_600 : 650;
  const from = international ? 'DXB' : 'DEL';
  const fare = (passengerPosition: number, passengerType: PassengerLegFare['passengerType'], lines: FareLine[]): PassengerLegFare => ({
    passengerPosition,
    passengerType,
    legIndex: 0,
    familyCode: family.code,
    lines,
    totalPaise: lines.reduce((sum, line) => sum + line.paise, 0),
    status: 'active',
  });
  const safarFee: FareLine = { code: 'safarFee', kind: 'safarFee', label: 'Safar fee', paise: 19_900 };
  return [
    fare(0, 'adult', [...fareLines({ airline: family.airline, from, market: family.market, cabin: family.cabin, passengerType: 'adult' }, airfare, taxes), safarFee]),
    fare(1, 'infant', fareLines({ airline: family.airline, from, market: family.market, cabin: family.cabin, passengerType: 'infant' }, 1_500, 75)),
  ];
}

const sumOf = (fare: PassengerLegFare, keep: (line: FareLine) => boolean) => fare.lines.filter(keep).reduce((sum, line) => sum + line.paise, 0);

function expectedFee(band: FeeBand, fare: PassengerLegFare): number {
  const base = sumOf(fare, (line) => line.code === 'base');
  const cap = sumOf(fare, (line) => line.kind === 'fare');
  if (band.fee.kind === 'forfeit') return cap;
  return Math.min(cap, band.fee.kind === 'amount' ? band.fee.paise : Math.round((base * band.fee.percent) / 100));
}

describe('the refund rule over the real fare-family data', () => {
  it('quotes every cancel band of every family within the law: fee ≤ base + YQ, taxes back, sums hold', () => {
    let quotes = 0;
    for (const family of FARE_FAMILY_DATA) {
      const international = family.market === 'international';
      const fares = faresFor(family);
      const times = family.cancel.allowed ? family.cancel.bands.map((band) => ({ band, hours: hoursIn(band) })) : [{ band: null, hours: 100 }];
      for (const { band, hours } of times) {
        const departs = new Date(NOW.getTime() + hours * HOUR);
        const legs: RefundLegInput[] = [{ legIndex: 0, departureUtc: departs, international, family }];
        const quote = refundQuote({ bookedAt: BOOKED, legs, fares, now: NOW, reason: 'voluntary' });
        quotes += 1;
        const where = `${family.code} (${family.cabin}, from ${family.validFrom}) at ${hours} h`;
        expect(quote.freeWindowApplies, where).toBe(false);
        for (const [i, line] of quote.lines.entries()) {
          const fare = fares[i];
          if (!fare) throw new Error('a line per fare');
          expect(line.airlineFeePaise + line.safarFeeKeptPaise, where).toBeLessThanOrEqual(line.farePaise);
          expect(line.refundPaise, where).toBeGreaterThanOrEqual(line.taxesPaise);
          expect(line.taxesPaise, where).toBe(sumOf(fare, (l) => l.kind === 'tax'));
          expect(line.refundPaise + line.retainedPaise, where).toBe(fare.totalPaise);
          const rule = !band ? 'notAllowed' : hours * 60 < family.cutoffMinutes ? 'insideCutoff' : 'schedule';
          expect(line.rule, where).toBe(rule);
          expect(line.airlineFeePaise, where).toBe(band && rule === 'schedule' ? expectedFee(band, fare) : line.farePaise);
        }
        expect(quote.refundPaise + quote.retainedPaise).toBe(quote.paidPaise);
      }
    }
    expect(FARE_FAMILY_DATA.length).toBeGreaterThan(100);
    console.info(`refund rule over the fare-family data: ${FARE_FAMILY_DATA.length} families, ${quotes} band quotes`);
  });

  it('prices every change band of every family within base + YQ, or refuses it as not changeable', () => {
    for (const family of FARE_FAMILY_DATA) {
      const fares = faresFor(family);
      const bands = family.change.allowed ? family.change.bands : [];
      for (const band of bands) {
        const hours = hoursIn(band);
        const legs: RefundLegInput[] = [{ legIndex: 0, departureUtc: new Date(NOW.getTime() + hours * HOUR), international: family.market === 'international', family }];
        const where = `${family.code} change at ${hours} h`;
        const closed = band.fee.kind === 'forfeit' || hours * 60 < family.cutoffMinutes;
        if (closed) {
          expect(() => changeQuote({ bookedAt: BOOKED, legs, oldFares: fares, newFares: fares, now: NOW }), where).toThrow(NotChangeableError);
          continue;
        }
        const quote = changeQuote({ bookedAt: BOOKED, legs, oldFares: fares, newFares: fares, now: NOW });
        for (const [i, line] of quote.lines.entries()) {
          const fare = fares[i];
          expect(line.changeFeePaise, where).toBe(fare ? expectedFee(band, fare) : -1);
        }
        expect(quote.duePaise, where).toBe(quote.changeFeePaise);
      }
      if (!family.change.allowed) {
        const legs: RefundLegInput[] = [{ legIndex: 0, departureUtc: new Date(NOW.getTime() + 100 * HOUR), international: family.market === 'international', family }];
        expect(() => changeQuote({ bookedAt: BOOKED, legs, oldFares: fares, newFares: fares, now: NOW }), family.code).toThrow(NotChangeableError);
      }
    }
  });
});
