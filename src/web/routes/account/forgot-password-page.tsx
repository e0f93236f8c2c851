import { useState } from 'react';
import { Link } from 'wouter';
import { forgotPasswordSchema } from '../../../core/account';
import { useDocumentTitle } from '../../components/page-title';
import { requestPasswordReset } from '../../features/auth/account-client';
import { EmailField } from '../../features/auth/password-field';
import { useAuthForm } from '../../features/auth/use-auth-form';
import '../../features/auth/auth-form.css';

const FIELDS = ['email'] as const;

/** Forgot password: one answer whatever the address ("If an account exists…"). */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [sent, setSent] = useState<string | null>(null);
  const { values, errors, busy, formRef, change, onSubmit } = useAuthForm({
    fields: FIELDS,
    initial: { email: '' },
    schema: forgotPasswordSchema,
    fallbackMessage: 'Something went wrong. Please try again.',
    submit: async (input) => {
      const answer = await requestPasswordReset(input);
      setSent(answer.message);
    },
  });

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Forgot Password</h1>
        {sent ? (
          <p className="auth-message" role="status">
            {sent}
          </p>
        ) : (
          <>
            <p className="muted auth-intro">Enter the email of your account and we will send you a link to choose a new password.</p>
            <form ref={formRef} className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
              <EmailField value={values.email} onChange={change('email')} error={errors.email} />
              <button type="submit" className="btn btn-primary btn-large auth-submit" disabled={busy}>
                {busy ? 'Sending...' : 'Send Reset Link'}
              </button>
            </form>
          </>
        )}
        <p className="auth-switch muted">
          Remembered it? <Link href="/login">Sign in</Link>
        </p>
      </div>
    </div>
  );
}
