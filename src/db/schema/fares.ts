import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type FareLine, REFUND_DESTINATIONS, REFUND_REASONS, REFUND_STATUSES, type RefundQuote } from '../../core/fares';
import { PASSENGER_TYPES } from '../../core/search-options';
import { users } from './accounts';
import { bookings, payments } from './bookings';

const PASSENGER_LEG_FARE_STATUSES = ['active', 'cancelled', 'changed'] as const;

/**
 * The price of each passenger on each leg of a booking, line by line (base, YQ, each tax, GST,
 * Safar's fee, add-ons), written with the hold from the same pricing that set the total: the
 * lines of a booking add up to its total. Refunds and changes are computed from these rows.
 */
export const bookingFares = pgTable(
  'booking_fares',
  {
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    passengerPosition: integer('passenger_position').notNull(),
    legIndex: integer('leg_index').notNull(),
    passengerType: text('passenger_type', { enum: PASSENGER_TYPES }).notNull(),
    familyCode: text('family_code').notNull(),
    lines: jsonb('lines').$type<FareLine[]>().notNull(),
    totalPaise: integer('total_paise').notNull(),
    status: text('status', { enum: PASSENGER_LEG_FARE_STATUSES }).notNull().default('active'),
  },
  (t) => [
    uniqueIndex('booking_fares_pk').on(t.bookingId, t.passengerPosition, t.legIndex),
    check('booking_fares_status_valid', sql`${t.status} in ('active', 'cancelled', 'changed')`),
    check('booking_fares_total_nonnegative', sql`${t.totalPaise} >= 0`),
  ],
);

/**
 * A cancellation of some or all passengers of a confirmed booking: the refund quote it was
 * confirmed with (the traveller saw exactly this), the refund total and what was kept.
 * `refundPaise + retainedPaise` equals what the cancelled passenger-legs paid.
 */
export const cancellations = pgTable(
  'cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /** Positions of the passengers cancelled. */
    passengerPositions: jsonb('passenger_positions').$type<number[]>().notNull(),
    quote: jsonb('quote').$type<RefundQuote>().notNull(),
    refundPaise: integer('refund_paise').notNull(),
    retainedPaise: integer('retained_paise').notNull(),
    destination: text('destination', { enum: REFUND_DESTINATIONS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cancellations_booking_idx').on(t.bookingId),
    check('cancellations_money_nonnegative', sql`${t.refundPaise} >= 0 and ${t.retainedPaise} >= 0`),
  ],
);

/**
 * Money going back to a traveller for a cancellation (or a lower fare on a change): one row per
 * payment it returns to. requested → sent (the provider accepted it) → completed; a failed send
 * stays requested with its error and is retried by the refund job, never dropped.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    cancellationId: uuid('cancellation_id').references(() => cancellations.id),
    /** The payment the money returns to; null for a refund to Safar credit. */
    paymentId: uuid('payment_id').references(() => payments.id),
    destination: text('destination', { enum: REFUND_DESTINATIONS }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The legal deadline for the money to reach the traveller. */
    dueBy: timestamp('due_by', { withTimezone: true }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the job may try this row again. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_open_idx').on(t.status, t.availableAt).where(sql`${t.status} <> 'completed'`),
    uniqueIndex('refunds_cancellation_payment_unique').on(t.cancellationId, t.paymentId),
    check('refunds_status_valid', sql`${t.status} in ('requested', 'sent', 'completed')`),
    check('refunds_destination_valid', sql`${t.destination} in ('original', 'credit')`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Safar credit (a credit shell): positive entries add credit, negative entries spend it; a user's
 * balance is the sum and never below zero (every spend locks the user's row first).
 *
 * - A refund to credit adds its amount once (`refund_id` unique).
 * - A spend is the negative twin of a `credit` payment row (`payment_id`; one spend per payment).
 * - A credit payment that goes back (its hold expired or was cancelled) adds it back once (one return per payment).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bookingId: text('booking_id').references(() => bookings.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    /** The `credit` payment this entry spends (negative) or gives back (positive). */
    paymentId: uuid('payment_id').references(() => payments.id),
    amountPaise: integer('amount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId),
    uniqueIndex('credit_ledger_refund_unique').on(t.refundId),
    uniqueIndex('credit_ledger_spend_unique').on(t.paymentId).where(sql`${t.amountPaise} < 0`),
    uniqueIndex('credit_ledger_return_unique').on(t.paymentId).where(sql`${t.amountPaise} > 0 and ${t.refundId} is null`),
    check('credit_ledger_amount_nonzero', sql`${t.amountPaise} <> 0`),
    check('credit_ledger_one_source', sql`(${t.refundId} is null) <> (${t.paymentId} is null)`),
  ],
);
