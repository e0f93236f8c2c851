import { z } from './zod';
import { CABINS, MAX_SEATS_PER_BOOKING, SEARCH_MESSAGES } from './search-options';
import { SupplierFareSchema } from './suppliers';

/**
 * The search contract shared by the Home form, GET /api/search and the Results screen.
 * Messages are shown to travellers exactly as written here. The constants live in
 * search-options.ts (no zod) so the home page can use them without loading zod.
 */
export { CABIN_LABELS, CABINS, SEARCH_MESSAGES, type Cabin } from './search-options';

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
  return z.object(queryFields(today)).superRefine(checkPassengersAndAirports);
}
export type SearchQuery = z.infer<ReturnType<typeof searchQuerySchema>>;

function queryFields(today: string) {
  return {
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
  };
}

function checkPassengersAndAirports(q: { from: string; to: string; adults: number; children: number; infants: number }, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.from === q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: SEARCH_MESSAGES.sameAirports });
  if (q.adults + q.children > MAX_SEATS_PER_BOOKING)
    ctx.addIssue({ code: 'custom', path: ['children'], message: `At most ${MAX_SEATS_PER_BOOKING} seats per booking (adults and children)` });
  if (q.infants > q.adults) ctx.addIssue({ code: 'custom', path: ['infants'], message: 'Each infant must travel with an adult' });
}

/**
 * A round-trip search as the form, the URL and GET /api/search/round-trip carry it: the one-way
 * fields, `tripType=roundTrip` and a `returnDate` on or after the departure date (the same day is
 * allowed; the pairing rule in core/round-trip.ts keeps 3 h between landing and the return).
 */
export function roundTripQuerySchema(today: string) {
  return z
    .object({
      ...queryFields(today),
      tripType: z.literal('roundTrip', { message: 'Choose One way or Round trip' }),
      returnDate: z
        .string({ message: SEARCH_MESSAGES.returnDateRequired })
        .trim()
        .min(1, SEARCH_MESSAGES.returnDateRequired)
        .pipe(IsoDateSchema)
        .refine((value) => value >= today, SEARCH_MESSAGES.returnDateInPast),
    })
    .superRefine((q, ctx) => {
      checkPassengersAndAirports(q, ctx);
      if (q.returnDate && q.date && q.returnDate < q.date) ctx.addIssue({ code: 'custom', path: ['returnDate'], message: SEARCH_MESSAGES.returnBeforeDeparture });
    });
}
export type RoundTripQuery = z.infer<ReturnType<typeof roundTripQuerySchema>>;

/** The one-way search of each direction of a round trip, in travel order (outbound, then return). */
export function journeyQueries(q: RoundTripQuery): [SearchQuery, SearchQuery] {
  const { tripType: _tripType, returnDate, ...oneWay } = q;
  return [oneWay, { ...oneWay, from: q.to, to: q.from, date: returnDate }];
}


export { PASSENGER_TYPES, type PassengerType } from './search-options';

// ---------------------------------------------------------------------------
// Wire types. The schemas document the answers (OpenAPI) and give the types; search answers are
// pre-encoded by the workers and never parsed with them on the hot path.

/** Money is whole rupees (INR) everywhere on the wire. */
const PriceBreakdownSchema = z.object({
  baseFare: z.number().int(),
  taxesAndFees: z.number().int(),
  total: z.number().int(),
});
export type PriceBreakdown = z.infer<typeof PriceBreakdownSchema>;

export const ItineraryPriceSchema = z.object({
  currency: z.literal('INR'),
  /** All-in price per passenger of each type (absent types omitted). */
  perPassenger: z.object({ adult: PriceBreakdownSchema.optional(), child: PriceBreakdownSchema.optional(), infant: PriceBreakdownSchema.optional() }),
  /** All-in price for everyone in the query. */
  total: PriceBreakdownSchema,
});
export type ItineraryPrice = z.infer<typeof ItineraryPriceSchema>;

export const LegAirportSchema = z.object({ code: z.string(), name: z.string(), city: z.string(), terminal: z.string().nullable() });
export type LegAirport = z.infer<typeof LegAirportSchema>;

