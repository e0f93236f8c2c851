import { queryOptions } from '@tanstack/react-query';
import type {
  DisruptionAcceptAnswer,
  DisruptionAlternative,
  DisruptionAlternativesAnswer,
  DisruptionAnswer,
  DisruptionBannersAnswer,
  DisruptionDecideRequest,
  DisruptionRebookAnswer,
  DisruptionRebookRequest,
  DisruptionRefundAnswer,
  DisruptionSoldOutBody,
  DisruptionSummaryAnswer,
} from '../../../core/disruptions';
import { ApiError, apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * Fetchers and query options of the disruption centre: a booking's trip changes, the free flights
 * to move to, and the three answers (rebook, refund, keep); the public banners of airlines and
 * airports in disruption. Errors are ApiError; a rebooking onto a flight that just sold out is a
 * 409 carrying the next option (`soldOutOf`).
 */

// A literal, not DISRUPTION_REASONS: this module ships with the ticket and profile screens, which must not load zod.
const SOLD_OUT = 'sold-out';

const path = (bookingId: string, rest: string) => `/api/bookings/${encodeURIComponent(bookingId)}/${rest}`;

/**
 * GET disruption: the booking's trip changes, newest first (empty when nothing changed), computed
 * live by the server, so a minute's reuse is enough.
 * @example useQuery(disruptionQuery(booking.id))
 */
export function disruptionQuery(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.bookings.disruption(bookingId),
    queryFn: () => apiFetch<DisruptionAnswer>(path(bookingId, 'disruption')),
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/disruptions: the traveller's bookings with trip changes and how many wait for an answer, in one request for all the profile's rows. */
export function disruptionSummaryQuery() {
  return queryOptions({
    queryKey: queryKeys.disruptionSummary,
    queryFn: () => apiFetch<DisruptionSummaryAnswer>('/api/disruptions'),
    staleTime: 60_000,
    retry: false,
  });
}

/** GET disruption/alternatives: the free flights of one trip change, the protected flight first. */
export function alternativesQuery(bookingId: string, disruptionId: string) {
  return queryOptions({
    queryKey: queryKeys.bookings.disruptionAlternatives(bookingId, disruptionId),
    queryFn: () => apiFetch<DisruptionAlternativesAnswer>(`${path(bookingId, 'disruption/alternatives')}?${new URLSearchParams({ disruptionId }).toString()}`),
    staleTime: 30_000,
    retry: false,
  });
}

/** POST disruption/rebook: one rebooking per Idempotency-Key; nothing to pay. */
export function rebookFlight(bookingId: string, disruptionId: string, flightId: string, idempotencyKey: string): Promise<DisruptionRebookAnswer> {
  const body: DisruptionRebookRequest = { disruptionId, flightId };
  return apiFetch(path(bookingId, 'disruption/rebook'), { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST disruption/refund: the full refund, one per Idempotency-Key. */
export function refundTrip(bookingId: string, disruptionId: string, idempotencyKey: string): Promise<DisruptionRefundAnswer> {
  const body: DisruptionDecideRequest = { disruptionId };
  return apiFetch(path(bookingId, 'disruption/refund'), { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST disruption/accept: keep the changed flight. */
export function keepTrip(bookingId: string, disruptionId: string): Promise<DisruptionAcceptAnswer> {
  const body: DisruptionDecideRequest = { disruptionId };
  return apiFetch(path(bookingId, 'disruption/accept'), { json: body });
}

/**
 * GET /api/disruptions/banners (public): airlines and airports in disruption on a date (default
 * today), for some airports (all when none are named).
 * @example useQuery(bannersQuery('2027-01-15', ['DEL', 'BOM']))
 */
export function bannersQuery(date: string | null, airports: readonly string[]) {
  const codes = [...new Set(airports.map((a) => a.toUpperCase()))].filter((a) => /^[A-Z]{3}$/.test(a)).sort().join(',');
  const params = new URLSearchParams();
  if (date) params.set('date', date);
  if (codes) params.set('airports', codes);
  const query = params.toString();
  return queryOptions({
    queryKey: queryKeys.disruptionBanners(date ?? '', codes),
    queryFn: () => apiFetch<DisruptionBannersAnswer>(`/api/disruptions/banners${query ? `?${query}` : ''}`),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function objectField(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * A 409 sold-out answer's message and next option (null: none left); `undefined` for any other error.
 * @example const soldOut = soldOutOf(error); if (soldOut) dispatch({ type: 'soldOut', message: soldOut.message, next: soldOut.next?.flightId ?? null })
 */
export function soldOutOf(error: unknown): { message: string; next: DisruptionSoldOutBody['next'] } | undefined {
  if (!(error instanceof ApiError) || error.reason !== SOLD_OUT) return undefined;
  const next = objectField(error.body, 'next');
  return { message: error.message, next: typeof objectField(next, 'flightId') === 'string' ? (next as DisruptionAlternative) : null };
}
