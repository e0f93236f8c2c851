import { ItinerarySchema } from './search';
import { z } from './zod';

/** The multi-city planner's request (POST /api/plans/multi-city) and messages. */
export const PLANNER_MESSAGES = {
  needTwoStops: 'Please add at least 2 cities with dates',
  optimized: (goal: 'cost' | 'time') => `Route optimized for ${goal}!`,
  saved: 'Trip plan saved! You can now proceed to book individual flights.',
} as const;

/** How a plan chooses each leg: the cheapest or the fastest itinerary that fits. */
const PLAN_MODES = ['price', 'time'] as const;
export type PlanMode = (typeof PLAN_MODES)[number];

export const PlanRequestSchema = z.object({
  stops: z
    .array(z.object({ city: z.string().trim().min(1, PLANNER_MESSAGES.needTwoStops).max(64), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PLANNER_MESSAGES.needTwoStops) }), { message: PLANNER_MESSAGES.needTwoStops })
    .min(2, PLANNER_MESSAGES.needTwoStops)
    .max(6, 'Plan at most 6 cities'),
  mode: z.enum(PLAN_MODES, { message: 'Choose best price or shortest time' }).default('price'),
  optimizeOrder: z.boolean().default(false),
  cabin: z.enum(['economy', 'premium', 'business', 'first']).default('economy'),
  adults: z.number().int().min(1).max(9).default(1),
  children: z.number().int().min(0).max(8).default(0),
  infants: z.number().int().min(0).max(9).default(0),
});
export type PlanRequestBody = z.input<typeof PlanRequestSchema>;

/** A leg: its cities, flight, price and times, plus the itinerary the Book button opens. */
const PlanLegSchema = z.object({
  from: z.string(),
  to: z.string(),
  fromCode: z.string(),
  toCode: z.string(),
  date: z.string(),
  airline: z.string(),
  flightNumber: z.string(),
  /** All-in INR for everyone. */
  price: z.number().int(),
  /** Minutes from departure to arrival. */
  duration: z.number().int(),
  /** Local ISO date-times with offset. */
  departureTime: z.string(),
  arrivalTime: z.string(),
  /** "1h 20m in BOM", or null for a non-stop. */
  layover: z.string().nullable(),
  itinerary: ItinerarySchema,
});
export type PlanLeg = z.infer<typeof PlanLegSchema>;

const TIMELINE_TYPES = ['departure', 'flight', 'layover', 'arrival', 'stay'] as const;

const TimelineEntrySchema = z.object({
  type: z.enum(TIMELINE_TYPES),
  /** Local ISO date-time (with offset) the entry starts. */
  at: z.string(),
  place: z.string(),
  text: z.string(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** A planned trip, as POST /api/plans/multi-city answers it. */
const PlanResultSchema = z
  .object({
    mode: z.enum(PLAN_MODES),
    /** Airport codes in the order flown. */
    order: z.array(z.string()),
    legs: z.array(PlanLegSchema),
    timeline: z.array(TimelineEntrySchema),
    totalPrice: z.number().int(),
    totalMinutes: z.number().int(),
    /** When another order was tried: the order as entered and how it compared. */
    optimization: z.object({
      tried: z.number().int(),
      reordered: z.boolean(),
      asEntered: z.object({ order: z.array(z.string()), totalPrice: z.number().int(), totalMinutes: z.number().int() }).nullable(),
    }),
  })
  .meta({ id: 'PlanResult' });
export type PlanResult = z.infer<typeof PlanResultSchema>;

export const PlanAnswerSchema = z.object({ plan: PlanResultSchema });
export type PlanAnswer = z.infer<typeof PlanAnswerSchema>;

/** At most this many trip plans are kept per traveller. */
export const MAX_SAVED_PLANS = 50;

export const SAVED_PLAN_MESSAGES = {
  gone: 'This flight is no longer available. Please plan the trip again.',
  tooMany: `You can keep up to ${MAX_SAVED_PLANS} trip plans. Delete one to save another.`,
  notFound: 'Trip plan not found',
} as const;

/**
 * Saving a plan (POST /api/trip-plans): the stops in the order flown and, per leg, the itinerary
 * the planner chose. The server re-prices every itinerary; it never stores a price it was sent.
 */
export const SavePlanBodySchema = z
  .object({
    mode: z.enum(PLAN_MODES, { message: 'Choose best price or shortest time' }),
    stops: z
      .array(z.object({ city: z.string().trim().min(1).max(64), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-24') }), { message: PLANNER_MESSAGES.needTwoStops })
      .min(2, PLANNER_MESSAGES.needTwoStops)
      .max(6, 'Plan at most 6 cities'),
    itineraryIds: z.array(z.string().min(1).max(400)).min(1).max(5),
    adults: z.number().int().min(1).max(9).default(1),
    children: z.number().int().min(0).max(8).default(0),
    infants: z.number().int().min(0).max(9).default(0),
  })
  .refine((body) => body.itineraryIds.length === body.stops.length - 1, { message: 'Send one itinerary per leg', path: ['itineraryIds'] });
export type SavePlanBody = z.input<typeof SavePlanBodySchema>;

/** A trip plan saved on the server (GET /api/trip-plans). */
export const SavedPlanViewSchema = z
  .object({
    id: z.string(),
    /** "Delhi → Goa → Mumbai". */
    title: z.string(),
    savedAt: z.string(),
    plan: PlanResultSchema,
  })
  .meta({ id: 'SavedPlanView' });
export type SavedPlanView = z.infer<typeof SavedPlanViewSchema>;

/** One saved plan: the answer of save and read. */
export const SavedPlanAnswerSchema = z.object({ plan: SavedPlanViewSchema });
export type SavedPlanAnswer = z.infer<typeof SavedPlanAnswerSchema>;

export const SavedPlanListSchema = z.object({ plans: z.array(SavedPlanViewSchema) });
export type SavedPlanList = z.infer<typeof SavedPlanListSchema>;
