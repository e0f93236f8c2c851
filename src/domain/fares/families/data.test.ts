import { describe, expect, it } from 'vitest';
import { FareFamilySchema, type FeeSchedule } from '../../../core/fares';
import { CABINS } from '../../../core/search-options';
import { AIRCRAFT, getAirline } from '../../world/airlines';
import { createWorld } from '../../world/world';
import { FARE_FAMILY_DATA } from './data';
import { familiesFor, familyByCode } from './lookup';

const INDIAN = ['6E', 'AI', 'IX', 'QP', 'SG', '9I', 'S5'];
const groups = new Map<string, typeof FARE_FAMILY_DATA[number][]>();
for (const f of FARE_FAMILY_DATA) groups.set(`${f.airline}|${f.market}|${f.cabin}|${f.validFrom}`, [...(groups.get(`${f.airline}|${f.market}|${f.cabin}|${f.validFrom}`) ?? []), f]);

function checkSchedule(schedule: FeeSchedule, cutoffHours: number, label: string) {
  if (!schedule.allowed) {
    expect(schedule.bands, label).toEqual([]);
    return;
  }
  const [first] = schedule.bands;
  // The forfeit band: from 0 hours, through the cutoff at least (inside the cutoff and no-show).
  expect(first?.fromHoursBefore, label).toBe(0);
  expect(first?.fee.kind, label).toBe('forfeit');
  expect(first?.toHoursBefore ?? Infinity, label).toBeGreaterThanOrEqual(cutoffHours);
  // Contiguous, no overlap, open at the top.
  schedule.bands.forEach((band, i) => {
    const next = schedule.bands[i + 1];
    if (next) expect(band.toHoursBefore, label).toBe(next.fromHoursBefore);
    else expect(band.toHoursBefore, label).toBeNull();
    if (band.toHoursBefore !== null) expect(band.toHoursBefore, label).toBeGreaterThan(band.fromHoursBefore);
    if (band.fee.kind === 'amount') expect(band.fee.paise, label).toBeGreaterThanOrEqual(0);
    // Above the cutoff nothing is forfeited: the fee is a fee.
    if (band.fromHoursBefore >= cutoffHours && i > 0) expect(band.fee.kind, label).not.toBe('forfeit');
  });
}

