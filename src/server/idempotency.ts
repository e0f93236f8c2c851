import { createHash } from 'node:crypto';
import type { RouteConfig, RouteConfigToTypedResponse } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { and, eq, lt, or } from 'drizzle-orm';
import type { BookingView } from '../core/booking';
import type { Clock } from '../core/clock';
import { type ApiErrorBody, AppError, toErrorBody } from '../core/errors';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { type KeyedAnswer, KeyTakenError } from '../domain/booking/keyed-answer';

/**
 * Idempotency-Key handling (quality.md invariant 3): the first request with a key runs and its
 * answer is stored; the same key with the same body replays that answer; the same key with a
 * different body is 422; a request still running is 409. The key row is claimed with
 * INSERT … ON CONFLICT DO NOTHING, so exactly one of many concurrent requests runs.
 */

/**
 * A request still `in_progress` after this long is taken to have died with its node (a crash,
 * kill -9) and may be taken over by a retry. Holds and confirmations finish in well under a
 * second and the slowest step (a provider call) times out at 10 s; running one twice is harmless
 * anyway, because settling a payment locks the booking row and is idempotent.
 */
export const ABANDONED_AFTER_MS = 15_000;
/** Finished keys are kept this long for replays, then swept. */
export const KEEP_KEYS_MS = 24 * 60 * 60_000;

/**
 * Deletes finished keys older than KEEP_KEYS_MS and abandoned in-progress ones.
 * @example const removed = await sweepIdempotencyKeys(db, clock)
 */
