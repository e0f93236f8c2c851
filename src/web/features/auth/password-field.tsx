import './auth-form.css';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'new-password' | 'current-password';
  error: string | undefined;
  disabled?: boolean;
}

/** A password input with its label, a show/hide toggle with an accessible name, and its error line. */
export function PasswordField({ id, label, value, onChange, autoComplete, error, disabled }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-password">
        <input
          id={id}
          name={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
        />
        <button
          type="button"
          className="auth-reveal"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-controls={id}
        >
          {visible ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="auth-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface EmailFieldProps {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  disabled?: boolean;
  /** Sign-in only: the browser may offer saved passkeys in this field's suggestions. */
  passkeyAutofill?: boolean;
}

/** The email input shared by Signup and Login. */
export function EmailField({ value, onChange, error, disabled, passkeyAutofill }: EmailFieldProps) {
  return (
    <div className="auth-field">
      <label htmlFor="email">Email</label>
      <input
        id="email"
        name="email"
        type="email"
        inputMode="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={passkeyAutofill ? 'email webauthn' : 'email'}
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'email-error' : undefined}
        disabled={disabled}
      />
      {error ? (
        <p id="email-error" className="auth-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
