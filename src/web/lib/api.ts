import type { ApiErrorBody, ErrorCode } from '../../core/errors';

/**
 * The web app's one API client: every request to /api goes through `apiFetch` (JSON) or
 * `apiBlob` (PDFs, SVG barcodes), with the session cookie and the error envelope turned into
 * ApiError. Answer types come from the wire schemas in src/core (imported as types only, so
 * no zod reaches the first load). Raw fetch() is refused by ESLint everywhere else in src/web.
 */

/** An API answer that was not 2xx, carrying the server's code, message and field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly fields: Record<string, string>;
  /** Provider-style reason when the server gave one (e.g. `invalid-credential`). */
  readonly reason: string | undefined;
  /** The whole answer body, for errors that carry more than the envelope (price-changed's totals). */
  readonly body: unknown;

  constructor(status: number, code: ErrorCode | 'network', message: string, fields: Record<string, string> = {}, reason?: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason;
    this.body = body;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = value.error;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && 'message' in error && typeof error.message === 'string';
}

export interface ApiInit extends RequestInit {
  /** A JSON body; the method defaults to POST when one is given. */
  json?: unknown;
}

const NETWORK_MESSAGE = 'Network error. Check your connection and try again.';

async function send(path: string, init: ApiInit, accept: string): Promise<Response> {
  const { json, headers, ...rest } = init;
  try {
    return await fetch(path, {
      credentials: 'same-origin',
      ...(json !== undefined ? { method: 'POST' } : {}),
      ...rest,
      headers: { Accept: accept, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch (error) {
    // A cancelled request stays a cancellation, so callers (and the query library) can tell.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
}

async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    const { code, message, fields, reason } = body.error;
    return new ApiError(response.status, code, message, fields ?? {}, reason, body);
  }
  return new ApiError(response.status, 'internal', 'Something went wrong. Please try again.', {}, undefined, body);
}

/**
 * Calls the Safar API with the session cookie and JSON; throws ApiError on failure.
 * `T` is the answer's wire type from src/core (the server's own contract, not re-checked here).
 * @example const { booking } = await apiFetch<BookingResponse>(`/api/bookings/${id}`)
 */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const response = await send(path, init, 'application/json');
  if (!response.ok) throw await failure(response);
  return (response.status === 204 ? null : await response.json().catch(() => null)) as T;
}

/** A binary answer and the file name the server suggested for it. */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/**
 * Downloads a binary answer (a PDF, an SVG barcode) with the session cookie; throws ApiError on
 * failure (code `network` when there was no answer at all).
 * @example const { blob } = await apiBlob(`/api/bookings/${id}/ticket.pdf`, 'application/pdf')
 */
export async function apiBlob(path: string, accept: string, init: Omit<ApiInit, 'json'> = {}): Promise<ApiFile> {
  const response = await send(path, init, accept);
  if (!response.ok) throw await failure(response);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  const disposition = response.headers.get('Content-Disposition');
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return { blob, filename: match?.[1] ?? null };
}

/**
 * Like apiBlob, but a refusal by the server (404, 409…) answers null; only a missing connection throws.
 * @example const file = await apiBlobOrNull(`/api/boarding-passes/${id}/barcode.svg`, 'image/svg+xml')
 */
export function apiBlobOrNull(path: string, accept: string): Promise<ApiFile | null> {
  return apiBlob(path, accept).catch((error: unknown) => {
    if (error instanceof ApiError && error.code !== 'network') return null;
    throw error;
  });
}
