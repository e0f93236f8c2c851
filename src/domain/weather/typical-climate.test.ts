import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AIRPORTS } from '../world/airports';
import { destinationInsight, rainPhrase } from './insights';
import { CLIMATE_FIELDS, CLIMATE_STATIONS, citedValue, climateFor, sourceCaveats } from './normals';

/** The project's collection of cited tables, beside the repository (not shipped; the app never reads it). */
const CITED_FILE = fileURLToPath(new URL('../../../../shared/data/climate-normals-cited.json', import.meta.url));

const citedStations = CLIMATE_STATIONS.filter((s) => s.cited);

describe('cited tables', () => {
  it('cover the 28 stations copied from published tables, each with its source, period and kind', () => {
    expect(citedStations).toHaveLength(28);
    for (const s of citedStations) {
      expect(s.cited?.sourceTitle, s.id).toBeTruthy();
      expect(s.cited?.sourceUrl, s.id).toMatch(/^https?:\/\//);
      expect(s.cited?.sourceType, s.id).toBeTruthy();
      expect(s.cited && 'period' in s.cited, s.id).toBe(true);
    }
  });

  it.skipIf(!existsSync(CITED_FILE))('hold exactly the values of the shared collection', () => {
    const shared: { stations: Record<string, unknown>[] } = JSON.parse(readFileSync(CITED_FILE, 'utf8'));
    expect(shared.stations.map((s) => s.id).sort()).toEqual(citedStations.map((s) => s.id).sort());
    for (const table of shared.stations) {
      const station = citedStations.find((s) => s.id === table.id);
      for (const key of ['station', 'period', 'sourceTitle', 'sourceUrl', 'tableSource', 'sourceType', 'rainyDayThreshold', 'note', ...CLIMATE_FIELDS]) {
        expect(station?.cited?.[key as keyof typeof station.cited], `${String(table.id)} ${key}`).toEqual(table[key]);
      }
    }
  });

  it('give every cited value to the airports the station serves (a suspect value only is skipped)', () => {
    for (const s of citedStations) {
      for (const code of s.serves) {
        const climate = climateFor(code);
        for (const field of CLIMATE_FIELDS) {
          for (let m = 0; m < 12; m++) {
            const printed = s.cited?.[field]?.[m] ?? null;
            const suspect = s.cited?.suspect?.some((x) => x.field === field && x.month === m + 1) ?? false;
            const used = climate?.months[m]?.[field];
            if (printed !== null && !suspect) {
              expect(used, `${code} ${field} month ${m + 1}`).toBe(printed);
              expect(climate?.citedMonths[field][m]).toBe(true);
            } else {
              expect(used, `${code} ${field} month ${m + 1}`).toBe(s[field][m]);
              expect(climate?.citedMonths[field][m]).toBe(false);
            }
          }
        }
      }
    }
  });

  it('correct the clear errors of the approximate rows (Kurnool, Barcelona, Veraval)', () => {
    const kurnool = climateFor('KJB')?.months ?? [];
    expect(kurnool.slice(3, 9).map((m) => m.tminC)).toEqual([25, 25, 23, 22, 22, 22]);
    const barcelona = climateFor('BCN')?.months ?? [];
    expect(barcelona[0]?.tminC).toBe(6);
    expect(barcelona[6]?.tminC).toBe(21);
    const veraval = climateFor('DIU')?.months ?? [];
    expect(veraval[6]?.rainMm).toBe(198);
    expect(veraval[5]?.tmaxC).toBeCloseTo(30.3, 5);
    // Varanasi's printed August low (21.1 °C) is a suspected misprint: August keeps the approximate value.
    const varanasi = CLIMATE_STATIONS.find((s) => s.id === 'VNS');
    expect(varanasi && citedValue(varanasi, 'tminC', 7)).toBeNull();
    expect(climateFor('VNS')?.months[7]?.tminC).toBe(varanasi?.tminC[7]);
  });

  it('name the station, period and source, and say so when the source is weak', () => {
    const del = climateFor('DEL')?.credit;
    expect(del?.basis).toBe('partly-cited');
    expect(del?.text).toBe(
      "Highs, lows and rainfall for New Delhi (Safdarjung) from New Delhi, Safdarjung, 1991-2020: New Delhi, Safdarjung (1991-2020) climate chart (article 'Climate of Delhi') (credits IMD) — encyclopedia climate chart (Wikipedia mirror), whole numbers. Rainy days approximate, not official normals.",
    );
    const leh = climateFor('IXL')?.credit;
    expect(leh?.citation?.caveats).toEqual(['no agency credited', 'a travel or weather website, not an official table']);
    expect(leh?.text).toContain('2016-2023');
    expect(leh?.text).toContain('A weak source: no agency credited and a travel or weather website, not an official table.');
    expect(leh?.text).toContain('Rainfall and rainy days approximate');
    const chennai = climateFor('MAA')?.credit;
    expect(chennai?.basis).toBe('cited');
    expect(chennai?.text).toContain('no period stated');
    expect(chennai?.text).toContain('A weak source: no averaging period stated.');
    expect(chennai?.text).not.toContain('approximate');
    // Jalandhar's table lacks November and December rainfall: those months stay approximate.
    expect(climateFor('AIP')?.credit.text).toContain('Rainy days approximate; rainfall approximate for some months, not official normals.');
    const mumbai = climateFor('BOM')?.credit;
    expect(mumbai).toMatchObject({ basis: 'approximate', citation: null, text: 'Approximate typical monthly weather for Mumbai (Santacruz), not official normals.' });
    for (const s of citedStations) if (s.cited) expect(sourceCaveats(s.cited).length > 0, s.id).toBe(s.cited.period === null || s.cited.tableSource === null || /travel|tour|website/i.test(s.cited.sourceType));
  });

  it('never claim official 1991–2020 normals for an approximate value', () => {
    for (const airport of AIRPORTS) {
      const text = climateFor(airport.code)?.credit.text ?? '';
      expect(text, airport.code).not.toMatch(/1991–2020 normals|climatological normals/);
    }
  });
});

describe('rain in words', () => {
  it('follows the rule: mostly dry under 5 mm, "rarely a rainy day" when days round to none, else rounded days', () => {
    expect(rainPhrase(0, 0)).toBe('mostly dry');
    expect(rainPhrase(4.1, 1)).toBe('mostly dry');
    expect(rainPhrase(5, 0)).toBe('about 5 mm of rain, rarely a rainy day');
    expect(rainPhrase(12.5, 0.9)).toBe('about 13 mm of rain on about 1 day');
    expect(rainPhrase(840, 22)).toBe('about 840 mm of rain on about 22 days');
    expect(rainPhrase(348.9, 12.9)).toBe('about 350 mm of rain on about 13 days');
  });

  it('never says "0 days" for any station and month, nor in any airport’s month line', () => {
    for (const s of CLIMATE_STATIONS) {
      const months = climateFor(s.serves[0] ?? '')?.months ?? [];
      months.forEach((m, i) => {
        const text = rainPhrase(m.rainMm, m.rainyDays);
        expect(text, `${s.id} month ${i + 1}`).not.toMatch(/\b0 days?\b|over 0/);
        expect(text, `${s.id} month ${i + 1}`).toMatch(/^(mostly dry|about \d+ mm of rain(, rarely a rainy day| on about [1-9]\d* days?))$/);
      });
    }
    for (const airport of AIRPORTS) {
      for (let m = 1; m <= 12; m++) {
        const line = destinationInsight(airport.code, `2027-${String(m).padStart(2, '0')}-15`)?.weather ?? '';
        expect(line, `${airport.code} month ${m}`).not.toMatch(/\b0 days?\b/);
      }
    }
  });

  it('says Mumbai in December is mostly dry, not "5 mm rain over 0 days"', () => {
    expect(destinationInsight('BOM', '2026-12-20')?.weather).toBe('December: 33°/19°, about 5 mm of rain, rarely a rainy day');
  });
});