const LegSchema = z.object({
  /** Stable id of this flight on this date, e.g. "6E2134@2026-12-24" (carrier + number @ local departure date). */
  flightId: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  /** e.g. "6E 2134" */
  flightNumber: z.string(),
  from: LegAirportSchema,
  to: LegAirportSchema,
  /** Local date-time with UTC offset, e.g. "2026-12-24T06:05:00+05:30". */
  departure: z.string().meta({ example: '2026-12-10T05:55:00+05:30' }),
  arrival: z.string(),
  durationMinutes: z.number().int(),
  aircraft: z.string(),
  cabin: z.enum(CABINS),
});
export type Leg = z.infer<typeof LegSchema>;

const LayoverSchema = z.object({ airport: z.string(), minutes: z.number().int(), changeOfTerminal: z.boolean() });
export type Layover = z.infer<typeof LayoverSchema>;

export const ItinerarySchema = z
  .object({
    /** Opaque id the booking endpoint accepts: legs + cabin, e.g. "6E2134@2026-12-24~AI101@2026-12-24:economy". */
    id: z.string().meta({ example: '6E1036@2026-12-10:economy' }),
    legs: z.array(LegSchema),
    stops: z.number().int(),
    layovers: z.array(LayoverSchema),
    durationMinutes: z.number().int(),
    departure: z.string(),
    arrival: z.string(),
    /** Days between departure and arrival local dates (for "+1"). */
    arrivalDayOffset: z.number().int(),
    /** Seats left in the cabin when few (≤ 9), else null. */
    seatsLeft: z.number().int().nullable(),
    price: ItineraryPriceSchema,
    /** Airline names of all legs, for the Airlines filter. */
    airlines: z.array(z.string()),
    /** A remote supplier's offer (its id is then `duffel-<offerId>`); absent for the world's itineraries. */
    supplier: SupplierFareSchema.optional(),
  })
  .meta({ id: 'Itinerary' });
export type Itinerary = z.infer<typeof ItinerarySchema>;

const AnsweredQuerySchema = z.object({
  from: z.string(),
  to: z.string(),
  date: z.string(),
  cabin: z.enum(CABINS),
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
});

/**
 * The search answer the screens use, expanded from the compact wire form (search-wire.ts); the
 * schema is the type's one source.
 * @public
 */
