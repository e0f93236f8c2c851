import type { SQL } from 'drizzle-orm';
import { fromJson, toDate } from './raw';
import type { bookings, payments } from './schema';

/**
 * Rows of a raw statement on either driver (postgres.js returns an array, PGlite `{ rows }`),
 * run on a database handle or inside a transaction.
 * @example const [row] = await executeRows<{ n: number }>(tx, sql`select 1 as n`)
 */
export async function executeRows<T>(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * The columns of `bookings` for a raw select, aliased `b` in its FROM, each named as the column;
 * `bookingFromRaw` turns such a row into the Drizzle row type.
 */
export const BOOKING_COLUMNS = `b.id, b.pnr, b.user_id, b.status, b.itinerary_id, b.cabin, b.itinerary, b.passenger_count, b.seat_count, b.price,
  b.total_inr, b.hold_expires_at, b.created_at, b.confirmed_at, b.payment_id, b.payment_method`;

/** A `bookings` row selected with BOOKING_COLUMNS, as Drizzle would type it. */
export function bookingFromRaw(r: Record<string, unknown>): typeof bookings.$inferSelect {
  return {
    id: r.id as string,
    pnr: r.pnr as string,
    userId: r.user_id as string,
    status: r.status as string,
    itineraryId: r.itinerary_id as string,
    cabin: r.cabin as string,
    itinerary: fromJson(r.itinerary),
    passengerCount: Number(r.passenger_count),
    seatCount: Number(r.seat_count),
    price: fromJson(r.price),
    totalInr: Number(r.total_inr),
    holdExpiresAt: toDate(r.hold_expires_at),
    createdAt: toDate(r.created_at),
    confirmedAt: r.confirmed_at == null ? null : toDate(r.confirmed_at),
    paymentId: (r.payment_id ?? null) as string | null,
    paymentMethod: (r.payment_method ?? null) as string | null,
  };
}

/** The columns of `payments` for a raw select, aliased `p` in its FROM, each named `p_` + column. */
export const PAYMENT_COLUMNS = `p.id as p_id, p.booking_id as p_booking_id, p.provider as p_provider, p.method as p_method, p.provider_order_id as p_provider_order_id,
  p.provider_payment_id as p_provider_payment_id, p.amount_paise as p_amount_paise, p.status as p_status, p.failure_reason as p_failure_reason,
  p.share_key as p_share_key, p.created_at as p_created_at, p.updated_at as p_updated_at`;

/** A `payments` row selected with PAYMENT_COLUMNS, as Drizzle would type it. */
export function paymentFromRaw(r: Record<string, unknown>): typeof payments.$inferSelect {
  return {
    id: r.p_id as string,
    bookingId: r.p_booking_id as string,
    provider: r.p_provider as string,
    method: r.p_method as string,
    providerOrderId: r.p_provider_order_id as string,
    providerPaymentId: (r.p_provider_payment_id ?? null) as string | null,
    amountPaise: Number(r.p_amount_paise),
    status: r.p_status as string,
    failureReason: (r.p_failure_reason ?? null) as string | null,
    shareKey: (r.p_share_key ?? null) as string | null,
    createdAt: toDate(r.p_created_at),
    updatedAt: toDate(r.p_updated_at),
  };
}