export async function sweepIdempotencyKeys(db: Db, clock: Clock): Promise<number> {
  const now = clock.now().getTime();
  const rows = await db
    .delete(idempotencyKeys)
    .where(
      or(
        lt(idempotencyKeys.createdAt, new Date(now - KEEP_KEYS_MS)),
        and(eq(idempotencyKeys.status, 'in_progress'), lt(idempotencyKeys.createdAt, new Date(now - ABANDONED_AFTER_MS))),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** A final error answer (a 4xx other than 409 and 429), kept for replays like a success. */
export interface StoredError {
  status: number;
  body: ApiErrorBody;
}

/** What a keyed request answers: the work's own answer or a final error, and whether it is a replay. */
export type KeyedResult<A extends StoredResponse> = (A | StoredError) & { replayed: boolean };

/** The JSON answers a route declares: each status with the body its schema describes. */
export type DeclaredAnswer<R extends RouteConfig> =
  RouteConfigToTypedResponse<R> extends infer T ? (T extends TypedResponse<infer Body, infer Status, 'json'> ? { status: Status; body: Body } : never) : never;

/**
 * A stored answer as its row holds it. The row was written by this module for this user, scope
 * and key, from `run`'s answer (type A) or a final error, so that is what it holds.
 */
const storedAnswer = <A extends StoredResponse>(status: number, body: unknown) => ({ status, body, replayed: true }) as KeyedResult<A>;

/**
 * JSON with object keys sorted, so the same body in another key order hashes the same.
 * Iterative (an explicit stack, no recursion), so a hostile body nested thousands deep costs
 * memory proportional to its size and can never overflow the call stack.
 */
function canonicalJson(root: unknown): string {
  const out: string[] = [];
  // A frame is either a value still to write or a piece of punctuation to emit.
  const stack: ({ value: unknown } | { text: string })[] = [{ value: root }];
  while (stack.length > 0) {
    const frame = stack.pop() as { value: unknown } | { text: string };
    if ('text' in frame) {
      out.push(frame.text);
      continue;
    }
    const value = frame.value;
    if (Array.isArray(value)) {
      const parts: ({ value: unknown } | { text: string })[] = [{ text: '[' }];
      value.forEach((item, i) => {
        if (i > 0) parts.push({ text: ',' });
        parts.push({ value: item === undefined ? null : item });
      });
      parts.push({ text: ']' });
      for (let i = parts.length - 1; i >= 0; i -= 1) stack.push(parts[i] as { value: unknown } | { text: string });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const parts: ({ value: unknown } | { text: string })[] = [{ text: '{' }];
      entries.forEach(([k, v], i) => {
        parts.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(k)}:` });
        parts.push({ value: v });
      });
      parts.push({ text: '}' });
      for (let i = parts.length - 1; i >= 0; i -= 1) stack.push(parts[i] as { value: unknown } | { text: string });
    } else {
      out.push(JSON.stringify(value) ?? 'null');
    }
  }
  return out.join('');
}

/**
 * Fingerprint of a request: its scope-specific parts (path parameters, body).
 * @example requestHash({ bookingId: 'BK1', body }) // 'ab12…'
 */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

/** Answers worth replaying: successes and final client errors. A 409 (sold out, price changed) or a 5xx may go another way next time, so the key is freed. */
const isFinal = (status: number) => status < 400 || (status >= 400 && status < 500 && status !== 409 && status !== 429);

/**
 * Runs `run` at most once per (user, scope, key) and returns its stored answer on repeats.
 * An AppError thrown by `run` becomes the stored answer when final; anything else frees the key.
 * @example
 * const answer = await withIdempotency(db, clock, { userId, scope: 'create-booking', key, hash }, async () => ({ status: 201, body: { booking } }));
 * return c.json(answer.body, answer.status);
 */
export async function withIdempotency<const A extends StoredResponse>(
  db: Db,
  clock: Clock,
  id: { userId: string; scope: string; key: string; hash: string },
  run: () => Promise<A>,
): Promise<KeyedResult<A>> {
  const match = and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.key, id.key));
  const now = clock.now();
  let claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: id.userId, scope: id.scope, key: id.key, requestHash: id.hash, status: 'in_progress', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [existing] = await db.select().from(idempotencyKeys).where(match);
    if (!existing) throw new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Try again in a moment.');
    if (existing.requestHash !== id.hash) {
      throw new AppError('idempotency_mismatch', 'This Idempotency-Key was already used for a different request. Use a new key.');
    }
    if (existing.status === 'done' && existing.responseStatus !== null) {
      return storedAnswer<A>(existing.responseStatus, existing.responseBody);
    }
    // Still running, unless its node died: then take it over (one taker wins the conditional update).
    claimed = await db
      .update(idempotencyKeys)
      .set({ createdAt: now })
      .where(and(match, eq(idempotencyKeys.status, 'in_progress'), lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS))))
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      throw new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Try again in a moment.');
    }
  }

  let answer: A | StoredError;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof AppError && isFinal(error.status)) {
      answer = { status: error.status, body: toErrorBody(error.code, error.message, error.fields, error.reason) };
    } else {
      await db.delete(idempotencyKeys).where(match);
      throw error;
    }
  }
  if (!isFinal(answer.status)) {
    await db.delete(idempotencyKeys).where(match);
    return { ...answer, replayed: false };
  }
  await db.update(idempotencyKeys).set({ status: 'done', responseStatus: answer.status, responseBody: answer.body }).where(match);
  return { ...answer, replayed: false };
}

const inProgress = () => new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Try again in a moment.');

/**
 * Like `withIdempotency`, for work whose own transaction records the key with its answer (the
 * hold and the confirmation: see `KeyedAnswer`). No statement of its own on the way through; the key
 * table is read only when the key turns out to be taken or the work did not succeed:
 * - the key was already used: the stored answer is replayed (422 for another body, 409 while a
 *   request of the old kind still runs);
 * - a final error (a 4xx other than 409/429) is stored for replays, as `withIdempotency` does;
 * - 409s, 429s and 5xx are thrown on and leave no key, so a retry may go another way.
 * @example
 * const answer = await withKeyInTransaction(db, clock, { userId, scope: 'confirm-payment', key, hash }, (booking) => ({ status: 200, body: { booking } }), (keyed) => confirm(keyed));
 */
export async function withKeyInTransaction<const A extends StoredResponse, T = BookingView>(
  db: Db,
  clock: Clock,
  id: { userId: string; scope: string; key: string; hash: string },
  answerOf: (result: T) => A,
  run: (keyed: KeyedAnswer<T>) => Promise<T>,
): Promise<KeyedResult<A>> {
  // Built only when the key table is read: the way through touches no key statement.
  const match = () => and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.key, id.key));
  /** The answer an existing key gives, or null when there is none. */
  const stored = async (): Promise<KeyedResult<A> | null> => {
    const [existing] = await db.select().from(idempotencyKeys).where(match());
    if (!existing) return null;
    if (existing.requestHash !== id.hash) throw new AppError('idempotency_mismatch', 'This Idempotency-Key was already used for a different request. Use a new key.');
    if (existing.status === 'done' && existing.responseStatus !== null) return storedAnswer<A>(existing.responseStatus, existing.responseBody);
    // A request of the claim-first kind (`withIdempotency`) is still running, unless its node died.
    if (existing.createdAt.getTime() > clock.now().getTime() - ABANDONED_AFTER_MS) throw inProgress();
    await db.delete(idempotencyKeys).where(and(match(), eq(idempotencyKeys.status, 'in_progress')));
    return null;
  };
  const keyed: KeyedAnswer<T> = { ...id, answer: answerOf };
  try {
    return { ...answerOf(await run(keyed)), replayed: false };
  } catch (error) {
    if (error instanceof KeyTakenError) {
      // Taken: replay it; or it was an abandoned in-progress key, now removed, so run once more.
      const replay = await stored();
      if (replay) return replay;
      try {
        return { ...answerOf(await run(keyed)), replayed: false };
      } catch (again) {
        if (again instanceof KeyTakenError) throw inProgress();
        throw again;
      }
    }
    if (!(error instanceof AppError)) throw error;
    // A retry of a request that already succeeded may fail today (sold out since): replay first.
    const replay = await stored();
    if (replay) return replay;
    if (!isFinal(error.status)) throw error;
    const answer = { status: error.status, body: toErrorBody(error.code, error.message, error.fields, error.reason) };
    const kept = await db
      .insert(idempotencyKeys)
      .values({ userId: id.userId, scope: id.scope, key: id.key, requestHash: id.hash, status: 'done', responseStatus: answer.status, responseBody: answer.body, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (kept.length === 0) return (await stored()) ?? { ...answer, replayed: false };
    return { ...answer, replayed: false };
  }
}

/**
 * Sends a keyed request's answer (fresh or replayed) as JSON with its own status, typed by the
 * route's declared responses: the work's own answer must be one the route declares. A final
 * error carries the status of its AppError, which the route's OpenAPI entry lists as well.
 * @example return sendStored(c, confirmRoute, answer);
 */
export function sendStored<R extends RouteConfig>(c: Context, _route: R, answer: (DeclaredAnswer<R> | StoredError) & { replayed?: boolean }): RouteConfigToTypedResponse<R> {
  if (answer.replayed) c.header('Idempotent-Replayed', 'true');
  // c.json, not a hand-built response: the compression middleware encodes c.json's text as it is
  // built, where a finished response would be read back through a full web Response.
  const response = c.json(answer.body as object, answer.status as ContentfulStatusCode);
  // One of the route's declared answers (the parameter's type), so one of its typed responses.
  return response as unknown as RouteConfigToTypedResponse<R>;
}
