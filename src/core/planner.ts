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

export interface PlanLegWire {
  from: string;
  to: string;
  fromCode: string;
  toCode: string;
  date: string;
  airline: string;
  flightNumber: string;
  price: number;
  duration: number;
  departureTime: string;
  arrivalTime: string;
  layover: string | null;
  itinerary: Itinerary;
}

export interface PlanResultWire {
  mode: 'price' | 'time';
  order: string[];
  legs: PlanLegWire[];
  timeline: { type: 'departure' | 'flight' | 'layover' | 'arrival' | 'stay'; at: string; place: string; text: string }[];
  totalPrice: number;
  totalMinutes: number;
  optimization: { tried: number; reordered: boolean; asEntered: { order: string[]; totalPrice: number; totalMinutes: number } | null };
}
