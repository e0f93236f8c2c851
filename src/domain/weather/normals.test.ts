import { describe, expect, it } from 'vitest';
import { AIRPORTS } from '../world/airports';
import { CLIMATE_STATIONS, climateFor } from './normals';
import { inFogWindow, typicalDay, typicalDays } from './typical';

describe('climate normals', () => {
  it('cover every served airport with 12 complete months from a named source', () => {
    for (const airport of AIRPORTS) {
      const climate = climateFor(airport.code);
      expect(climate, airport.code).toBeDefined();
      if (!climate) continue;
      expect(climate.months, airport.code).toHaveLength(12);
      expect(climate.station.source.length, airport.code).toBeGreaterThan(10);
      // Nearest-station fallback stays regional (Ayodhya uses Bahraich, 106 km away).
      expect(climate.distanceKm, `${airport.code} → ${climate.station.station}`).toBeLessThanOrEqual(150);
    }
  });

  it('hold plausible values in every station and month', () => {
    for (const s of CLIMATE_STATIONS) {
      for (const key of ['tmaxC', 'tminC', 'rainMm', 'rainyDays'] as const) expect(s[key], `${s.id} ${key}`).toHaveLength(12);
      for (let m = 0; m < 12; m++) {
        const tmax = s.tmaxC[m] ?? NaN;
        const tmin = s.tminC[m] ?? NaN;
        const rain = s.rainMm[m] ?? NaN;
        const days = s.rainyDays[m] ?? NaN;
        expect(tmax, `${s.id} month ${m + 1}`).toBeGreaterThanOrEqual(-5);
        expect(tmax).toBeLessThanOrEqual(48);
        expect(tmin, `${s.id} month ${m + 1}`).toBeGreaterThanOrEqual(-20);
        expect(tmin, `${s.id} month ${m + 1}: min below max`).toBeLessThan(tmax);
        expect(tmax - tmin, `${s.id} month ${m + 1}: daily range`).toBeLessThanOrEqual(20);
        expect(rain).toBeGreaterThanOrEqual(0);
        expect(rain).toBeLessThanOrEqual(1300);
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(28);
        // Rainy days need rain: no month with many rainy days and almost no rain, or the reverse.
        if (days >= 5) expect(rain, `${s.id} month ${m + 1}`).toBeGreaterThanOrEqual(days * 2.5);
        if (rain >= 100) expect(days, `${s.id} month ${m + 1}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('know the Indian seasons: Mumbai monsoon, Chennai north-east monsoon, Delhi winter', () => {
    const bom = climateFor('BOM')?.months ?? [];
    expect(bom[6]?.rainMm).toBeGreaterThan(500);
    expect(bom[0]?.rainMm).toBeLessThan(10);
    const maa = climateFor('MAA')?.months ?? [];
    expect(maa[10]?.rainMm).toBeGreaterThan(maa[6]?.rainMm ?? Infinity);
    expect(climateFor('DEL')?.months[0]?.tminC).toBeLessThan(10);
  });

  it('answer undefined for an unknown airport', () => {
    expect(climateFor('XXX')).toBeUndefined();
  });
});

describe('typical days', () => {
  it('are built from the normals, blend across month ends and say so', () => {
    const day = typicalDay('GOI', '2027-07-15');
    expect(day?.source).toBe('typical');
    expect(day?.condition).toBe('Rain');
    expect(day?.feelsLikeC).toBeCloseTo((day?.tempC ?? 0) + 2, 5);
    expect(day?.humidity).toBeNull();
    const end = typicalDay('DEL', '2027-05-31');
    const start = typicalDay('DEL', '2027-06-01');
    expect(Math.abs((end?.tempMaxC ?? 0) - (start?.tempMaxC ?? 99))).toBeLessThan(0.5);
  });

  it('show fog on the north Indian plains from 10 December to 10 February, not in Mumbai', () => {
    expect(inFogWindow(new Date('2026-12-10T12:00Z'))).toBe(true);
    expect(inFogWindow(new Date('2027-02-11T12:00Z'))).toBe(false);
    expect(typicalDay('DEL', '2026-12-24')?.condition).toBe('Fog');
    expect(typicalDay('LKO', '2027-01-10')?.condition).toBe('Fog');
    expect(typicalDay('BOM', '2026-12-24')?.condition).toBe('Clear');
  });

  it('run over consecutive dates', () => {
    const days = typicalDays(climateFor('BLR')!, '2026-12-30', 7);
    expect(days.map((d) => d.date)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05']);
  });
});
