import { CABINS } from './search-options';
import { z } from './zod';

/**
 * Fare families, fare breakdowns, refund and change quotes: the contract shared by the fare data,
 * the refund rule, the booking API and the screens. Money is integer paise everywhere in this
 * file (the search answer's itinerary prices stay whole rupees, as before).
 *
 * A fare family is a priced product on top of a flight's open fare bucket: the same seat, sold
 * with different baggage, seat, meal, change and cancellation terms. Its conditions are stated
 * the way supplier APIs state them (Duffel's `conditions.change_before_departure` and
 * `refund_before_departure`: allowed or not, with a penalty), plus the full fee schedule by time
 * band that Indian airlines publish.
 */

const FARE_MARKETS = ['domestic', 'international'] as const;
export type FareMarket = (typeof FARE_MARKETS)[number];

/** What seat choice a family includes: none free, standard seats free, every seat free. */
const SEAT_INCLUSIONS = ['paid', 'standardFree', 'allFree'] as const;
export type SeatInclusion = (typeof SEAT_INCLUSIONS)[number];

/** What food a family includes: nothing (buy on board), a snack, a meal. */
const MEAL_INCLUSIONS = ['none', 'snack', 'meal'] as const;
export type MealInclusion = (typeof MEAL_INCLUSIONS)[number];

const paise = z.number().int().min(0);

/**
 * A fee for one time band before departure. `amount`: a fixed fee; `percentOfBase`: a share of the
 * base fare; `forfeit`: base fare and fuel charge (YQ) are kept, taxes still come back.
 */
const FeeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('amount'), paise }),
  z.object({ kind: z.literal('percentOfBase'), percent: z.number().min(0).max(100) }),
  z.object({ kind: z.literal('forfeit') }),
]);
export type Fee = z.infer<typeof FeeSchema>;

/**
 * One band of a schedule: applies when the time left before departure is at least
 * `fromHoursBefore` and less than `toHoursBefore` (null: no upper end). Bands of a schedule do
 * not overlap and cover every time from the cutoff up.
 */
const FeeBandSchema = z.object({
  fromHoursBefore: z.number().min(0),
  toHoursBefore: z.number().min(0).nullable(),
  fee: FeeSchema,
});
export type FeeBand = z.infer<typeof FeeBandSchema>;

/** A change or cancellation schedule; `allowed: false` means the traveller cannot do it at all (taxes still come back on cancellation). */
const FeeScheduleSchema = z.object({ allowed: z.boolean(), bands: z.array(FeeBandSchema) });
export type FeeSchedule = z.infer<typeof FeeScheduleSchema>;

const BaggageSchema = z.object({
  pieces: z.number().int().min(0),
  /** Weight limit per piece, or the total weight when `pieces` is 1 (kg); null when only pieces count. */
  kg: z.number().int().min(0).nullable(),
});
export type Baggage = z.infer<typeof BaggageSchema>;

/** One fare family of one airline in one market and cabin, valid for bookings made in [validFrom, validTo). */
export const FareFamilySchema = z
  .object({
    airline: z.string(),
    /** Unique across airlines: the airline code, a dot, the family's own code ("6E.SAVER"). */
    code: z.string(),
    name: z.string(),
    /** 0 = the cheapest family of the airline in this market and cabin; higher tiers cost more and give more. Connections combine families of one tier. */
    tier: z.number().int().min(0),
    cabin: z.enum(CABINS),
    market: z.enum(FARE_MARKETS),
    validFrom: z.string(),
    validTo: z.string().nullable(),
    /** The date the figures were last checked against the airline's published pages. */
    asOf: z.string(),
    /** True when a figure is a seeded estimate (⚠ in the design notes), to be replaced by a later data update. */
    approximate: z.boolean(),
    checkedBag: BaggageSchema.nullable(),
    cabinBag: BaggageSchema,
    seat: z.enum(SEAT_INCLUSIONS),
    meal: z.enum(MEAL_INCLUSIONS),
    change: FeeScheduleSchema,
    cancel: FeeScheduleSchema,
    /** Whether a lower fare on a change is paid back (most families keep the difference). */
    refundsFareDifference: z.boolean(),
    /** Minutes before departure when changes and cancellations close; inside it base + YQ are forfeited, taxes still refunded. */
    cutoffMinutes: z.number().int().min(0),
    /** Price on top of the open bucket: family airfare = round(bucket airfare × factor) + addRupees. Tier 0 is factor 1, add 0. */
    priceFactor: z.number().min(1),
    addRupees: z.number().int().min(0),
  })
  .meta({ id: 'FareFamily' });
