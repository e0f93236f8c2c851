import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISRUPTION_CASE_STATES } from '../../core/disruptions';
import { users } from './accounts';
import { bookings } from './bookings';
import { cancellations } from './fares';

/**
 * A disruption case: one booking × one disruption of one of its flights (the disruption centre,
 * issue 29). Written by the disruption job when it first notices the change (with the notice) or
 * by the traveller's action, whichever comes first. The database makes "one outcome" true:
 * - one row per (booking, disruption) (unique);
 * - a decided case has its outcome, who decided and when; an open one has none (check);
 * - deciding is `update … where state = 'open'`, so of two deciders (two nodes, the traveller and
 *   the automatic default) exactly one changes the row, and the other sees it decided;
 * - a rebooking names the new booking, a refund its cancellation, each at most once (unique); an
 *   automatic keep of a cancelled flight names the booking on the protected flight.
 */
export const disruptionCases = pgTable(
  'disruption_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Disruption's stable id ("6E2134@2027-01-15|cancellation|0"). */
    disruptionId: text('disruption_id').notNull(),
    legIndex: integer('leg_index').notNull(),
    kind: text('kind').notNull(),
    state: text('state', { enum: DISRUPTION_CASE_STATES }).notNull(),
    decidedBy: text('decided_by', { enum: ['traveller', 'safar'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    newBookingId: text('new_booking_id').references(() => bookings.id),
    cancellationId: uuid('cancellation_id').references(() => cancellations.id),
    /** When the traveller was told (the notice written), else null. */
    noticedAt: timestamp('noticed_at', { withTimezone: true }),
    /** What Safar does if nobody answers, and when (from the entitlements); null when nothing waits. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    deadlineAction: text('deadline_action', { enum: ['keep-protected-flight', 'refund', 'keep-booking'] }),
    /**
     * A supplier's case (an airline-initiated change, id "duffel:aic_…"): the answer whose supplier
     * call is in flight, claimed while the case is open so only one decider calls the supplier;
     * cleared when the outcome is written or the supplier refused. Null for the world's cases.
     */
    supplierAction: text('supplier_action', { enum: ['accept', 'rebook', 'refund'] }),
    supplierActionAt: timestamp('supplier_action_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('disruption_cases_booking_disruption').on(t.bookingId, t.disruptionId),
    uniqueIndex('disruption_cases_new_booking').on(t.newBookingId),
    uniqueIndex('disruption_cases_cancellation').on(t.cancellationId),
    index('disruption_cases_due_idx').on(t.deadlineAt).where(sql`${t.state} = 'open'`),
    index('disruption_cases_user_idx').on(t.userId),
    check('disruption_cases_supplier_action_valid', sql`(${t.supplierAction} is null) = (${t.supplierActionAt} is null) and (${t.supplierAction} is null or ${t.state} = 'open')`),
    check('disruption_cases_state_valid', sql`${t.state} in ('open', 'rebooked', 'refunded', 'kept', 'auto-refunded', 'auto-kept', 'information')`),
    check(
      'disruption_cases_decision_complete',
      sql`(${t.state} in ('open', 'information')) = (${t.decidedAt} is null) and (${t.decidedAt} is null) = (${t.decidedBy} is null)
        and (${t.state} <> 'rebooked' or ${t.newBookingId} is not null) and (${t.newBookingId} is null or ${t.state} in ('rebooked', 'auto-kept'))
        and (${t.state} in ('refunded', 'auto-refunded')) = (${t.cancellationId} is not null)
        and (${t.state} not in ('auto-refunded', 'auto-kept') or ${t.decidedBy} = 'safar')`,
    ),
  ],
);

/**
 * When Safar last asked the supplier about a booking's order's airline-initiated changes (the
 * poll's stamp, decision 0067): a pass claims due bookings and stamps them in one transaction, so
 * no order is asked about more often than SUPPLIER_CHANGE_POLL_SECONDS, however many nodes poll.
 */
export const supplierChangeChecks = pgTable('supplier_change_checks', {
  bookingId: text('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
