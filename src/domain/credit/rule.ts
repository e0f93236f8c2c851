/**
 * How much Safar credit a traveller may spend on a booking.
 *
 * - Never more than the balance: the balance never goes below zero.
 * - Never more than what is still due (the total less what was captured or carried over).
 * - Nothing to spend (no balance, nothing due, or nothing asked) is not a spend.
 * - Otherwise exactly what was asked.
 */
export function creditToSpend(input: { balancePaise: number; duePaise: number; askedPaise: number }): { ok: true; amountPaise: number } | { ok: false; why: 'nothing' | 'too-much' } {
  const { balancePaise, duePaise, askedPaise } = input;
  if (balancePaise <= 0 || duePaise <= 0 || askedPaise <= 0) return { ok: false, why: 'nothing' };
  if (askedPaise > balancePaise || askedPaise > duePaise) return { ok: false, why: 'too-much' };
  return { ok: true, amountPaise: askedPaise };
}
