import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { bookingFailureOf } from './booking-failure';

const err = (status: number, code: ConstructorParameters<typeof ApiError>[1], fields: Record<string, string> = {}) => new ApiError(status, code, 'message', fields, undefined, null);

describe('bookingFailureOf', () => {
  it('calls a flight that cannot be booked unavailable, not a passenger problem', () => {
    expect(bookingFailureOf(err(404, 'not_found', { itineraryId: 'This flight is no longer available' }))).toBe('unavailable');
    expect(bookingFailureOf(err(400, 'validation_failed', { itineraryId: 'Choose a flight to book' }))).toBe('unavailable');
  });

  it('keeps passenger field errors for the form', () => {
    expect(bookingFailureOf(err(400, 'validation_failed', { 'passengers.0.firstName': 'First name is required' }))).toBe('passengers');
    expect(bookingFailureOf(err(400, 'validation_failed', { passengers: 'At least one adult' }))).toBe('passengers');
  });

  it('treats network and server failures as a failed booking', () => {
    expect(bookingFailureOf(err(0, 'network'))).toBe('failed');
    expect(bookingFailureOf(err(500, 'internal'))).toBe('failed');
    expect(bookingFailureOf(err(503, 'unavailable'))).toBe('failed');
    expect(bookingFailureOf(new TypeError('Failed to fetch'))).toBe('failed');
  });

  it('passes other refusals through with their own message', () => {
    expect(bookingFailureOf(err(429, 'rate_limited'))).toBe('other');
  });
});
