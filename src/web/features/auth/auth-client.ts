import { AUTH_MESSAGES, AUTH_REASONS, AuthUserResponseSchema, type LoginInput, type SignupInput } from '../../../core/auth';
import { ApiError, apiFetch } from '../../lib/api';
import type { SessionUser } from '../../lib/use-session';

/** Why an auth call failed: a message to show, the provider-style reason, field messages. */
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

function toFailure(error: unknown, fallback: string): AuthFailure {
  if (error instanceof ApiError) {
    if (error.code === 'network') return new AuthFailure(AUTH_MESSAGES.networkFailed, AUTH_REASONS.networkFailed);
    // 5xx messages are ours, not the "provider's": the traveller sees the generic fallback instead.
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
  const parsed = AuthUserResponseSchema.safeParse(body);
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
