/**
 * How a refund is spread over the payments a booking was paid with.
 *
 * - Safar credit spent on the booking comes back first (to the credit), then the other payments.
 * - Largest payment first (ties: by id, so the split is stable).
 * - A payment never gives back more than its amount less what was refunded from it before.
 * - The shares add up to the refund exactly; a payment with nothing to give gets no share.
 * - A refund larger than everything still refundable is an error (the books are wrong): money is never dropped silently.
 */

export interface PaymentShare {
  id: string;
  amountPaise: number;
  /** Refunded from this payment before (any refund status). */
  refundedPaise: number;
  /** `credit` for Safar credit spent on the booking. */
  method?: string;
}

const creditFirst = (p: PaymentShare) => (p.method === 'credit' ? 0 : 1);

/**
 * The refund rows for a refund of `amountPaise`.
 * @example splitRefund(700, [{ id: 'a', amountPaise: 500, refundedPaise: 0 }, { id: 'b', amountPaise: 400, refundedPaise: 0 }]) // [{ paymentId: 'a', amountPaise: 500 }, { paymentId: 'b', amountPaise: 200 }]
 */
export function splitRefund(amountPaise: number, payments: readonly PaymentShare[]): { paymentId: string; amountPaise: number }[] {
  const ordered = [...payments].sort((a, b) => creditFirst(a) - creditFirst(b) || b.amountPaise - a.amountPaise || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const shares: { paymentId: string; amountPaise: number }[] = [];
  let left = amountPaise;
  for (const payment of ordered) {
    if (left <= 0) break;
    const room = Math.max(0, payment.amountPaise - payment.refundedPaise);
    const share = Math.min(room, left);
    if (share > 0) {
      shares.push({ paymentId: payment.id, amountPaise: share });
      left -= share;
    }
  }
  if (left > 0) throw new Error(`Refund of ${amountPaise} paise exceeds what the payments can return by ${left} paise`);
  return shares;
}

/**
 * The refund rows of money an airline pays back on a change (decision 0070): the most recent
 * payment first (ties: by id), each giving back at most its amount less what was refunded from it
 * before; the shares add up to the amount exactly, and more than the payments can return is an error.
 * @example splitRecentFirst(700, [{ id: 'a', amountPaise: 500, refundedPaise: 0, createdAt: '2027-01-01T00:00:00Z' }, { id: 'b', amountPaise: 400, refundedPaise: 0, createdAt: '2027-01-02T00:00:00Z' }]) // [{ paymentId: 'b', amountPaise: 400 }, { paymentId: 'a', amountPaise: 300 }]
 */
export function splitRecentFirst(amountPaise: number, payments: readonly (PaymentShare & { createdAt: string })[]): { paymentId: string; amountPaise: number }[] {
  const ordered = [...payments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const shares: { paymentId: string; amountPaise: number }[] = [];
  let left = amountPaise;
  for (const payment of ordered) {
    if (left <= 0) break;
    const share = Math.min(Math.max(0, payment.amountPaise - payment.refundedPaise), left);
    if (share > 0) {
      shares.push({ paymentId: payment.id, amountPaise: share });
      left -= share;
    }
  }
  if (left > 0) throw new Error(`Refund of ${amountPaise} paise exceeds what the payments can return by ${left} paise`);
  return shares;
}
