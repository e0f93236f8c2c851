import { MAX_PASSENGERS } from './booking';
import { FamilyOptionSchema, PassengerTypeLegFareSchema, fareFamilyId } from './fares';
import { ItineraryPriceSchema } from './search';
import { z } from './zod';

/**
 * The fare quote: a chosen itinerary priced for the booking form's current passenger mix, by
 * the same pricing the seat hold charges. The booking screen asks again whenever the mix
 * changes, so the total it shows is the total the hold charges.
 */

const count = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(MAX_PASSENGERS, `${label} must be at most ${MAX_PASSENGERS}`);

/** Query of GET /api/quote: the itinerary id from the search answer and the passengers per type. */
export const QuoteQuerySchema = z
  .object({
    itineraryId: z
      .string({ message: 'Choose a flight to book' })
      .trim()
      .min(1, 'Choose a flight to book')
      .max(400, 'Choose a flight to book')
      .regex(/^[\x21-\x7e]+$/, 'Choose a flight to book'),
    adults: count('Adults').default(1),
    children: count('Children').default(0),
    infants: count('Infants').default(0),
    /** A fare family option id from `families` ("6E.SAVER" or "6E.SAVER~AI.VALUE"); the cheapest when absent. */
    fareFamily: fareFamilyId.optional(),
  })
  .superRefine((q, ctx) => {
    const total = q.adults + q.children + q.infants;
    if (total < 1) ctx.addIssue({ code: 'custom', path: ['adults'], message: 'Price at least one passenger' });
    if (total > MAX_PASSENGERS) ctx.addIssue({ code: 'custom', path: ['adults'], message: `At most ${MAX_PASSENGERS} passengers per booking` });
  });
export type QuoteQuery = z.infer<typeof QuoteQuerySchema>;

/** Answer of GET /api/quote. */
export const QuoteSchema = z.object({
  itineraryId: z.string(),
  passengers: z.object({ adults: z.number().int(), children: z.number().int(), infants: z.number().int() }),
  /** All-in price of the chosen fare family per passenger type present and the total for all of them, in whole rupees (INR). */
  price: ItineraryPriceSchema,
  /** The chosen fare family option's id (the cheapest unless the query chose one). */
  fareFamily: z.string(),
  /** Every fare family option for these passengers, cheapest first (the first is the price search shows). */
  families: z.array(FamilyOptionSchema),
  /** The chosen option's price line by line, per passenger type and leg (paise). */
  breakdown: z.array(PassengerTypeLegFareSchema),
  /** Seats left on the tightest leg when few (≤ 9), else null — the same rule as search answers. */
  seatsLeft: z.number().int().nullable(),
  /** Whether the flight still has a seat for every adult and child (infants sit on a lap). */
  enoughSeats: z.boolean(),
});
export type Quote = z.infer<typeof QuoteSchema>;
