import { useQuery } from '@tanstack/react-query';
import type { CreditEntry } from '../../../core/credit';
import { formatDate, formatPaise } from '../../lib/format';
import { creditQuery } from './credit-api';
import './credit.css';

const WHAT: Record<CreditEntry['kind'], string> = {
  refund: 'Refund kept as credit',
  spend: 'Used for booking',
  return: 'Given back (booking not completed)',
};

/**
 * The profile's Safar credit: the balance and every entry (what added, what spent). Shown only
 * once the traveller has any: credit only ever comes from a refund they chose to keep as credit.
 */
export function CreditPanel() {
  const credit = useQuery(creditQuery());
  if (!credit.data || credit.data.entries.length === 0) return null;
  const { balancePaise, entries } = credit.data;
  return (
    <section className="card credit-panel" aria-labelledby="credit-title">
      <h2 id="credit-title">
        Safar credit: <span data-testid="credit-balance">{formatPaise(balancePaise)}</span>
      </h2>
      <p className="muted small">Use it on your next booking: the payment screen lets you apply it. It never expires.</p>
      <details className="credit-ledger">
        <summary>Credit history ({entries.length})</summary>
        <table>
          <caption className="visually-hidden">Safar credit history</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Booking</th>
              <th scope="col" className="credit-amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{formatDate(e.createdAt)}</td>
                <td>{WHAT[e.kind]}</td>
                <td>{e.pnr ?? '—'}</td>
                <td className="credit-amount">{e.amountPaise > 0 ? `+${formatPaise(e.amountPaise)}` : `−${formatPaise(-e.amountPaise)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
