import type { z } from '@hono/zod-openapi';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  ACCOUNT_MESSAGES,
  forgotPasswordSchema,
  messageAnswerSchema,
  passkeyLoginSchema,
  passkeyLoginOptionsAnswerSchema,
  resetPasswordSchema,
  tokenBodySchema,
} from '../../core/account';
import { AuthUserResponseSchema, SessionAnswerSchema, loginSchema, signupSchema } from '../../core/auth';
import { type AccountUser, TooManyAttemptsError, authenticate, createAccount, rateLimitKeys } from '../../domain/accounts/accounts';
import { finishPasskeyLogin, startPasskeyLogin } from '../../domain/accounts/passkeys';
import { hitRateLimit, undoRateLimitHit } from '../../domain/accounts/rate-limit';
import { confirmEmailChange, countResetRequest, resetPassword, sendPasswordReset, sendVerification, verifyEmail } from '../../domain/accounts/recovery';
import { createSession, deleteSession } from '../../domain/accounts/sessions';
import { accountMailer, limitsOf, relyingParty } from '../auth/account-context';
import { clientIp } from '../auth/client-ip';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../auth/cookie';
import type { AppEnv } from '../context';
import { detach } from '../detached';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { publicRoute } from '../route-guard';
import type { Context } from 'hono';

const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });

const signupRoute = publicRoute({
  method: 'post',
  path: '/api/auth/signup',
  operationId: 'createAccount',
  tags: ['Accounts'],
  summary: 'Create an account (does not sign in)',
  description: 'Creates an account with an optional display name and mails a link that verifies the address. Booking works before verification; price-alert and group-invitation mail to the address waits for it.',
  request: body(signupSchema),
  responses: {
    201: json(AuthUserResponseSchema, 'Account created'),
    400: json(ErrorSchema, 'A field is missing or invalid'),
    409: json(ErrorSchema, 'email-already-in-use'),
    429: json(ErrorSchema, 'too-many-requests'),
  },
});

const loginRoute = publicRoute({
  method: 'post',
  path: '/api/auth/login',
  operationId: 'createLogin',
  tags: ['Accounts'],
  summary: 'Sign in: sets a new session cookie',
  description: "Public. Checks the email and password and sets a new session cookie (the browser's previous session ends). A wrong password and an unknown email give the same 401; too many attempts answer 429.",
  request: body(loginSchema),
  responses: {
    200: json(AuthUserResponseSchema, 'Signed in; Set-Cookie carries the session'),
    400: json(ErrorSchema, 'A field is missing or invalid'),
    401: json(ErrorSchema, 'invalid-credential (same answer for an unknown email)'),
    429: json(ErrorSchema, 'too-many-requests'),
  },
});

const logoutRoute = publicRoute({
  method: 'post',
  path: '/api/auth/logout',
  operationId: 'deleteLogin',
  tags: ['Accounts'],
  summary: 'Sign out: ends the session and clears the cookie',
  description: 'Public. Ends the current session (if any) and clears the cookie; answers 204 either way, so signing out twice is harmless.',
  responses: { 204: { description: 'Signed out (also when no session existed)' } },
});

const sessionRoute = publicRoute({
  method: 'get',
  path: '/api/auth/session',
  operationId: 'getSession',
  tags: ['Accounts'],
  summary: 'The signed-in user, or null',
  description: 'Public. The user the session cookie belongs to, or `user: null` when signed out or the session has expired.',
  responses: { 200: json(SessionAnswerSchema, 'Current session') },
});

const resetRequestRoute = publicRoute({
  method: 'post',
  path: '/api/auth/password-reset-requests',
  operationId: 'createPasswordResetRequest',
  tags: ['Accounts'],
  summary: 'Forgot password: mail a reset link if an account exists',
  description: 'Always answers "If an account exists for that email, we have sent a link", after the same work for every address; the link (single use, 30 minutes) is mailed afterwards. Limited per address and per IP.',
  request: body(forgotPasswordSchema),
  responses: {
    202: json(messageAnswerSchema, 'Accepted (the same answer whether or not the account exists)'),
    400: json(ErrorSchema, 'The email is missing or invalid'),
    429: json(ErrorSchema, 'too-many-requests'),
  },
});

const resetRoute = publicRoute({
  method: 'post',
  path: '/api/auth/password-resets',
  operationId: 'createPasswordReset',
  tags: ['Accounts'],
  summary: 'Set a new password with a reset token',
  description: 'Spends the token, sets the password (sign-up rules), signs out every session of the account and mails a "your password was changed" notice. An expired, used or forged token changes nothing.',
  request: body(resetPasswordSchema),
  responses: {
    200: json(messageAnswerSchema, 'Password changed; sign in again'),
    400: json(ErrorSchema, 'Invalid or expired token, or a password field is invalid'),
  },
});

const verifyRoute = publicRoute({
  method: 'post',
  path: '/api/auth/email-verifications',
  operationId: 'createEmailVerification',
  tags: ['Accounts'],
  summary: 'Verify an email address with the token from the mail',
  description: 'The token is the credential (no sign-in needed). Mail held for the address is then sent.',
  request: body(tokenBodySchema),
  responses: {
    200: json(messageAnswerSchema, 'Verified'),
    400: json(ErrorSchema, 'Invalid or expired token'),
  },
});

const emailChangeRoute = publicRoute({
  method: 'post',
  path: '/api/auth/email-changes',
  operationId: 'createEmailChange',
  tags: ['Accounts'],
  summary: 'Complete an email change with the token mailed to the new address',
  description: 'The account takes the new (now verified) address and the old address is told. The token is the credential.',
  request: body(tokenBodySchema),
  responses: {
    200: json(messageAnswerSchema, 'Email changed'),
    400: json(ErrorSchema, 'Invalid or expired token'),
    409: json(ErrorSchema, 'Another account has this address now'),
  },
});

