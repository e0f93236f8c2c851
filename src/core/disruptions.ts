import { BookingViewSchema } from './booking';
import { IsoDateSchema } from './search';
import { CABINS } from './search-options';
import { RefundViewSchema } from './trip-changes';
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

// ---------------------------------------------------------------------------
// The disruption centre's wire shapes (GET/POST /api/bookings/{id}/disruption…, GET /api/disruptions/banners)

export const DISRUPTION_MESSAGES = {
  noCase: 'Nothing on this booking is waiting for your answer',
  unknownCase: 'This change is not on this booking',
  decided: 'This change has already been settled',
  notOffered: 'That choice is not offered for this change',
  notAnAlternative: 'Choose one of the flights offered for this change',
  soldOut: 'That flight has just sold out.',
  soldOutAll: 'That flight has just sold out, and no other free flight is left. You can take a full refund.',
  departed: 'This flight has already left',
  chooseFlight: 'Choose a flight',
} as const;

/**
 * Safar's free switch: any flight with seats on the same city pair, in the same cabin, leaving
 * within this many minutes of the original departure (either side), whatever the rules' own
 * minimum (2 h for notice between 24 h and 14 days, 6 h for a long delay).
 */
export const FREE_SWITCH_MINUTES = 24 * 60;

/** Reasons carried by 409s of the disruption centre (`error.reason`). */
export const DISRUPTION_REASONS = { soldOut: 'sold-out', decided: 'already-decided', notOffered: 'not-offered' } as const;

/**
 * Where a booking's case stands:
 * - `open`: waiting for the traveller (before the deadline);
 * - `rebooked` / `refunded` / `kept`: the traveller chose;
 * - `auto-refunded` / `auto-kept`: nobody answered by the deadline, Safar acted (and mailed);
 * - `information`: nothing to choose (a gate or terminal change, a short delay).
 */
export const DISRUPTION_CASE_STATES = ['open', 'rebooked', 'refunded', 'kept', 'auto-refunded', 'auto-kept', 'information'] as const;
export type DisruptionCaseState = (typeof DISRUPTION_CASE_STATES)[number];

/** What the traveller can do now. */
const DISRUPTION_ACTIONS = ['rebook', 'refund', 'accept'] as const;
export type DisruptionAction = (typeof DISRUPTION_ACTIONS)[number];

/** A flight the traveller can move to free of charge (one leg: it replaces the disrupted leg), within Safar's free switch (`FREE_SWITCH_MINUTES`). */
const DisruptionAlternativeSchema = z
  .object({
    flightId: z.string(),
    /** "6E 2136" */
    flightNumber: z.string(),
    carrier: z.string(),
    carrierName: z.string(),
    from: z.string(),
    to: z.string(),
    /** Local date-times with offset. */
    departure: localTime,
    arrival: localTime,
    durationMinutes: z.number().int(),
    cabin: z.enum(CABINS),
    /** Seats left in the cabin (at least the booking's travellers). */
    seatsLeft: z.number().int().min(0),
    /** The protected flight: the next one with seats in the same cabin, same airline or its partner. */
    protected: z.boolean(),
  })
  .meta({ id: 'DisruptionAlternative' });
export type DisruptionAlternative = z.infer<typeof DisruptionAlternativeSchema>;

const PassengerEntitlementsSchema = z.object({ passengerPosition: z.number().int().min(0), legIndex: z.number().int().min(0), entitlements: EntitlementsSchema });

/** How the case was settled; null while open. */
const DisruptionDecisionSchema = z.object({
  outcome: z.enum(['rebooked', 'refunded', 'kept']),
  by: z.enum(['traveller', 'safar']),
  at: instant,
  /** The booking the traveller was moved to (rebooked), else null. */
  newBookingId: z.string().nullable(),
  /** The cancellation carrying the refund (refunded), else null: its refunds are on GET /api/bookings/{id}/refunds. */
  cancellationId: z.string().nullable(),
});
export type DisruptionDecision = z.infer<typeof DisruptionDecisionSchema>;