export const SearchResponseSchema = z
  .object({
    /** The query as the server understood it (codes resolved, defaults filled). */
    query: AnsweredQuerySchema,
    itineraries: z.array(ItinerarySchema),
    /** Why the list is empty, when it is (route not flown, beyond schedule horizon, sold out). */
    reason: z.string().nullable(),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/**
 * A leg on the wire, as a tuple: flight id, origin, origin terminal, destination, destination
 * terminal, local departure, local arrival (date-times with UTC offsets), aircraft. The carrier
 * and flight number are in the flight id ("6E2134@2026-12-24" is 6E 2134), the duration is
 * arrival − departure, and airport and airline names come once per answer, in `airports` and
 * `carriers`.
 */
const CompactLegSchema = z
  .tuple([
    z.string().meta({ description: 'flight id', example: '6E2134@2026-12-24' }),
    z.string().meta({ description: 'origin airport code' }),
    z.string().nullable().meta({ description: 'origin terminal' }),
    z.string().meta({ description: 'destination airport code' }),
    z.string().nullable().meta({ description: 'destination terminal' }),
    z.string().meta({ description: 'local departure', example: '2026-12-24T06:05:00+05:30' }),
    z.string().meta({ description: 'local arrival' }),
    z.string().meta({ description: 'aircraft' }),
  ])
  // Exactly these eight: no items after them (`{ not: {} }` is JSON Schema's `false`, spelled so
  // that linters which require `items` on every array accept it).
  .meta({ id: 'CompactLeg', items: { not: {} } });
export type CompactLeg = z.infer<typeof CompactLegSchema>;

/** Base fare and taxes of one passenger of a type; the answer's totals follow from these and the query's counts. */
const CompactFareSchema = z.object({ baseFare: z.number().int(), taxesAndFees: z.number().int() });

const CompactItinerarySchema = z.object({
  legs: z.array(CompactLegSchema),
  /** Seats left in the cabin when few (≤ 9), else null. */
  seatsLeft: z.number().int().nullable(),
  /** Per passenger of each type in the query (types with no passengers omitted). */
  fares: z.object({ adult: CompactFareSchema.optional(), child: CompactFareSchema.optional(), infant: CompactFareSchema.optional() }),
  /** A remote supplier's offer: the itinerary id is `duffel-<offerId>`; absent for the world's itineraries. */
  supplier: SupplierFareSchema.optional(),
});

/**
 * GET /api/search's answer: the SearchResponse without what can be derived from the rest
 * (itinerary ids, stops, layovers, durations, totals, airline lists) and with airport and airline
 * names given once. `expandSearchResponse` (core/search-wire.ts) turns it into the SearchResponse.
 */
export const CompactSearchResponseSchema = z
  .object({
    query: AnsweredQuerySchema,
    /** Name and city of every airport the legs touch, by code. */
    airports: z.record(z.string(), z.object({ name: z.string(), city: z.string() })),
    /** Airline name by carrier code. */
    carriers: z.record(z.string(), z.string()),
    /** In "best" order. */
    itineraries: z.array(CompactItinerarySchema),
    /** Why the list is empty, when it is (route not flown, beyond schedule horizon, sold out). */
    reason: z.string().nullable(),
  })
  .meta({ id: 'CompactSearchResponse' });
export type CompactSearchResponse = z.infer<typeof CompactSearchResponseSchema>;

const FareCalendarDaySchema = z.object({
  date: z.string(),
  /** All-in adult fare in INR, or null when nothing flies or the day is past. */
  lowestFare: z.number().int().nullable(),
  /**
   * Only with a remote supplier (Duffel), whose fares are last-known rather than live: when a search saw
   * this day's fare (ISO 8601), or null when no search has seen the day yet (then `lowestFare` is null
   * though flights may well fly). Absent with the flight world, whose fares are live.
   */
  seenAt: z.string().nullable().optional(),
});

export const FareCalendarSchema = z
  .object({ from: z.string(), to: z.string(), month: z.string(), currency: z.literal('INR'), days: z.array(FareCalendarDaySchema) })
  .meta({ id: 'FareCalendar' });
export type FareCalendar = z.infer<typeof FareCalendarSchema>;

const AirportSuggestionSchema = z.object({ code: z.string(), name: z.string(), city: z.string(), country: z.string() });
export type AirportSuggestion = z.infer<typeof AirportSuggestionSchema>;

export const AirportSuggestionsSchema = z.object({ airports: z.array(AirportSuggestionSchema) }).meta({ id: 'AirportSuggestions' });

/** Whether a round trip is domestic (both airports in India: two lists side by side) or international (combined itineraries). */
const ROUND_TRIP_MARKETS = ['domestic', 'international'] as const;
export type RoundTripMarket = (typeof ROUND_TRIP_MARKETS)[number];

/**
 * GET /api/search/round-trip's answer: the query, the market, and each direction's one-way answer
 * in the compact wire form (expand each with `expandSearchResponse`). Pairs are made on the
 * screen with core/round-trip.ts: `pairAllowed`, `specialReturn`, `separateTickets`; a chosen
 * pair is named by `roundTripPairId(outbound.id, inbound.id)`.
 *
 * A remote supplier (Duffel) prices the outbound and the return together as one ticket: its answer
 * has `combined` instead, each itinerary one offer of both journeys (the outbound's legs, then the
 * return's, split by `supplier.journeyLegCounts`), and `outbound` and `inbound` empty.
 */
export const CompactRoundTripResponseSchema = z
  .object({
    query: AnsweredQuerySchema.extend({ tripType: z.literal('roundTrip'), returnDate: z.string() }),
    market: z.enum(ROUND_TRIP_MARKETS),
    outbound: CompactSearchResponseSchema,
    inbound: CompactSearchResponseSchema,
    /** A remote supplier's round-trip offers, each both journeys as one ticket (query: the outbound's); absent with the flight world. */
    combined: CompactSearchResponseSchema.optional(),
  })
  .meta({ id: 'CompactRoundTripResponse' });
export type CompactRoundTripResponse = z.infer<typeof CompactRoundTripResponseSchema>;
