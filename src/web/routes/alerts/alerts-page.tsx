import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useDocumentTitle } from '../../components/page-title';
import { adoptOwnerToken, confirmAlertEmail, unsubscribeAlertEmail } from '../../features/alerts/alerts-api';
import { PriceAlertsPanel } from '../../features/alerts/price-alerts-dialog';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';

type Outcome = { kind: 'ok' | 'error'; text: string } | null;
type MailLink = { kind: 'confirm' | 'unsubscribe'; token: string };

async function followMailLink({ kind, token }: MailLink): Promise<string> {
  if (kind === 'confirm') {
    await confirmAlertEmail(token);
    return 'Your email is confirmed. We will tell you when the price drops.';
  }
  await unsubscribeAlertEmail(token);
  return 'You will get no more price-alert email for this address. Your alerts stay here.';
}

/**
 * /alerts: the owner's price alerts, and where the links in alert mail land —
 * `?confirm=` (double opt-in), `?unsubscribe=`, and `?owner=` (the secret manage link, which
 * this browser then keeps).
 */
export function AlertsPage() {
  useDocumentTitle('Price Alerts');
  return (
    <QueryScope>
      <AlertsScreen />
    </QueryScope>
  );
}

function AlertsScreen() {
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

  const queryClient = useQueryClient();
  // A confirmed address changes the list (no more "Check … to confirm it").
  const { mutate: follow } = useMutation({
    mutationFn: followMailLink,
    onSuccess: (text) => {
      setOutcome({ kind: 'ok', text });
      void queryClient.invalidateQueries({ queryKey: queryKeys.priceAlerts.all });
    },
    onError: (error) => setOutcome({ kind: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.' }),
  });

  useEffect(() => {
    const link: MailLink | null = confirm ? { kind: 'confirm', token: confirm } : unsubscribe ? { kind: 'unsubscribe', token: unsubscribe } : null;
    if (!link) return;
    window.history.replaceState(null, '', '/alerts');
    follow(link);
  }, [confirm, unsubscribe, follow]);

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
