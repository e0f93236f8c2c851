import { queryOptions } from '@tanstack/react-query';
import type { ApplyCreditAnswer, CreditAnswer } from '../../../core/credit';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** GET /api/account/credit: the traveller's Safar credit balance and its ledger. */
export function creditQuery() {
  return queryOptions({ queryKey: queryKeys.account.credit, queryFn: () => apiFetch<CreditAnswer>('/api/account/credit') });
}

/** POST credit: spends Safar credit on a held booking (confirmed at once when it covers everything). */
export function applyCredit(bookingId: string, amountPaise: number): Promise<ApplyCreditAnswer> {
  return apiFetch(`/api/bookings/${encodeURIComponent(bookingId)}/credit`, { json: { amountPaise } });
}

/** What of the balance is already spent on this booking (a spend not given back). */
export function spentOn(credit: CreditAnswer | undefined, bookingId: string): number {
  return -(credit?.entries.filter((e) => e.bookingId === bookingId && e.kind !== 'refund').reduce((n, e) => n + e.amountPaise, 0) ?? 0);
}
