import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ACCOUNT_MESSAGES, newPasswordFormSchema } from '../../../core/account';
import { useDocumentTitle } from '../../components/page-title';
import { resetPassword } from '../../features/auth/account-client';
import { PasswordField } from '../../features/auth/password-field';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { setSessionUser } from '../../lib/use-session';
import { notify } from '../../lib/toast';
import '../../features/auth/auth-form.css';
import { linkToken } from './link-token';

const FIELDS = ['password', 'confirmPassword'] as const;

/** Reset password from the mailed link: the sign-up password rules, then sign in again. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a New Password');
  const [, navigate] = useLocation();
  const [token] = useState(() => linkToken(window.location.hash, 'token'));
  const [tokenError, setTokenError] = useState<string | null>(token ? null : ACCOUNT_MESSAGES.tokenInvalid);
  const { values, errors, busy, formRef, change, onSubmit } = useAuthForm({
    fields: FIELDS,
    initial: { password: '', confirmPassword: '' },
    schema: newPasswordFormSchema,
    fallbackMessage: 'Something went wrong. Please try again.',
    submit: async (input) => {
      try {
        const answer = await resetPassword({ token, ...input });
        // Every session ended, this browser's too.
        setSessionUser(null);
        notify.success(answer.message);
        navigate('/login', { replace: true });
      } catch (error) {
        if (error instanceof Error && error.message === ACCOUNT_MESSAGES.tokenInvalid) setTokenError(error.message);
        throw error;
      }
    },
  });

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Choose a New Password</h1>
        {tokenError ? (
          <>
            <p className="auth-message" role="alert">
              {tokenError}
            </p>
            <Link href="/forgot-password" className="btn btn-primary">
              Send a new link
            </Link>
          </>
        ) : (
          <form ref={formRef} className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
            <PasswordField id="password" label="New Password" value={values.password} onChange={change('password')} autoComplete="new-password" error={errors.password} />
            <PasswordField id="confirmPassword" label="Confirm Password" value={values.confirmPassword} onChange={change('confirmPassword')} autoComplete="new-password" error={errors.confirmPassword} />
            <button type="submit" className="btn btn-primary btn-large auth-submit" disabled={busy}>
              {busy ? 'Saving...' : 'Set New Password'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
