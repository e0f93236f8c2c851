import { type AirportClimate, type MonthClimate, climateFor } from './normals';

/** Weather words shared by forecasts and typical days (OpenWeatherMap's `weather.main` values). */
export type WeatherCondition = 'Clear' | 'Clouds' | 'Rain' | 'Drizzle' | 'Thunderstorm' | 'Snow' | 'Mist' | 'Fog' | 'Haze' | 'Smoke' | 'Dust' | 'Other';

/** One day of the 7-day answer: a real forecast, or typical weather for that date. */
export interface ForecastDay {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  /** Unix seconds (noon UTC of the date for typical days). */
  dt: number;
  tempC: number;
  tempMaxC: number;
  tempMinC: number;
  /** The provider's feels-like value when it has one; otherwise temperature + 2. */
  feelsLikeC: number;
  /** Relative humidity %, or null when unknown (typical days carry none). */
  humidity: number | null;
  condition: WeatherCondition;
  /** m/s, or null when unknown. */
  windSpeed: number | null;
  /** metres, or null when unknown. */
  visibility: number | null;
  /** Probability of precipitation 0–1 (typical days: share of rainy days in the month). */
  pop: number;
  /** 'forecast' from the weather service; 'typical' from typical monthly weather. */
  source: 'forecast' | 'typical';
}

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** Linear blend between the two mid-month normals around a date, so the values do not jump on the 1st. */
function blendedNormal(months: readonly MonthClimate[], date: Date): MonthClimate & { popMonth: number } {
  const year = date.getUTCFullYear();
  const month0 = date.getUTCMonth();
  const day = date.getUTCDate();
  const length = daysInMonth(year, month0);
  const mid = (length + 1) / 2;
  const otherMonth = day < mid ? (month0 + 11) % 12 : (month0 + 1) % 12;
  const otherLength = daysInMonth(year, otherMonth);
  const distance = day < mid ? mid - day : day - mid;
  const span = day < mid ? mid + (otherLength - (otherLength + 1) / 2) : (length - mid) + (otherLength + 1) / 2;
  const w = span > 0 ? distance / span : 0;
  const a = months[month0];
  const b = months[otherMonth];
  if (!a || !b) throw new Error('normals need 12 months');
  const mix = (x: number, y: number) => x * (1 - w) + y * w;
  return {
    tmaxC: mix(a.tmaxC, b.tmaxC),
    tminC: mix(a.tminC, b.tminC),
    rainMm: a.rainMm,
    rainyDays: a.rainyDays,
    popMonth: Math.min(1, mix(a.rainyDays / length, b.rainyDays / otherLength)),
  };
}

/** North Indian plains where winter fog closes airports (DGCA's fog window 10 Dec – 10 Feb). */
function inFogBelt(climate: AirportClimate): boolean {
  const { country, lat, lon } = climate.airport;
  return country === 'IN' && lat >= 24 && lat <= 32.3 && lon >= 73.5 && lon <= 88.5 && climate.months[0] !== undefined && climate.months[0].tminC >= 3;
}

/** True from 10 December to 10 February. */
export function inFogWindow(date: Date): boolean {
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  return (m === 11 && d >= 10) || m === 0 || (m === 1 && d <= 10);
}

function conditionFor(pop: number, tmaxC: number, fog: boolean): WeatherCondition {
  if (pop >= 0.45) return tmaxC <= 1 ? 'Snow' : 'Rain';
  if (fog) return 'Fog';
  if (pop >= 0.2) return 'Clouds';
  return 'Clear';
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The typical weather on a date at an airport, from its typical monthly weather (never random).
 * @example typicalDay('DEL', '2026-12-24')?.condition // 'Fog'
 */
export function typicalDay(airportCode: string, isoDate: string): ForecastDay | undefined {
  const climate = climateFor(airportCode);
  if (!climate) return undefined;
  return typicalDayFor(climate, isoDate);
}

function typicalDayFor(climate: AirportClimate, isoDate: string): ForecastDay {
  const date = new Date(`${isoDate}T12:00:00Z`);
  const n = blendedNormal(climate.months, date);
  const temp = (n.tmaxC + n.tminC) / 2;
  return {
    date: isoDate,
    dt: Math.floor(date.getTime() / 1000),
    tempC: round1(temp),
    tempMaxC: round1(n.tmaxC),
    tempMinC: round1(n.tminC),
    feelsLikeC: round1(temp + 2),
    humidity: null,
    condition: conditionFor(n.popMonth, n.tmaxC, inFogBelt(climate) && inFogWindow(date)),
    windSpeed: null,
    visibility: null,
    pop: Math.round(n.popMonth * 100) / 100,
    source: 'typical',
  };
}

/** `count` consecutive typical days from `startIso`. */
export function typicalDays(climate: AirportClimate, startIso: string, count: number): ForecastDay[] {
  const start = Date.parse(`${startIso}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => typicalDayFor(climate, new Date(start + i * DAY_MS).toISOString().slice(0, 10)));
}