const DisruptionCaseSchema = z
  .object({
    /** The disruption's id: the case is this booking × this disruption. */
    id: z.string(),
    /** The booking leg it changes (0-based). */
    legIndex: z.number().int().min(0),
    disruption: DisruptionSchema,
    /** Cities of the disrupted leg, as the sentences name them. */
    fromCity: z.string(),
    toCity: z.string(),
    /** "6E 2134 Delhi → Mumbai on 15 Jan at 10:00 is cancelled because of fog. …" */
    whatChanged: z.string(),
    /** The rights in one line: "Meals due from 2 h; switch free to the 16:40 flight, or take a full refund of ₹6,212". */
    rightsLine: z.string(),
    /** Every passenger-leg's entitlements (later legs missed because of it included). */
    entitlements: z.array(PassengerEntitlementsSchema),
    /** Later legs of this booking whose minimum connection time the change breaks: protected onward too. */
    missedLegs: z.array(z.number().int().min(0)),
    /** The full refund of the booking: everything paid (fare, taxes, Safar's fee, seats and add-ons) not yet refunded; 0 when no refund is offered. */
    refundPaise: paise,
    /** What the airline owes the booking's passengers (not Safar): 0 when none is due. */
    compensationPaise: paise,
    /** How to claim it from the airline, or why none is due; null when not relevant (a gate change). */
    compensationLine: z.string().nullable(),
    /** The protected flight (pre-selected for rebooking), or null when none has seats. */
    protectedFlight: DisruptionAlternativeSchema.nullable(),
    state: z.enum(DISRUPTION_CASE_STATES),
    decision: DisruptionDecisionSchema.nullable(),
    /** What Safar does if the traveller does nothing, and by when (from the entitlements); null when nothing waits. */
    deadline: DeadlineSchema.nullable(),
    /** "If you do nothing by 16 Jan 10:00, you keep the 16:40 flight." — null when nothing waits. */
    deadlineLine: z.string().nullable(),
    /** What the traveller can do now (empty once decided or for information only). */
    actions: z.array(z.enum(DISRUPTION_ACTIONS)),
  })
  .meta({ id: 'DisruptionCase' });
export type DisruptionCase = z.infer<typeof DisruptionCaseSchema>;

/** GET /api/bookings/{id}/disruption: the booking's trip changes, newest first; empty when nothing changed. */
export const DisruptionAnswerSchema = z.object({ bookingId: z.string(), cases: z.array(DisruptionCaseSchema) }).meta({ id: 'DisruptionAnswer' });
export type DisruptionAnswer = z.infer<typeof DisruptionAnswerSchema>;

/** Query of the alternatives and body of the actions: which case (default: the booking's first open case). */
const caseId = z.string().min(1).max(200).optional();

export const DisruptionAlternativesQuerySchema = z.object({ disruptionId: caseId });

/** GET /api/bookings/{id}/disruption/alternatives: free flights (same city pair, ±24 h of the original departure, seats in the cabin), the protected flight first, then by departure. */
export const DisruptionAlternativesAnswerSchema = z
  .object({ disruptionId: z.string(), alternatives: z.array(DisruptionAlternativeSchema) })
  .meta({ id: 'DisruptionAlternativesAnswer' });
export type DisruptionAlternativesAnswer = z.infer<typeof DisruptionAlternativesAnswerSchema>;

/** Body of POST /api/bookings/{id}/disruption/rebook (with an Idempotency-Key). */
export const DisruptionRebookRequestSchema = z.object({
  disruptionId: caseId,
  flightId: z.string({ message: DISRUPTION_MESSAGES.chooseFlight }).min(1, DISRUPTION_MESSAGES.chooseFlight).max(100),
});
export type DisruptionRebookRequest = z.infer<typeof DisruptionRebookRequestSchema>;

