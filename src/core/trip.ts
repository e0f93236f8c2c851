import { z } from './zod';
import { fareFamilyId } from './fares';

/**
 * Whole-trip bookings (decision 0062): one booking holds several journeys — a round trip's
 * outbound and return, or every leg of a Multi-City plan — in travel order. Passengers are
 * entered once, all seats are held in one statement (all or nothing), paid once, and the ticket
 * lists every journey with its PNR. A one-journey booking is a trip of one journey.
 */

/** At most this many journeys in one booking (a Multi-City plan has at most six cities). */
export const MAX_JOURNEYS = 6;

export const TRIP_MESSAGES = {
  tooFewJourneys: 'Choose at least two journeys to book them as one trip',
  tooManyJourneys: `At most ${MAX_JOURNEYS} journeys can be booked as one trip`,
  bothForms: 'Send either itineraryId or journeys, not both',
  outOfOrder: 'Journeys must be in travel order: each one leaving at least 3 hours after the previous one lands (4 hours with a change of terminal)',
  sameFlightTwice: 'The same flight cannot be booked twice in one trip',
  /** The hold of a trip whose journey n (1-based) lacks seats: nothing was held. */
  journeySoldOut: (n: number, route: string) => `Sorry, journey ${n} (${route}) has just sold out. Nothing was held: choose another flight for it.`,
  journeyCancelled: 'This journey has been cancelled.',
  cancelTogether: (airline: string) => `This special return fare on ${airline} can only be cancelled as a whole: cancel the whole booking instead.`,
  changeTogether: (airline: string) => `This special return fare on ${airline} cannot be changed one journey at a time.`,
  /** A change of a trip of several journeys names the journey it changes. */
  chooseJourney: 'Choose the journey of this trip to change',
} as const;

/** One journey of a trip as the hold is asked for it. */
export const TripJourneyRequestSchema = z.object({
  itineraryId: z
    .string({ message: 'Choose a flight to book' })
    .trim()
    .min(1, 'Choose a flight to book')
    .max(400, 'Choose a flight to book')
    .regex(/^[\x21-\x7e]+$/, 'Choose a flight to book'),
  /** The fare family option chosen for this journey (an id from its quote's `families`); the cheapest when absent. */
  fareFamily: fareFamilyId.optional(),
});
export type TripJourneyRequest = z.infer<typeof TripJourneyRequestSchema>;

/** The special return price a pair of journeys got (same airline both ways), as stored with the booking. */
const SpecialReturnSchema = z.object({
  airline: z.string(),
  /** What the pair costs less than its two one-ways, for all passengers, whole rupees. */
  discountInr: z.number().int(),
  /** Whether one journey alone may be cancelled (false: only the whole trip). */
  cancelSeparately: z.boolean(),
  /** Whether one journey alone may be changed to another flight. */
  changeSeparately: z.boolean(),
});
export type SpecialReturn = z.infer<typeof SpecialReturnSchema>;

/** One journey of a booking: which legs of the booking's itinerary it is, its PNR and fare. */
export const BookingJourneySchema = z
  .object({
    /** The itinerary id this journey was booked from. */
    itineraryId: z.string(),
    /** Index of its first leg in the booking's `itinerary.legs`. */
    firstLeg: z.number().int(),
    legCount: z.number().int(),
    /** The airline record locator of this journey (journeys on one ticket share it). */
    pnr: z.string(),
    /** The fare family option booked for this journey (its legs' codes joined with "~"). */
    fareFamily: z.string().nullable(),
    /** All-in price of this journey for all passengers, whole rupees (before any special return discount). */
    totalInr: z.number().int(),
    from: z.string(),
    to: z.string(),
    /** Local departure date of its first leg. */
    date: z.string(),
    /** True when this journey is on a ticket of its own apart from the previous journey's (a different airline). */
    separateTicket: z.boolean(),
    /** Set when this journey alone was cancelled, else null. */
    cancelledAt: z.string().nullable(),
    /** The special return this journey is part of (both journeys carry it), else null. */
    specialReturn: SpecialReturnSchema.nullable(),
  })
  .meta({ id: 'BookingJourney' });
export type BookingJourney = z.infer<typeof BookingJourneySchema>;

/** The least a journey needs of its booking's itinerary: legs, layovers. */
interface TripItinerary {
  legs: readonly { departure: string; arrival: string; durationMinutes: number }[];
  layovers: readonly { minutes: number }[];
}

/**
 * One journey's own itinerary cut out of its booking's: its legs, the layovers between them
 * (a trip's itinerary lists each journey's layovers in turn, none between journeys), its times.
 * @example journeyItinerary(booking.itinerary, booking.journeys[1], 1).legs[0]?.from.code // 'BOM'
 */
export function journeyItinerary<T extends TripItinerary & { stops: number; departure: string; arrival: string; durationMinutes: number; arrivalDayOffset: number }>(
  itinerary: T,
  journey: Pick<BookingJourney, 'firstLeg' | 'legCount'>,
  index: number,
): T {
  const legs = itinerary.legs.slice(journey.firstLeg, journey.firstLeg + journey.legCount);
  const layoversBefore = journey.firstLeg - index;
  const layovers = itinerary.layovers.slice(layoversBefore, layoversBefore + Math.max(0, journey.legCount - 1));
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (!first || !last) return itinerary;
  const day = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;
  return {
    ...itinerary,
    legs,
    layovers,
    stops: legs.length - 1,
    departure: first.departure,
    arrival: last.arrival,
    durationMinutes: legs.reduce((n, l) => n + l.durationMinutes, 0) + layovers.reduce((n, l) => n + l.minutes, 0),
    arrivalDayOffset: day(last.arrival) - day(first.departure),
  };
}
