import { Link, useLocation } from 'wouter';
import { AUTH_MESSAGES, DISPLAY_NAME_MAX_LENGTH, signupSchema } from '../../../core/auth';
import { useDocumentTitle } from '../../components/page-title';
import { signUp } from '../../features/auth/auth-client';
import { EmailField, PasswordField } from '../../features/auth/password-field';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { notify } from '../../lib/toast';

type Field = 'displayName' | 'email' | 'password' | 'confirmPassword';
const FIELD_ORDER: readonly Field[] = ['displayName', 'email', 'password', 'confirmPassword'];

/** Signup (spec section 2): Email, Password, Confirm Password, plus an optional display name; success goes to /login. */
export function SignupPage() {
  useDocumentTitle('Create Account');
  const [, navigate] = useLocation();
  const { values, errors, busy, formRef, change, onSubmit } = useAuthForm({
    fields: FIELD_ORDER,
    initial: { displayName: '', email: '', password: '', confirmPassword: '' },
    schema: signupSchema,
    fallbackMessage: AUTH_MESSAGES.signupFallback,
    submit: async (input) => {
      await signUp({ ...input, ...(input.displayName ? { displayName: input.displayName } : {}) });
      notify.success(AUTH_MESSAGES.signupSuccess);
      navigate('/login', { state: { email: input.email } });
    },
  });

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Create Account</h1>
        <p className="muted auth-intro">Book flights, keep your tickets and boarding passes in one place.</p>
        <form ref={formRef} className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
          <div className="auth-field">
            <label htmlFor="displayName">
              Display name <span className="muted">(optional)</span>
            </label>
            <input
              id="displayName"
              name="displayName"
              type="text"
              value={values.displayName}
              onChange={(event) => change('displayName')(event.target.value)}
              autoComplete="name"
              maxLength={DISPLAY_NAME_MAX_LENGTH}
              aria-invalid={errors.displayName ? true : undefined}
              aria-describedby={errors.displayName ? 'displayName-error' : 'displayName-hint'}
            />
            {errors.displayName ? (
              <p id="displayName-error" className="auth-error">
                {errors.displayName}
              </p>
            ) : (
              <p id="displayName-hint" className="muted small auth-hint">
                Shown to your travel group and on trips you share.
              </p>
            )}
          </div>
          <EmailField value={values.email} onChange={change('email')} error={errors.email} />
          <PasswordField
            id="password"
            label="Password"
            value={values.password}
            onChange={change('password')}
            autoComplete="new-password"
            error={errors.password}
          />
          <PasswordField
            id="confirmPassword"
            label="Confirm Password"
            value={values.confirmPassword}
            onChange={change('confirmPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
          <button type="submit" className="btn btn-primary btn-large auth-submit" disabled={busy}>
            {busy ? 'Creating Account...' : 'Create Account'}
          </button>
        </form>
        <p className="auth-switch muted">
          Already have an account? <Link href="/login">Sign in</Link>
        </p>
      </div>
    </div>
  );
}
