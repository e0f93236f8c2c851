import { queryOptions } from '@tanstack/react-query';
import { z } from '../../../core/zod';
import type {
  BoardingPassView,
  BookingView,
  CreateBookingBody,
  PaymentConfig,
  PaymentMethod,
  PaymentOrder,
  ProfileStats,
  SandboxPayBody,
  SandboxPayResult,
} from '../../../core/booking';
import { ERROR_CODES } from '../../../core/errors';
import { ApiError } from '../../lib/api';
import { itemWithOfflineCopy, listWithOfflineCopy } from '../offline/offline-copy';

/**
 * Fetchers and query options for the booking API (see the booking API contract). Errors carry
 * the server's `reason` (price-changed, sold-out, hold-expired, payment-failed) so screens can
 * branch on it, and the whole body for the price-changed answer's old and new totals.
 */
export class BookingApiError extends ApiError {
  readonly body: unknown;

  constructor(status: number, code: ApiError['code'], message: string, fields: Record<string, string>, reason: string | undefined, body: unknown) {
    super(status, code, message, fields, reason);
    this.name = 'BookingApiError';
    this.body = body;
  }
}

const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    reason: z.string().optional(),
  }),
});

const KNOWN_CODES = new Set<string>(ERROR_CODES);

function isKnownCode(code: string): code is Exclude<ApiError['code'], 'network'> {
  return KNOWN_CODES.has(code);
}

/**
 * Calls the API with JSON and the session cookie; throws BookingApiError on any failure.
 * @example const { booking } = await requestJson<{ booking: BookingView }>('/api/bookings/BK1')
 */
export async function requestJson<T>(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
  } catch {
    throw new BookingApiError(0, 'network', 'Network error. Check your connection and try again.', {}, undefined, null);
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields, reason } = parsed.data.error;
      throw new BookingApiError(response.status, isKnownCode(code) ? code : 'internal', message, fields ?? {}, reason, body);
    }
    throw new BookingApiError(response.status, 'internal', 'Something went wrong. Please try again.', {}, undefined, body);
  }
  // Our own API's success bodies follow the shared contract types.
  return body as T;
}

const PriceChangedSchema = z.object({ oldTotal: z.number(), newTotal: z.number() });

/** Old and new totals from a 409 price-changed answer, or null for any other error. */
export function priceChangeOf(error: unknown): { oldTotal: number; newTotal: number } | null {
  if (!(error instanceof BookingApiError) || error.reason !== 'price-changed') return null;
  const parsed = PriceChangedSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
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
export function createBooking(body: CreateBookingBody, idempotencyKey: string): Promise<{ booking: BookingView }> {
  return requestJson('/api/bookings', { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function createPayment(bookingId: string, body: { method: PaymentMethod; upiId?: string }): Promise<{ payment: PaymentOrder }> {
  return requestJson(`/api/bookings/${encodeURIComponent(bookingId)}/payments`, { json: body });
}

export function paySandbox(body: SandboxPayBody): Promise<SandboxPayResult> {
  return requestJson('/api/payments/sandbox/pay', { json: body });
}

export function confirmBooking(bookingId: string, body: { orderId: string; paymentId: string; signature: string }, idempotencyKey: string): Promise<{ booking: BookingView }> {
  return requestJson(`/api/bookings/${encodeURIComponent(bookingId)}/confirm`, { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function bookingQuery(bookingId: string) {
  return queryOptions({
    queryKey: ['bookings', bookingId],
    // A ticket the traveller has opened or owns stays readable offline.
    queryFn: () =>
      itemWithOfflineCopy('booking', bookingId, () => requestJson<{ booking: BookingView }>(`/api/bookings/${encodeURIComponent(bookingId)}`).then((r) => r.booking)),
  });
}

/** The traveller's bookings; offline, the copy saved on this device. */
export function fetchBookings(): Promise<BookingView[]> {
  return listWithOfflineCopy(
    'booking',
    () => requestJson<{ bookings: BookingView[] }>('/api/bookings').then((r) => r.bookings),
    (booking) => booking.id,
  );
}

/** The profile's figures; offline, the copy saved on this device. */
export function fetchProfileStats(): Promise<ProfileStats> {
  return itemWithOfflineCopy('profile-stats', 'me', () => requestJson<ProfileStats>('/api/profile/stats'));
}

export function bookingsQuery() {
  return queryOptions({ queryKey: ['bookings'], queryFn: fetchBookings });
}

export function profileStatsQuery() {
  return queryOptions({ queryKey: ['profile-stats'], queryFn: fetchProfileStats });
}

export function paymentConfigQuery() {
  return queryOptions({ queryKey: ['payments-config'], queryFn: () => requestJson<PaymentConfig>('/api/payments/config'), staleTime: Infinity });
}

export function boardingPassesQuery() {
  return queryOptions({
    queryKey: ['boarding-passes'],
    queryFn: () => requestJson<{ passes: BoardingPassView[] }>('/api/boarding-passes').then((r) => r.passes),
  });
}
