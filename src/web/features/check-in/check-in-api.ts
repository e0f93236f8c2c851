import { queryOptions } from '@tanstack/react-query';
import type { CheckInAnswer, CheckInRequest, CheckInStatus } from '../../../core/check-in';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const path = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/check-in`;

/**
 * GET check-in: each passenger's state per leg. The window opens and closes with time, so an
 * answer is reused for a minute at most.
 * @example useQuery(checkInQuery(booking.id))
 */
export function checkInQuery(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.bookings.checkIn(bookingId),
    queryFn: () => apiFetch<CheckInStatus>(path(bookingId)),
    staleTime: 60_000,
    retry: false,
  });
}

/** POST check-in: one check-in (and one sequence number) per Idempotency-Key, however often it is sent. */
export function postCheckIn(bookingId: string, body: CheckInRequest, idempotencyKey: string): Promise<CheckInAnswer> {
  return apiFetch(path(bookingId), { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}
