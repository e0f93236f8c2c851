import { z } from '../../../core/zod';
import { AUTH_MESSAGES, AUTH_REASONS, type LoginInput, type SignupInput, authUserSchema } from '../../../core/auth';
import { ApiError, apiFetch } from '../../lib/api';
import type { SessionUser } from './use-session';

/** Why an auth call failed, in the spec's terms: a message to show, the provider-style reason, field messages. */
export class AuthFailure extends Error {
  readonly reason: string | undefined;
  readonly fields: Record<string, string>;

  constructor(message: string, reason: string | undefined, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'AuthFailure';
    this.reason = reason;
    this.fields = fields;
  }
}

const userResponseSchema = z.object({ user: authUserSchema });

function toFailure(error: unknown, fallback: string): AuthFailure {
  if (error instanceof ApiError) {
    if (error.code === 'network') return new AuthFailure(AUTH_MESSAGES.networkFailed, AUTH_REASONS.networkFailed);
    // 5xx messages are ours, not the "provider's": the spec then shows its fallback.
    if (error.status >= 500 || error.code === 'internal') return new AuthFailure(fallback, error.reason);
    return new AuthFailure(error.message, error.reason, error.fields);
  }
  return new AuthFailure(fallback, undefined);
}

async function call(path: string, json: unknown, fallback: string): Promise<SessionUser> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>(path, { method: 'POST', json });
  } catch (error) {
    throw toFailure(error, fallback);
  }
  const parsed = userResponseSchema.safeParse(body);
  if (!parsed.success) throw new AuthFailure(fallback, undefined);
  return parsed.data.user;
}

/**
 * Creates an account (does not sign in). Throws AuthFailure with the server's
 * message, or 'Registration failed' / the network message.
 * @example await signUp({ email, password, confirmPassword })
 */
export function signUp(input: SignupInput): Promise<SessionUser> {
  return call('/api/auth/signup', input, AUTH_MESSAGES.signupFallback);
}

/**
 * Signs in; the server sets the session cookie. Throws AuthFailure with the
 * server's message, or 'Login failed' / the network message.
 * @example const user = await signIn({ email, password })
 */
export function signIn(input: LoginInput): Promise<SessionUser> {
  return call('/api/auth/login', input, AUTH_MESSAGES.loginFallback);
}
