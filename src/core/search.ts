import { z } from './zod';
import { type Cabin, CABINS, MAX_SEATS_PER_BOOKING, SEARCH_MESSAGES } from './search-options';

/**
 * The search contract shared by the Home form, GET /api/search and the Results screen.
 * Messages are the spec's (section 5), character for character. The constants live in
 * search-options.ts (no zod) so the home page can use them without loading zod.
 */
export { CABIN_LABELS, CABINS, MAX_SEATS_PER_BOOKING, SEARCH_MESSAGES, type Cabin } from './search-options';

const count = (min: number, max: number, label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** ISO date (YYYY-MM-DD) that is a real calendar day. */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-24')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Use a date like 2026-12-24');

/**
 * Search query as the form and the URL carry it. `today` (the traveller's or the
 * server's local date, YYYY-MM-DD) is supplied by the caller so the rule is testable.
 */
export function searchQuerySchema(today: string) {
  return z
    .object({
      from: z.string({ message: SEARCH_MESSAGES.sourceRequired }).trim().min(1, SEARCH_MESSAGES.sourceRequired).max(64).transform((v) => v.toUpperCase()),
      to: z.string({ message: SEARCH_MESSAGES.destinationRequired }).trim().min(1, SEARCH_MESSAGES.destinationRequired).max(64).transform((v) => v.toUpperCase()),
      date: z
        .string({ message: SEARCH_MESSAGES.dateRequired })
        .trim()
        .min(1, SEARCH_MESSAGES.dateRequired)
        .pipe(IsoDateSchema)
        .refine((value) => value >= today, SEARCH_MESSAGES.dateInPast),
      cabin: z.enum(CABINS, { message: 'Choose Economy, Premium Economy, Business or First Class' }).default('economy'),
      adults: count(1, 9, 'Adults').default(1),
      children: count(0, 9, 'Children').default(0),
      infants: count(0, 9, 'Infants').default(0),
    })
    .superRefine((q, ctx) => {
      if (q.from && q.to && q.from === q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: SEARCH_MESSAGES.sameAirports });
      if (q.adults + q.children > MAX_SEATS_PER_BOOKING)
        ctx.addIssue({ code: 'custom', path: ['children'], message: `At most ${MAX_SEATS_PER_BOOKING} seats per booking (adults and children)` });
      if (q.infants > q.adults) ctx.addIssue({ code: 'custom', path: ['infants'], message: 'Each infant must travel with an adult' });
    });
}
export type SearchQuery = z.infer<ReturnType<typeof searchQuerySchema>>;

export type PassengerType = 'adult' | 'child' | 'infant';

/** Money is whole rupees (INR) everywhere on the wire. */
export interface PriceBreakdown {
  baseFare: number;
  taxesAndFees: number;
  total: number;
}

export interface ItineraryPrice {
  currency: 'INR';
  /** All-in price per passenger of each type (absent types omitted). */
  perPassenger: Partial<Record<PassengerType, PriceBreakdown>>;
  /** All-in price for everyone in the query. */
  total: PriceBreakdown;
}

export interface LegAirport {
  code: string;
  name: string;
  city: string;
  terminal: string | null;
}

export interface Leg {
  /** Stable id of this flight on this date, e.g. "6E2134@2026-12-24" (carrier + number @ local departure date). */
  flightId: string;
  carrier: string;
  carrierName: string;
  flightNumber: string; // e.g. "6E 2134"
  from: LegAirport;
  to: LegAirport;
  /** Local date-time with UTC offset, e.g. "2026-12-24T06:05:00+05:30". */
  departure: string;
  arrival: string;
  durationMinutes: number;
  aircraft: string;
  cabin: Cabin;
}

export interface Layover {
  airport: string;
  minutes: number;
  changeOfTerminal: boolean;
}

export interface Itinerary {
  /** Opaque id the booking endpoint accepts: legs + cabin, e.g. "6E2134@2026-12-24~AI101@2026-12-24:economy". */
  id: string;
  legs: Leg[];
  stops: number;
  layovers: Layover[];
  durationMinutes: number;
  departure: string;
  arrival: string;
  /** Days between departure and arrival local dates (for "+1"). */
  arrivalDayOffset: number;
  /** Seats left in the cabin when few (≤ 9), else null. */
  seatsLeft: number | null;
  price: ItineraryPrice;
  /** Airline names of all legs, for the Airlines filter. */
  airlines: string[];
}

export interface SearchResponse {
  query: SearchQuery;
  itineraries: Itinerary[];
  /** Why the list is empty, when it is (route not flown, beyond schedule horizon, sold out). */
  reason: string | null;
}
