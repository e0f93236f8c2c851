import { queryOptions } from '@tanstack/react-query';
import type {
  BookingReason,
  BookingList,
  BookingListItem,
  BookingResponse,
  CreateBookingBody,
  PaymentConfig,
  PaymentMethod,
  PaymentOrder,
  PriceChangedBody,
  ProfileStats,
  SandboxPayBody,
  SandboxPayResult,
} from '../../../core/booking';
import type { Quote } from '../../../core/quote';
import { ApiError, apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { itemWithOfflineCopy, listWithOfflineCopy } from '../../lib/offline/offline-copy';

/**
 * Fetchers and query options for the booking API (see the booking API contract). Errors are
 * ApiError with the server's `reason` (price-changed, sold-out, hold-expired, payment-failed) so
 * screens can branch on it, and the whole body for the price-changed answer's old and new totals.
 */

// A literal, not BOOKING_REASONS: this module ships with screens that must not load zod.
const PRICE_CHANGED: BookingReason = 'price-changed';

/** Old and new totals from a 409 price-changed answer, or null for any other error. */
export function priceChangeOf(error: unknown): { oldTotal: number; newTotal: number } | null {
  if (!(error instanceof ApiError) || error.reason !== PRICE_CHANGED) return null;
  const body = error.body as Partial<PriceChangedBody> | null;
  return typeof body?.oldTotal === 'number' && typeof body.newTotal === 'number' ? { oldTotal: body.oldTotal, newTotal: body.newTotal } : null;
}

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost), so plain-http hosts fall back to 16 random bytes from getRandomValues.
 * @example createBooking(body, newIdempotencyKey())
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** POST /api/bookings: holds seats for ten minutes. */
export function createBooking(body: CreateBookingBody, idempotencyKey: string): Promise<BookingResponse> {
  return apiFetch('/api/bookings', { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function createPayment(bookingId: string, body: { method: PaymentMethod; upiId?: string }): Promise<{ payment: PaymentOrder }> {
  return apiFetch(`/api/bookings/${encodeURIComponent(bookingId)}/payments`, { json: body });
}

export function paySandbox(body: SandboxPayBody): Promise<SandboxPayResult> {
  return apiFetch('/api/payments/sandbox/pay', { json: body });
}

export function confirmBooking(bookingId: string, body: { orderId: string; paymentId: string; signature: string }, idempotencyKey: string): Promise<BookingResponse> {
  return apiFetch(`/api/bookings/${encodeURIComponent(bookingId)}/confirm`, { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * GET /api/quote: the itinerary priced for this passenger mix and fare family (absent: the
 * cheapest) by the pricing the hold charges, with every family option for the mix.
 * Fares move, so an answer is reused for a minute at most (the hold re-checks it anyway).
 * @example const quote = await queryClient.fetchQuery(quoteQuery(itinerary.id, { adults: 1, children: 1, infants: 0 }, '6E.FLEXI'))
 */
export function quoteQuery(itineraryId: string, mix: { adults: number; children: number; infants: number }, fareFamily: string | null = null) {
  return queryOptions({
    queryKey: queryKeys.quote(itineraryId, mix, fareFamily),
    queryFn: () => {
      const params = new URLSearchParams({ itineraryId, adults: String(mix.adults), children: String(mix.children), infants: String(mix.infants) });
      if (fareFamily) params.set('fareFamily', fareFamily);
      return apiFetch<Quote>(`/api/quote?${params.toString()}`);
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function bookingQuery(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.bookings.one(bookingId),
    // A ticket the traveller has opened or owns stays readable offline.
    queryFn: () =>
      itemWithOfflineCopy('booking', bookingId, () => apiFetch<BookingResponse>(`/api/bookings/${encodeURIComponent(bookingId)}`).then((r) => r.booking)),
  });
}

/** The traveller's bookings; offline, the copy saved on this device. */
export function fetchBookings(): Promise<BookingListItem[]> {
  return listWithOfflineCopy(
    'booking',
    () => apiFetch<BookingList>('/api/bookings').then((r) => r.bookings),
    (booking) => booking.id,
  );
}

/** The profile's figures; offline, the copy saved on this device. */
export function fetchProfileStats(): Promise<ProfileStats> {
  return itemWithOfflineCopy('profile-stats', 'me', () => apiFetch<ProfileStats>('/api/profile/stats'));
}

export function bookingsQuery() {
  return queryOptions({ queryKey: queryKeys.bookings.all, queryFn: fetchBookings });
}

export function profileStatsQuery() {
  return queryOptions({ queryKey: queryKeys.profileStats, queryFn: fetchProfileStats });
}

export function paymentConfigQuery() {
  return queryOptions({ queryKey: queryKeys.paymentsConfig, queryFn: () => apiFetch<PaymentConfig>('/api/payments/config'), staleTime: Infinity });
}
