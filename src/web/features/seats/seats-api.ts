import { queryOptions } from '@tanstack/react-query';
import type { SeatMapAnswer } from '../../../core/seats';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * A booking's seat map for one of its flights (a hold choosing seats, or web check-in): states,
 * prices for its fare family, its passengers' seats.
 * @example const map = useQuery(bookingSeatMapQuery(booking.id, leg.flightId))
 */
export function bookingSeatMapQuery(bookingId: string, flightId: string) {
  return queryOptions({
    queryKey: queryKeys.bookings.seatMap(bookingId, flightId),
    queryFn: () => apiFetch<SeatMapAnswer>(`/api/flights/${encodeURIComponent(flightId)}/seat-map?booking=${encodeURIComponent(bookingId)}`),
    staleTime: 0,
  });
}

export interface SeatChoiceAnswer {
  bookingId: string;
  totalInr: number;
  seatsPaise: number;
  seats: { passengerPosition: number; legIndex: number; seat: string; pricePaise: number }[];
}

/** Chooses (or drops, with `seat: null`) one passenger's seat on a leg of a held booking. */
export function chooseSeat(bookingId: string, choice: { passengerPosition: number; legIndex: number; seat: string | null; exitConditionsAccepted?: boolean }, idempotencyKey: string): Promise<SeatChoiceAnswer> {
  return apiFetch(`/api/bookings/${encodeURIComponent(bookingId)}/seats`, { method: 'PUT', json: { choices: [choice] }, headers: { 'Idempotency-Key': idempotencyKey } });
}
