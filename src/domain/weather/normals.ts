import { AIRPORTS, type Airport, getAirport } from '../world/airports';
import { distanceKm } from '../world/geo';
import type { ClimateCreditWire } from '../../core/weather';
import { z } from '../../core/zod';
import climateFile from './data/typical-climate.json';

/**
 * Typical monthly weather per station. The bundled rows are approximate (typed from memory, never
 * checked against a published table) and are not official climate normals; where a published table
 * was found and cited (`cited`), its values replace the approximate ones for those fields and months,
 * and the answer names that table, its period and what kind of publication it is.
 */

export const CLIMATE_FIELDS = ['tmaxC', 'tminC', 'rainMm', 'rainyDays'] as const;
export type ClimateField = (typeof CLIMATE_FIELDS)[number];

/** One month of typical weather at a station. */
export interface MonthClimate {
  /** Mean daily maximum, °C. */
  tmaxC: number;
  /** Mean daily minimum, °C. */
  tminC: number;
  /** Monthly rainfall, mm. */
  rainMm: number;
  /** Rainy days in the month (may be fractional in cited tables). */
  rainyDays: number;
}

const months12 = <T extends z.ZodType>(value: T) => z.array(value).length(12);

/** A published monthly table copied for a station, exactly as printed (null where the table has no value). */
const CitedTableSchema = z.object({
  station: z.string(),
  /** The averaging period as the table states it; null when it states none. */
  period: z.string().nullable(),
  sourceTitle: z.string(),
  sourceUrl: z.string(),
  /** The agency or source the table itself credits; null when it credits none. */
  tableSource: z.string().nullable(),
  /** What kind of publication the table comes from (encyclopedia mirror, travel site, …). */
  sourceType: z.string(),
  rainyDayThreshold: z.string().nullable(),
  note: z.string().optional(),
  tmaxC: months12(z.number().nullable()).nullable(),
  tminC: months12(z.number().nullable()).nullable(),
  rainMm: months12(z.number().nullable()).nullable(),
  rainyDays: months12(z.number().nullable()).nullable(),
  /** Values kept as printed but not used (month 1 = January), with the reason. */
  suspect: z.array(z.object({ field: z.enum(CLIMATE_FIELDS), month: z.number().int().min(1).max(12), reason: z.string() })).optional(),
});
export type CitedTable = z.infer<typeof CitedTableSchema>;

const ClimateStationSchema = z.object({
  id: z.string(),
  station: z.string(),
  /** Airports this station stands for directly. */
  serves: z.array(z.string()),
  lat: z.number(),
  lon: z.number(),
  /** Approximate rows, January first. */
  tmaxC: months12(z.number()),
  tminC: months12(z.number()),
  rainMm: months12(z.number()),
  rainyDays: months12(z.number()),
  cited: CitedTableSchema.optional(),
});
export type ClimateStation = z.infer<typeof ClimateStationSchema>;

/** Where an airport's typical weather comes from, in words and in parts (the wire's `climate`). */
export type ClimateCredit = ClimateCreditWire;

/** The typical weather an airport uses: its own station, or the nearest one (with the distance). */
export interface AirportClimate {
  airport: Airport;
  station: ClimateStation;
  /** 0 when the station stands for the airport; otherwise great-circle km to the nearest station. */
  distanceKm: number;
  /** January first. */
  months: MonthClimate[];
  /** Per field, which months (0 = January) carry a cited value. */
  citedMonths: Record<ClimateField, boolean[]>;
  credit: ClimateCredit;
}

export const CLIMATE_STATIONS: readonly ClimateStation[] = z.array(ClimateStationSchema).parse(climateFile.stations);

const DIRECT = new Map<string, ClimateStation>();
for (const station of CLIMATE_STATIONS) for (const code of station.serves) DIRECT.set(code, station);

function nearestStation(airport: Airport): { station: ClimateStation; distanceKm: number } {
  let best: { station: ClimateStation; distanceKm: number } | undefined;
  for (const station of CLIMATE_STATIONS) {
    const km = distanceKm(airport.lat, airport.lon, station.lat, station.lon);
    if (!best || km < best.distanceKm) best = { station, distanceKm: km };
  }
  if (!best) throw new Error('typical-climate.json has no stations');
  return best;
}

/**
 * The cited value of a field and month (0 = January), or null when the table has none or it is suspect.
 * @example citedValue(station, 'tminC', 7) // null for Varanasi (a suspected misprint)
 */
