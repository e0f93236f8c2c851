import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { AppError, type ErrorCode, toErrorBody } from '../core/errors';
import { SupplierError } from '../domain/suppliers/supplier';
import type { AppEnv } from './context';
import { errorForLog } from './log-safety';

/** Turns zod issues into one message per field (the first issue of each field wins). */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationResponse(c: Context, error: ZodError) {
  const fields = fieldErrors(error);
  const first = Object.values(fields)[0] ?? 'Please fix the errors in the form';
  return c.json(toErrorBody('validation_failed', first, fields), 400);
}

export function errorResponse(c: Context, code: ErrorCode, message: string, status: ContentfulStatusCode, fields?: Record<string, string>) {
  return c.json(toErrorBody(code, message, fields), status);
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_failed',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** PostgreSQL's "invalid byte sequence" and "untranslatable character" (a NUL in text), anywhere in the cause chain. */
function isUnstorableText(err: unknown): boolean {
  for (let current = err, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if ('code' in current && (current.code === '22021' || current.code === '22P05')) return true;
  }
  return false;
}

/** The app's onError: known errors keep their status; anything else is logged and becomes a plain 500. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  // A supplier's failure is the traveller's sentence for its kind (409/429/503/400/404), never a 500.
  if (err instanceof SupplierError) return handleError(err.toAppError(), c);
  if (err instanceof AppError) {
    // Throttling says how long to wait (Retry-After, in seconds).
    const retryAfter = 'retryAfterSeconds' in err && typeof err.retryAfterSeconds === 'number' ? err.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
    return c.json(toErrorBody(err.code, err.message, err.fields, err.reason), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
    const message = status === 413 ? 'The request is too large.' : err.message || 'The request could not be handled.';
    // 413 answers before the body is read: the connection cannot carry another request.
    return c.json(toErrorBody(code, message), status, status === 413 ? { Connection: 'close' } : undefined);
  }
  if (isUnstorableText(err)) {
    // Text PostgreSQL cannot store (NUL, invalid UTF-8) is the client's input, not our failure;
    // the statement failed, so nothing was half-saved.
    return c.json(toErrorBody('bad_request', 'The request contains characters that are not allowed.'), 400);
  }
  c.get('deps').logger.error('unhandled error', {
    requestId: c.get('requestId'),
    method: c.req.method,
    path: c.req.path,
    ...errorForLog(err),
  });
  return c.json(toErrorBody('internal', 'Something went wrong on our side. Please try again.'), 500);
}