const passkeyOptionsRoute = publicRoute({
  method: 'post',
  path: '/api/auth/passkey-login-options',
  operationId: 'createPasskeyLoginOptions',
  tags: ['Accounts'],
  summary: 'Start signing in with a passkey',
  description: 'WebAuthn authentication options (a fresh challenge kept server-side for 5 minutes) for @simplewebauthn/browser startAuthentication.',
  responses: {
    200: json(passkeyLoginOptionsAnswerSchema, 'Options and the challenge id to send back'),
    503: json(ErrorSchema, 'No PUBLIC_ORIGIN configured (production)'),
  },
});

const passkeyLoginRoute = publicRoute({
  method: 'post',
  path: '/api/auth/passkey-logins',
  operationId: 'createPasskeyLogin',
  tags: ['Accounts'],
  summary: 'Sign in with a passkey: sets a new session cookie',
  description: 'Verifies the assertion with SimpleWebAuthn against the stored challenge and credential, then starts a session.',
  request: body(passkeyLoginSchema),
  responses: {
    200: json(AuthUserResponseSchema, 'Signed in; Set-Cookie carries the session'),
    400: json(ErrorSchema, 'The body is malformed'),
    401: json(ErrorSchema, 'The passkey could not be verified'),
    429: json(ErrorSchema, 'too-many-requests'),
  },
});

/** Starts a fresh session for `user` in this browser (ending the one it held before: no fixation). */
async function signIn(c: Context<AppEnv>, user: AccountUser): Promise<void> {
  const { database, clock } = c.get('deps');
  const previous = readSessionCookie(c);
  if (previous) await deleteSession(database.db, previous);
  const { token, expiresAt } = await createSession(database.db, clock, user.id, { userAgent: c.req.header('user-agent'), ip: clientIp(c) });
  writeSessionCookie(c, token, expiresAt);
  c.header('Cache-Control', 'no-store');
}

/** Accounts endpoints: signup, login, logout, session, password reset, email verification, passkey sign-in. */
export function registerAuth(app: OpenApiApp) {
  app.openapi(signupRoute, async (c) => {
    const deps = c.get('deps');
    const input = c.req.valid('json');
    const user = await createAccount(deps.database.db, deps.clock, { email: input.email, password: input.password, displayName: input.displayName, ip: clientIp(c) }, limitsOf(deps));
    detach(deps.logger, 'verification mail', () => sendVerification(deps.database.db, deps.clock, accountMailer(deps), user.id));
    return c.json({ user }, 201);
  });

  app.openapi(loginRoute, async (c) => {
    const deps = c.get('deps');
    const input = c.req.valid('json');
    const user = await authenticate(deps.database.db, deps.clock, { email: input.email, password: input.password, ip: clientIp(c) }, limitsOf(deps));
    await signIn(c, user);
    return c.json({ user }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const token = readSessionCookie(c);
    if (token) await deleteSession(c.get('deps').database.db, token);
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  app.openapi(sessionRoute, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ user: c.get('user') ?? null }, 200);
  });

  app.openapi(resetRequestRoute, async (c) => {
    const deps = c.get('deps');
    const { email } = c.req.valid('json');
    await countResetRequest(deps.database.db, deps.clock, { email, ip: clientIp(c) }, limitsOf(deps));
    // Looking the account up, issuing the token and mailing happen after the answer, so the
    // answer and its timing are the same for every address.
    detach(deps.logger, 'password-reset mail', () => sendPasswordReset(deps.database.db, deps.clock, accountMailer(deps), email));
    return c.json({ message: ACCOUNT_MESSAGES.resetRequested }, 202);
  });

  app.openapi(resetRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const input = c.req.valid('json');
    await resetPassword(database.db, clock, { token: input.token, password: input.password });
    // Every session of the account ended, this browser's too.
    clearSessionCookie(c);
    return c.json({ message: ACCOUNT_MESSAGES.resetDone }, 200);
  });

  app.openapi(verifyRoute, async (c) => {
    const { database, clock } = c.get('deps');
    await verifyEmail(database.db, clock, c.req.valid('json').token);
    return c.json({ message: ACCOUNT_MESSAGES.verifyDone }, 200);
  });

  app.openapi(emailChangeRoute, async (c) => {
    const { database, clock } = c.get('deps');
    await confirmEmailChange(database.db, clock, c.req.valid('json').token);
    return c.json({ message: ACCOUNT_MESSAGES.emailChanged }, 200);
  });

  app.openapi(passkeyOptionsRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const answer = await startPasskeyLogin(database.db, clock, relyingParty(c));
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(passkeyLoginRoute, async (c) => {
    const deps = c.get('deps');
    const input = c.req.valid('json');
    const limits = limitsOf(deps);
    // Counted like password sign-ins from the same address; a success takes its count back.
    const ipKey = rateLimitKeys.loginIp(clientIp(c));
    if ((await hitRateLimit(deps.database.db, deps.clock, ipKey, limits.loginPerIp)) > limits.loginPerIp.limit) throw new TooManyAttemptsError();
    const user = await finishPasskeyLogin(deps.database.db, deps.clock, relyingParty(c), {
      challengeId: input.challengeId,
      // Shape checked by the schema; every WebAuthn field is checked by verifyAuthenticationResponse.
      response: input.response as unknown as AuthenticationResponseJSON,
    });
    await undoRateLimitHit(deps.database.db, ipKey);
    await signIn(c, user);
    return c.json({ user }, 200);
  });
}
