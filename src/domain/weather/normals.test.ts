import { describe, expect, it } from 'vitest';
import { AIRPORTS } from '../world/airports';
import { CLIMATE_STATIONS, climateFor } from './normals';
import { inFogWindow, typicalDay, typicalDays } from './typical';

describe('typical monthly weather', () => {
  it('covers every served airport with 12 complete months and says where they come from', () => {
    for (const airport of AIRPORTS) {
      const climate = climateFor(airport.code);
      expect(climate, airport.code).toBeDefined();
      if (!climate) continue;
      expect(climate.months, airport.code).toHaveLength(12);
      expect(climate.credit.text.length, airport.code).toBeGreaterThan(10);
      if (climate.credit.basis === 'approximate') expect(climate.credit.text, airport.code).toMatch(/^Approximate typical monthly weather for .+, not official normals\.$/);
      else expect(climate.credit.text, airport.code).toContain(climate.credit.citation?.station ?? 'no citation');
      // Nearest-station fallback stays regional (Ayodhya uses Bahraich, 106 km away).
      expect(climate.distanceKm, `${airport.code} → ${climate.station.station}`).toBeLessThanOrEqual(150);
    }
  });

  it('holds plausible values in every station and month (approximate and cited merged)', () => {
    for (const station of CLIMATE_STATIONS) {
      const climate = climateFor(station.serves[0] ?? '');
      expect(climate, station.id).toBeDefined();
      const s = { id: station.id, months: climate?.months ?? [] };
      expect(s.months, s.id).toHaveLength(12);
      for (let m = 0; m < 12; m++) {
        const month = s.months[m];
        const tmax = month?.tmaxC ?? NaN;
        const tmin = month?.tminC ?? NaN;
        const rain = month?.rainMm ?? NaN;
        const days = month?.rainyDays ?? NaN;
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

  it('knows the Indian seasons: Mumbai monsoon, Chennai north-east monsoon, Delhi winter', () => {
    const bom = climateFor('BOM')?.months ?? [];
    expect(bom[6]?.rainMm).toBeGreaterThan(500);
    expect(bom[0]?.rainMm).toBeLessThan(10);
    const maa = climateFor('MAA')?.months ?? [];
    expect(maa[10]?.rainMm).toBeGreaterThan(maa[6]?.rainMm ?? Infinity);
    expect(climateFor('DEL')?.months[0]?.tminC).toBeLessThan(10);
  });

  it('answers undefined for an unknown airport', () => {
    expect(climateFor('XXX')).toBeUndefined();
  });
});

describe('typical days', () => {
  it('are built from typical monthly weather, blend across month ends and say so', () => {
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
