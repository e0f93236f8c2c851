import { cityNamesFor, resolveCityCode } from '../../core/city-codes';
import airportRows from './data/airports.json';

/** An airport Safar serves (built by scripts/build-airports.mjs from airport-data-js, CC BY 4.0). */
export interface Airport {
  code: string;
  name: string;
  city: string;
  /** ISO 3166-1 alpha-2, e.g. "IN". */
  country: string;
  lat: number;
  lon: number;
  tz: string;
  terminals: string[];
}

export const AIRPORTS: readonly Airport[] = airportRows;

const BY_CODE = new Map(AIRPORTS.map((a) => [a.code, a]));

/** Airport by IATA code. @example getAirport('BOM')?.city // 'Mumbai' */
export function getAirport(code: string): Airport | undefined {
  return BY_CODE.get(code.toUpperCase());
}

/**
 * Turns what a traveller typed (code, city or alternative name) into a served airport.
 * @example findAirport('bombay')?.code // 'BOM'
 */
export function findAirport(text: string): Airport | undefined {
  const resolved = resolveCityCode(text);
  const direct = BY_CODE.get(resolved);
  if (direct) return direct;
  const lower = text.trim().toLowerCase();
  return AIRPORTS.find((a) => a.city.toLowerCase() === lower);
}

/** Airports shown when the suggestion box is empty: the busiest first. */
const POPULAR_AIRPORTS = ['DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'CCU', 'GOI', 'PNQ', 'AMD', 'COK', 'DXB', 'LHR'];

const ALIASES = new Map(AIRPORTS.map((a) => [a.code, cityNamesFor(a.code)]));

/**
 * Ranked airport suggestions: exact code, then city prefix, then alternative name
 * prefix, then city or name containing the text.
 * @example suggestAirports('bom', 8)[0]?.code // 'BOM'
 */
export function suggestAirports(query: string, limit: number): Airport[] {
  const q = query.trim().toLowerCase();
  if (!q) return POPULAR_AIRPORTS.map((c) => BY_CODE.get(c)).filter((a): a is Airport => a !== undefined).slice(0, limit);
  const scored: { airport: Airport; score: number }[] = [];
  const popularRank = (code: string) => {
    const i = POPULAR_AIRPORTS.indexOf(code);
    return i < 0 ? 0 : (POPULAR_AIRPORTS.length - i) / 100;
  };
  for (const airport of AIRPORTS) {
    const city = airport.city.toLowerCase();
    const name = airport.name.toLowerCase();
    const aliases = ALIASES.get(airport.code) ?? [];
    let score = 0;
    if (airport.code.toLowerCase() === q) score = 100;
    else if (city.startsWith(q)) score = 80;
    else if (aliases.some((a) => a.startsWith(q))) score = 60;
    else if (airport.code.toLowerCase().startsWith(q)) score = 50;
    else if (name.startsWith(q)) score = 45;
    else if (city.includes(q) || name.includes(q) || aliases.some((a) => a.includes(q))) score = 30;
    if (score > 0) scored.push({ airport, score: score + popularRank(airport.code) });
  }
  scored.sort((a, b) => b.score - a.score || a.airport.city.localeCompare(b.airport.city));
  return scored.slice(0, limit).map((s) => s.airport);
}
