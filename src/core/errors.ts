import type { ApiErrorBody } from './error-body';

/**
 * The one error format every API answer uses: a stable machine `code` from a
 * closed list, a human `message`, and optional per-field messages keyed by the
 * field name the form uses.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'payment_failed',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_in_progress',
  'idempotency_mismatch',
  'payload_too_large',
  'rate_limited',
  'unsupported_media_type',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type { ApiErrorBody };

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_in_progress: 409,
  idempotency_mismatch: 422,
  payload_too_large: 413,
  rate_limited: 429,
  unsupported_media_type: 415,
  internal: 500,
  unavailable: 503,
};

/** Thrown by domain code and routes; the server turns it into an ApiErrorBody. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly status: number;
  readonly reason: string | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, reason?: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.status = STATUS_BY_CODE[code];
    this.reason = reason;
  }
}

/**
 * Builds the error body; `reason` is added only when given.
 * @example toErrorBody('unauthorized', 'Invalid email or password.', undefined, 'invalid-credential')
 */
export function toErrorBody(code: ErrorCode, message: string, fields?: Record<string, string>, reason?: string): ApiErrorBody {
  const body: ApiErrorBody['error'] = fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message };
  if (reason !== undefined) body.reason = reason;
  return { error: body };
}
