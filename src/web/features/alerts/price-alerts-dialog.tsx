import { Bell, BellOff, Trash2 } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { ALERT_MESSAGES, type AlertView, type CreateAlertBody, triggeredBanner } from '../../../core/alerts';
import { fareAge } from '../../../core/fare-age';
import { CABIN_LABELS, type Cabin, SEARCH_MESSAGES } from '../../../core/search-options';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { Modal } from '../../components/modal';
import { useCurrency } from '../../lib/currency-context';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import { createAlert, deleteAlert, listAlerts, newIdempotencyKey, pushAvailable, setAlertActive, subscribeToPush } from './alerts-api';
import { PriceChart } from './price-chart';
import '../booking/forms.css';
import './price-alerts.css';

/** What the results fill in: the route, date (a round trip's return date too), passengers and current all-in price. */
export interface AlertPrefill {
  from: string;
  to: string;
  date: string;
  /** A round trip's return date; absent: one way. */
  returnDate?: string;
  cabin: Cabin;
  adults: number;
  children: number;
  infants: number;
  currentPrice: number;
}

interface FormState {
  from: string;
  to: string;
  dateFrom: string;
  dateTo: string;
  returnDate: string;
  targetPrice: string;
  email: string;
}

const rupees = (amount: number) => amount.toLocaleString('en-IN');
const VERDICT_TEXT = { low: 'Low for this route', typical: 'Typical for this route', high: 'High for this route' } as const;

function routeText(alert: AlertView) {
  const dates = alert.dateFrom === alert.dateTo ? alert.dateFrom : `${alert.dateFrom} – ${alert.dateTo}`;
  const trip = alert.returnDate === null ? dates : `Round trip · out ${dates} · back ${alert.returnDate}`;
  const people = alert.adults + alert.children + alert.infants;
  return `${trip} · ${people} traveller${people === 1 ? '' : 's'} · ${CABIN_LABELS[alert.cabin]}`;
}

/**
 * The Price Alerts dialog: a form (pre-filled from a result card) and the owner's alerts with
 * their bell, delete, triggered banner, price chart and verdict.
 */
export function PriceAlertsDialog({ open, onOpenChange, prefill }: { open: boolean; onOpenChange(open: boolean): void; prefill?: AlertPrefill }) {
  return (
    <Modal open={open} title="Price Alerts" onOpenChange={onOpenChange}>
      {open ? <PriceAlertsPanel prefill={prefill} /> : null}
    </Modal>
  );
}

/** The dialog's body, also the /alerts page's; it brings its own query cache. */
export function PriceAlertsPanel(props: { prefill?: AlertPrefill | undefined; showForm?: boolean }) {
  return (
    <QueryScope>
      <AlertsPanelBody {...props} />
    </QueryScope>
  );
}

const failureText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

