import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useDocumentTitle } from '../../components/page-title';
import { adoptOwnerToken, confirmAlertEmail, unsubscribeAlertEmail } from '../../features/alerts/alerts-api';
import { PriceAlertsPanel } from '../../features/alerts/price-alerts-dialog';
import { ApiError } from '../../lib/api';

type Outcome = { kind: 'ok' | 'error'; text: string } | null;

/**
 * /alerts: the owner's price alerts, and where the links in alert mail land —
 * `?confirm=` (double opt-in), `?unsubscribe=`, and `?owner=` (the secret manage link, which
 * this browser then keeps).
 */
export function AlertsPage() {
  useDocumentTitle('Price Alerts');
  const params = new URLSearchParams(useSearch());
  const confirm = params.get('confirm');
  const unsubscribe = params.get('unsubscribe');
  const owner = params.get('owner');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [ready, setReady] = useState(owner === null);

  useEffect(() => {
    if (owner !== null) {
      const adopted = adoptOwnerToken(owner);
      // Keep the secret out of the address bar and history once it is stored.
      window.history.replaceState(null, '', '/alerts');
      queueMicrotask(() => {
        setReady(true);
        if (!adopted) setOutcome({ kind: 'error', text: 'This manage link is not valid.' });
      });
    }
  }, [owner]);

  useEffect(() => {
    const action = confirm
      ? confirmAlertEmail(confirm).then(() => 'Your email is confirmed. We will tell you when the price drops.')
      : unsubscribe
        ? unsubscribeAlertEmail(unsubscribe).then(() => 'You will get no more price-alert email for this address. Your alerts stay here.')
        : null;
    if (!action) return;
    window.history.replaceState(null, '', '/alerts');
    action
      .then((text) => setOutcome({ kind: 'ok', text }))
      .catch((error: unknown) => setOutcome({ kind: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.' }));
  }, [confirm, unsubscribe]);

  return (
    <div className="container page alerts-page">
      <h1>Price Alerts</h1>
      {outcome ? (
        <p role={outcome.kind === 'ok' ? 'status' : 'alert'} className={outcome.kind === 'ok' ? 'alerts-outcome' : 'bk-error'}>
          {outcome.text}
        </p>
      ) : null}
      {ready ? <PriceAlertsPanel showForm={false} /> : null}
    </div>
  );
}
