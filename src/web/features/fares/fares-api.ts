import { queryOptions } from '@tanstack/react-query';
import type { BookingFare } from '../../../core/fares';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * A booking's fare family and breakdown; what was paid does not move, so it is read once.
 * @example const fare = useQuery(bookingFareQuery(booking.id))
 */
export function bookingFareQuery(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.bookings.fare(bookingId),
    queryFn: () => apiFetch<BookingFare>(`/api/bookings/${encodeURIComponent(bookingId)}/fare`),
    staleTime: Infinity,
  });
}
