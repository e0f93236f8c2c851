import { type FormEvent, useRef, useState } from 'react';
import type { z } from '../../../core/zod';
import { AUTH_MESSAGES, formErrors } from '../../../core/auth';
import { notify } from '../../lib/toast';
import { AuthFailure } from './auth-client';

interface AuthFormOptions<F extends string, S extends z.ZodType> {
  /** Field names in screen order; also the input ids, so the first error can take focus. */
  fields: readonly F[];
  initial: Record<F, string>;
  schema: S;
  /** Toast text when the failure is not one the server explained ('Login failed', 'Registration failed'). */
  fallbackMessage: string;
  /** Runs with the parsed values; throw AuthFailure to show the server's field messages. */
  submit: (input: z.infer<S>) => Promise<void>;
}

/**
 * State and submit handling shared by the Signup and Login forms: field errors under each field,
 * the 'Please fix the errors in the form' toast, focus on the first bad field, and a busy
 * flag that stays on after success (the screen navigates away).
 * @example const form = useAuthForm({ fields: ['email', 'password'], initial, schema: loginSchema, fallbackMessage: 'Login failed', submit })
 */
export function useAuthForm<F extends string, S extends z.ZodType>({ fields, initial, schema, fallbackMessage, submit }: AuthFormOptions<F, S>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: F) => (value: string) => {
    setValues((current) => {
      const next = { ...current };
      next[field] = value;
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const showErrors = (found: Record<string, string>) => {
    const picked: Partial<Record<F, string>> = {};
    for (const field of fields) if (found[field]) picked[field] = found[field];
    setErrors(picked);
    const first = fields.find((field) => picked[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`#${first}`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = formErrors(schema, values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      notify.error(AUTH_MESSAGES.formInvalid);
      return;
    }
    setBusy(true);
    try {
      await submit(schema.parse(values));
    } catch (error) {
      const failure = error instanceof AuthFailure ? error : new AuthFailure(fallbackMessage, undefined);
      showErrors(failure.fields);
      notify.error(failure.message);
      setBusy(false);
    }
  };

  return { values, errors, busy, formRef, change, onSubmit };
}
