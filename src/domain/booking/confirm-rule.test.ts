import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../core/booking';
import { q, toQuery } from '../../db/raw';
import { type ConfirmFacts, type ConfirmNotice, confirmColumnsOf, confirmsOnly, confirmsOnlySql } from './confirm-rule';

/** The rule's facts as the columns of a one-row relation `f`, typed as the tables type them. */
const COLUMNS = confirmColumnsOf('f.booking_id', 'f.', 'f.p_');

const BOOKING_IDS = ['BK1', 'BK2'];
const USER_IDS = ['5b0f6c5e-8d47-4c34-9c6a-0f5a4f1d2a01', '5b0f6c5e-8d47-4c34-9c6a-0f5a4f1d2a02'];
const NOW = new Date('2026-12-01T10:00:00.000Z');

const facts: fc.Arbitrary<ConfirmFacts> = fc.record({
  booking: fc.record({
    id: fc.constantFrom(...BOOKING_IDS),
    userId: fc.constantFrom(...USER_IDS),
    status: fc.constantFrom(...BOOKING_STATUSES),
    // Around now, to the millisecond, including exactly now.
    holdExpiresAt: fc.integer({ min: -3, max: 3 }).map((ms) => new Date(NOW.getTime() + ms)),
    totalInr: fc.integer({ min: 1, max: 50 }),
    changedFrom: fc.option(fc.constantFrom('BK0'), { nil: null }),
  }),
  payment: fc.record({
    status: fc.constantFrom(...PAYMENT_STATUSES),
    shareKey: fc.option(fc.constantFrom('m1', 'm2'), { nil: null }),
    // Whole rupees, or a paisa either side.
    amountPaise: fc.tuple(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0, 0, -1, 1)).map(([rupees, off]) => rupees * 100 + off),
  }),
});

const notice: fc.Arbitrary<ConfirmNotice> = fc.record({
  amountPaise: fc.option(fc.integer({ min: 1, max: 5_001 }), { nil: null }),
  expect: fc.option(
    fc.oneof(
      fc.record({ bookingId: fc.constantFrom(...BOOKING_IDS), userId: fc.constantFrom(...USER_IDS) }),
      fc.record({ bookingId: fc.constantFrom(...BOOKING_IDS), shareKey: fc.constantFrom('m1', 'm2') }),
    ),
    { nil: undefined },
  ),
});

describe('the "this payment can only confirm" rule', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());

  /** The SQL form evaluated by PostgreSQL (PGlite) over the facts as typed column values. */
  async function inSql(f: ConfirmFacts, n: ConfirmNotice): Promise<boolean> {
    const { booking: b, payment: p } = f;
    const { text, params } = toQuery(
      q`select ${confirmsOnlySql(COLUMNS, n, NOW)} as ok from (values (${b.id}::text, ${b.userId}::uuid, ${b.status}::text, ${b.holdExpiresAt.toISOString()}::timestamptz,
        ${b.totalInr}::int, ${b.changedFrom}::text, ${p.status}::text, ${p.shareKey}::text, ${p.amountPaise}::int))
        as f(booking_id, user_id, status, hold_expires_at, total_inr, changed_from, p_status, p_share_key, p_amount_paise)`,
    );
    const { rows } = await db.query<{ ok: boolean }>(text, params);
    return rows[0]?.ok === true;
  }

  it('holds in SQL exactly when it holds in TypeScript', async () => {
    await fc.assert(
      fc.asyncProperty(facts, notice, async (f, n) => {
        expect(await inSql(f, n)).toBe(confirmsOnly(f, n, NOW));
      }),
      { numRuns: 400 },
    );
  });

  it('holds for the usual case and fails on each clause alone', () => {
    const usual: ConfirmFacts = {
      booking: { id: 'BK1', userId: USER_IDS[0]!, status: 'held', holdExpiresAt: new Date(NOW.getTime() + 1), totalInr: 50, changedFrom: null },
      payment: { status: 'created', shareKey: null, amountPaise: 5_000 },
    };
    const named: ConfirmNotice = { expect: { bookingId: 'BK1', userId: USER_IDS[0]! } };
    expect(confirmsOnly(usual, named, NOW)).toBe(true);
    expect(confirmsOnly(usual, {}, NOW)).toBe(true);
    expect(confirmsOnly({ ...usual, booking: { ...usual.booking, holdExpiresAt: NOW } }, named, NOW)).toBe(false);
    expect(confirmsOnly({ ...usual, booking: { ...usual.booking, status: 'expired' } }, named, NOW)).toBe(false);
    expect(confirmsOnly({ ...usual, payment: { ...usual.payment, status: 'captured' } }, named, NOW)).toBe(false);
    expect(confirmsOnly({ ...usual, payment: { ...usual.payment, shareKey: 'm1' } }, named, NOW)).toBe(false);
    expect(confirmsOnly({ ...usual, payment: { ...usual.payment, amountPaise: 4_999 } }, named, NOW)).toBe(false);
    expect(confirmsOnly({ ...usual, booking: { ...usual.booking, changedFrom: 'BK0' } }, named, NOW)).toBe(false);
    expect(confirmsOnly(usual, { amountPaise: 4_000 }, NOW)).toBe(false);
    expect(confirmsOnly(usual, { expect: { bookingId: 'BK2', userId: USER_IDS[0]! } }, NOW)).toBe(false);
    expect(confirmsOnly(usual, { expect: { bookingId: 'BK1', shareKey: 'm1' } }, NOW)).toBe(false);
  });
});
