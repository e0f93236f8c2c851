import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditToSpend } from './rule';

const amounts = fc.record({ balancePaise: fc.integer({ min: -1000, max: 5_000_000 }), duePaise: fc.integer({ min: -1000, max: 5_000_000 }), askedPaise: fc.integer({ min: -1000, max: 5_000_000 }) });

describe('creditToSpend', () => {
  it('never more than the balance: the balance never goes below zero', () => {
    fc.assert(
      fc.property(amounts, (input) => {
        const spend = creditToSpend(input);
        if (spend.ok) expect(input.balancePaise - spend.amountPaise).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never more than what is still due', () => {
    fc.assert(
      fc.property(amounts, (input) => {
        const spend = creditToSpend(input);
        if (spend.ok) expect(spend.amountPaise).toBeLessThanOrEqual(input.duePaise);
      }),
    );
  });

  it('nothing to spend is not a spend', () => {
    fc.assert(
      fc.property(amounts, (input) => {
        if (input.balancePaise <= 0 || input.duePaise <= 0 || input.askedPaise <= 0) expect(creditToSpend(input)).toEqual({ ok: false, why: 'nothing' });
      }),
    );
  });

  it('otherwise exactly what was asked', () => {
    fc.assert(
      fc.property(amounts, (input) => {
        const spend = creditToSpend(input);
        if (input.balancePaise > 0 && input.duePaise > 0 && input.askedPaise > 0 && input.askedPaise <= Math.min(input.balancePaise, input.duePaise)) expect(spend).toEqual({ ok: true, amountPaise: input.askedPaise });
        else if (spend.ok) throw new Error('spent what it should not');
      }),
    );
  });
});