function AlertsPanelBody({ prefill, showForm = true }: { prefill?: AlertPrefill | undefined; showForm?: boolean }) {
  const ListHeading = showForm ? 'h3' : 'h2';
  const { user, status } = useSession();
  const { currency, format } = useCurrency();
  const queryClient = useQueryClient();
  const formId = useId();
  const [form, setForm] = useState<FormState>(() => ({
    from: prefill?.from ?? '',
    to: prefill?.to ?? '',
    dateFrom: prefill?.date ?? '',
    dateTo: '',
    returnDate: prefill?.returnDate ?? '',
    targetPrice: prefill ? String(Math.max(1, Math.round((prefill.currentPrice * 0.9) / 100) * 100)) : '',
    email: '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [offerPush, setOfferPush] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const signedIn = user !== null;
  // Read on each opening; alert changes replayed from the offline queue refetch it (SYNCED_QUERIES).
  const listKey = queryKeys.priceAlerts.list(user?.id ?? 'anon');
  const list = useQuery({ queryKey: listKey, queryFn: () => listAlerts(signedIn), enabled: status === 'ready', staleTime: 0, retry: false });
  const alerts = list.data ?? null;
  const loadError = list.error ? failureText(list.error, 'Could not load your alerts.') : null;
  const updateList = (change: (list: AlertView[]) => AlertView[]) => queryClient.setQueryData<AlertView[]>(listKey, (current) => change(current ?? []));

  const create = useMutation({ mutationFn: ({ body, key }: { body: CreateAlertBody; key: string }) => createAlert(body, key, signedIn) });
  const toggle = useMutation({
    mutationFn: (alert: AlertView) => setAlertActive(alert, !alert.active),
    onSuccess: (updated) => updateList((current) => current.map((a) => (a.id === updated.id ? updated : a))),
    onError: (error) => notify.error(failureText(error, 'Could not change the alert.')),
  });
  const remove = useMutation({
    mutationFn: async (alert: AlertView) => {
      await deleteAlert(alert);
      return alert;
    },
    onSuccess: (alert) => {
      updateList((current) => current.filter((a) => a.id !== alert.id));
      notify.success(ALERT_MESSAGES.deleted);
    },
    onError: (error) => notify.error(failureText(error, 'Could not delete the alert.')),
  });
  const busy = create.isPending;

  // The signed-in traveller's address is the default until they type another.
  const email = form.email || (user?.email ?? '');

  const set = (field: keyof FormState) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    const values = { ...form, email };
    for (const field of ['from', 'to', 'targetPrice', 'email'] as const) if (!values[field].trim()) missing[field] = ALERT_MESSAGES.required;
    if (!form.dateFrom) missing.dateFrom = 'Choose a travel date';
    if (form.dateFrom && form.returnDate && form.returnDate < (form.dateTo > form.dateFrom ? form.dateTo : form.dateFrom)) missing.returnDate = SEARCH_MESSAGES.returnBeforeDeparture;
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      const only = Object.keys(missing).length === 1 ? (missing.dateFrom ?? missing.returnDate) : undefined;
      notify.error(only ?? ALERT_MESSAGES.required);
      return;
    }
    setErrors({});
    try {
      const body = {
        from: form.from.trim(),
        to: form.to.trim(),
        targetPrice: Math.round(Number(form.targetPrice.replace(/[,\s₹]/g, ''))),
        email: email.trim(),
        dateFrom: form.dateFrom,
        ...(form.dateTo ? { dateTo: form.dateTo } : {}),
        ...(form.returnDate ? { returnDate: form.returnDate } : {}),
        ...(prefill && form.from === prefill.from && form.to === prefill.to && form.dateFrom === prefill.date && form.returnDate === (prefill.returnDate ?? '')
          ? { currentPrice: prefill.currentPrice, cabin: prefill.cabin, adults: prefill.adults, children: prefill.children, infants: prefill.infants }
          : {}),
      };
      const alert = await create.mutateAsync({ body, key: idempotencyKey });
      setIdempotencyKey(newIdempotencyKey());
      // null: no connection, the alert waits in the offline queue (the traveller was told).
      if (alert) {
        updateList((current) => [alert, ...current.filter((a) => a.id !== alert.id)]);
        notify.success(ALERT_MESSAGES.created);
        if (await pushAvailable().catch(() => false)) setOfferPush(Notification.permission === 'default');
      }
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        notify.error(error.message);
      } else notify.error('Could not create the alert. Please try again.');
    }
  }

  async function turnOnPush() {
    setOfferPush(false);
    try {
      if (await subscribeToPush(signedIn)) notify.success('Browser notifications are on for price drops.');
    } catch {
      notify.error('Could not turn on browser notifications.');
    }
  }

  const field = (name: keyof FormState, label: string, input: ComponentProps<'input'> = {}) => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    return (
      <div className="bk-field">
        <label htmlFor={id}>{label}</label>
        <input id={id} name={name} value={name === 'email' ? email : form[name]} onChange={set(name)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
        {error ? (
          <p id={`${id}-error`} className="bk-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="pa">
      {showForm ? (
        <form className="pa-form" onSubmit={(e) => void submit(e)} noValidate aria-label="New price alert">
          <div className="pa-row">
            {field('from', 'From', { autoComplete: 'off', placeholder: 'DEL' })}
            {field('to', 'To', { autoComplete: 'off', placeholder: 'BOM' })}
          </div>
          <div className="pa-row">
            {field('dateFrom', 'Travel date', { type: 'date' })}
            {field('dateTo', 'Or any day until (optional)', { type: 'date', min: form.dateFrom || undefined })}
          </div>
          <div className="pa-row">{field('returnDate', 'Return date (round trip, optional)', { type: 'date', min: form.dateTo || form.dateFrom || undefined })}</div>
          <div className="pa-row">
            {field('targetPrice', 'Target price (₹, all travellers)', { inputMode: 'numeric', autoComplete: 'off' })}
            <div className="bk-field">
              <span className="pa-label">Current price</span>
              <p className="pa-current">{prefill ? `${format(prefill.currentPrice)}${currency !== 'INR' ? ` (₹${rupees(prefill.currentPrice)})` : ''}` : '—'}</p>
            </div>
          </div>
          {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
          <p className="small muted pa-hint">We check the fares you could book every hour and tell you once when the price drops to your target (at most one message a day). {signedIn ? '' : 'No account needed: we ask you to confirm your email first.'}</p>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Creating…' : 'Create Alert'}
          </button>
        </form>
      ) : null}

      {offerPush ? (
        <div className="pa-push" role="region" aria-label="Browser notifications">
          <p>Also get a browser notification when the price drops?</p>
          <div className="pa-push-actions">
            <button type="button" className="btn btn-primary btn-small" onClick={() => void turnOnPush()}>
              Turn on notifications
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setOfferPush(false)}>
              Not now
            </button>
          </div>
        </div>
      ) : null}

      <section className="pa-list-section" aria-labelledby={`${formId}-list`}>
        {/* Under the dialog's title (h2) and its form the list is a third level; on the alerts page, under its h1, a second. */}
        <ListHeading id={`${formId}-list`} className="pa-list-title">
          Your alerts
        </ListHeading>
        {loadError ? <p className="bk-error">{loadError}</p> : null}
        {alerts === null && !loadError ? <p className="small muted">Loading…</p> : null}
        {alerts !== null && alerts.length === 0 ? <p className="small muted">No price alerts yet.</p> : null}
        {alerts && alerts.length > 0 ? (
          <ul className="pa-list">
            {alerts.map((alert) => {
              const state = alert.triggered ? 'is-triggered' : alert.active ? 'is-active' : 'is-inactive';
              const route = `${alert.from} → ${alert.to}`;
              return (
                <li key={alert.id} className={`pa-item ${state}`} data-state={state}>
                  <div className="pa-item-head">
                    <div>
                      <p className="pa-route">{route}</p>
                      <p className="small muted pa-meta">{routeText(alert)}</p>
                    </div>
                    <div className="pa-item-actions">
                      <button
                        type="button"
                        className="icon-btn"
                        aria-pressed={alert.active}
                        aria-label={`${alert.active ? 'Turn off' : 'Turn on'} alert ${route}`}
                        title={alert.active ? 'Alert on' : 'Alert off'}
                        onClick={() => toggle.mutate(alert)}
                      >
                        {alert.active ? <Bell aria-hidden="true" size={18} /> : <BellOff aria-hidden="true" size={18} />}
                      </button>
                      <button type="button" className="icon-btn" aria-label={`Delete alert ${route}`} onClick={() => remove.mutate(alert)}>
                        <Trash2 aria-hidden="true" size={18} />
                      </button>
                    </div>
                  </div>
                  {alert.triggered && alert.triggeredPrice !== null ? (
                    <p className="pa-banner" role="status">
                      {triggeredBanner(rupees(alert.triggeredPrice))}
                      {currency !== 'INR' ? ` (${format(alert.triggeredPrice)})` : ''}
                    </p>
                  ) : null}
                  <dl className="pa-prices small">
                    <div>
                      <dt>Target</dt>
                      <dd>{format(alert.targetPrice)}</dd>
                    </div>
                    <div>
                      <dt>Now</dt>
                      <dd>
                        {alert.currentPrice !== null ? format(alert.currentPrice) : '—'}
                        {/* A remote supplier's price is a last-known fare: say how old it is. */}
                        {alert.currentPrice !== null && alert.priceSeenAt ? <span className="muted"> · {fareAge(alert.priceSeenAt, list.dataUpdatedAt)}</span> : null}
                      </dd>
                    </div>
                    {alert.verdict ? (
                      <div>
                        <dt>Verdict</dt>
                        <dd className={`pa-verdict pa-verdict-${alert.verdict.level}`}>
                          {VERDICT_TEXT[alert.verdict.level]} (typical {format(alert.verdict.typicalLow)}–{format(alert.verdict.typicalHigh)} per adult)
                        </dd>
                      </div>
                    ) : (
                      <div>
                        <dt>Verdict</dt>
                        <dd className="muted">Collecting this route’s fare history</dd>
                      </div>
                    )}
                  </dl>
                  <PriceChart history={alert.priceHistory} target={alert.targetPrice} format={format} />
                  {!alert.emailConfirmed ? <p className="small muted pa-confirm">Check {alert.email} to confirm it; we send no email until you do.</p> : null}
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