export function citedValue(station: ClimateStation, field: ClimateField, month: number): number | null {
  const table = station.cited;
  const value = table?.[field]?.[month];
  if (value === null || value === undefined) return null;
  if (table?.suspect?.some((s) => s.field === field && s.month === month + 1)) return null;
  return value;
}

/** Reasons a cited table is a weak source: no period, no agency credit, a travel or weather website. */
export function sourceCaveats(table: CitedTable): string[] {
  const caveats: string[] = [];
  if (table.period === null) caveats.push('no averaging period stated');
  if (table.tableSource === null) caveats.push('no agency credited');
  if (/travel|tour|website/i.test(table.sourceType)) caveats.push('a travel or weather website, not an official table');
  return caveats;
}

const FIELD_WORDS: Record<ClimateField, string> = { tmaxC: 'highs', tminC: 'lows', rainMm: 'rainfall', rainyDays: 'rainy days' };

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function creditOf(station: ClimateStation, km: number, cited: Record<ClimateField, boolean[]>): ClimateCredit {
  const where = km > 0 ? `${station.station} (nearest station, ${km} km away)` : station.station;
  const table = station.cited;
  const full = CLIMATE_FIELDS.filter((f) => cited[f].every(Boolean));
  const some = CLIMATE_FIELDS.filter((f) => cited[f].some(Boolean));
  if (!table || some.length === 0) {
    return { station: station.station, distanceKm: km, basis: 'approximate', citation: null, text: `Approximate typical monthly weather for ${where}, not official normals.` };
  }
  const caveats = sourceCaveats(table);
  const basis = full.length === CLIMATE_FIELDS.length ? 'cited' : 'partly-cited';
  const from = `${table.station}, ${table.period ?? 'no period stated'}: ${table.sourceTitle}${table.tableSource ? ` (credits ${table.tableSource})` : ''} — ${table.sourceType}.`;
  const weak = caveats.length ? ` A weak source: ${listWords(caveats)}.` : '';
  const partWords = (fields: readonly ClimateField[]) => listWords(fields.map((f) => FIELD_WORDS[f]));
  const none = CLIMATE_FIELDS.filter((f) => !cited[f].some(Boolean));
  const partly = CLIMATE_FIELDS.filter((f) => cited[f].some(Boolean) && !cited[f].every(Boolean));
  const gaps = [...(none.length ? [`${partWords(none)} approximate`] : []), ...(partly.length ? [`${partWords(partly)} approximate for some months`] : [])];
  const rest = basis === 'cited' ? '' : ` ${capitalise(gaps.join('; '))}, not official normals.`;
  const lead = basis === 'cited' ? `Typical weather for ${where} from ` : `${capitalise(partWords(some))} for ${where} from `;
  return {
    station: station.station,
    distanceKm: km,
    basis,
    citation: { station: table.station, period: table.period, title: table.sourceTitle, url: table.sourceUrl, tableSource: table.tableSource, sourceType: table.sourceType, caveats },
    text: `${lead}${from}${weak}${rest}`,
  };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function buildClimate(airport: Airport): AirportClimate {
  const direct = DIRECT.get(airport.code);
  const { station, distanceKm: exactKm } = direct ? { station: direct, distanceKm: 0 } : nearestStation(airport);
  const km = Math.round(exactKm);
  const citedOf = (field: ClimateField) => Array.from({ length: 12 }, (_, m) => citedValue(station, field, m) !== null);
  const citedMonths = { tmaxC: citedOf('tmaxC'), tminC: citedOf('tminC'), rainMm: citedOf('rainMm'), rainyDays: citedOf('rainyDays') };
  const value = (field: ClimateField, m: number) => citedValue(station, field, m) ?? station[field][m] ?? 0;
  const months = Array.from({ length: 12 }, (_, m) => ({ tmaxC: value('tmaxC', m), tminC: value('tminC', m), rainMm: value('rainMm', m), rainyDays: value('rainyDays', m) }));
  return { airport, station, distanceKm: km, months, citedMonths, credit: creditOf(station, km, citedMonths) };
}

const BY_AIRPORT = new Map(AIRPORTS.map((a) => [a.code, buildClimate(a)]));

/**
 * Typical monthly weather for a served airport, or undefined for an unknown code.
 * @example climateFor('DEL')?.months[0]?.tmaxC // 20 (January, Safdarjung, cited)
 */
export function climateFor(airportCode: string): AirportClimate | undefined {
  const known = BY_AIRPORT.get(airportCode.toUpperCase());
  if (known) return known;
  const airport = getAirport(airportCode);
  return airport ? buildClimate(airport) : undefined;
}
