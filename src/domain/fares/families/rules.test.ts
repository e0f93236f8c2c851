import { describe, expect, it } from 'vitest';
import { FARE_FAMILY_DATA } from './data';
import { familyByCode } from './lookup';
import { TAXES_ALWAYS_REFUNDED } from '../../../core/fares';
import { rulesInWords } from './rules';

const on = '2026-12-01';
const family = (code: string) => {
  const f = familyByCode(code, on);
  if (!f) throw new Error(code);
  return f;
};

describe('rules in words', () => {
  it('says baggage, seat, meal, change and cancellation fees by band, the cutoff, taxes and the base fare', () => {
    expect(rulesInWords([family('6E.SAVER')])).toEqual([
      'Checked baggage: 15 kg',
      'Cabin baggage: 7 kg',
      'Seat: a seat is assigned free at check-in; choosing one costs extra',
      'Meal: not included; buy on board',
      'Changes (plus any fare difference; a lower fare is not refunded): 3 days or more before departure: ₹2,500; 3 hours to 3 days before departure: ₹3,000; under 3 hours before departure: not possible',
      'Cancellation fee per passenger per flight: 24 hours or more before departure: ₹3,999; 3 hours to 24 hours before departure: ₹4,999; under 3 hours before departure or no-show: base fare and fuel charge forfeited',
      'Changes and cancellations close 3 hours before departure',
      'Base fare: refundable less the cancellation fee until 3 hours before departure (the fee never exceeds base fare + fuel charge)',
      TAXES_ALWAYS_REFUNDED,
    ]);
  });

  it('says when nothing of the base comes back, and when all of it does', () => {
    const lite = rulesInWords([family('SQ.LITE')]);
    expect(lite).toContain('Changes: not allowed');
    expect(lite).toContain('Base fare: not refundable');
    expect(rulesInWords([family('BA.PLUSFLEX')])).toContain('Base fare: fully refundable until 3 hours before departure');
    expect(rulesInWords([family('IX.LITE')])[0]).toBe('Checked baggage: none included (cabin bag only)');
    expect(rulesInWords([family('IX.LITE')]).join(' ')).toContain('10 days or more before departure: 35% of the base fare');
  });

  it('names each family of a connection whose legs differ, and says the taxes once', () => {
    const rules = rulesInWords([family('6E.SAVER'), family('QP.SAVER')], (code) => (code === '6E' ? 'IndiGo' : 'Akasa Air'));
    expect(rules.filter((r) => r.startsWith('IndiGo Saver — ')).length).toBe(8);
    expect(rules.filter((r) => r.startsWith('Akasa Air Saver — ')).length).toBe(8);
    expect(rules.filter((r) => r === TAXES_ALWAYS_REFUNDED).length).toBe(1);
  });

  it('has words for every family in the data, ending with the taxes rule', () => {
    for (const f of FARE_FAMILY_DATA) {
      const rules = rulesInWords([f]);
      expect(rules.at(-1)).toBe(TAXES_ALWAYS_REFUNDED);
      expect(rules.every((r) => r.length > 0 && !/undefined|NaN|null/.test(r))).toBe(true);
    }
  });
});
