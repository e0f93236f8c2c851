import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRecentFirst, splitRefund } from './split';

const payment = fc.record({ id: fc.uuid(), amountPaise: fc.integer({ min: 1, max: 5_000_000 }), refundedPaise: fc.integer({ min: 0, max: 5_000_000 }) }).map((p) => ({ ...p, refundedPaise: Math.min(p.refundedPaise, p.amountPaise) }));
const room = (p: { amountPaise: number; refundedPaise: number }) => p.amountPaise - p.refundedPaise;

/** Payments and a refund they can cover. */
const coverable = fc.array(payment, { minLength: 1, maxLength: 4 }).chain((payments) => {
  const total = payments.reduce((n, p) => n + room(p), 0);
  return fc.record({ payments: fc.constant(payments), amount: fc.integer({ min: 0, max: total }) });
});

describe('splitRefund', () => {
  it('Safar credit spent on the booking comes back first', () => {
    const withCredit = fc.tuple(coverable, fc.integer({ min: 0, max: 3 })).map(([{ payments, amount }, n]) => ({
      amount,
      payments: payments.map((p, i) => (i === n % payments.length ? { ...p, method: 'credit' } : { ...p, method: 'card' })),
    }));
    fc.assert(
      fc.property(withCredit, ({ payments, amount }) => {
        const credit = payments.find((p) => p.method === 'credit');
        const shares = splitRefund(amount, payments);
        const fromCredit = shares.find((s) => s.paymentId === credit?.id)?.amountPaise ?? 0;
        // The credit gives all it can before any other payment gives anything.
        expect(fromCredit).toBe(Math.min(amount, room(credit ?? { amountPaise: 0, refundedPaise: 0 })));
        if (fromCredit > 0) expect(shares[0]?.paymentId).toBe(credit?.id);
      }),
    );
  });

  it('largest payment first', () => {
    expect(splitRefund(700, [{ id: 'b', amountPaise: 400, refundedPaise: 0 }, { id: 'a', amountPaise: 500, refundedPaise: 0 }])).toEqual([
      { paymentId: 'a', amountPaise: 500 },
      { paymentId: 'b', amountPaise: 200 },
    ]);
  });

  it('a payment never gives back more than its amount less what was refunded before', () => {
    fc.assert(
      fc.property(coverable, ({ payments, amount }) => {
        for (const share of splitRefund(amount, payments)) {
          const p = payments.find((x) => x.id === share.paymentId);
          expect(share.amountPaise).toBeLessThanOrEqual(room(p ?? { amountPaise: 0, refundedPaise: 0 }));
        }
      }),
    );
  });

  it('the shares add up to the refund exactly, none empty', () => {
    fc.assert(
      fc.property(coverable, ({ payments, amount }) => {
        const shares = splitRefund(amount, payments);
        expect(shares.reduce((n, s) => n + s.amountPaise, 0)).toBe(amount);
        for (const s of shares) expect(s.amountPaise).toBeGreaterThan(0);
      }),
    );
  });

  it('a refund beyond what is refundable is an error, never dropped', () => {
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 4 }), fc.integer({ min: 1, max: 1000 }), (payments, extra) => {
        const total = payments.reduce((n, p) => n + room(p), 0);
        expect(() => splitRefund(total + extra, payments)).toThrow();
      }),
    );
  });
});

describe('splitRecentFirst', () => {
  const at = (day: number) => `2027-01-0${day}T10:00:00.000Z`;
  it('the most recent payment gives back first, never more than is left on it', () => {
    const payments = [
      { id: 'a', amountPaise: 500_000, refundedPaise: 0, createdAt: at(1) },
      { id: 'b', amountPaise: 40_000, refundedPaise: 10_000, createdAt: at(3) },
    ];
    expect(splitRecentFirst(100_000, payments)).toEqual([
      { paymentId: 'b', amountPaise: 30_000 },
      { paymentId: 'a', amountPaise: 70_000 },
    ]);
  });

  it('more than the payments can return is an error, not money dropped', () => {
    expect(() => splitRecentFirst(600_000, [{ id: 'a', amountPaise: 500_000, refundedPaise: 0, createdAt: at(1) }])).toThrow(/exceeds/);
  });
});
