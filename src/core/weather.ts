import { z } from './zod';

/** Wire types of the weather and destination-insight answers (GET /api/weather/{code}). */

const WEATHER_CONDITIONS = ['Clear', 'Clouds', 'Rain', 'Drizzle', 'Thunderstorm', 'Snow', 'Mist', 'Fog', 'Haze', 'Smoke', 'Dust', 'Other'] as const;

const ForecastDaySchema = z.object({
  date: z.string(),
  dt: z.number().int(),
  tempC: z.number(),
  tempMaxC: z.number(),
  tempMinC: z.number(),
  feelsLikeC: z.number(),
  humidity: z.number().nullable(),
  condition: z.enum(WEATHER_CONDITIONS),
  windSpeed: z.number().nullable(),
  visibility: z.number().nullable(),
  pop: z.number().min(0).max(1),
  source: z.enum(['forecast', 'typical']),
});
export type ForecastDayWire = z.infer<typeof ForecastDaySchema>;

export const WeatherReportSchema = z.object({
  airport: z.object({ code: z.string(), city: z.string(), country: z.string() }),
  city: z.string(),
  source: z.enum(['openweathermap', 'climate-normals']),
  days: z.array(ForecastDaySchema),
  climate: z.object({ station: z.string(), source: z.string(), period: z.string(), distanceKm: z.number() }),
  fetchedAt: z.string(),
});
export type WeatherReportWire = z.infer<typeof WeatherReportSchema>;

/** Shown on every day built from climate normals instead of a forecast. */
export const TYPICAL_LABEL = 'Typical for this time of year';

const EVENT_TYPES = ['cultural', 'festival', 'entertainment', 'sports', 'national'] as const;

const LocalEventSchema = z.object({
  name: z.string(),
  date: z.string(),
  endDate: z.string(),
  type: z.enum(EVENT_TYPES),
  icon: z.string(),
  place: z.string(),
});

const DestinationInsightSchema = z.object({
  bestMonths: z.array(z.string()),
  peakSeason: z.string(),
  offSeason: z.string(),
  weather: z.string(),
  activities: z.array(z.string()),
  avgTemp: z.number(),
  cheapMonths: z.array(z.string()),
  months: z.array(z.object({ month: z.number().int(), weatherScore: z.number(), fareIndex: z.number(), score: z.number(), concerns: z.array(z.string()) })),
});

export const InsightsAnswerSchema = z.object({
  airport: z.object({ code: z.string(), city: z.string(), country: z.string() }),
  date: z.string(),
  insight: DestinationInsightSchema,
  events: z.array(LocalEventSchema),
  /** 'near': events around the travel date; 'upcoming': none were, so the next ones. */
  eventsWindow: z.enum(['near', 'upcoming']),
  climate: z.object({ station: z.string(), source: z.string(), period: z.string(), distanceKm: z.number() }),
});
export type InsightsAnswer = z.infer<typeof InsightsAnswerSchema>;
