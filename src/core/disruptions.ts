import { CABINS } from './search-options';
import { z } from './zod';

/**
 * Disruptions and entitlements: the contract shared by the disruption generator, the entitlement
 * rule, the notices and the "Your trip changed" screen. Money is integer paise. Times of a flight
 * are local ISO date-times with the airport's UTC offset ("2026-12-24T06:05:00+05:30", as a
 * dated flight gives them); `announcedAt` and deadlines are UTC ISO instants.
 *
 * The entitlements follow DGCA's CAR Section 3 Series M Part IV (passenger facilities on denied
 * boarding, cancellation, delay and downgrade). Items the design notes mark ⚠ (uncertain) carry
 * `approximate: true` so a later data update can replace them.
 */

/** Why it changed. */
export const REASON_CODES = [
  'late-inbound',
  'fog',
  'weather',
  'natural-disaster',
  'security',
  'political-instability',
  'outside-strike',
  'technical',
  'crew',
  'atc',
  'airport-operations',
  'schedule-change',
  'oversold',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/**
 * Each reason in words and whether it is an extraordinary circumstance (one that removes
 * compensation and hotel, never the refund, the alternative flight or meals):
 * - weather (fog included), natural disaster and security risk are extraordinary;
 * - political instability and strikes outside the airline are extraordinary ⚠;
 * - air traffic control restrictions are not listed by the CAR and count as not extraordinary ⚠
 *   (Europe's rule counts them as extraordinary);
 * - technical faults, crew shortage, a late inbound aircraft (unless its own delay was
 *   extraordinary), airport operations, the airline's schedule changes and overbooking are not.
 */
export const REASONS: Readonly<Record<ReasonCode, { words: string; extraordinary: boolean; approximate: boolean }>> = {
  'late-inbound': { words: 'the aircraft arriving late from its previous flight', extraordinary: false, approximate: false },
  fog: { words: 'fog', extraordinary: true, approximate: false },
  weather: { words: 'bad weather', extraordinary: true, approximate: false },
  'natural-disaster': { words: 'a natural disaster', extraordinary: true, approximate: false },
  security: { words: 'a security alert', extraordinary: true, approximate: false },
  'political-instability': { words: 'political unrest', extraordinary: true, approximate: true },
  'outside-strike': { words: 'a strike outside the airline', extraordinary: true, approximate: true },
  technical: { words: 'a technical fault on the aircraft', extraordinary: false, approximate: false },
  crew: { words: 'a crew shortage', extraordinary: false, approximate: false },
  atc: { words: 'air traffic restrictions', extraordinary: false, approximate: true },
  'airport-operations': { words: 'airport operations', extraordinary: false, approximate: false },
  'schedule-change': { words: "a change to the airline's schedule", extraordinary: false, approximate: false },
  oversold: { words: 'the flight being overbooked', extraordinary: false, approximate: false },
};

/** Whether a reason is an extraordinary circumstance. @example isExtraordinary('fog') // true */
export function isExtraordinary(reason: ReasonCode): boolean {
  return REASONS[reason].extraordinary;
}

/** A local date-time with its UTC offset, "2026-12-24T06:05:00+05:30". */
const localTime = z.iso.datetime({ offset: true, local: false });
const instant = z.iso.datetime();

const FlightTimesSchema = z.object({ departure: localTime, arrival: localTime });
export type FlightTimes = z.infer<typeof FlightTimesSchema>;

const common = {
  /** Stable id: flight id, kind and step ("6E2134@2026-12-24|delay|2"). */
  id: z.string(),
  flightId: z.string(),
  flightNumber: z.string(),
  from: z.string(),
  to: z.string(),
  /** When the airline told its passengers. */
  announcedAt: instant,
  /** The times the traveller booked. */
  scheduled: FlightTimesSchema,
  reason: z.enum(REASON_CODES),
  /** For a late inbound aircraft: why the first flight of the chain was late; else the reason itself. */
  rootReason: z.enum(REASON_CODES),
  /** Decided by the root reason (see REASONS). */
  extraordinary: z.boolean(),
};

const CancellationSchema = z.object({ ...common, kind: z.literal('cancellation') });

const DelaySchema = z.object({
  ...common,
  kind: z.literal('delay'),
  /** Expected departure delay, minutes (15 or more). */
  delayMinutes: z.number().int().min(15),
  expected: FlightTimesSchema,
});

const RetimingSchema = z.object({
  ...common,
  kind: z.literal('retiming'),
  /** New scheduled departure − old, minutes (negative: earlier). */
  shiftMinutes: z.number().int(),
  expected: FlightTimesSchema,
});

const SeatsSchema = z.partialRecord(z.enum(CABINS), z.number().int().min(0));

const AircraftSwapSchema = z.object({
  ...common,
  kind: z.literal('aircraft-swap'),
  fromAircraft: z.string(),
  toAircraft: z.string(),
  toAircraftName: z.string(),
  seatsBefore: SeatsSchema,
  seatsAfter: SeatsSchema,
  /** Cabins the new aircraft does not have: their passengers are downgraded. */
  cabinsLost: z.array(z.enum(CABINS)),
});

const GateChangeSchema = z.object({ ...common, kind: z.literal('gate-change'), fromGate: z.string(), toGate: z.string() });
const TerminalChangeSchema = z.object({ ...common, kind: z.literal('terminal-change'), fromTerminal: z.string(), toTerminal: z.string() });

const DeniedBoardingSchema = z.object({
  ...common,
  kind: z.literal('denied-boarding'),
  /** Departure of the alternate flight offered, or null when none was offered. */
  alternateDeparture: localTime.nullable(),
});

const DowngradeSchema = z.object({ ...common, kind: z.literal('downgrade'), fromCabin: z.enum(CABINS), toCabin: z.enum(CABINS) });

/**
 * What changed, by kind. The flight world produces cancellations, delays, retimings, aircraft
 * swaps, gate and terminal changes; `denied-boarding` and `downgrade` happen to one passenger at
 * the airport (an oversold flight, a smaller cabin) and are recorded by whoever sees them.
 */
export const DisruptionSchema = z
  .discriminatedUnion('kind', [CancellationSchema, DelaySchema, RetimingSchema, AircraftSwapSchema, GateChangeSchema, TerminalChangeSchema, DeniedBoardingSchema, DowngradeSchema])
  .refine((d) => d.extraordinary === isExtraordinary(d.rootReason), { message: 'extraordinary must follow the root reason', path: ['extraordinary'] })
  .meta({ id: 'Disruption' });
export type Disruption = z.infer<typeof DisruptionSchema>;

// ---------------------------------------------------------------------------
// Entitlements

/** How long before the scheduled departure a cancellation or retiming was announced. */
const NOTICE_BANDS = ['14-days-or-more', '24-hours-to-14-days', 'under-24-hours'] as const;
export type NoticeBand = (typeof NOTICE_BANDS)[number];

/** Block-time bands of the cancellation compensation. */
const BLOCK_BANDS = ['up-to-1-hour', '1-to-2-hours', 'over-2-hours'] as const;
export type BlockBand = (typeof BLOCK_BANDS)[number];

/** Denied-boarding bands by when the alternate flight departs. */
const DENIED_BOARDING_BANDS = ['alternate-within-1-hour', 'alternate-within-24-hours', 'alternate-after-24-hours', 'alternate-refused'] as const;
export type DeniedBoardingBand = (typeof DENIED_BOARDING_BANDS)[number];

/** Involuntary downgrade bands by market and distance. */
const DOWNGRADE_BANDS = ['domestic', 'international-up-to-1500-km', 'international-1500-to-3500-km', 'international-over-3500-km'] as const;
export type DowngradeBand = (typeof DOWNGRADE_BANDS)[number];

const paise = z.number().int().min(0);

const OptionSchema = z.discriminatedUnion('kind', [
  /** Keep the booking as the airline changed it: the protected flight, the new time, the lower cabin, or simply the same flight. */
  z.object({ kind: z.literal('accept'), what: z.enum(['protected-flight', 'new-time', 'lower-cabin', 'same-flight']) }),
  /** Move free to another flight departing within `withinMinutes` of the original departure, either side. */
  z.object({ kind: z.literal('another-flight'), withinMinutes: z.number().int().min(0) }),
  /** Cancel for everything paid, Safar's fee and add-ons included, to the original payment method; plus compensation when denied boarding. */
  z.object({ kind: z.literal('full-refund'), refundPaise: paise, compensationPaise: paise }),
]);
export type EntitlementOption = z.infer<typeof OptionSchema>;

const CompensationSchema = z.discriminatedUnion('due', [
  z.object({
    due: z.literal(true),
    /** What the airline owes this passenger for this leg. */
    amountPaise: paise,
    /** The band's amount before the cap: the fixed amount (cancellation) or the percentage of base + YQ (denied boarding). */
    bandPaise: paise,
    /** The cap: base + YQ of the leg (cancellation), the band's maximum (denied boarding). */
    capPaise: paise,
    rule: z.enum(['cancellation', 'denied-boarding']),
    band: z.enum([...BLOCK_BANDS, ...DENIED_BOARDING_BANDS]),
    /** Percent of base + YQ (denied boarding); null for a fixed amount. */
    percent: z.number().int().nullable(),
    approximate: z.boolean(),
  }),
  z.object({
    due: z.literal(false),
    why: z.enum(['extraordinary', 'notice-14-days-or-more', 'notice-24-hours-or-more', 'delay', 'retiming', 'alternate-within-1-hour', 'no-change-to-the-trip', 'downgrade']),
    approximate: z.boolean(),
  }),
]);
export type Compensation = z.infer<typeof CompensationSchema>;

const FacilitySchema = z.discriminatedUnion('kind', [
  /**
   * Food and drink while waiting, from `fromMinutes` after the scheduled departure (0: while
   * waiting for the alternate flight). Tier by the wait: water and refreshments up to 2 h, tea or
   * coffee and a snack 2–4 h, a meal beyond 4 h.
   */
  z.object({ kind: z.literal('meals'), fromMinutes: z.number().int().min(0), tier: z.enum(['refreshments', 'snack', 'meal']) }),
  /** A hotel room and the transfers to it. */
  z.object({ kind: z.literal('hotel') }),
]);
export type Facility = z.infer<typeof FacilitySchema>;

/** What Safar does if the traveller does nothing, and by when. */
const DeadlineSchema = z.object({
  at: instant,
  action: z.enum(['keep-protected-flight', 'refund', 'keep-booking']),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

export const EntitlementsSchema = z
  .object({
    disruptionId: z.string(),
    reason: z.enum(REASON_CODES),
    rootReason: z.enum(REASON_CODES),
    extraordinary: z.boolean(),
    /** For a cancellation or retiming: how much notice was given; else null. */
    notice: z.enum(NOTICE_BANDS).nullable(),
    options: z.array(OptionSchema),
    compensation: CompensationSchema,
    /** An involuntary downgrade: the share of the ticket price (taxes included) refunded; else null. */
    downgradeRefund: z
      .object({ band: z.enum(DOWNGRADE_BANDS), percent: z.number().int(), ticketPaise: paise, amountPaise: paise, toCabin: z.enum(CABINS) })
      .nullable(),
    facilities: z.array(FacilitySchema),
    /** Null when nothing waits for an answer (a gate change, a delay without a choice). */
    deadline: DeadlineSchema.nullable(),
    /** Whether the traveller can still choose (before the deadline). */
    open: z.boolean(),
  })
  .meta({ id: 'Entitlements' });
export type Entitlements = z.infer<typeof EntitlementsSchema>;
