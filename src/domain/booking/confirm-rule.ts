import type { PaymentStatus } from '../../core/booking';
import { type Statement, q, rawText } from '../../db/raw';
import type { bookings, payments } from '../../db/schema';

/**
 * The rule "this payment can only confirm the booking": a live hold (held, not yet expired), an
 * open order (created or authorized) for the whole booking (no share) of at least its total, the
 * amount the provider reported (when it reports one), and the booking and traveller the caller
 * named (a share's notice never qualifies), and not the new flight of a change (whose confirmation
 * also swaps out the old booking). When it holds, confirming needs no other decision,
 * so a single statement may move the seats and write everything. It is written once here, clause
 * by clause in TypeScript and in SQL side by side; `confirm-rule.test.ts` checks the two agree.
 */

/** What the rule reads of the booking and the order's payment. */
export interface ConfirmFacts {
  booking: Pick<typeof bookings.$inferSelect, 'id' | 'userId' | 'status' | 'holdExpiresAt' | 'totalInr' | 'changedFrom'>;
  payment: Pick<typeof payments.$inferSelect, 'status' | 'shareKey' | 'amountPaise'>;
}

/** Where the same facts are in a statement: one SQL expression per fact. */
export interface ConfirmColumns {
  bookingId: Statement;
  userId: Statement;
  status: Statement;
  holdExpiresAt: Statement;
  totalInr: Statement;
  changedFrom: Statement;
  paymentStatus: Statement;
  shareKey: Statement;
  amountPaise: Statement;
}

/**
 * The rule's columns in a select: the booking's id column, then the prefixes that name the
 * booking's and the payment's columns (`'f.'` and `'f.p_'` for one flattened row `f`).
 * @example confirmsOnlySql(confirmColumnsOf('b.id', 'b.', 'p.'), notice, now)
 */
export function confirmColumnsOf(bookingId: string, booking: string, payment: string): ConfirmColumns {
  return {
    bookingId: rawText(bookingId),
    userId: rawText(`${booking}user_id`),
    status: rawText(`${booking}status`),
    holdExpiresAt: rawText(`${booking}hold_expires_at`),
    totalInr: rawText(`${booking}total_inr`),
    changedFrom: rawText(`${booking}changed_from`),
    paymentStatus: rawText(`${payment}status`),
    shareKey: rawText(`${payment}share_key`),
    amountPaise: rawText(`${payment}amount_paise`),
  };
}

/** What the caller says about the payment (see `PaymentNotice`). */
export interface ConfirmNotice {
  amountPaise?: number | null | undefined;
  expect?: { bookingId: string; userId: string } | { bookingId: string; shareKey: string } | undefined;
}

/** Order states that can still take the money. */
const OPEN_ORDER: readonly PaymentStatus[] = ['created', 'authorized'];

interface Clause {
  ts(facts: ConfirmFacts, notice: ConfirmNotice, now: Date): boolean;
  sql(c: ConfirmColumns, notice: ConfirmNotice, now: Date): Statement;
}

const CLAUSES: readonly Clause[] = [
  // A live hold.
  { ts: ({ booking }) => booking.status === 'held', sql: (c) => q`${c.status} = 'held'` },
  { ts: ({ booking }, _, now) => booking.holdExpiresAt.getTime() > now.getTime(), sql: (c, _, now) => q`${c.holdExpiresAt} > ${now.toISOString()}::timestamptz` },
  // Not a change's new flight: confirming it also swaps out the old booking, which the locking transaction does.
  { ts: ({ booking }) => booking.changedFrom === null, sql: (c) => q`${c.changedFrom} is null` },
  // An open order…
  { ts: ({ payment }) => OPEN_ORDER.includes(payment.status), sql: (c) => q`${c.paymentStatus} in (${rawText(OPEN_ORDER.map((s) => `'${s}'`).join(', '))})` },
  // …for the whole booking, not one share…
  { ts: ({ payment }) => payment.shareKey === null, sql: (c) => q`${c.shareKey} is null` },
  // …of at least its total.
  { ts: ({ booking, payment }) => payment.amountPaise >= booking.totalInr * 100, sql: (c) => q`${c.amountPaise} >= ${c.totalInr} * 100` },
  // The amount the provider reported.
  {
    ts: ({ payment }, notice) => notice.amountPaise == null || notice.amountPaise === payment.amountPaise,
    sql: (c, notice) => (notice.amountPaise == null ? q`true` : q`${c.amountPaise} = ${notice.amountPaise}::int`),
  },
  // The booking and traveller the caller named; a share's notice never confirms this way.
  {
    ts: ({ booking }, { expect }) => !expect || ('userId' in expect && booking.id === expect.bookingId && booking.userId === expect.userId),
    sql: (c, { expect }) => (!expect ? q`true` : 'userId' in expect ? q`(${c.bookingId} = ${expect.bookingId} and ${c.userId} = ${expect.userId}::uuid)` : q`false`),
  },
];

/**
 * The rule in TypeScript.
 * @example if (confirmsOnly({ booking, payment }, notice, now)) …
 */
export function confirmsOnly(facts: ConfirmFacts, notice: ConfirmNotice, now: Date): boolean {
  return CLAUSES.every((clause) => clause.ts(facts, notice, now));
}

/**
 * The rule as an SQL condition over the given columns.
 * @example q`select … from found f where ${confirmsOnlySql(FOUND_COLUMNS, notice, now)}`
 */
export function confirmsOnlySql(columns: ConfirmColumns, notice: ConfirmNotice, now: Date): Statement {
  const parts = CLAUSES.map((clause) => clause.sql(columns, notice, now));
  return q`(${parts.reduce((all, part) => q`${all} and ${part}`)})`;
}
