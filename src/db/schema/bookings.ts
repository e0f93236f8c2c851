import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, IDEMPOTENCY_STATUSES, PAID_WITH, PASSENGER_TITLES, PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_SOURCES, PAYMENT_STATUSES } from '../../core/booking';
import { CHECK_IN_SOURCES } from '../../core/check-in';
import { OUTBOX_KINDS } from '../../core/notifications';
import type { Itinerary, ItineraryPrice } from '../../core/search';
import type { BookingJourney } from '../../core/trip';
import { CABINS, PASSENGER_TYPES } from '../../core/search-options';
import { SUPPLIER_IDS, SUPPLIER_ORDER_STATES, type SupplierSeatChoice } from '../../core/suppliers';
import { users } from './accounts';

/**
 * A booking moves held → confirmed, or held → expired / cancelled; a payment that
 * lands on an expired hold is refunded (payment status refunded), never dropped.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(), // "BK" + timestamp (+ suffix if needed for uniqueness)
    pnr: text('pnr').notNull(), // 6 chars, no look-alikes
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    itineraryId: text('itinerary_id').notNull(),
    cabin: text('cabin', { enum: CABINS }).notNull(),
    itinerary: jsonb('itinerary').$type<Itinerary>().notNull(), // snapshot of legs as booked
    passengerCount: integer('passenger_count').notNull(),
    seatCount: integer('seat_count').notNull(), // passengers occupying seats (infants on lap excluded)
    price: jsonb('price').$type<ItineraryPrice>().notNull(), // snapshot, INR
    totalInr: integer('total_inr').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paymentId: text('payment_id'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }), // provider-specific detail in payments
    /** The chosen fare family option ("6E.SAVER~6E.SAVER"); null for bookings made before fare families. */
    fareFamily: text('fare_family'),
    /** The booking a change replaced (this booking is its new flight). */
    changedFrom: text('changed_from'),
    /**
     * Value carried over from the booking a change replaced, in paise: what is due is the total less
     * this and what was captured. Safar credit spent on a booking is not here: it is a captured
     * payment of provider `credit` (decision 0055).
     */
    creditPaise: integer('credit_paise').notNull().default(0),
    /**
     * The journeys of a whole-trip booking (decision 0062), in travel order, each naming its legs
     * of `itinerary`; null for a booking of one itinerary (its one journey is derived).
     */
    journeys: jsonb('journeys').$type<BookingJourney[]>(),
    /** Who sells the seats (decision 0064); bookings made before suppliers are the world's. */
    supplier: text('supplier', { enum: SUPPLIER_IDS }).notNull().default('world'),
    /** The supplier's order: Duffel's `ord_…`; the world's own bookings record their booking id. Null until ordered. */
    supplierOrderId: text('supplier_order_id'),
    /** The supplier's offer the booking was made from (Duffel's `off_…`); null for the world. */
    supplierOfferId: text('supplier_offer_id'),
    /** What Safar owes the supplier, in minor units of `supplier_currency`; null for the world. */
    supplierTotalMinor: integer('supplier_total_minor'),
    supplierCurrency: text('supplier_currency'),
    /** The airline's booking reference (PNR) from the supplier's order; the world's is the booking's own PNR. */
    supplierBookingReference: text('supplier_booking_reference'),
    /**
     * A remote supplier's order after payment: `ordering` (paid, order asked for, outcome not yet known),
     * `ordered`, or `failed` (refunded). Null for the world and before payment.
     */
    supplierOrderState: text('supplier_order_state', { enum: SUPPLIER_ORDER_STATES }),
    /** When the order was last asked for or checked: the reconciler takes `ordering` bookings older than its wait. */
    supplierOrderAt: timestamp('supplier_order_at', { withTimezone: true }),
    /** Seats chosen from a remote supplier's seat map, per passenger and leg (decision 0068); null for the world and when none. */
    supplierSeats: jsonb('supplier_seats').$type<SupplierSeatChoice[]>(),
    /**
     * A change of a remote supplier's booking to a cheaper flight the airline pays back in money
     * (decision 0070): what goes back to the traveller's original payments, in paise, refunded in the
     * transaction that records the change as confirmed. 0 for every other booking.
     */
    changeRefundPaise: integer('change_refund_paise').notNull().default(0),
  },
  (t) => [
    uniqueIndex('bookings_pnr_unique').on(t.pnr),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_hold_expiry_idx').on(t.status, t.holdExpiresAt),
    check('bookings_status_valid', sql`${t.status} in ('held', 'confirmed', 'expired', 'cancelled', 'partly_cancelled', 'changed')`),
    // One live change per booking: a second change while one is held or confirmed fails on this index.
    uniqueIndex('bookings_changed_from_unique').on(t.changedFrom).where(sql`${t.changedFrom} is not null and ${t.status} in ('held', 'confirmed', 'partly_cancelled', 'changed')`),
    check('bookings_payment_method_valid', sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('card', 'upi')`),
    check('bookings_cabin_valid', sql`${t.cabin} in ('economy', 'premium', 'business', 'first')`),
    check('bookings_supplier_valid', sql`${t.supplier} in ('world', 'duffel')`),
    check('bookings_supplier_order_state_valid', sql`${t.supplierOrderState} is null or ${t.supplierOrderState} in ('ordering', 'ordered', 'failed')`),
    index('bookings_supplier_order_idx').on(t.supplier, t.supplierOrderId),
    // The supplier-order reconciler looks for paid bookings whose order outcome is not known yet.
    index('bookings_supplier_ordering_idx').on(t.supplierOrderAt).where(sql`${t.supplierOrderState} = 'ordering'`),
  ],
);

/** Seats a booking holds or has bought, per leg; the sweeper and confirm update these with the inventory. */
export const bookingSegments = pgTable(
  'booking_segments',
  {
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    legIndex: integer('leg_index').notNull(),
    flightId: text('flight_id').notNull(),
    cabin: text('cabin', { enum: CABINS }).notNull(),
    seats: integer('seats').notNull(),
  },
  (t) => [uniqueIndex('booking_segments_pk').on(t.bookingId, t.legIndex)],
);

export const passengers = pgTable(
  'passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title', { enum: PASSENGER_TITLES }).notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    dob: text('dob').notNull(), // YYYY-MM-DD
    type: text('type', { enum: PASSENGER_TYPES }).notNull(),
    mobile: text('mobile'),
    aadhaarLast4: text('aadhaar_last4'), // only the last four digits are ever stored
    ticketNumber: text('ticket_number'), // 13 digits, set on confirmation
    /** Set when this passenger's travel was cancelled (the booking may go on for the others). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passengers_position').on(t.bookingId, t.position),
    check('passengers_type_valid', sql`${t.type} in ('adult', 'child', 'infant')`),
  ],
);

/**
 * One row per provider order (a booking may have several: retries after a failure, or one share
 * per payer). Status: created → authorized (the gateway took the money) → captured (counted
 * towards the booking) → refunding → refunded; refund_blocked needs an operator (provider changed).
 * The unique provider ids make callback + webhook races harmless.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** `credit`: Safar credit spent on the booking (a credit_ledger spend row beside it), never a gateway's. */
    provider: text('provider', { enum: PAYMENT_SOURCES }).notNull(),
    method: text('method', { enum: PAID_WITH }).notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    failureReason: text('failure_reason'),
    /** The share this order pays (a group member's id); null for a payment of the whole booking. One share is captured at most once. */
    shareKey: text('share_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_unique').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_provider_order_unique').on(t.provider, t.providerOrderId),
    index('payments_booking_idx').on(t.bookingId),
    // The reconciler and the refund sender look for money in flight.
    index('payments_open_idx').on(t.status, t.updatedAt).where(sql`${t.status} in ('authorized', 'refunding')`),
    check('payments_status_valid', sql`${t.status} in ('created', 'authorized', 'captured', 'refunding', 'refunded', 'refund_blocked', 'failed')`),
    check('payments_method_valid', sql`${t.method} in ('card', 'upi', 'credit')`),
    check('payments_provider_valid', sql`${t.provider} in ('sandbox', 'razorpay', 'credit')`),
    check('payments_credit_is_credit', sql`(${t.provider} = 'credit') = (${t.method} = 'credit')`),
    check('payments_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/** Who sends Safar webhooks: the payment providers and the flight suppliers (Duffel). */
const WEBHOOK_SENDERS = [...PAYMENT_PROVIDERS, 'duffel'] as const;

/** Webhook events already processed, deduped by the sender's event id. */
export const webhookEvents = pgTable('webhook_events', {
  provider: text('provider', { enum: WEBHOOK_SENDERS }).notNull(),
  eventId: text('event_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('webhook_events_pk').on(t.provider, t.eventId)]);

/** Idempotency-Key records: same key + same body replays; different body is 422; in flight is 409. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    scope: text('scope').notNull(), // e.g. "create-booking", "confirm-payment"
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: IDEMPOTENCY_STATUSES }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_pk').on(t.userId, t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_status_valid', sql`${t.status} in ('in_progress', 'done')`),
  ],
);

/**
 * The sandbox gateway's outgoing webhooks, written in the same statement that authorizes a
 * payment and delivered at least once (retried with back-off) like a real gateway's, so the
 * server learns of every sandbox payment even when the browser never comes back.
 */
export const sandboxWebhooks = pgTable(
  'sandbox_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    delivered: boolean('delivered').notNull().default(false),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_webhooks_event_unique').on(t.eventId), index('sandbox_webhooks_due_idx').on(t.availableAt).where(sql`not ${t.delivered}`)],
);

/** Boarding passes per passenger and leg, with the IATA BCBP string. */
export const boardingPasses = pgTable(
  'boarding_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => passengers.id, { onDelete: 'cascade' }),
    legIndex: integer('leg_index').notNull(),
    flightId: text('flight_id').notNull(),
    seat: text('seat').notNull(), // e.g. "12C"
    gate: text('gate').notNull(), // A1–A20
    sequence: integer('sequence').notNull(),
    bcbp: text('bcbp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the pass stops being valid (the passenger cancelled, or the booking was changed to another flight). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /**
     * When the passenger checked in; null until then (the row is the booking's seat record and no
     * pass is shown). Passes issued before web check-in existed were backfilled with their issue time.
     */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** BCBP source of check-in: W web (the traveller), V third-party vendor (Safar on the traveller's behalf). */
    checkInSource: text('check_in_source', { enum: CHECK_IN_SOURCES }),
  },
  (t) => [
    uniqueIndex('boarding_passes_pax_leg').on(t.passengerId, t.legIndex),
    // Infants on a lap all carry seat 'INF', so only real seats of valid passes must be unique per flight.
    uniqueIndex('boarding_passes_seat').on(t.flightId, t.seat).where(sql`${t.seat} <> 'INF' and ${t.voidedAt} is null`),
    check('boarding_passes_check_in_source_valid', sql`${t.checkInSource} is null or ${t.checkInSource} in ('W', 'V')`),
  ],
);

/** The last check-in sequence number handed out per flight-date (a flight id names one date); gaps are fine, repeats are not. */
export const checkInSequences = pgTable('check_in_sequences', {
  flightId: text('flight_id').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * A passenger's travel document for international legs, sealed with AES-256-GCM (DOCUMENTS_KEY);
 * only the masked number is kept in the clear, for showing.
 */
export const travelDocuments = pgTable('travel_documents', {
  passengerId: uuid('passenger_id')
    .primaryKey()
    .references(() => passengers.id, { onDelete: 'cascade' }),
  sealed: text('sealed').notNull(),
  maskedNumber: text('masked_number').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Check-in window reminders already queued, one per passenger and leg. */
export const checkInReminders = pgTable(
  'check_in_reminders',
  {
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => passengers.id, { onDelete: 'cascade' }),
    legIndex: integer('leg_index').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('check_in_reminders_pk').on(t.passengerId, t.legIndex)],
);

/** Outgoing mail written in the same transaction as the change it reports; a job sends it. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_pending_idx').on(t.sentAt, t.availableAt)],
);
