import type { ApiErrorBody, ErrorCode } from '../../core/errors';

/** An API answer that was not 2xx, carrying the server's code, message and field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly fields: Record<string, string>;
  /** Provider-style reason when the server gave one (e.g. `invalid-credential`). */
  readonly reason: string | undefined;

  constructor(status: number, code: ErrorCode | 'network', message: string, fields: Record<string, string> = {}, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

/**
 * Calls the Safar API with the session cookie and JSON; throws ApiError on failure.
 * @example const health = await apiFetch<{ status: string }>('/api/health')
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error. Check your connection and try again.');
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields, body.error.reason);
    throw new ApiError(response.status, 'internal', 'Something went wrong. Please try again.');
  }
  return body as T;
}
