import type { Clock } from '../../core/clock';
import { isoDate, localDayOf, offsetMinutesAt } from '../world/time';
import { type AirportClimate, type ClimateCredit, climateFor } from './normals';
import { WeatherProviderError, dailyFromOpenWeather, fetchOpenWeatherForecast } from './openweather';
import { type ForecastDay, typicalDays } from './typical';

/** Days in every weather answer. */
export const FORECAST_DAYS = 7;
/** A city's forecast is fetched at most once per 30 minutes and shared by every traveller. */
const FORECAST_TTL_MS = 30 * 60_000;
/** After a failed call the fallback is kept for 5 minutes before the provider is tried again. */
const FAILURE_TTL_MS = 5 * 60_000;
const PROVIDER_TIMEOUT_MS = 4_000;

/** Structured log sink (the server's Logger satisfies it). */
interface WeatherLog {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

interface WeatherReport {
  airport: { code: string; city: string; country: string };
  /** The provider's city name, else the airport's city. */
  city: string;
  /** 'openweathermap' when at least one day is a real forecast; 'typical' otherwise. */
  source: 'openweathermap' | 'typical';
  /** Exactly FORECAST_DAYS days from the airport's local today (or the later start asked for); days past the forecast range are typical days. */
  days: ForecastDay[];
  /** Where the typical days come from (approximate, or a cited table). */
  climate: ClimateCredit;
  /** When the provider answered (or when the fallback was built). */
  fetchedAt: string;
}

export interface WeatherService {
  /**
   * The 7-day report for an airport from its local today (or from `from`, e.g. the travel date,
   * when later), or undefined for an unknown airport code. Never throws for provider trouble.
   */
  forecast(airportCode: string, from?: string): Promise<WeatherReport | undefined>;
}

export interface WeatherServiceOptions {
  /** OPENWEATHER_API_KEY; without it every answer is typical weather. */
  apiKey?: string | undefined;
  clock: Clock;
  log: WeatherLog;
  fetch?: typeof fetch;
  ttlMs?: number;
  failureTtlMs?: number;
  timeoutMs?: number;
}

interface CacheEntry {
  expires: number;
  /** Provider days (may be empty after a failure), keyed by local date. */
  provided: ForecastDay[];
  city: string;
  fetchedAt: string;
}

function localToday(climate: AirportClimate, now: Date): string {
  return isoDate(localDayOf(Math.floor(now.getTime() / 60_000), climate.airport.tz));
}

function assemble(climate: AirportClimate, now: Date, entry: Pick<CacheEntry, 'provided' | 'city' | 'fetchedAt'>, from?: string): WeatherReport {
  const today = localToday(climate, now);
  const start = from && from > today ? from : today;
  const typical = typicalDays(climate, start, FORECAST_DAYS);
  const provided = new Map(entry.provided.map((d) => [d.date, d]));
  const days = typical.map((t) => provided.get(t.date) ?? t);
  const { airport } = climate;
  return {
    airport: { code: airport.code, city: airport.city, country: airport.country },
    city: entry.city,
    source: days.some((d) => d.source === 'forecast') ? 'openweathermap' : 'typical',
    days,
    climate: climate.credit,
    fetchedAt: entry.fetchedAt,
  };
}

/**
 * The weather adapter: OpenWeatherMap's 5-day forecast when a key is configured, cached per city
 * for 30 minutes (one request per city however many travellers ask, concurrent asks share it);
 * time-outs, HTTP errors and malformed bodies are logged and answered with typical weather.
 * @example const weather = createWeatherService({ apiKey, clock, log: logger }); await weather.forecast('GOI')
 */
export function createWeatherService(options: WeatherServiceOptions): WeatherService {
  const ttl = options.ttlMs ?? FORECAST_TTL_MS;
  const failureTtl = options.failureTtlMs ?? FAILURE_TTL_MS;
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<CacheEntry>>();

  async function load(climate: AirportClimate, key: string): Promise<CacheEntry> {
    const apiKey = options.apiKey;
    const now = options.clock.now();
    if (!apiKey) return { expires: Number.POSITIVE_INFINITY, provided: [], city: climate.airport.city, fetchedAt: now.toISOString() };
    try {
      const answer = await fetchOpenWeatherForecast({ city: climate.airport.city, country: climate.airport.country, apiKey, fetch: doFetch, timeoutMs });
      const offsetSeconds = offsetMinutesAt(climate.airport.tz, now.getTime()) * 60;
      return { expires: now.getTime() + ttl, provided: dailyFromOpenWeather(answer, offsetSeconds), city: answer.city.name, fetchedAt: now.toISOString() };
    } catch (error) {
      const reason = error instanceof WeatherProviderError ? error.reason : 'error';
      options.log.warn('weather provider failed; answering with typical weather', {
        provider: 'openweathermap',
        city: key,
        reason,
        status: error instanceof WeatherProviderError ? error.status : undefined,
        detail: error instanceof Error ? error.message : String(error),
      });
      return { expires: now.getTime() + failureTtl, provided: [], city: climate.airport.city, fetchedAt: now.toISOString() };
    }
  }

  return {
    async forecast(airportCode, from) {
      const climate = climateFor(airportCode);
      if (!climate) return undefined;
      const key = `${climate.airport.city},${climate.airport.country}`;
      const now = options.clock.now();
      let entry = cache.get(key);
      if (!entry || entry.expires <= now.getTime()) {
        let pending = inFlight.get(key);
        if (!pending) {
          pending = load(climate, key).finally(() => inFlight.delete(key));
          inFlight.set(key, pending);
        }
        entry = await pending;
        cache.set(key, entry);
      }
      return assemble(climate, now, entry, from);
    },
  };
}

