import type { Itinerary } from './search';
import { z } from './zod';

/** The multi-city planner's request (POST /api/plans/multi-city) and messages. */
export const PLANNER_MESSAGES = {
  needTwoStops: 'Please add at least 2 cities with dates',
  optimized: (goal: 'cost' | 'time') => `Route optimized for ${goal}!`,
  saved: 'Trip plan saved! You can now proceed to book individual flights.',
} as const;

export const PlanRequestSchema = z.object({
  stops: z
    .array(z.object({ city: z.string().trim().min(1, PLANNER_MESSAGES.needTwoStops).max(64), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PLANNER_MESSAGES.needTwoStops) }), { message: PLANNER_MESSAGES.needTwoStops })
    .min(2, PLANNER_MESSAGES.needTwoStops)
    .max(6, 'Plan at most 6 cities'),
  mode: z.enum(['price', 'time'], { message: 'Choose best price or shortest time' }).default('price'),
  optimizeOrder: z.boolean().default(false),
  cabin: z.enum(['economy', 'premium', 'business', 'first']).default('economy'),
  adults: z.number().int().min(1).max(9).default(1),
  children: z.number().int().min(0).max(8).default(0),
  infants: z.number().int().min(0).max(9).default(0),
});
export type PlanRequestBody = z.input<typeof PlanRequestSchema>;

/** How a plan chooses each leg: the cheapest or the fastest itinerary that fits. */
export type PlanMode = 'price' | 'time';

/** The spec's leg fields plus the itinerary the Book button opens. */
export interface PlanLeg {
  from: string;
  to: string;
  fromCode: string;
  toCode: string;
  date: string;
  airline: string;
  flightNumber: string;
  /** All-in INR for everyone. */
  price: number;
  /** Minutes from departure to arrival. */
  duration: number;
  /** Local ISO date-times with offset. */
  departureTime: string;
  arrivalTime: string;
  /** "1h 20m in BOM", or null for a non-stop. */
  layover: string | null;
  itinerary: Itinerary;
}

export type TimelineType = 'departure' | 'flight' | 'layover' | 'arrival' | 'stay';
export interface TimelineEntry {
  type: TimelineType;
  /** Local ISO date-time (with offset) the entry starts. */
  at: string;
  place: string;
  text: string;
}

/** A planned trip, as POST /api/plans/multi-city answers it. */
export interface PlanResult {
  mode: PlanMode;
  /** Airport codes in the order flown. */
  order: string[];
  legs: PlanLeg[];
  timeline: TimelineEntry[];
  totalPrice: number;
  totalMinutes: number;
  /** When another order was tried: the order as entered and how it compared. */
  optimization: { tried: number; reordered: boolean; asEntered: { order: string[]; totalPrice: number; totalMinutes: number } | null };
}
