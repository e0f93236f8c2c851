import { z } from './zod';
import { CABINS, MAX_SEATS_PER_BOOKING, SEARCH_MESSAGES } from './search-options';

/**
 * Price alerts: the contract shared by the Price Alerts modal and /api/price-alerts.
 * Messages are shown to travellers exactly as written here.
 */
export const ALERT_MESSAGES = {
  required: 'Please fill all required fields',
  created: "Price alert created! We'll notify you when prices drop.",
  deleted: 'Price alert deleted',
  notFound: 'Price alert not found',
} as const;

/** The banner of a triggered alert; `price` is already formatted (e.g. "4,210" or "4,210 (US$50.52)"). */
export const triggeredBanner = (price: string) => `Alert Triggered! Price dropped to ₹${price}`;

/** A date range is at most this many days (each day is re-priced on every check). */
export const MAX_ALERT_RANGE_DAYS = 14;
/** Price points kept per alert (one per check, oldest dropped first). */
export const MAX_PRICE_HISTORY = 200;
/** How often an active alert is re-priced. */
export const ALERT_CHECK_INTERVAL_MINUTES = 60;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-24');
const airport = z.string({ message: ALERT_MESSAGES.required }).trim().min(1, ALERT_MESSAGES.required).max(64);
const pax = (min: number) => z.number().int().min(min).max(9);

export const CreateAlertBodySchema = z
  .object({
    from: airport,
    to: airport,
    targetPrice: z.number({ message: ALERT_MESSAGES.required }).int('Target price must be whole rupees').min(1, 'Target price must be at least ₹1').max(10_000_000),
    currentPrice: z.number().int().min(1).max(10_000_000).nullable().optional(),
    email: z.string({ message: ALERT_MESSAGES.required }).trim().min(1, ALERT_MESSAGES.required).max(254).email('Email is invalid'),
    dateFrom: isoDay,
    dateTo: isoDay.optional(),
    /** A round trip: the day it comes back (on or after every departure day); absent or null: one way. */
    returnDate: isoDay.nullable().optional(),
    cabin: z.enum(CABINS).default('economy'),
    adults: pax(1).default(1),
    children: pax(0).default(0),
    infants: pax(0).default(0),
  })
  .superRefine((b, ctx) => {
    if (b.dateTo !== undefined && b.dateTo < b.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'The last date must be on or after the first' });
    // The search's own message: a return before the (last) departure day is never a round trip.
    if (b.returnDate && b.returnDate < (b.dateTo !== undefined && b.dateTo > b.dateFrom ? b.dateTo : b.dateFrom)) {
      ctx.addIssue({ code: 'custom', path: ['returnDate'], message: SEARCH_MESSAGES.returnBeforeDeparture });
    }
    if (b.adults + b.children > MAX_SEATS_PER_BOOKING) ctx.addIssue({ code: 'custom', path: ['children'], message: `At most ${MAX_SEATS_PER_BOOKING} seats (adults and children)` });
    if (b.infants > b.adults) ctx.addIssue({ code: 'custom', path: ['infants'], message: 'Each infant must travel with an adult' });
  });
export type CreateAlertBody = z.input<typeof CreateAlertBodySchema>;

export const UpdateAlertBodySchema = z.object({ active: z.boolean({ message: 'active must be true or false' }) });

export const AlertTokenBodySchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid') });

const PriceVerdictSchema = z.object({
  level: z.enum(['low', 'typical', 'high']),
  /** Typical range (25th–75th percentile of the route's daily lowest fares for these passengers). */
  typicalLow: z.number().int(),
  typicalHigh: z.number().int(),
  days: z.number().int(),
});
export type PriceVerdict = z.infer<typeof PriceVerdictSchema>;

export const AlertViewSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  /** A round trip's return day; null: one way. The price is then the cheapest round trip's all-in total. */
  returnDate: z.string().nullable(),
  cabin: z.enum(CABINS),
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  targetPrice: z.number().int(),
  /** The latest lowest all-in price for the passengers (INR), or the price given at creation. */
  currentPrice: z.number().int().nullable(),
  /**
   * With a remote supplier (Duffel), whose fares are last-known: when a search saw the fare `currentPrice` is made
   * of (ISO 8601). Null with the flight world (its prices are live, checked at `lastCheckedAt`) and before a check.
   */
  priceSeenAt: z.string().nullable(),
  email: z.string(),
  /** False while an address without an account waits for its owner's confirmation (no mail until then). */
  emailConfirmed: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  triggered: z.boolean(),
  triggeredPrice: z.number().int().nullable(),
  triggeredAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  priceHistory: z.array(z.object({ price: z.number().int().nullable(), date: z.string() })),
  verdict: PriceVerdictSchema.nullable(),
});
export type AlertView = z.infer<typeof AlertViewSchema>;

export const AlertListSchema = z.object({ alerts: z.array(AlertViewSchema) });
export type AlertList = z.infer<typeof AlertListSchema>;

/** One alert: the answer of create and update. */
export const AlertAnswerSchema = z.object({ alert: AlertViewSchema });
export type AlertAnswer = z.infer<typeof AlertAnswerSchema>;

export const AlertDeletedSchema = z.object({ deleted: z.literal(true) });
export type AlertDeleted = z.infer<typeof AlertDeletedSchema>;

/** How many alerts an emailed confirmation link confirmed. */
export const AlertsConfirmedSchema = z.object({ confirmed: z.number().int() });
export type AlertsConfirmed = z.infer<typeof AlertsConfirmedSchema>;

/** How many alerts an emailed unsubscribe link switched off. */
export const AlertsUnsubscribedSchema = z.object({ unsubscribed: z.number().int() });
export type AlertsUnsubscribed = z.infer<typeof AlertsUnsubscribedSchema>;
