import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CABINS, PASSENGER_TYPES } from '../../core/search-options';
import { fareLines, linesTotal, yqShare } from './breakdown';

describe('fare lines', () => {
  it('splits a DEL domestic economy fare like the airline does: base, YQ, UDF, PSF, ASF, levy, GST', () => {
    const lines = fareLines({ airline: '6E', from: 'DEL', market: 'domestic', cabin: 'economy', passengerType: 'adult' }, 8900, 320 + 236 + 50 + 445);
    const by = Object.fromEntries(lines.map((l) => [l.code, l.paise / 100]));
    expect(by).toMatchObject({ udf: 229, psf: 91, asf: 236, rcs: 50, gst: 445 });
    expect((by.base ?? 0) + (by.yq ?? 0)).toBe(8900);
    expect(by.yq).toBe(Math.round(8900 * yqShare('6E', 'domestic')));
    expect(linesTotal(lines)).toBe((8900 + 1051) * 100);
    expect(lines.map((l) => l.code)).toEqual(['base', 'yq', 'udf', 'psf', 'asf', 'rcs', 'gst']);
  });

  it('puts departure taxes abroad on the foreign line, and an infant at home pays GST only', () => {
    const dubai = fareLines({ airline: 'EK', from: 'DXB', market: 'international', cabin: 'economy', passengerType: 'adult' }, 20000, 1700 + 1000);
    expect(dubai.find((l) => l.code === 'foreign')?.paise).toBe(170_000);
    const infant = fareLines({ airline: '6E', from: 'BOM', market: 'domestic', cabin: 'economy', passengerType: 'infant' }, 1500, 75);
    expect(infant.filter((l) => l.kind === 'tax').map((l) => l.code)).toEqual(['gst']);
  });

  it('keeps YQ small at home and larger abroad', () => {
    for (const airline of ['6E', 'AI', 'SG', 'EK', 'BA']) {
      expect(yqShare(airline, 'domestic')).toBeLessThan(0.08);
      expect(yqShare(airline, 'international')).toBeGreaterThanOrEqual(0.18);
    }
  });

  it('always adds up to airfare + taxes, every line whole paise and never negative', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('6E', 'AI', 'EK', 'BA', 'QP'),
        fc.constantFrom('DEL', 'BOM', 'BLR', 'IXZ', 'DXB', 'LHR', 'SIN'),
        fc.constantFrom('domestic' as const, 'international' as const),
        fc.constantFrom(...CABINS),
        fc.constantFrom(...PASSENGER_TYPES),
        fc.integer({ min: 0, max: 400_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        (airline, from, market, cabin, passengerType, airfare, taxes) => {
          const lines = fareLines({ airline, from, market, cabin, passengerType }, airfare, taxes);
          expect(linesTotal(lines)).toBe((airfare + taxes) * 100);
          expect(lines.every((l) => Number.isInteger(l.paise) && l.paise >= 0)).toBe(true);
          expect(lines.filter((l) => l.kind === 'fare').reduce((s, l) => s + l.paise, 0)).toBe(airfare * 100);
        },
      ),
    );
  });
});