export type FareFamily = z.infer<typeof FareFamilySchema>;

/** A change or refund condition now, the way supplier APIs give it (Duffel's `change_before_departure` / `refund_before_departure`). */
const FareConditionSchema = z.object({ allowed: z.boolean(), penaltyPaise: paise.nullable() });
export type FareCondition = z.infer<typeof FareConditionSchema>;

export const FareConditionsSchema = z.object({
  changeBeforeDeparture: FareConditionSchema.nullable(),
  refundBeforeDeparture: FareConditionSchema.nullable(),
});
export type FareConditions = z.infer<typeof FareConditionsSchema>;

/**
 * One choice of fare family for a whole itinerary: for each leg, the family sold on it (one tier
 * across the legs of a connection). `id` is the legs' family codes joined with "~"
 * ("6E.SAVER~6E.SAVER"), what the quote and the hold accept as `fareFamily`.
 */
export const FamilyOptionSchema = z
  .object({
    id: z.string(),
    /** The name shown ("Saver"; "Saver + Value" when the legs' airlines name their tier differently). */
    name: z.string(),
    tier: z.number().int().min(0),
    legs: z.array(z.object({ legIndex: z.number().int(), airline: z.string(), family: FareFamilySchema })),
    /** All-in price of this option for the quoted passengers, whole rupees (the search answer's unit). */
    totalInr: z.number().int(),
    /** Difference to the cheapest option, whole rupees (0 for the cheapest). */
    extraInr: z.number().int(),
    /** Conditions now, combined over the legs (the strictest leg decides; penalties add up over legs, per passenger). */
    conditions: FareConditionsSchema,
    /** The rules in words, generated from the families' data: baggage, seat, meal, change and cancellation fees by band, cutoff, taxes. */
    rules: z.array(z.string()),
  })
  .meta({ id: 'FamilyOption' });
export type FamilyOption = z.infer<typeof FamilyOptionSchema>;

/** A fare family option's id as the quote lists it: the legs' family codes joined with "~". */
export const fareFamilyId = z
  .string({ message: 'Choose a fare family' })
  .trim()
  .min(1, 'Choose a fare family')
  .max(400, 'Choose a fare family')
  .regex(/^[A-Z0-9.~-]+$/, 'Choose a fare family from the list');

/** The message for a fare family id the itinerary does not sell. */
export const UNKNOWN_FARE_FAMILY = 'This fare family is not sold on this flight. Choose one of the fares listed.';


/**
 * What a line of a fare breakdown is: `fare` (base, YQ: what airline fees come out of),
 * `tax` (statutory taxes and airport charges: always refunded), `safarFee`, `addon`.
 */
const FARE_LINE_KINDS = ['fare', 'tax', 'safarFee', 'addon'] as const;

/** Line codes, in the order a breakdown lists them. */
export const FARE_LINE_CODES = ['base', 'yq', 'udf', 'psf', 'asf', 'rcs', 'foreign', 'gst', 'safarFee', 'seat'] as const;
export type FareLineCode = (typeof FARE_LINE_CODES)[number];

export const FARE_LINE_LABELS: Record<FareLineCode, string> = {
  base: 'Base fare',
  yq: 'Fuel and airline charge (YQ)',
  udf: 'User development fee (UDF)',
  psf: 'Passenger service fee (PSF)',
  asf: 'Aviation security fee (ASF)',
  rcs: 'Regional connectivity levy',
  foreign: 'Foreign taxes and charges',
  gst: 'GST',
  safarFee: 'Safar fee',
  seat: 'Seat',
};

const FareLineSchema = z.object({
  code: z.enum(FARE_LINE_CODES),
  kind: z.enum(FARE_LINE_KINDS),
  label: z.string(),
  paise,
});
export type FareLine = z.infer<typeof FareLineSchema>;

/** The price of one passenger on one leg, line by line, as stored with the booking. */
const PassengerLegFareSchema = z
  .object({
    passengerPosition: z.number().int().min(0),
    passengerType: z.enum(['adult', 'child', 'infant']),
    legIndex: z.number().int().min(0),
    familyCode: z.string(),
    lines: z.array(FareLineSchema),
    totalPaise: paise,
    /** active; cancelled (refund quoted and sent); changed (moved to another booking by a change). */
    status: z.enum(['active', 'cancelled', 'changed']),
  })
  .meta({ id: 'PassengerLegFare' });
