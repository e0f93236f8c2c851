import { describe, expect, it } from 'vitest';
import { SUPPLIER_ERROR_KINDS, SupplierError, type SupplierErrorKind } from './supplier';

describe('SupplierError', () => {
  it('gives every kind one traveller sentence and an API error that is never a 500', () => {
    const messages = new Set<string>();
    for (const kind of SUPPLIER_ERROR_KINDS) {
      const error = new SupplierError(kind, `internal note on ${kind}`).toAppError();
      expect(error.status === 503 || error.status < 500).toBe(true);
      expect(error.reason).toBe(kind);
      expect(error.message).not.toContain("internal note");
      messages.add(error.message);
    }
    expect(messages.size).toBe(SUPPLIER_ERROR_KINDS.length);
  });

  it('fare conflicts are 409, supplier trouble 503, rate limits 429, a bad field 400 naming the field, unknown ids 404', () => {
    const status = (kind: SupplierErrorKind) => new SupplierError(kind, '').toAppError().status;
    const conflicts: SupplierErrorKind[] = ['offerExpired', 'soldOut', 'priceChanged', 'notAllowed', 'unsupported'];
    const trouble: SupplierErrorKind[] = ['timeout', 'unavailable', 'outcomeUnknown', 'misconfigured'];
    expect(conflicts.map(status)).toEqual([409, 409, 409, 409, 409]);
    expect(trouble.map(status)).toEqual([503, 503, 503, 503]);
    expect(status('rateLimited')).toBe(429);
    expect(status('notFound')).toBe(404);
    const invalid = new SupplierError('invalidRequest', '', { field: 'passengers[0].born_on' }).toAppError();
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed', fields: { 'passengers[0].born_on': 'The airline could not accept these details. Check them and try again.' } });
  });

  it('keeps the wait of a rate limit and the supplier code and request id for support', () => {
    const error = new SupplierError('rateLimited', 'x', { retryAfterSeconds: 12, supplierCode: 'rate_limit_exceeded', requestId: 'req_1' });
    expect([error.retryAfterSeconds, error.supplierCode, error.requestId, error.travellerMessage]).toEqual([12, 'rate_limit_exceeded', 'req_1', 'The airline is busy right now. Please try again in a moment.']);
  });
});
