import { WebAuthnAbortService } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { z } from '../../../core/zod';
import { AUTH_MESSAGES, AUTH_REASONS, loginSchema } from '../../../core/auth';
import { useDocumentTitle } from '../../components/page-title';
import { passkeysSupported, signInWithPasskey } from '../../features/auth/account-client';
import { AuthFailure, signIn } from '../../features/auth/auth-client';
import { EmailField, PasswordField } from '../../features/auth/password-field';
import { takeReturnTo } from '../../features/auth/return-to';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { setSessionUser } from '../../lib/use-session';
import { notify } from '../../lib/toast';

type Field = 'email' | 'password';
const FIELD_ORDER: readonly Field[] = ['email', 'password'];
// Signup hands over the new email so the traveller only types the password.
const arrivalSchema = z.object({ email: z.string().max(254) });

/** Login (spec section 2): Email, Password; success goes to /home, or back to the guarded screen that sent the traveller here. */
export function LoginPage() {
  useDocumentTitle('Sign In');
  const [, navigate] = useLocation();
  const arrival = arrivalSchema.safeParse(useHistoryState());
  const { values, errors, busy, formRef, change, onSubmit } = useAuthForm({
    fields: FIELD_ORDER,
    initial: { email: arrival.success ? arrival.data.email : '', password: '' },
    schema: loginSchema,
    fallbackMessage: AUTH_MESSAGES.loginFallback,
    submit: async (input) => {
      WebAuthnAbortService.cancelCeremony();
      setSessionUser(await signIn(input));
      welcome();
    },
  });
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const canUsePasskeys = passkeysSupported();

  function welcome() {
    notify.success(AUTH_MESSAGES.loginSuccess);
    const back = takeReturnTo();
    if (back) navigate(back.path, { state: back.state });
    else navigate('/home');
  }

  // Conditional UI: where the browser supports it, saved passkeys appear in the email field's
  // suggestions; picking one signs in. Cancelled when the screen goes.
  useEffect(() => {
    if (!canUsePasskeys) return undefined;
    let live = true;
    signInWithPasskey({ autofill: true }).then(
      (user) => {
        if (!live) return;
        setSessionUser(user);
        welcome();
      },
      (error: unknown) => {
        // No autofill support, no connection (the traveller asked for nothing yet; Sign In says so
        // when they do), or the ceremony was replaced or cancelled: nothing to say.
        const quiet = error instanceof AuthFailure && (error.reason === 'no-autofill' || error.reason === AUTH_REASONS.networkFailed);
        if (live && error instanceof AuthFailure && !quiet && error.message && !/abort|cancel/i.test(error.message)) notify.error(error.message);
      },
    );
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit to the screen
  }, []);

  async function passkeySignIn() {
    setPasskeyBusy(true);
    try {
      setSessionUser(await signInWithPasskey({ autofill: false }));
      welcome();
    } catch (error) {
      notify.error(error instanceof AuthFailure && error.message ? error.message : 'The passkey could not be verified. Please try again.');
      setPasskeyBusy(false);
    }
  }

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Sign In</h1>
        <p className="muted auth-intro">Welcome back. Sign in to book flights and see your trips.</p>
        <form ref={formRef} className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
          <EmailField value={values.email} onChange={change('email')} error={errors.email} passkeyAutofill={canUsePasskeys} />
          <PasswordField
            id="password"
            label="Password"
            value={values.password}
            onChange={change('password')}
            autoComplete="current-password"
            error={errors.password}
          />
          <button type="submit" className="btn btn-primary btn-large auth-submit" disabled={busy}>
            {busy ? 'Signing In...' : 'Sign In'}
          </button>
        </form>
        <p className="auth-forgot">
          <Link href="/forgot-password">Forgot password?</Link>
        </p>
        {canUsePasskeys ? (
          <button type="button" className="btn btn-large auth-passkey" onClick={() => void passkeySignIn()} disabled={passkeyBusy || busy}>
            <KeyRound aria-hidden="true" size={18} /> {passkeyBusy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
          </button>
        ) : null}
        <p className="auth-switch muted">
          Don&apos;t have an account? <Link href="/signup">Sign up</Link>
        </p>
      </div>
    </div>
  );
}
