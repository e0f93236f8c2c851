import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, LogOut, MonitorSmartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { ACCOUNT_MESSAGES, type Account, changeEmailSchema, changePasswordSchema } from '../../../core/account';
import { DISPLAY_NAME_MAX_LENGTH, displayNameField } from '../../../core/auth';
import { z } from '../../../core/zod';
import { useDocumentTitle } from '../../components/page-title';
import {
  accountQuery,
  addPasskey,
  changePassword,
  endAllSessions,
  endSession,
  passkeysQuery,
  passkeysSupported,
  removePasskey,
  requestEmailChange,
  saveDisplayName,
  sessionsQuery,
} from '../../features/auth/account-client';
import { AuthFailure } from '../../features/auth/auth-client';
import { PasswordField } from '../../features/auth/password-field';
import { RequireAuth } from '../../features/auth/require-auth';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { VerifyBanner } from '../../features/auth/verify-banner';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import { notify } from '../../lib/toast';
import { setSessionUser } from '../../lib/use-session';
import '../../features/auth/auth-form.css';
import './settings.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const failureMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/** Account settings: display name, email, password, passkeys, signed-in sessions. */
export function SettingsPage() {
  useDocumentTitle('Account Settings');
  return (
    <RequireAuth>
      <QueryScope>
        <SettingsScreen />
      </QueryScope>
    </RequireAuth>
  );
}

function SettingsScreen() {
  const account = useQuery(accountQuery());
  return (
    <div className="container page settings-page">
      <div className="profile-top">
        <Link href="/profile" className="btn btn-ghost">
          <ArrowLeft aria-hidden="true" size={18} /> Profile
        </Link>
      </div>
      <h1>Account Settings</h1>
      {account.data ? (
        <>
          <VerifyBanner />
          <DisplayNameSection account={account.data} />
          <EmailSection account={account.data} />
          <PasswordSection />
          <PasskeySection />
          <SessionsSection />
        </>
      ) : (
        <div role="status" aria-busy="true" aria-label="Loading">
          <div className="skeleton skeleton-line" />
        </div>
      )}
    </div>
  );
}

function DisplayNameSection({ account }: { account: Account }) {
  const client = useQueryClient();
  const [value, setValue] = useState(account.displayName ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = displayNameField.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      const answer = await saveDisplayName(parsed.data);
      client.setQueryData(queryKeys.account.all, answer.account);
      notify.success(ACCOUNT_MESSAGES.displayNameSaved);
    } catch (failure) {
      setError(failure instanceof AuthFailure ? (failure.fields.displayName ?? failure.message) : failureMessage(failure));
    } finally {
      setBusy(false);
    }
    return undefined;
  };
  return (
    <section className="card settings-section" aria-labelledby="settings-name">
      <h2 id="settings-name">Display name</h2>
      <form className="auth-form" onSubmit={(event) => void save(event)} noValidate>
        <div className="auth-field">
          <label htmlFor="displayName">Display name</label>
          <input
            id="displayName"
            value={value}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="name"
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'displayName-error' : 'displayName-hint'}
          />
          {error ? (
            <p id="displayName-error" className="auth-error">
              {error}
            </p>
          ) : (
            <p id="displayName-hint" className="muted small auth-hint">
              Shown to your travel group and on trips you share. Leave blank for none.
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Name'}
        </button>
      </form>
    </section>
  );
}

const emailFormSchema = z.object({ newEmail: changeEmailSchema.shape.email, emailPassword: changeEmailSchema.shape.currentPassword });

function EmailSection({ account }: { account: Account }) {
  const client = useQueryClient();
  const { values, errors, busy, formRef, change, onSubmit } = useAuthForm({
    fields: ['newEmail', 'emailPassword'] as const,
    initial: { newEmail: '', emailPassword: '' },
    schema: emailFormSchema,
    fallbackMessage: 'Something went wrong. Please try again.',
    submit: async (input) => {
      try {
        const answer = await requestEmailChange({ email: input.newEmail, currentPassword: input.emailPassword });
        notify.success(answer.message);
        await client.invalidateQueries({ queryKey: queryKeys.account.all });
      } catch (error) {
        // The server names the fields after the API (email, currentPassword).
        if (error instanceof AuthFailure) {
          const fields: Record<string, string> = {};
          if (error.fields.email) fields.newEmail = error.fields.email;
          if (error.fields.currentPassword) fields.emailPassword = error.fields.currentPassword;
          throw new AuthFailure(error.message, error.reason, fields);
        }
        throw error;
      }
    },
  });
  return (
    <section className="card settings-section" aria-labelledby="settings-email">
      <h2 id="settings-email">Email</h2>
      <p>
        Signed in as <strong>{account.email}</strong> {account.emailVerified ? <span className="settings-tag">Verified</span> : <span className="settings-tag warn">Not verified</span>}
      </p>
      {account.pendingEmail ? <p className="muted">Waiting for confirmation from {account.pendingEmail}. Open the link we sent there.</p> : null}
      <form ref={formRef} className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <div className="auth-field">
          <label htmlFor="newEmail">New email</label>
          <input
            id="newEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.newEmail}
            onChange={(event) => change('newEmail')(event.target.value)}
            aria-invalid={errors.newEmail ? true : undefined}
            aria-describedby={errors.newEmail ? 'newEmail-error' : undefined}
          />
          {errors.newEmail ? (
            <p id="newEmail-error" className="auth-error">
              {errors.newEmail}
            </p>
          ) : null}
        </div>
        <PasswordField id="emailPassword" label="Current password" value={values.emailPassword} onChange={change('emailPassword')} autoComplete="current-password" error={errors.emailPassword} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Change Email'}
        </button>
      </form>
    </section>
  );
}

