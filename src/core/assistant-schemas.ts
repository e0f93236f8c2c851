import { z } from './zod';

/**
 * Facts the help chatbot may tell a signed-in traveller about their own trips. The browser
 * imports only the inferred types.
 */
const TripSchema = z.object({
  bookingId: z.string(),
  pnr: z.string(),
  fromCode: z.string(),
  fromCity: z.string(),
  toCode: z.string(),
  toCity: z.string(),
  /** First leg's flight number, e.g. "6E 2134", and its dated id for the tracker. */
  flightNumber: z.string(),
  flightId: z.string(),
  airline: z.string(),
  /** Local departure of the first leg with offset, e.g. "2026-12-24T06:05:00+05:30". */
  departure: z.string(),
  departureTerminal: z.string().nullable(),
  passengerCount: z.number().int(),
  boardingPasses: z.number().int(),
  /** The first leg's live status from the tracker's model (null when the flight is not found). */
  live: z
    .object({
      status: z.string(),
      delay: z.number().int().nullable(),
      estimatedDeparture: z.string(),
      gate: z.string().nullable(),
      terminal: z.string().nullable(),
    })
    .nullable(),
});

const RefundSchema = z.object({
  bookingId: z.string(),
  pnr: z.string(),
  fromCode: z.string(),
  toCode: z.string(),
  amountInr: z.number().int(),
  /** processing: sent to the payment provider's queue; refunded: the provider accepted it; on-hold: needs our support team. */
  state: z.enum(['processing', 'refunded', 'on-hold']),
  updatedAt: z.string(),
  method: z.string(),
});

export const AssistantTripsSchema = z.object({
  /** The earliest confirmed trip that has not yet departed, or null. */
  nextTrip: TripSchema.nullable(),
  confirmedCount: z.number().int(),
  /** Refunds of the traveller's payments, newest first. */
  refunds: z.array(RefundSchema),
});
export type AssistantTrips = z.infer<typeof AssistantTripsSchema>;
export type AssistantTrip = z.infer<typeof TripSchema>;
export type AssistantRefund = z.infer<typeof RefundSchema>;
