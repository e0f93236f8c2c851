import { queryOptions } from '@tanstack/react-query';
import type {
  CancellationAnswer,
  CancellationQuoteAnswer,
  CancellationRequest,
  ChangeAnswer,
  ChangeOptionsAnswer,
  ChangeRequest,
  RefundsAnswer,
} from '../../../core/trip-changes';
import type { ChangeQuote } from '../../../core/fares';
import { ApiError, apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * Fetchers and query options for cancelling and changing a confirmed booking. Errors are ApiError;
 * a 409 whose money moved since the traveller looked carries the new quote (`refundChangeOf`,
 * `dueChangeOf`).
 */

// Literals, not TRIP_CHANGE_REASONS: this module ships with screens that must not load zod.
const REFUND_CHANGED = 'refund-changed';
/** A remote supplier's quote expired before it was confirmed: the answer carries a fresh quote. */
const QUOTE_EXPIRED = 'quote-expired';
const DUE_CHANGED = 'due-changed';

const path = (bookingId: string, rest: string) => `/api/bookings/${encodeURIComponent(bookingId)}/${rest}`;

/** Passenger positions as the quote's query names them: sorted, comma-separated ("0,2"). */
function positionsParam(positions: readonly number[]): string {
  return [...positions].sort((a, b) => a - b).join(',');
}

/**
 * GET cancellation-quote: what cancelling these passengers gives back now, line by line. Fees
 * depend on the time left, so an answer is reused for a minute at most.
 * `journey` (0-based) quotes one journey of a whole-trip booking cancelled alone.
 * @example useQuery(cancellationQuoteQuery(booking.id, [0, 2]))
 */
export function cancellationQuoteQuery(bookingId: string, positions: readonly number[], journey: number | null = null) {
  const passengers = positionsParam(positions);
  return queryOptions({
    queryKey: queryKeys.bookings.cancellationQuote(bookingId, passengers, journey),
    queryFn: () => apiFetch<CancellationQuoteAnswer>(`${path(bookingId, 'cancellation-quote')}?${new URLSearchParams({ passengers, ...(journey === null ? {} : { journey: String(journey) }) }).toString()}`),
    staleTime: 60_000,
    retry: false,
  });
}

/** POST cancellations: one cancellation per Idempotency-Key, however often it is sent. */
export function cancelPassengers(bookingId: string, body: CancellationRequest, idempotencyKey: string): Promise<CancellationAnswer> {
  return apiFetch(path(bookingId, 'cancellations'), { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** GET refunds: the booking's cancellations and the refunds they started (the tracker). */
export function refundsQuery(bookingId: string) {
  return queryOptions({
    queryKey: queryKeys.bookings.refunds(bookingId),
    queryFn: () => apiFetch<RefundsAnswer>(path(bookingId, 'refunds')),
  });
}

/** GET change-options: flights on the same route (a whole trip's `journey`'s), cabin and family on `date`, each with what changing costs now. */
export function changeOptionsQuery(bookingId: string, date: string, journey: number | null = null) {
  const params = new URLSearchParams({ date, ...(journey === null ? {} : { journey: String(journey) }) });
  return queryOptions({
    queryKey: queryKeys.bookings.changeOptions(bookingId, date, journey),
    queryFn: () => apiFetch<ChangeOptionsAnswer>(`${path(bookingId, 'change-options')}?${params.toString()}`),
    staleTime: 60_000,
    retry: false,
  });
}

/** POST changes: holds the new flight as a new booking (`changedFrom` names this one). */
export function changeFlight(bookingId: string, body: ChangeRequest, idempotencyKey: string): Promise<ChangeAnswer> {
  return apiFetch(path(bookingId, 'changes'), { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

function objectField(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;
}

/** The new quote of a 409 refund-changed or quote-expired answer; `undefined` for any other error, null when the answer did not carry it. */
export function refundChangeOf(error: unknown): CancellationQuoteAnswer | null | undefined {
  if (!(error instanceof ApiError) || (error.reason !== REFUND_CHANGED && error.reason !== QUOTE_EXPIRED)) return undefined;
  const quote = objectField(error.body, 'quote');
  if (typeof objectField(quote, 'refundPaise') !== 'number') return null;
  return error.body as CancellationQuoteAnswer;
}

/** The new change quote of a 409 due-changed answer; `undefined` for any other error, null when the answer did not carry it. */
export function dueChangeOf(error: unknown): ChangeQuote | null | undefined {
  if (!(error instanceof ApiError) || error.reason !== DUE_CHANGED) return undefined;
  const quote = objectField(error.body, 'quote');
  return typeof objectField(quote, 'duePaise') === 'number' ? (quote as ChangeQuote) : null;
}
