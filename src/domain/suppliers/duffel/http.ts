import { SupplierError } from '../supplier';
import { z } from '../../../core/zod';
import { DuffelErrorBodySchema, type DuffelErrorBody } from './schemas';

const EnvelopeSchema = z.object({ data: z.unknown().optional(), meta: z.unknown().optional(), errors: z.unknown().optional() });

/** One request the adapter made, for logs (never the token). */
export interface DuffelRequestLog {
  method: string;
  path: string;
  status: number | null;
  attempt: number;
  ms: number;
  requestId: string | null;
  outcome: 'ok' | 'error' | 'timeout' | 'network';
}

export interface DuffelHttpOptions {
  token: string;
  baseUrl: string;
  /** Per-request deadline; Duffel's own advice is slightly above its 120 s upper bound. */
  timeoutMs?: number;
  /** Retries of a safe request after 503/504 or a dropped connection. */
  retries?: number;
  /** Wait before the first retry; doubles each time. */
  backoffMs?: number;
  /** Longest rate-limit wait taken inside one call; longer waits answer `rateLimited` with the time to wait. */
  maxRateLimitWaitMs?: number;
  log?: (entry: DuffelRequestLog) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface DuffelCall {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /**
   * Safe calls (reads, searches) are retried after 503/504 and dropped connections; unsafe ones
   * (orders, payments, confirmations) never are: their outcome is unknown until reconciled.
   */
  safe: boolean;
  timeoutMs?: number;
}

export interface DuffelAnswer {
  data: unknown;
  meta: unknown;
  requestId: string | null;
}

/**
 * Duffel's documented HTTP API over fetch:
 * - every request sends `Authorization: Bearer`, `Duffel-Version: v2`, `Accept: application/json`, and bodies wrapped in `{ data }`;
 * - every request has a deadline (AbortSignal.timeout); a timeout is `timeout`, never retried;
 * - 429 waits until `ratelimit-reset` when that is short, else answers `rateLimited` with the seconds to wait;
 *   `ratelimit-remaining: 0` makes the next call wait (or answer `rateLimited`) without asking Duffel;
 * - 503/504 and dropped connections retry safe calls with doubling backoff; 500 and 502 are never retried;
 * - errors branch on the error's `type` and `code`, never its message.
 */
export class DuffelHttp {
  readonly #token: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #backoffMs: number;
  readonly #maxWaitMs: number;
  readonly #log: (entry: DuffelRequestLog) => void;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  #blockedUntil = 0;

