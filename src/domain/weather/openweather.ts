import { z } from 'zod';
import type { ForecastDay, WeatherCondition } from './typical';

/** OpenWeatherMap's 5-day / 3-hour forecast endpoint. */
const OPENWEATHER_FORECAST_URL = 'https://api.openweathermap.org/data/2.5/forecast';

const CONDITIONS: readonly WeatherCondition[] = ['Clear', 'Clouds', 'Rain', 'Drizzle', 'Thunderstorm', 'Snow', 'Mist', 'Fog', 'Haze', 'Smoke', 'Dust'];

/** The fields Safar reads from the forecast answer; anything else is ignored. */
const OpenWeatherForecastSchema = z.object({
  city: z.object({ name: z.string(), timezone: z.number().optional() }),
  list: z
    .array(
      z.object({
        dt: z.number(),
        main: z.object({ temp: z.number(), temp_max: z.number(), temp_min: z.number(), humidity: z.number(), feels_like: z.number().optional() }),
        weather: z.array(z.object({ main: z.string() })).min(1),
        wind: z.object({ speed: z.number() }),
        visibility: z.number().optional(),
        pop: z.number().optional(),
      }),
    )
    .min(1),
});
export type OpenWeatherForecast = z.infer<typeof OpenWeatherForecastSchema>;

/** Why a forecast call failed, for the log line. */
export class WeatherProviderError extends Error {
  override name = 'WeatherProviderError';
  constructor(readonly reason: 'timeout' | 'http' | 'malformed' | 'network', message: string, readonly status?: number) {
    super(message);
  }
}

/**
 * Calls the forecast endpoint for one city (query by city name and country, metric units).
 * Throws WeatherProviderError on time-out, a non-2xx status, a network error or a body that
 * lacks the fields above.
 */
export async function fetchOpenWeatherForecast(options: {
  city: string;
  country: string;
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
}): Promise<OpenWeatherForecast> {
  const url = new URL(OPENWEATHER_FORECAST_URL);
  url.searchParams.set('q', `${options.city},${options.country}`);
  url.searchParams.set('appid', options.apiKey);
  url.searchParams.set('units', 'metric');
  let response: Response;
  try {
    response = await options.fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { Accept: 'application/json' } });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') throw new WeatherProviderError('timeout', `no answer within ${options.timeoutMs} ms`);
    throw new WeatherProviderError('network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new WeatherProviderError('http', `HTTP ${response.status}`, response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new WeatherProviderError('malformed', 'body is not JSON');
  }
  const parsed = OpenWeatherForecastSchema.safeParse(body);
  if (!parsed.success) throw new WeatherProviderError('malformed', `unexpected body: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim());
  return parsed.data;
}

function toCondition(main: string): WeatherCondition {
  return (CONDITIONS as readonly string[]).includes(main) ? (main as WeatherCondition) : 'Other';
}

/** Wettest/most notable wins when a day's 3-hour slots disagree. */
const SEVERITY: Record<WeatherCondition, number> = { Thunderstorm: 9, Snow: 8, Rain: 7, Drizzle: 6, Fog: 5, Mist: 4, Dust: 4, Smoke: 3, Haze: 3, Clouds: 2, Clear: 1, Other: 0 };

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Folds the 3-hourly list into one entry per local day: max of temp_max, min of temp_min, the
 * slot nearest local noon for temperature, feels-like, humidity, wind and visibility, the most
 * notable condition seen in daytime slots, and the highest pop.
 */
export function dailyFromOpenWeather(forecast: OpenWeatherForecast, fallbackOffsetSeconds: number): ForecastDay[] {
  const offset = forecast.city.timezone ?? fallbackOffsetSeconds;
  const byDate = new Map<string, OpenWeatherForecast['list']>();
  for (const slot of forecast.list) {
    const date = new Date((slot.dt + offset) * 1000).toISOString().slice(0, 10);
    const slots = byDate.get(date) ?? [];
    slots.push(slot);
    byDate.set(date, slots);
  }
  const days: ForecastDay[] = [];
  for (const [date, slots] of [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const localHour = (dt: number) => new Date((dt + offset) * 1000).getUTCHours();
    const noon = slots.reduce((best, s) => (Math.abs(localHour(s.dt) - 13) < Math.abs(localHour(best.dt) - 13) ? s : best));
    const daytime = slots.filter((s) => localHour(s.dt) >= 6 && localHour(s.dt) <= 21);
    const condition = (daytime.length ? daytime : slots)
      .map((s) => toCondition(s.weather[0]?.main ?? ''))
      .reduce((a, b) => (SEVERITY[b] > SEVERITY[a] ? b : a));
    days.push({
      date,
      dt: noon.dt,
      tempC: round1(noon.main.temp),
      tempMaxC: round1(Math.max(...slots.map((s) => s.main.temp_max))),
      tempMinC: round1(Math.min(...slots.map((s) => s.main.temp_min))),
      feelsLikeC: round1(noon.main.feels_like ?? noon.main.temp + 2),
      humidity: Math.round(noon.main.humidity),
      condition,
      windSpeed: round1(noon.wind.speed),
      visibility: noon.visibility ?? null,
      pop: Math.round(Math.max(...slots.map((s) => s.pop ?? 0)) * 100) / 100,
      source: 'forecast',
    });
  }
  return days;
}