function PasswordSection() {
  // A changed password empties the form: a new form replaces the old one.
  const [round, setRound] = useState(0);
  return <PasswordForm key={round} onChanged={() => setRound((n) => n + 1)} />;
}

function PasswordForm({ onChanged }: { onChanged(): void }) {
  const client = useQueryClient();
  const { values, errors, busy, formRef, change, onSubmit } = useAuthForm({
    fields: ['currentPassword', 'password', 'confirmPassword'] as const,
    initial: { currentPassword: '', password: '', confirmPassword: '' },
    schema: changePasswordSchema,
    fallbackMessage: 'Something went wrong. Please try again.',
    submit: async (input) => {
      const answer = await changePassword(input);
      notify.success(answer.message);
      await client.invalidateQueries({ queryKey: queryKeys.account.sessions });
      onChanged();
    },
  });
  return (
    <section className="card settings-section" aria-labelledby="settings-password">
      <h2 id="settings-password">Password</h2>
      <form ref={formRef} className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <PasswordField id="currentPassword" label="Current password" value={values.currentPassword} onChange={change('currentPassword')} autoComplete="current-password" error={errors.currentPassword} />
        <PasswordField id="password" label="New password" value={values.password} onChange={change('password')} autoComplete="new-password" error={errors.password} />
        <PasswordField id="confirmPassword" label="Confirm new password" value={values.confirmPassword} onChange={change('confirmPassword')} autoComplete="new-password" error={errors.confirmPassword} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}

function PasskeySection() {
  const client = useQueryClient();
  const passkeys = useQuery(passkeysQuery());
  const [busy, setBusy] = useState(false);
  const supported = passkeysSupported();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.account.passkeys });
  return (
    <section className="card settings-section" aria-labelledby="settings-passkeys">
      <h2 id="settings-passkeys">Passkeys</h2>
      <p className="muted">Sign in with your fingerprint, face or device PIN instead of a password. Your password keeps working.</p>
      {passkeys.data && passkeys.data.length > 0 ? (
        <ul className="settings-list" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="settings-row">
              <KeyRound aria-hidden="true" size={20} />
              <div className="settings-row-text">
                <strong>{passkey.name}</strong>
                <span className="muted small">
                  Added {when(passkey.createdAt)}
                  {passkey.lastUsedAt ? ` · last used ${when(passkey.lastUsedAt)}` : ' · not used yet'}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-small"
                aria-label={`Remove ${passkey.name}`}
                onClick={() => {
                  removePasskey(passkey.id).then(() => {
                    notify.success('Passkey removed.');
                    void refresh();
                  }, (error: unknown) => notify.error(failureMessage(error)));
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No passkeys yet.</p>
      )}
      {supported ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            addPasskey()
              .then(() => {
                notify.success(ACCOUNT_MESSAGES.passkeyAdded);
                void refresh();
              }, (error: unknown) => notify.error(failureMessage(error)))
              .finally(() => setBusy(false));
          }}
        >
          {busy ? 'Waiting for your device...' : 'Add a passkey'}
        </button>
      ) : (
        <p className="muted">This browser does not support passkeys.</p>
      )}
    </section>
  );
}

function SessionsSection() {
  const client = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  return (
    <section className="card settings-section" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions">Signed-in devices</h2>
      <ul className="settings-list" aria-label="Signed-in devices">
        {(sessions.data ?? []).map((session) => (
          <li key={session.id} className="settings-row">
            <MonitorSmartphone aria-hidden="true" size={20} />
            <div className="settings-row-text">
              <strong>
                {session.device}
                {session.current ? <span className="settings-tag">This device</span> : null}
              </strong>
              <span className="muted small">
                {session.place ? `${session.place} · ` : ''}
                {session.ip ? `IP ${session.ip} · ` : ''}last active {when(session.lastSeenAt)} · signed in {when(session.createdAt)}
              </span>
            </div>
            {session.current ? null : (
              <button
                type="button"
                className="btn btn-small"
                aria-label={`Sign out ${session.device}, last active ${when(session.lastSeenAt)}`}
                onClick={() => {
                  endSession(session.id).then(() => {
                    notify.success('Signed out that device.');
                    void client.invalidateQueries({ queryKey: queryKeys.account.sessions });
                  }, (error: unknown) => notify.error(failureMessage(error)));
                }}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn"
        onClick={() => {
          endAllSessions().then(() => {
            setSessionUser(null);
            window.location.assign('/login');
          }, (error: unknown) => notify.error(failureMessage(error)));
        }}
      >
        <LogOut aria-hidden="true" size={18} /> Sign out everywhere
      </button>
    </section>
  );
}