/** Body of POST …/disruption/refund and …/disruption/accept. */
export const DisruptionDecideRequestSchema = z.object({ disruptionId: caseId });
export type DisruptionDecideRequest = z.infer<typeof DisruptionDecideRequestSchema>;

/** 409 when the chosen flight just sold out: the message and the next option (null: none left). */
export const DisruptionSoldOutBodySchema = z
  .object({
    error: z.object({ code: z.literal('conflict'), reason: z.literal(DISRUPTION_REASONS.soldOut), message: z.string() }),
    next: DisruptionAlternativeSchema.nullable(),
  })
  .meta({ id: 'DisruptionSoldOut' });
export type DisruptionSoldOutBody = z.infer<typeof DisruptionSoldOutBodySchema>;

/** POST …/disruption/rebook: the new booking (confirmed, tickets reissued, nothing to pay) and the settled case. */
export const DisruptionRebookAnswerSchema = z.object({ booking: BookingViewSchema, case: DisruptionCaseSchema }).meta({ id: 'DisruptionRebookAnswer' });
export type DisruptionRebookAnswer = z.infer<typeof DisruptionRebookAnswerSchema>;

/** POST …/disruption/refund: the cancelled booking, the settled case and the refunds (the tracker). */
export const DisruptionRefundAnswerSchema = z
  .object({ booking: BookingViewSchema, case: DisruptionCaseSchema, refunds: z.array(RefundViewSchema) })
  .meta({ id: 'DisruptionRefundAnswer' });
export type DisruptionRefundAnswer = z.infer<typeof DisruptionRefundAnswerSchema>;

/** POST …/disruption/accept: the settled case. */
export const DisruptionAcceptAnswerSchema = z.object({ case: DisruptionCaseSchema }).meta({ id: 'DisruptionAcceptAnswer' });
export type DisruptionAcceptAnswer = z.infer<typeof DisruptionAcceptAnswerSchema>;

/** Query of GET /api/disruptions/banners: all optional; `date` defaults to today (IST). */
export const DisruptionBannersQuerySchema = z.object({
  date: IsoDateSchema.optional(),
  /** Airport codes the screen is about ("DEL,BOM"); omitted: every airport. */
  airports: z
    .string()
    .regex(/^[A-Z]{3}(,[A-Z]{3})*$/, 'Use airport codes like DEL,BOM')
    .optional(),
});

const DisruptionBannerSchema = z
  .object({
    /** Stable: "fog|DEL|2027-01-15", "cancellations|6E|2027-01-15". */
    id: z.string(),
    kind: z.enum(['fog', 'cancellations']),
    /** The airport in fog, or null. */
    airport: z.string().nullable(),
    /** The airline cancelling many flights, or null. */
    carrier: z.string().nullable(),
    /** "Fog at Delhi tonight: flights between 03:00 and 08:00 may be delayed or cancelled." */
    sentence: z.string(),
    /** The window it is about (UTC instants). */
    from: instant,
    until: instant,
  })
  .meta({ id: 'DisruptionBanner' });
export type DisruptionBanner = z.infer<typeof DisruptionBannerSchema>;

export const DisruptionBannersAnswerSchema = z.object({ date: z.string(), banners: z.array(DisruptionBannerSchema) }).meta({ id: 'DisruptionBannersAnswer' });
export type DisruptionBannersAnswer = z.infer<typeof DisruptionBannersAnswerSchema>;

/** GET /api/disruptions: the signed-in traveller's bookings with trip changes (for badges), newest booking first. */
export const DisruptionSummaryAnswerSchema = z
  .object({
    bookings: z.array(
      z.object({
        bookingId: z.string(),
        /** Cases on the booking (settled ones included). */
        cases: z.number().int().min(1),
        /** Cases waiting for the traveller's answer now. */
        open: z.number().int().min(0),
      }),
    ),
  })
  .meta({ id: 'DisruptionSummaryAnswer' });
export type DisruptionSummaryAnswer = z.infer<typeof DisruptionSummaryAnswerSchema>;
