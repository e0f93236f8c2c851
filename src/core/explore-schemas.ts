import { z } from './zod';

/**
 * Wire types of the Explore API (catalogue, details, favourites). The browser imports
 * only the inferred types, so zod stays out of the Explore page's chunk.
 */

/** A catalogue route id: lower-case origin and destination codes, e.g. "lhr-cdg". */
export const RouteIdSchema = z
  .string()
  .regex(/^[a-z]{3}-[a-z]{3}$/, 'Route not found')
  .describe('Lower-case origin-destination codes, e.g. "del-bom"');

const ExploreRouteSchema = z.object({
  id: RouteIdSchema,
  /** Origin city (`name` on the wire). */
  name: z.string(),
  /** Destination city (`name2` on the wire). */
  name2: z.string(),
  from: z.string().length(3),
  to: z.string().length(3),
  description: z.string(),
  /** Traveller rating out of 5, one decimal. */
  rating: z.number().min(0).max(5),
  /** Lowest all-in adult economy fare over the next 30 days, INR; null when nothing is on sale. */
  price: z.number().int().nullable(),
  /** The date that lowest fare flies. */
  priceDate: z.string().nullable(),
  /**
   * Only with a remote supplier (Duffel), whose fares are last-known rather than live: when a traveller's
   * search saw `price` (ISO 8601), or null when no search has seen the route in the window yet (then
   * `price` is null though flights may well fly). Absent with the flight world, whose fares are live.
   */
  seenAt: z.string().nullable().optional(),
  /** Typical fare: median of the daily lowest fares over the next 60 days, INR. */
  typicalPrice: z.number().int().nullable(),
  /** Whole percent the lowest fare is below the typical fare (0 when it is not below). */
  savingPercent: z.number().int().min(0).max(100),
  /** Typical non-stop block time, minutes. */
  durationMinutes: z.number().int().positive(),
  international: z.boolean(),
  /** Theme of the bundled illustration. */
  art: z.enum(['city', 'beach', 'mountain', 'desert', 'heritage', 'island']),
});
export type ExploreRoute = z.infer<typeof ExploreRouteSchema>;

export const ExploreCatalogueSchema = z.object({
  routes: z.array(ExploreRouteSchema),
  /** First day of the 30-day fare window (India date). */
  windowStart: z.string(),
  windowDays: z.number().int(),
  currency: z.literal('INR'),
});
export type ExploreCatalogue = z.infer<typeof ExploreCatalogueSchema>;

const AirlinePolicySchema = z.object({
  code: z.string(),
  name: z.string(),
  flightsPerWeek: z.number().int(),
  /** Checked and cabin allowance of each economy fare family, cheapest first. */
  baggage: z.string(),
  /** The cheapest family's cancellation fees by band, and that taxes and airport charges are always refunded. */
  cancellation: z.string(),
  /** Every economy fare family on this kind of route with its rules in words (baggage, seat, meal, change, cancellation, taxes). */
  families: z.array(z.object({ code: z.string(), name: z.string(), rules: z.array(z.string()) })),
});

export const RouteDetailsSchema = z.object({
  route: ExploreRouteSchema,
  /** Aircraft types flown on the route, most used first. */
  aircraft: z.array(z.string()),
  /** Earliest and latest scheduled departures (local time at the origin, "06:05"). */
  firstDeparture: z.string(),
  lastDeparture: z.string(),
  /** Arrival times of those two flights (local time at the destination), with "+1" when next day. */
  firstArrival: z.string(),
  lastArrival: z.string(),
  departureTerminals: z.array(z.string()),
  arrivalTerminals: z.array(z.string()),
  flightsPerWeek: z.number().int(),
  airlines: z.array(AirlinePolicySchema),
  amenities: z.array(z.string()),
});
export type RouteDetails = z.infer<typeof RouteDetailsSchema>;

export const FavoritesSchema = z.object({ routeIds: z.array(RouteIdSchema) });
export type Favorites = z.infer<typeof FavoritesSchema>;