  constructor(options: DuffelHttpOptions) {
    this.#token = options.token;
    this.#baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.#timeoutMs = options.timeoutMs ?? 130_000;
    this.#retries = options.retries ?? 2;
    this.#backoffMs = options.backoffMs ?? 500;
    this.#maxWaitMs = options.maxRateLimitWaitMs ?? 2_000;
    this.#log = options.log ?? (() => {});
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Never shows the token when logged or inspected. */
  toJSON(): Record<string, string> {
    return { baseUrl: this.#baseUrl, token: '[redacted]' };
  }

  async request(call: DuffelCall): Promise<DuffelAnswer> {
    for (let attempt = 1; ; attempt++) {
      await this.#waitForRateLimit();
      const started = this.#now();
      let response: Response;
      try {
        response = await fetch(this.#url(call), {
          method: call.method,
          headers: this.#headers(call.body !== undefined),
          body: call.body === undefined ? undefined : JSON.stringify({ data: call.body }),
          signal: AbortSignal.timeout(call.timeoutMs ?? this.#timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        this.#log({ method: call.method, path: call.path, status: null, attempt, ms: this.#now() - started, requestId: null, outcome: timedOut ? 'timeout' : 'network' });
        if (timedOut) {
          throw new SupplierError(call.safe ? 'timeout' : 'outcomeUnknown', `Duffel ${call.method} ${call.path} timed out`);
        }
        if (call.safe && attempt <= this.#retries) {
          await this.#sleep(this.#backoffMs * 2 ** (attempt - 1));
          continue;
        }
        throw new SupplierError(call.safe ? 'unavailable' : 'outcomeUnknown', `Duffel ${call.method} ${call.path} failed: no answer`);
      }
      const requestId = response.headers.get('x-request-id');
      this.#noteRateLimit(response.headers);
      const text = await response.text();
      const body = parseJson(text);
      this.#log({ method: call.method, path: call.path, status: response.status, attempt, ms: this.#now() - started, requestId, outcome: response.ok ? 'ok' : 'error' });

      const envelope = EnvelopeSchema.safeParse(body);
      if (response.ok && envelope.success && envelope.data.errors === undefined) {
        return { data: envelope.data.data, meta: envelope.data.meta, requestId };
      }
      if (response.status === 204) return { data: null, meta: null, requestId };

      if (response.status === 429) {
        const waitMs = this.#resetWaitMs(response.headers);
        if (waitMs <= this.#maxWaitMs && attempt <= this.#retries) {
          await this.#sleep(waitMs);
          this.#blockedUntil = 0;
          continue;
        }
        throw new SupplierError('rateLimited', 'Duffel rate limit reached', { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), supplierCode: 'rate_limit_exceeded', requestId });
      }
      if ((response.status === 503 || response.status === 504) && call.safe && attempt <= this.#retries) {
        await this.#sleep(this.#backoffMs * 2 ** (attempt - 1));
        continue;
      }
      const parsed = DuffelErrorBodySchema.safeParse(body);
      throw errorFor(response.status, parsed.success ? parsed.data : null, call, requestId);
    }
  }

  #url(call: DuffelCall): string {
    const url = new URL(call.path.replace(/^\//, ''), this.#baseUrl);
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  #headers(withBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.#token}`,
      'Duffel-Version': 'v2',
      Accept: 'application/json',
      'Accept-Encoding': 'gzip',
    };
    if (withBody) headers['Content-Type'] = 'application/json';
    return headers;
  }

  #noteRateLimit(headers: Headers): void {
    if (headers.get('ratelimit-remaining') === '0') {
      this.#blockedUntil = this.#now() + this.#resetWaitMs(headers);
    } else if (headers.has('ratelimit-remaining')) {
      this.#blockedUntil = 0;
    }
  }

  /** Milliseconds until `ratelimit-reset` (an HTTP date; seconds as a number are read too), at least one second. */
  #resetWaitMs(headers: Headers): number {
    const reset = headers.get('ratelimit-reset') ?? headers.get('retry-after');
    if (!reset) return 60_000;
    const seconds = Number(reset);
    const at = Number.isFinite(seconds) ? (seconds > 1e9 ? seconds * 1000 : this.#now() + seconds * 1000) : Date.parse(reset);
    if (!Number.isFinite(at)) return 60_000;
    return Math.max(1000, at - this.#now());
  }

  async #waitForRateLimit(): Promise<void> {
    const waitMs = this.#blockedUntil - this.#now();
    if (waitMs <= 0) return;
    if (waitMs > this.#maxWaitMs) {
      throw new SupplierError('rateLimited', 'Duffel rate limit reached (waiting for reset)', { retryAfterSeconds: Math.ceil(waitMs / 1000), supplierCode: 'rate_limit_exceeded' });
    }
    await this.#sleep(waitMs);
    this.#blockedUntil = 0;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Codes that say an action is not (or no longer) possible on this order. */
const NOT_ALLOWED = new Set(['already_cancelled', 'order_not_changeable', 'stale_airline_initiated_change_accept', 'order_type_not_eligible_for_payment', 'invalid_order_create_type', 'pay_later_order_no_payment_for_ancillaries']);

/** Codes that say a cancellation quote can no longer be confirmed (expired, or not the order's latest): ask for a fresh one. */
const QUOTE_GONE = new Set(['order_cancellation_expired', 'cancellation_not_latest']);

/**
 * Maps Duffel's error answer to a SupplierError, by status, then `type` and `code`:
 * - `offer_no_longer_available` → `soldOut` (the adapter tells an expired offer by its expiry time);
 * - a cancellation quote expired or superseded → `offerExpired` (quote again);
 * - `price_changed` and `payment_amount_does_not_match_order_amount` → `priceChanged`;
 * - 500 and unknown 5xx on an unsafe call → `outcomeUnknown` (it may have happened); 502 `order_not_created` → `unavailable`;
 * - 401/403 and `insufficient_balance` → `misconfigured`; 404 → `notFound`; `unsupported_action` → `unsupported`;
 * - other validation and request errors → `invalidRequest`, with the field Duffel names.
 */
function errorFor(status: number, body: DuffelErrorBody | null, call: Pick<DuffelCall, 'method' | 'path' | 'safe'>, requestId: string | null): SupplierError {
  const first = body?.errors[0];
  const code = first?.code ?? null;
  const type = first?.type ?? null;
  const detail = `Duffel ${call.method} ${call.path} answered ${status}${code ? ` ${code}` : ''}`;
  const options = { supplierCode: code, requestId: requestId ?? body?.meta?.request_id ?? null, field: first?.source?.field ?? null };
  if (code === 'offer_no_longer_available') return new SupplierError('soldOut', detail, options);
  if (code !== null && QUOTE_GONE.has(code)) return new SupplierError('offerExpired', detail, options);
  if (code === 'price_changed' || code === 'payment_amount_does_not_match_order_amount') return new SupplierError('priceChanged', detail, options);
  if (code === 'order_not_created') return new SupplierError('unavailable', detail, options);
  if (code !== null && NOT_ALLOWED.has(code)) return new SupplierError('notAllowed', detail, options);
  if (code === 'unsupported_action') return new SupplierError('unsupported', detail, options);
  if (code === 'insufficient_balance' || status === 401 || status === 403 || type === 'authentication_error') return new SupplierError('misconfigured', detail, options);
  if (status === 404) return new SupplierError('notFound', detail, options);
  if (status === 504 || code === 'gateway_timeout_error') return new SupplierError(call.safe ? 'timeout' : 'outcomeUnknown', detail, options);
  if (status === 502 && type === 'airline_error' && call.safe) return new SupplierError('unavailable', detail, options);
  if (status >= 500) return new SupplierError(call.safe ? 'unavailable' : 'outcomeUnknown', detail, options);
  return new SupplierError('invalidRequest', detail, options);
}
