import {
  DEFAULT_RECOMMENDATION_BUDGET,
  DEFAULT_RECOMMENDATION_ORIGIN,
  MAX_RECOMMENDATIONS,
  RECOMMENDATION_BUDGET_MAX,
  RECOMMENDATION_BUDGET_MIN,
} from './recommendation-options';
import { z } from './zod';

export * from './recommendation-options';

/** Smart recommendations (GET /api/recommendations): wire types and constants. */

export const RecommendationsQuerySchema = z.object({
  from: z.string().trim().min(1).max(64).default(DEFAULT_RECOMMENDATION_ORIGIN),
  budget: z.coerce
    .number({ message: 'Budget must be a number' })
    .int('Budget must be whole rupees')
    .min(RECOMMENDATION_BUDGET_MIN, `Budget must be at least ₹${RECOMMENDATION_BUDGET_MIN.toLocaleString('en-IN')}`)
    .max(RECOMMENDATION_BUDGET_MAX, `Budget can be at most ₹${RECOMMENDATION_BUDGET_MAX.toLocaleString('en-IN')}`)
    .default(DEFAULT_RECOMMENDATION_BUDGET),
});

const RecommendationSchema = z.object({
  /** Destination airport code. */
  code: z.string().length(3),
  /** Destination city. */
  name: z.string(),
  /** Lowest all-in adult economy fare over the next 30 days, INR. */
  price: z.number().int(),
  /** The date that fare flies. */
  priceDate: z.string(),
  /**
   * Only with a remote supplier (Duffel): when a traveller's search saw `price` (ISO 8601). Destinations no
   * search has seen are left out. Absent with the flight world, whose fares are live.
   */
  seenAt: z.string().optional(),
  /** The route's typical fare: median of the daily lowest fares over the next 60 days, INR. */
  typicalPrice: z.number().int(),
  /** typicalPrice − price, INR (0 when the lowest fare is not below typical). */
  savings: z.number().int().min(0),
  savingPercent: z.number().int().min(0).max(100),
  /** The illustration drawn for the kind of place (bundled SVG scenes, nothing fetched). */
  image: z.enum(['city', 'beach', 'mountain', 'desert', 'heritage', 'island']),
  /** Season at the destination on that date, from its typical monthly weather ("Best season", "Monsoon"…). */
  season: z.string(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const RecommendationsSchema = z.object({
  origin: z.object({ code: z.string().length(3), city: z.string() }),
  budget: z.number().int(),
  currency: z.literal('INR'),
  windowDays: z.number().int(),
  /** False while the origin's fares are still being priced: ask again in a moment. */
  ready: z.boolean(),
  recommendations: z.array(RecommendationSchema).max(MAX_RECOMMENDATIONS),
});
export type Recommendations = z.infer<typeof RecommendationsSchema>;
