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

/**
 * Where typical days come from. The bundled values are approximate typical monthly weather, not
 * official normals; a station with a cited published table names it (title, address, period as the
 * table states it, the kind of publication, and why it is weak when it is).
 */
const ClimateCreditSchema = z.object({
  /** The station the values describe. */
  station: z.string(),
  /** 0 when the station stands for the airport; otherwise km to the nearest station. */
  distanceKm: z.number(),
  /** 'cited': every value from the cited table; 'partly-cited': some; 'approximate': none. */
  basis: z.enum(['cited', 'partly-cited', 'approximate']),
  citation: z
    .object({
      station: z.string(),
      period: z.string().nullable(),
      title: z.string(),
      url: z.string(),
      tableSource: z.string().nullable(),
      sourceType: z.string(),
      /** Why the source is weak (no period, no agency, a travel or weather website); empty when none applies. */
      caveats: z.array(z.string()),
    })
    .nullable(),
  /** One line for a footnote. */
  text: z.string(),
});
export type ClimateCreditWire = z.infer<typeof ClimateCreditSchema>;

export const WeatherReportSchema = z.object({
  airport: z.object({ code: z.string(), city: z.string(), country: z.string() }),
  city: z.string(),
  /** 'openweathermap' when at least one day is a real forecast; 'typical' when every day is typical weather. */
  source: z.enum(['openweathermap', 'typical']),
  days: z.array(ForecastDaySchema),
  climate: ClimateCreditSchema,
  fetchedAt: z.string(),
});
export type WeatherReportWire = z.infer<typeof WeatherReportSchema>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * Shown for days built from typical monthly weather instead of a forecast: the month (or months) of those days.
 * @example typicalLabel(['2026-12-30', '2027-01-02']) // "Typical for December and January"
 */
export function typicalLabel(isoDates: readonly string[]): string {
  const names = [...new Set(isoDates.map((d) => MONTHS[Number(d.slice(5, 7)) - 1]).filter((m) => m !== undefined))];
  if (names.length === 0) return 'Typical for this time of year';
  return `Typical for ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`}`;
}

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
  climate: ClimateCreditSchema,
});
export type InsightsAnswer = z.infer<typeof InsightsAnswerSchema>;
