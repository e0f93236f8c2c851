import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../components/page-title';
import { RequireAuth } from '../../features/auth/require-auth';
import { consentsQuery, deleteAccount, downloadDataExport, setMarketingConsent } from '../../features/personal-data/personal-data-api';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import { notify } from '../../lib/toast';
import { signOutSession } from '../../lib/use-session';
import '../../features/booking/forms.css';
import '../../features/personal-data/personal-data.css';
import './your-data.css';

/**
 * Your data (/your-data, signed-in only): download everything Safar holds, choose about marketing
 * mail, delete the account.
 * @example <Route path="/your-data" component={YourDataPage} />
 */
export function YourDataPage() {
  useDocumentTitle('Your data');
  return (
    <RequireAuth>
      <QueryScope>
        <YourDataScreen />
      </QueryScope>
    </RequireAuth>
  );
}

function YourDataScreen() {
  return (
    <div className="container page your-data-page">
      <div>
        <Link href="/profile" className="btn btn-ghost">
          <ArrowLeft aria-hidden="true" size={18} /> Profile
        </Link>
      </div>
      <h1>Your data</h1>
      <ExportCard />
      <ConsentCard />
      <DeleteCard />
    </div>
  );
}

function ExportCard() {
  const [busy, setBusy] = useState(false);
  return (
    <section className="card pd-section" aria-labelledby="export-title">
      <h2 id="export-title">Download your data</h2>
      <p>
        One JSON file with everything Safar holds about you: your account, sessions, bookings and passengers, payments (Safar never receives card numbers), GST
        details and invoices, saved travellers, price alerts, trip plans, groups, notices and your consent choices.
      </p>
      <div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void downloadDataExport()
              .then(() => notify.success('Your data is downloading'))
              .catch((error: unknown) => notify.error(error instanceof Error ? error.message : 'The download failed'))
              .finally(() => setBusy(false));
          }}
        >
          <Download aria-hidden="true" size={18} /> Download my data
        </button>
      </div>
    </section>
  );
}

function ConsentCard() {
  const consents = useQuery(consentsQuery());
  const queryClient = useQueryClient();
  // The box shows the traveller's choice at once; the server's answer then confirms (or undoes) it.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const change = useMutation({
    mutationFn: (granted: boolean) => setMarketingConsent(granted),
    onSettled: () => setChoosing(null),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.consents, answer);
      notify.success(answer.marketingEmail.granted ? 'You will get offers by email' : 'No marketing email will be sent');
    },
    onError: (error) => notify.error(error.message),
  });
  const marketing = consents.data?.marketingEmail;
  return (
    <section className="card pd-section" aria-labelledby="consent-title">
      <h2 id="consent-title">Email from Safar</h2>
      <p className="muted small">Booking confirmations and alerts you set up always arrive. Offers and news come only if you say yes here.</p>
      {marketing ? (
        <label className="pd-check">
          <input
            type="checkbox"
            checked={choosing ?? marketing.granted}
            disabled={change.isPending}
            onChange={(e) => {
              setChoosing(e.target.checked);
              change.mutate(e.target.checked);
            }}
          />
          <span>{marketing.wording}</span>
        </label>
      ) : consents.isError ? (
        <p role="alert">{consents.error.message}</p>
      ) : null}
    </section>
  );
}

function DeleteCard() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const remove = useMutation({
    mutationFn: () => deleteAccount(password, confirm),
    onSuccess: async () => {
      notify.success('Your account has been deleted');
      // The server ended every session; clear this device's copy of the traveller's data too.
      await signOutSession().catch(() => {});
      window.location.assign('/');
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      notify.error(error.message);
    },
  });
  const field = (name: 'password' | 'confirm', label: string, value: string, set: (v: string) => void, props: Record<string, string>) => {
    const id = `delete-${name}`;
    return (
      <div className="bk-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          value={value}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-error` : undefined}
          onChange={(e) => {
            set(e.target.value);
            setErrors(({ [name]: _drop, ...rest }) => rest);
          }}
          {...props}
        />
        {errors[name] ? (
          <p className="bk-error" id={`${id}-error`}>
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <section className="card pd-section pd-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete your account</h2>
      <p>
        This signs you out everywhere and deletes your saved travellers, alerts, trip plans, favourites, notices and notification subscriptions. Your bookings and
        payments are kept without passenger names, only because tax law requires their records for 8 years. You can sign up again with the same email later.
      </p>
      <form
        className="pd-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate();
        }}
      >
        <div className="pd-form-grid">
          {field('password', 'Your password', password, setPassword, { type: 'password', autoComplete: 'current-password' })}
          {field('confirm', 'Type DELETE to confirm', confirm, setConfirm, { autoComplete: 'off' })}
        </div>
        <div>
          <button type="submit" className="btn pd-delete-btn" disabled={remove.isPending}>
            <Trash2 aria-hidden="true" size={18} /> Delete my account
          </button>
        </div>
      </form>
    </section>
  );
}
