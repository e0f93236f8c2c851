import { BOOKING_ERROR_MESSAGES, BOOKING_REASONS, type PaymentMethod, type PaymentOrder } from '../../core/booking';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { q, queryRows, rawText } from '../../db/raw';
import { bookingRaw } from '../../db/rows';
import type { PaymentProvider } from './provider';

export interface OrderInput {
  bookingId: string;
  /** When given, the booking must be this traveller's (404 otherwise). Share payers are checked by their caller. */
  userId?: string | undefined;
  email: string;
  method: PaymentMethod;
  /** One share of the total (paise); omitted: everything not yet captured. */
  amountPaise?: number | undefined;
  /** The share this order pays (a group member's id): refused once that share is paid or being paid. */
  shareKey?: string | undefined;
}

/**
 * Starts paying for a held booking: the amount is computed by the server from the booking's
 * total less any credit carried from a changed booking (the rest not yet captured, or a share the caller computed), the provider gets an
 * order, and a `created` payment row remembers which booking and amount that order belongs to.
 * With a gateway that draws its order ids here (the sandbox) that is one statement, else a read,
 * the gateway's call and the insert.
 * @example const { order } = await createPaymentOrder(db, clock, provider, { bookingId, userId, email, method: 'card' })
 */
export async function createPaymentOrder(db: Db, clock: Clock, provider: PaymentProvider, input: OrderInput): Promise<{ order: PaymentOrder; paymentRowId: string }> {
  const now = clock.now();
  // An amount that is not a whole number of paise is refused below; the statement then writes nothing.
  const askedPaise = input.amountPaise === undefined ? null : Number.isSafeInteger(input.amountPaise) ? input.amountPaise : undefined;
  // A gateway that draws its order ids here: the order row is written by the same statement that
  // reads the booking, when the checks below pass (the statement restates them).
  const localOrderId = provider.newOrderId?.();
  const [found] = await queryRows<Record<string, unknown>>(db, orderRead(input, now, localOrderId === undefined || askedPaise === undefined ? null : { orderId: localOrderId, provider: provider.name, askedPaise }));
  if (!found) throw new AppError('not_found', 'Booking not found');
  const booking = bookingRaw.fromRaw(found);
  if (booking.status === 'confirmed') throw new AppError('conflict', 'This booking is already paid.');
  if (booking.status !== 'held' || booking.holdExpiresAt.getTime() <= now.getTime()) {
    throw new AppError('conflict', BOOKING_ERROR_MESSAGES.holdExpired, undefined, BOOKING_REASONS.holdExpired);
  }
  const contact = (found.contact as string | null) ?? '';
  const legs = booking.itinerary.legs;
  const source = legs[0]?.from?.code ?? '';
  const destination = legs[legs.length - 1]?.to?.code ?? '';
  // A change's new flight carries the old booking's value as credit: only the rest is due.
  const duePaise = booking.totalInr * 100 - booking.creditPaise - Number(found.captured ?? 0);
  if (duePaise <= 0) throw new AppError('conflict', 'This booking is already paid.');
  // A group's booking is paid share by share, each member their own; never as one sum.
  if (input.shareKey === undefined && found.is_group === true) throw new AppError('conflict', 'This is a group booking: each member pays their own share from the group page.');
  if (input.shareKey !== undefined && found.share_paid === true) throw new AppError('conflict', 'This share is already paid.');
  const amountPaise = input.amountPaise ?? duePaise;
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 1 || amountPaise > duePaise) {
    throw new AppError('bad_request', 'The amount must be a whole number of paise, at most what is still due.', { amountPaise: 'Invalid amount' });
  }

  let orderId: string;
  let paymentRowId: string;
  if (localOrderId !== undefined) {
    // Every check above passed, so the statement wrote the row.
    if (typeof found.payment_row_id !== 'string') throw new Error(`payment row of booking ${booking.id} not written`);
    orderId = localOrderId;
    paymentRowId = found.payment_row_id;
  } else {
    ({ orderId } = await provider.createOrder({ amountPaise, receipt: booking.id, notes: { bookingId: booking.id, pnr: booking.pnr } }));
    const [row] = await queryRows<{ id: string }>(
      db,
      q`insert into payments (booking_id, provider, method, provider_order_id, amount_paise, status, share_key, created_at, updated_at)
        values (${booking.id}, ${provider.name}, ${input.method}, ${orderId}, ${amountPaise}::int, 'created', ${input.shareKey ?? null}::text, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        returning id`,
    );
    if (!row) throw new Error('payment row not written');
    paymentRowId = row.id;
  }
  const order: PaymentOrder = {
    orderId,
    provider: provider.name,
    amountPaise,
    currency: 'INR',
    description: `Flight Booking: ${source} to ${destination}`,
    prefill: { email: input.email, contact },
    ...(provider.publicKeyId ? { razorpayKeyId: provider.publicKeyId } : {}),
  };
  return { order, paymentRowId };
}

/**
 * One read: the booking with the facts an order depends on (contact number, what is already
 * captured, whether it is a group's, whether this share is already paid or being paid). With
 * `write`, it also inserts the order's `created` payment row when the booking can take that order
 * (a live hold, something still due, the group and share rules, an amount of 1 paisa up to what
 * is due): `payment_row_id` is then its id.
 */
function orderRead(input: OrderInput, now: Date, write: { orderId: string; provider: string; askedPaise: number | null } | null) {
  const at = q`${now.toISOString()}::timestamptz`;
  const read = q`select ${rawText(bookingRaw.columns)},
        (select p.mobile from passengers p where p.booking_id = b.id and coalesce(p.mobile, '') <> '' order by p.position limit 1) as contact,
        (select sum(pc.amount_paise) from payments pc where pc.booking_id = b.id and pc.status = 'captured')::bigint as captured,
        exists (select 1 from groups g where g.booking_id = b.id) as is_group,
        ${input.shareKey === undefined ? q`false` : q`exists (select 1 from payments ps where ps.booking_id = b.id and ps.share_key = ${input.shareKey} and ps.status in ('authorized', 'captured'))`} as share_paid
      from bookings b
      where b.id = ${input.bookingId} ${input.userId === undefined ? q`` : q`and b.user_id = ${input.userId}::uuid`}`;
  if (!write) return read;
  return q`with found as (${read}),
    due as (select f.id, (f.total_inr * 100 - f.credit_paise - coalesce(f.captured, 0))::bigint as due, coalesce(${write.askedPaise}::bigint, f.total_inr * 100 - f.credit_paise - coalesce(f.captured, 0))::bigint as amount
      from found f
      where f.status = 'held' and f.hold_expires_at > ${at} and ${input.shareKey === undefined ? q`not f.is_group` : q`not f.share_paid`}),
    written as (
      insert into payments (booking_id, provider, method, provider_order_id, amount_paise, status, share_key, created_at, updated_at)
      select due.id, ${write.provider}, ${input.method}, ${write.orderId}, due.amount::int, 'created', ${input.shareKey ?? null}::text, ${at}, ${at}
      from due where due.due > 0 and due.amount between 1 and due.due
      returning id)
    select f.*, (select id from written)::text as payment_row_id from found f`;
}
