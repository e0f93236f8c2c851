/**
 * The Safar credit books: SQL naming every row that breaks them (empty when they balance).
 *
 * - No traveller's balance is below zero.
 * - Every refund to credit has exactly one ledger entry of its amount, and every refund entry is one.
 * - Every credit payment has exactly one spend entry of minus its amount.
 * - A refunded credit payment has exactly one return entry of its amount; any other has none.
 */
export const CREDIT_BOOKS_SQL = `
  select 'negative balance ' || user_id as bad from credit_ledger group by user_id having sum(amount_paise) < 0
  union all
  select 'refund ' || r.id from refunds r where r.destination = 'credit'
    and r.amount_paise is distinct from (select sum(l.amount_paise) from credit_ledger l where l.refund_id = r.id)
  union all
  select 'entry ' || l.id from credit_ledger l where l.refund_id is not null
    and not exists (select 1 from refunds r where r.id = l.refund_id and r.destination = 'credit')
  union all
  select 'spend ' || p.id from payments p where p.provider = 'credit'
    and -p.amount_paise is distinct from (select sum(l.amount_paise) from credit_ledger l where l.payment_id = p.id and l.amount_paise < 0)
  union all
  select 'return ' || p.id from payments p where p.provider = 'credit'
    and (case when p.status = 'refunded' then p.amount_paise else 0 end)
      <> coalesce((select sum(l.amount_paise) from credit_ledger l where l.payment_id = p.id and l.amount_paise > 0), 0)`;

