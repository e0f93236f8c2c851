import { type Statement, q } from '../../db/raw';
import type { BookingView } from '../../core/booking';

/**
 * An Idempotency-Key recorded by the transaction that does the work it answers, in that
 * transaction's last statement. So the key costs no statement of its own, a crash mid-way leaves
 * no key behind (the retry simply runs), and a concurrent duplicate waits on the key's unique
 * index until the first commits, then finds it taken.
 */
export interface KeyedAnswer<T = BookingView> {
  userId: string;
  scope: string;
  key: string;
  /** Fingerprint of the request; the same key with another fingerprint is refused by the caller. */
  hash: string;
  /** The answer replayed for this key, given what the work produced (a booking, or a cancellation's answer). */
  answer(result: T): { status: number; body: unknown };
}

/**
 * The key was already used (a replay, or a duplicate that committed first): the work's
 * transaction rolls back and the caller answers from the stored key.
 */
export class KeyTakenError extends Error {
  constructor() {
    super('Idempotency-Key already recorded');
    this.name = 'KeyTakenError';
  }
}

/**
 * `insert … on conflict do nothing returning 1` writing the key as done with its answer, only
 * when `when` holds; a CTE step (or a statement of its own), empty when the key is taken.
 * @example q`with kept as (${keyInsert(keyed, answer, now)}) select count(*) from kept`
 */
export function keyInsert<T>(keyed: KeyedAnswer<T>, answer: { status: number; body: unknown }, now: Date, when: Statement = q`true`): Statement {
  return q`insert into idempotency_keys (user_id, scope, key, request_hash, status, response_status, response_body, created_at)
    select ${keyed.userId}::uuid, ${keyed.scope}, ${keyed.key}, ${keyed.hash}, 'done', ${answer.status}::int, ${JSON.stringify(answer.body)}::jsonb, ${now.toISOString()}::timestamptz
    where ${when}
    on conflict do nothing returning 1 as kept`;
}
