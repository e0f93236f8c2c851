import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { z } from 'zod';
import { AUTH_MESSAGES, formErrors, loginSchema } from '../../../core/auth';
import { useDocumentTitle } from '../../components/page-title';
import { AuthFailure, signIn } from '../../features/auth/auth-client';
import { EmailField, PasswordField } from '../../features/auth/password-field';
import { takeReturnTo } from '../../features/auth/return-to';
import { setSessionUser } from '../../features/auth/use-session';
import { notify } from '../../lib/toast';

type Field = 'email' | 'password';
const FIELD_ORDER: Field[] = ['email', 'password'];
// Signup hands over the new email so the traveller only types the password.
const arrivalSchema = z.object({ email: z.string().max(254) });

/** Login (spec section 2): Email, Password; success goes to /home, or back to the guarded screen that sent the traveller here. */
export function LoginPage() {
  useDocumentTitle('Sign In');
  const [, navigate] = useLocation();
  const arrival = arrivalSchema.safeParse(useHistoryState());
  const [values, setValues] = useState<Record<Field, string>>({ email: arrival.success ? arrival.data.email : '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (fields: Partial<Record<Field, string>>) => {
    setErrors(fields);
    const first = FIELD_ORDER.find((field) => fields[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`#${first}`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = formErrors(loginSchema, values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      notify.error(AUTH_MESSAGES.formInvalid);
      return;
    }
    setBusy(true);
    try {
      const user = await signIn(loginSchema.parse(values));
      setSessionUser(user);
      notify.success(AUTH_MESSAGES.loginSuccess);
      const back = takeReturnTo();
      if (back) navigate(back.path, { state: back.state });
      else navigate('/home');
    } catch (error) {
      const failure = error instanceof AuthFailure ? error : new AuthFailure(AUTH_MESSAGES.loginFallback, undefined);
      showErrors(pick(failure.fields));
      notify.error(failure.message);
      setBusy(false);
    }
  };

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Sign In</h1>
        <p className="muted auth-intro">Welcome back. Sign in to book flights and see your trips.</p>
        <form ref={formRef} className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
          <EmailField value={values.email} onChange={change('email')} error={errors.email} />
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
        <p className="auth-switch muted">
          Don&apos;t have an account? <Link href="/signup">Sign up</Link>
        </p>
      </div>
    </div>
  );
}

function pick(fields: Record<string, string>): Partial<Record<Field, string>> {
  const picked: Partial<Record<Field, string>> = {};
  for (const field of FIELD_ORDER) if (fields[field]) picked[field] = fields[field];
  return picked;
}