export type PassengerLegFare = z.infer<typeof PassengerLegFareSchema>;

/** Said with every family's rules: true of every fare, by law. */
export const TAXES_ALWAYS_REFUNDED = 'Taxes and airport charges are always refunded.';

// ---------------------------------------------------------------------------
// Refund and change quotes

/** Why money comes back: the traveller asked, the traveller did not fly, the airline cancelled. */
export const REFUND_REASONS = ['voluntary', 'noShow', 'airlineCancelled'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Which rule decided a passenger-leg's refund. */
const REFUND_RULES = ['freeWindow', 'schedule', 'notAllowed', 'insideCutoff', 'departed', 'noShow', 'airlineCancelled'] as const;
export type RefundRule = (typeof REFUND_RULES)[number];

const RefundLineSchema = z.object({
  passengerPosition: z.number().int(),
  legIndex: z.number().int(),
  rule: z.enum(REFUND_RULES),
  /** What this passenger-leg cost. */
  paidPaise: paise,
  /** Taxes and airport charges: always refunded. */
  taxesPaise: paise,
  /** Base + YQ paid. */
  farePaise: paise,
  /** The airline's fee for the band (never above base + YQ). */
  airlineFeePaise: paise,
  /** Safar's fee kept (0 when the airline cancelled or the free window applies). */
  safarFeeKeptPaise: paise,
  refundPaise: paise,
  retainedPaise: paise,
  /** The band or rule in words ("More than 72 hours before departure: ₹3,000"). */
  explanation: z.string(),
});
export type RefundLine = z.infer<typeof RefundLineSchema>;

/**
 * A remote supplier's side of a cancellation (issue 26): its own quote in its currency, that quote
 * converted to INR with the conversion named, and what Safar adds from its own pocket. For every
 * such cancellation: refundPaise = airlineRefundPaise + Safar's fee refunded + safarCoversPaise.
 */
const SupplierRefundSchema = z
  .object({
    /** Who sold the seats ("duffel") and the airline that sold them ("Duffel Airways"). */
    supplier: z.string(),
    airline: z.string(),
    /** The supplier's cancellation quote (Duffel's `ore_…`) and until when it can be confirmed. */
    quoteId: z.string(),
    expiresAt: z.string().nullable(),
    /** What Safar paid the supplier and what the supplier gives back, in the supplier's minor units. */
    totalMinor: z.number().int().min(0),
    refundMinor: z.number().int().min(0),
    currency: z.string(),
    /** Where the supplier sends its refund: money back to Safar's supplier balance, or airline credits/vouchers in the passengers' names. */
    refundTo: z.enum(['originalPayment', 'airlineCredits', 'voucher', 'awaitingPayment']),
    /** The supplier's refund in paise (never more than the traveller paid for the supplier's part); 0 when it refunds as credits. */
    airlineRefundPaise: paise,
    /** Rupees per unit of `from` on `asOf`, from `source`; null when the supplier answers in INR. */
    conversion: z.object({ from: z.string(), rate: z.number(), asOf: z.string(), source: z.string() }).nullable(),
    /** What Safar refunds out of its own pocket beyond the supplier's refund (its free window, or the airline cancelled). */
    safarCoversPaise: paise,
  })
  .meta({ id: 'SupplierRefund' });
export type SupplierRefund = z.infer<typeof SupplierRefundSchema>;

export const RefundQuoteSchema = z
  .object({
    lines: z.array(RefundLineSchema),
    paidPaise: paise,
    refundPaise: paise,
    airlineFeePaise: paise,
    safarFeeKeptPaise: paise,
    retainedPaise: paise,
    /** Safar's free window (its own policy, not the law): until when it applies, or null when the booking never had it. */
    freeWindowUntil: z.string().nullable(),
    freeWindowApplies: z.boolean(),
    /** The date by which the refund must reach the traveller (14 working days for a portal booking since 26 Mar 2026, 30 before). */
    refundDeadline: z.string(),
    /** The rules regime chosen by the booking date. */
    regime: z.enum(['2016', '2026']),
    /** A booking sold by a remote supplier: its quote and the conversion (absent for the world's own bookings). */
    supplier: SupplierRefundSchema.optional(),
  })
  .meta({ id: 'RefundQuote' });
export type RefundQuote = z.infer<typeof RefundQuoteSchema>;

const ChangeLineSchema = z.object({
  passengerPosition: z.number().int(),
  legIndex: z.number().int(),
  /** The change fee for the band (0 in the free window or when the family changes free). */
  changeFeePaise: paise,
  explanation: z.string(),
});

/**
 * A change of a booking a remote supplier sold (Duffel): the airline's change offer as Safar's quote.
 * Safar adds no fee of its own to a change (decision 0070): the traveller pays the airline's change
 * total, converted to INR with the conversion named.
 */
const SupplierChangeSchema = z
  .object({
    /** Who sold the seats ("duffel") and the airline that sold them. */
    supplier: z.string(),
    airline: z.string(),
    /** The supplier's change offer (Duffel's `oco_…`) and until when it can be confirmed. */
    changeOfferId: z.string(),
    expiresAt: z.string(),
    /** The airline's change total (penalty included; negative: it pays back) and its penalty, in the supplier's minor units. */
    changeTotalMinor: z.number().int(),
    penaltyMinor: z.number().int().min(0).nullable(),
    currency: z.string(),
    /** Where a negative change total goes: money back to the original payment, or a voucher in the passengers' names (no money). */
    refundTo: z.enum(['originalPayment', 'voucher']).nullable(),
    /** Rupees per unit of `from` on `asOf`, from `source`; null when the supplier answers in INR. */
    conversion: z.object({ from: z.string(), rate: z.number(), asOf: z.string(), source: z.string() }).nullable(),
    /** Safar's own fee on this change, in paise (0: Safar adds none). */
    safarFeePaise: paise,
    /** The rule in words: the airline's total, the conversion, Safar's fee. */
    terms: z.string(),
  })
  .meta({ id: 'SupplierChange' });

export const ChangeQuoteSchema = z
  .object({
    lines: z.array(ChangeLineSchema),
    changeFeePaise: paise,
    /** What the old booking's passenger-legs paid, and what the new flight costs for the same passengers now. */
    oldTotalPaise: paise,
    newTotalPaise: paise,
    /** New − old when positive; a lower new fare is not paid back unless the family says so. */
    fareDifferencePaise: z.number().int(),
    /** What the traveller pays now: change fee + the positive fare difference. */
    duePaise: paise,
    /** A lower new fare paid back (only when the family refunds the difference). */
    refundPaise: paise,
    freeWindowApplies: z.boolean(),
    /** Why the change is free after a disruption move, in words (the booking's disruption window, until its flight leaves); null outside it. */
    disruptionFree: z.string().nullable(),
    /** A booking sold by a remote supplier: the airline's change offer and the conversion (absent for the world's own bookings). */
    supplier: SupplierChangeSchema.optional(),
  })
  .meta({ id: 'ChangeQuote' });
export type ChangeQuote = z.infer<typeof ChangeQuoteSchema>;

// ---------------------------------------------------------------------------
// Refund tracking

/** A refund's life: requested (recorded, not yet sent) → sent (the provider accepted it) → completed (the provider says the money arrived). */
export const REFUND_STATUSES = ['requested', 'sent', 'completed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Where a refund goes: the original payment method by default; Safar credit only when the traveller chooses it. */
export const REFUND_DESTINATIONS = ['original', 'credit'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** What a traveller sees as a booking's status. */
export const DISPLAY_STATUSES = ['Held', 'Confirmed', 'Partly cancelled', 'Cancelled', 'Changed', 'Refund pending', 'Refunded', 'Expired'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

// ---------------------------------------------------------------------------
// Quote breakdown and a booking's fare

/** The price of one passenger of a type on one leg, line by line: the quote's breakdown (a booking stores one PassengerLegFare per passenger instead). */
export const PassengerTypeLegFareSchema = z
  .object({
    passengerType: z.enum(['adult', 'child', 'infant']),
    legIndex: z.number().int().min(0),
    familyCode: z.string(),
    lines: z.array(FareLineSchema),
    totalPaise: paise,
  })
  .meta({ id: 'PassengerTypeLegFare' });
export type PassengerTypeLegFare = z.infer<typeof PassengerTypeLegFareSchema>;

/** Answer of GET /api/bookings/{bookingId}/fare: the family as booked (null when its data is gone) and every passenger-leg's stored lines. */
export const BookingFareSchema = z
  .object({
    option: FamilyOptionSchema.nullable(),
    fares: z.array(PassengerLegFareSchema),
  })
  .meta({ id: 'BookingFare' });
export type BookingFare = z.infer<typeof BookingFareSchema>;
