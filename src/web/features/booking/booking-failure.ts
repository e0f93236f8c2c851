import { ApiError } from '../../lib/api';

/** The chosen flight cannot be booked any more (departed, withdrawn, unknown): not a passenger problem. */
export const FLIGHT_UNAVAILABLE = 'This flight is no longer available — choose another';
/** Network failures and our own server failures: nothing the traveller typed is wrong. */
export const BOOKING_FAILED = 'Booking failed. Please try again.';

/**
 * What a failed hold means for the traveller: the flight is gone, a passenger field is wrong,
 * the request failed (network, server), or another refusal whose message says why.
 * @example bookingFailureOf(new ApiError(404, 'not_found', '…', { itineraryId: '…' }, undefined, null)) // 'unavailable'
 */
export function bookingFailureOf(error: unknown): 'unavailable' | 'passengers' | 'failed' | 'other' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 0 || error.status >= 500) return 'failed';
  if ('itineraryId' in error.fields || error.status === 404) return 'unavailable';
  if (Object.keys(error.fields).some((key) => key === 'passengers' || key.startsWith('passengers.'))) return 'passengers';
  return 'other';
}