describe('fare family data', () => {
  it('parses every entry with FareFamilySchema', () => {
    for (const family of FARE_FAMILY_DATA) expect(() => FareFamilySchema.parse(family), family.code).not.toThrow();
  });

  it('has unique codes per version, made of the airline code, a dot and capital letters, digits or hyphens', () => {
    const seen = new Set<string>();
    for (const f of FARE_FAMILY_DATA) {
      const key = `${f.code}@${f.validFrom}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(f.code.startsWith(`${f.airline}.`), f.code).toBe(true);
      expect(f.code, f.code).toMatch(/^[A-Z0-9]{2}\.[A-Z0-9-]+$/);
    }
  });

  it('gives each airline, market and cabin tiers 0..n-1, tier 0 priced exactly as the bucket, higher tiers never cheaper', () => {
    for (const [key, list] of groups) {
      expect(list.map((f) => f.tier), key).toEqual(list.map((_, i) => i));
      expect(list[0]?.priceFactor, key).toBe(1);
      expect(list[0]?.addRupees, key).toBe(0);
      for (const f of list) {
        expect(f.priceFactor, f.code).toBeGreaterThanOrEqual(1);
        expect(f.addRupees, f.code).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('states cutoffs from the airlines: IndiGo 3 h domestic / 4 h international, SpiceJet and Air India 2 h / 4 h', () => {
    const cutoff = (airline: string, market: 'domestic' | 'international') => familiesFor(airline, market, 'economy', '2026-12-01')[0]?.cutoffMinutes;
    expect([cutoff('6E', 'domestic'), cutoff('6E', 'international')]).toEqual([180, 240]);
    expect([cutoff('SG', 'domestic'), cutoff('SG', 'international')]).toEqual([120, 240]);
    expect([cutoff('AI', 'domestic'), cutoff('AI', 'international')]).toEqual([120, 240]);
  });

  it('has bands contiguous from the cutoff up with the forfeit band inside it, fees never negative', () => {
    for (const f of FARE_FAMILY_DATA) {
      checkSchedule(f.change, f.cutoffMinutes / 60, `${f.code} change`);
      checkSchedule(f.cancel, f.cutoffMinutes / 60, `${f.code} cancel`);
    }
  });

  it('is dated: validFrom before validTo, asOf a date', () => {
    for (const f of FARE_FAMILY_DATA) {
      expect(f.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(f.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (f.validTo !== null) expect(f.validTo > f.validFrom).toBe(true);
    }
  });

  it('covers every airline: Indian carriers at home and abroad, every carrier in every cabin it flies', () => {
    const world = createWorld();
    for (const p of world.patterns) {
      const market = p.international ? 'international' : 'domestic';
      for (const cabin of CABINS) {
        if (!AIRCRAFT[p.aircraft]?.layout[cabin]) continue;
        expect(familiesFor(p.carrier, market, cabin, '2026-12-01').length, `${p.carrier} ${market} ${cabin}`).toBeGreaterThan(0);
      }
    }
    // Every airline Safar knows (42) has families, flown in this world or not.
    const airlines = new Set(FARE_FAMILY_DATA.map((f) => f.airline));
    for (const code of world.patterns.map((p) => p.carrier)) expect(airlines.has(code), code).toBe(true);
    expect(airlines.size).toBe(42);
    for (const code of airlines) {
      expect(getAirline(code), code).toBeDefined();
      expect(familiesFor(code, 'international', 'economy', '2026-12-01').length, code).toBeGreaterThan(0);
      if (INDIAN.includes(code)) expect(familiesFor(code, 'domestic', 'economy', '2026-12-01').length, code).toBeGreaterThan(0);
    }
  });

  it('finds a family by code for a booking date, and the first version for a date before it', () => {
    expect(familyByCode('6E.SAVER', '2026-12-01')?.name).toBe('Saver');
    expect(familyByCode('6E.SAVER-INTL', new Date('2026-12-01T10:00:00Z'))?.market).toBe('international');
    expect(familyByCode('6E.SAVER', '2024-01-01')?.validFrom).toBe('2025-11-01');
    expect(familyByCode('ZZ.NOPE', '2026-12-01')).toBeUndefined();
  });

  it('carries the design tables: IndiGo Saver ₹3,999 more than 24 h out, SpiceJet ₹3,200 beyond 96 h, Air India Express 35 % from 10 days', () => {
    const fee = (code: string, hours: number) => familyByCode(code, '2026-12-01')?.cancel.bands.find((b) => hours >= b.fromHoursBefore && (b.toHoursBefore === null || hours < b.toHoursBefore))?.fee;
    expect(fee('6E.SAVER', 100)).toEqual({ kind: 'amount', paise: 399_900 });
    expect(fee('6E.SAVER', 10)).toEqual({ kind: 'amount', paise: 499_900 });
    expect(fee('6E.SAVER', 2)).toEqual({ kind: 'forfeit' });
    expect(fee('SG.SAVER', 97)).toEqual({ kind: 'amount', paise: 320_000 });
    expect(fee('SG.SAVER', 50)).toEqual({ kind: 'amount', paise: 427_500 });
    expect(fee('IX.LITE', 300)).toEqual({ kind: 'percentOfBase', percent: 35 });
    expect(fee('IX.LITE', 50)).toEqual({ kind: 'forfeit' });
    expect(fee('AI.FLEX', 100)).toEqual({ kind: 'amount', paise: 99_900 });
    expect(familyByCode('SQ.LITE', '2026-12-01')?.cancel.allowed).toBe(false);
    expect(familyByCode('BA.BASIC', '2026-12-01')?.checkedBag).toBeNull();
  });
});
