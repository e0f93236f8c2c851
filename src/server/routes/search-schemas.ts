import { z } from '@hono/zod-openapi';
import { CABINS } from '../../core/search';

/** OpenAPI shapes of the search contract in src/core/search.ts (documentation of the wire format). */
const Breakdown = z.object({ baseFare: z.number().int(), taxesAndFees: z.number().int(), total: z.number().int() });
const LegAirport = z.object({ code: z.string(), name: z.string(), city: z.string(), terminal: z.string().nullable() });

export const ItinerarySchema = z
  .object({
    id: z.string().openapi({ example: '6E1036@2026-12-10:economy' }),
    legs: z.array(
      z.object({
        flightId: z.string(),
        carrier: z.string(),
        carrierName: z.string(),
        flightNumber: z.string(),
        from: LegAirport,
        to: LegAirport,
        departure: z.string().openapi({ example: '2026-12-10T05:55:00+05:30' }),
        arrival: z.string(),
        durationMinutes: z.number().int(),
        aircraft: z.string(),
        cabin: z.enum(CABINS),
      }),
    ),
    stops: z.number().int(),
    layovers: z.array(z.object({ airport: z.string(), minutes: z.number().int(), changeOfTerminal: z.boolean() })),
    durationMinutes: z.number().int(),
    departure: z.string(),
    arrival: z.string(),
    arrivalDayOffset: z.number().int(),
    seatsLeft: z.number().int().nullable(),
    price: z.object({
      currency: z.literal('INR'),
      perPassenger: z.object({ adult: Breakdown.optional(), child: Breakdown.optional(), infant: Breakdown.optional() }),
      total: Breakdown,
    }),
    airlines: z.array(z.string()),
  })
  .openapi('Itinerary');

export const SearchResponseSchema = z
  .object({
    query: z.object({
      from: z.string(),
      to: z.string(),
      date: z.string(),
      cabin: z.enum(CABINS),
      adults: z.number().int(),
      children: z.number().int(),
      infants: z.number().int(),
    }),
    itineraries: z.array(ItinerarySchema),
    reason: z.string().nullable(),
  })
  .openapi('SearchResponse');

export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
