import { CABINS } from './search-options';
import { ConversionSchema } from './suppliers';
import { z } from './zod';

/** Where a seat sits in its row: by a window, between two seats, or by an aisle. */
const SEAT_KINDS = ['window', 'middle', 'aisle'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];

/** What a seat has besides its place: an exit row, extra legroom, a bassinet wall, a back that does not recline. */
const SEAT_TAGS = ['exit', 'xl', 'bassinet', 'noRecline'] as const;
export type SeatTag = (typeof SEAT_TAGS)[number];

/** The one state every seat of a flight-date has. */
const SEAT_STATES = ['free', 'taken', 'held', 'safar', 'blocked'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

/** Price zones of a seat: the zone decides its price band. */
const SEAT_ZONES = ['standard', 'front', 'exit', 'xl', 'included'] as const;
export type SeatZone = (typeof SEAT_ZONES)[number];

const DECKS = ['main', 'upper'] as const;

/** Seat letters never include I (it reads as 1). */
const seatLetterSchema = z.string().regex(/^[A-HJ-Z]$/, 'A seat letter is one capital letter other than I');

const seatSchema = z.object({
  letter: seatLetterSchema,
  kind: z.enum(SEAT_KINDS),
  tags: z.array(z.enum(SEAT_TAGS)),
});
export type Seat = z.infer<typeof seatSchema>;

const seatRowSchema = z.object({
  row: z.number().int().positive(),
  seats: z.array(seatSchema),
});

/** One cabin of one aircraft type: rows of seats, the seat blocks between aisles (for drawing), wings and doors. */
export const seatMapSchema = z.object({
  aircraftId: z.string(),
  aircraftName: z.string(),
  cabin: z.enum(CABINS),
  deck: z.enum(DECKS),
  /** A plausible layout where the real one is not known for sure. */
  approximate: z.boolean(),
  /** Letters of each block of seats between aisles, left to right ("ABC", "DEF"). */
  blocks: z.array(z.array(seatLetterSchema)),
  rows: z.array(seatRowSchema),
  /** Rows the wing spans (drawn beside the cabin); absent when the cabin is not over the wing. */
  wing: z.object({ fromRow: z.number().int(), toRow: z.number().int() }).nullable(),
  /** Rows with a door (or exit) in front of them. */
  doors: z.array(z.number().int()),
});
export type SeatMap = z.infer<typeof seatMapSchema>;

/** A seat's state and price on one flight-date (for the party of a hold when asked with one). */
const seatOfferSchema = z.object({
  seat: z.string(),
  state: z.enum(SEAT_STATES),
  zone: z.enum(SEAT_ZONES),
  /** What this seat costs an adult of the booking (or of the cheapest fare family), in paise; 0 when free. */
  pricePaise: z.number().int().nonnegative(),
});

/** GET /api/flights/{flightId}/seat-map: the cabin's map and each seat's state and price. */
export const seatMapAnswerSchema = z.object({
  flightId: z.string(),
  cabin: z.enum(CABINS),
  airline: z.string(),
  map: seatMapSchema,
  seats: z.array(seatOfferSchema),
  /** Free seats right now (what a traveller can still pick). */
  free: z.number().int().nonnegative(),
  /** The seats of the booking's passengers (passenger id → seat), when asked with a booking. */
  chosen: z.record(z.string(), z.string()),
  /**
   * A remote supplier's seat map only: the airline's currency and how its seat prices became rupees (null when it
   * answered in INR). Each seat's price is the converted price rounded up to the whole rupee.
   */
  supplier: z.object({ currency: z.string(), conversion: ConversionSchema.nullable() }).optional(),
});
export type SeatMapAnswer = z.infer<typeof seatMapAnswerSchema>;

export const seatMapQuerySchema = z.object({
  cabin: z.enum(CABINS).default('economy'),
  /** A booking of the signed-in traveller (a hold, or at web check-in): prices and seats for its passengers. */
  booking: z.string().min(1).max(40).optional(),
});

/** One passenger's seat on one leg, chosen on a held booking (passenger by position as in the booking, 0-based). */
const seatChoiceSchema = z.object({
  passengerPosition: z.number().int().nonnegative(),
  legIndex: z.number().int().nonnegative(),
  /** Seat code ("12A"), or null to drop the choice (the passenger gets a free seat). */
  seat: z.string().regex(/^\d{1,2}[A-HJ-Z]$/, 'Seat like 12A').nullable(),
  /** The passenger accepts the exit-row conditions (needed for an exit-row seat). */
  exitConditionsAccepted: z.boolean().optional(),
});
export type SeatChoice = z.infer<typeof seatChoiceSchema>;

export const seatSelectionSchema = z.object({ choices: z.array(seatChoiceSchema).min(1).max(30) });
