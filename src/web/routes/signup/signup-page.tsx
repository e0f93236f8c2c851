import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AUTH_MESSAGES, formErrors, signupSchema } from '../../../core/auth';
import { useDocumentTitle } from '../../components/page-title';
import { AuthFailure, signUp } from '../../features/auth/auth-client';
import { EmailField, PasswordField } from '../../features/auth/password-field';
import { notify } from '../../lib/toast';

type Field = 'email' | 'password' | 'confirmPassword';
const FIELD_ORDER: Field[] = ['email', 'password', 'confirmPassword'];

/** Signup (spec section 2): Email, Password, Confirm Password; success goes to /login. */
export function SignupPage() {
  useDocumentTitle('Create Account');
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', confirmPassword: '' });
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
    const found = formErrors(signupSchema, values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      notify.error(AUTH_MESSAGES.formInvalid);
      return;
    }
    setBusy(true);
    try {
      const parsed = signupSchema.parse(values);
      await signUp(parsed);
      notify.success(AUTH_MESSAGES.signupSuccess);
      navigate('/login', { state: { email: parsed.email } });
    } catch (error) {
      const failure = error instanceof AuthFailure ? error : new AuthFailure(AUTH_MESSAGES.signupFallback, undefined);
      showErrors(pick(failure.fields));
      notify.error(failure.message);
      setBusy(false);
    }
  };

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Create Account</h1>
        <p className="muted auth-intro">Book flights, keep your tickets and boarding passes in one place.</p>
        <form ref={formRef} className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
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

function pick(fields: Record<string, string>): Partial<Record<Field, string>> {
  const picked: Partial<Record<Field, string>> = {};
  for (const field of FIELD_ORDER) if (fields[field]) picked[field] = fields[field];
  return picked;
}
