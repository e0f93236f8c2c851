import { and, eq } from 'drizzle-orm';
import { BOOKING_ERROR_MESSAGES, BOOKING_REASONS, type PaymentMethod, type PaymentOrder } from '../../core/booking';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { bookings, passengers, payments } from '../../db/schema';
import type { PaymentProvider } from './provider';

/**
 * Starts paying for a held booking: the amount is the booking's server-computed total in
 * paise (nothing the client sends), the provider gets an order, and a `created` payment row
 * remembers which booking and amount that order belongs to.
 * @example const order = await createPaymentOrder(db, clock, provider, { bookingId, userId, email, method: 'card' })
 */
export async function createPaymentOrder(
  db: Db,
  clock: Clock,
  provider: PaymentProvider,
  input: { bookingId: string; userId: string; email: string; method: PaymentMethod },
): Promise<PaymentOrder> {
  const [booking] = await db.select().from(bookings).where(and(eq(bookings.id, input.bookingId), eq(bookings.userId, input.userId)));
  if (!booking) throw new AppError('not_found', 'Booking not found');
  if (booking.status === 'confirmed') throw new AppError('conflict', 'This booking is already paid.');
  const now = clock.now();
  if (booking.status !== 'held' || booking.holdExpiresAt.getTime() <= now.getTime()) {
    throw new AppError('conflict', BOOKING_ERROR_MESSAGES.holdExpired, undefined, BOOKING_REASONS.holdExpired);
  }
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, booking.id));
  const contact = pax.sort((a, b) => a.position - b.position).find((p) => p.mobile)?.mobile ?? '';
  const legs = (booking.itinerary as { legs?: { from?: { code?: string }; to?: { code?: string } }[] }).legs ?? [];
  const source = legs[0]?.from?.code ?? '';
  const destination = legs[legs.length - 1]?.to?.code ?? '';
  const amountPaise = booking.totalInr * 100;

  const { orderId } = await provider.createOrder({ amountPaise, receipt: booking.id, notes: { bookingId: booking.id, pnr: booking.pnr } });
  await db.insert(payments).values({
    bookingId: booking.id,
    provider: provider.name,
    method: input.method,
    providerOrderId: orderId,
    amountPaise,
    status: 'created',
    createdAt: now,
    updatedAt: now,
  });
  return {
    orderId,
    provider: provider.name,
    amountPaise,
    currency: 'INR',
    description: `Flight Booking: ${source} to ${destination}`,
    prefill: { email: input.email, contact },
    ...(provider.publicKeyId ? { razorpayKeyId: provider.publicKeyId } : {}),
  };
}

/**
 * The payment row of an order, if it belongs to this booking.
 * @example await findOrder(db, 'sandbox', orderId)
 */
export async function findOrder(db: Db, providerName: string, orderId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerOrderId, orderId)));
  return row ?? null;
}

/**
 * Notes a failed attempt on an order that is still open (the traveller may retry).
 * @example await recordPaymentFailure(db, clock, 'sandbox', orderId, 'declined')
 */
export async function recordPaymentFailure(db: Db, clock: Clock, providerName: string, orderId: string, reason: string): Promise<void> {
  await db
    .update(payments)
    .set({ failureReason: reason.slice(0, 500), updatedAt: clock.now() })
    .where(and(eq(payments.provider, providerName), eq(payments.providerOrderId, orderId), eq(payments.status, 'created')));
}

/**
 * Marks an open order paid by the gateway (sandbox): one payment per order, like real gateways.
 * False when the order was already paid.
 * @example await authorizeOrder(db, clock, 'sandbox', orderId, paymentId)
 */
export async function authorizeOrder(db: Db, clock: Clock, providerName: string, orderId: string, paymentId: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'authorized', providerPaymentId: paymentId, failureReason: null, updatedAt: clock.now() })
    .where(and(eq(payments.provider, providerName), eq(payments.providerOrderId, orderId), eq(payments.status, 'created')))
    .returning({ id: payments.id });
  return rows.length > 0;
}
