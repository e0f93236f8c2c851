import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  Account,
  ChangeEmailInput,
  ChangePasswordInput,
  ForgotPasswordInput,
  PasskeyInfo,
  ResetPasswordInput,
  SessionInfo,
} from '../../../core/account';
import { AUTH_MESSAGES, AUTH_REASONS, type AuthUser } from '../../../core/auth';
import { ApiError, apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { AuthFailure } from './auth-client';

/** Turns an API failure into the AuthFailure the forms show (field messages, toast text). */
async function guarded<T>(work: () => Promise<T>, fallback = 'Something went wrong. Please try again.'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AuthFailure) throw error;
    if (error instanceof ApiError) {
      if (error.code === 'network') throw new AuthFailure(AUTH_MESSAGES.networkFailed, AUTH_REASONS.networkFailed);
      if (error.status >= 500) throw new AuthFailure(fallback, error.reason);
      throw new AuthFailure(error.message, error.reason, error.fields);
    }
    throw new AuthFailure(fallback, undefined);
  }
}

type Message = { message: string };

export const requestPasswordReset = (input: ForgotPasswordInput) => guarded(() => apiFetch<Message>('/api/auth/password-reset-requests', { json: input }));
export const resetPassword = (input: ResetPasswordInput) => guarded(() => apiFetch<Message>('/api/auth/password-resets', { json: input }));
export const verifyEmail = (token: string) => guarded(() => apiFetch<Message>('/api/auth/email-verifications', { json: { token } }));
export const confirmEmailChange = (token: string) => guarded(() => apiFetch<Message>('/api/auth/email-changes', { json: { token } }));
export const resendVerification = () => guarded(() => apiFetch<Message>('/api/account/verification-mails', { method: 'POST' }));
export const saveDisplayName = (displayName: string) => guarded(() => apiFetch<{ account: Account }>('/api/account', { method: 'PATCH', json: { displayName } }));
export const changePassword = (input: ChangePasswordInput) => guarded(() => apiFetch<Message>('/api/account/password', { method: 'PUT', json: input }));
export const requestEmailChange = (input: ChangeEmailInput) => guarded(() => apiFetch<Message>('/api/account/email-change-requests', { json: input }));
export const endSession = (id: string) => guarded(() => apiFetch<null>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }));
export const endAllSessions = () => guarded(() => apiFetch<null>('/api/account/sessions', { method: 'DELETE' }));
export const removePasskey = (id: string) => guarded(() => apiFetch<null>(`/api/account/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const accountQuery = () => ({ queryKey: queryKeys.account.all, queryFn: () => apiFetch<{ account: Account }>('/api/account').then((a) => a.account) });
export const sessionsQuery = () => ({ queryKey: queryKeys.account.sessions, queryFn: () => apiFetch<{ sessions: SessionInfo[] }>('/api/account/sessions').then((a) => a.sessions) });
export const passkeysQuery = () => ({ queryKey: queryKeys.account.passkeys, queryFn: () => apiFetch<{ passkeys: PasskeyInfo[] }>('/api/account/passkeys').then((a) => a.passkeys) });

type Options<T> = { challengeId: string; optionsJSON: T };

/** True when this browser can use passkeys at all. */
export const passkeysSupported = () => browserSupportsWebAuthn();

/**
 * Adds a passkey to the signed-in account: options from the server, the browser's ceremony, then
 * the server's verification.
 * @example await addPasskey()
 */
export async function addPasskey(): Promise<PasskeyInfo> {
  return guarded(async () => {
    const options = await apiFetch<Options<Parameters<typeof startRegistration>[0]['optionsJSON']>>('/api/account/passkey-options', { method: 'POST' });
    const response = await startRegistration({ optionsJSON: options.optionsJSON });
    const answer = await apiFetch<{ passkey: PasskeyInfo }>('/api/account/passkeys', { json: { challengeId: options.challengeId, response } });
    return answer.passkey;
  }, 'The passkey could not be added. Please try again.');
}

/**
 * Signs in with a passkey. With `autofill`, the browser offers passkeys in the email field's
 * suggestions (conditional UI) and this resolves only when one is picked.
 * @example const user = await signInWithPasskey({ autofill: false })
 */
export async function signInWithPasskey({ autofill, signal }: { autofill: boolean; signal?: AbortSignal }): Promise<AuthUser> {
  return guarded(async () => {
    if (autofill && !(await browserSupportsWebAuthnAutofill())) throw new AuthFailure('', 'no-autofill');
    const options = await apiFetch<Options<Parameters<typeof startAuthentication>[0]['optionsJSON']>>('/api/auth/passkey-login-options', { method: 'POST', ...(signal ? { signal } : {}) });
    const response = await startAuthentication({ optionsJSON: options.optionsJSON, useBrowserAutofill: autofill });
    const answer = await apiFetch<{ user: AuthUser }>('/api/auth/passkey-logins', { json: { challengeId: options.challengeId, response } });
    return answer.user;
  }, 'The passkey could not be verified. Please try again.');
}
