import { AuthUserResponseSchema, SessionAnswerSchema, loginSchema, signupSchema } from '../../core/auth';
import { authenticate, createAccount } from '../../domain/accounts/accounts';
import { authLimits } from '../../domain/accounts/rate-limit';
import { createSession, deleteSession } from '../../domain/accounts/sessions';
import { clientIp } from '../auth/client-ip';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../auth/cookie';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { publicRoute } from '../route-guard';

const signupRoute = publicRoute({
  method: 'post',
  path: '/api/auth/signup',
  operationId: 'createAccount',
  tags: ['Accounts'],
  summary: 'Create an account (does not sign in)',
  description: 'Public. Creates an account from an email and a password (typed twice); the traveller signs in afterwards. An email already in use answers 409; too many attempts from one address answer 429.',
  request: { body: { required: true, content: { 'application/json': { schema: signupSchema } } } },
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
  operationId: 'createSession',
  tags: ['Accounts'],
  summary: 'Sign in: sets a new session cookie',
  description: "Public. Checks the email and password and sets a new session cookie (the browser's previous session ends). A wrong password and an unknown email give the same 401; too many attempts answer 429.",
  request: { body: { required: true, content: { 'application/json': { schema: loginSchema } } } },
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
  operationId: 'deleteSession',
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

/** Accounts endpoints: signup, login, logout, session. */
export function registerAuth(app: OpenApiApp) {
  app.openapi(signupRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const body = c.req.valid('json');
    const { config } = c.get('deps');
    const limits = authLimits({ signupPerIp: config.SIGNUP_LIMIT_PER_IP, loginPerIp: config.LOGIN_LIMIT_PER_IP });
    const user = await createAccount(database.db, clock, { email: body.email, password: body.password, ip: clientIp(c) }, limits);
    return c.json({ user }, 201);
  });

  app.openapi(loginRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const body = c.req.valid('json');
    const { config } = c.get('deps');
    const limits = authLimits({ signupPerIp: config.SIGNUP_LIMIT_PER_IP, loginPerIp: config.LOGIN_LIMIT_PER_IP });
    const user = await authenticate(database.db, clock, { email: body.email, password: body.password, ip: clientIp(c) }, limits);
    // A fresh token on every sign-in (no session fixation). The session this browser held
    // before is ended; other devices' sessions stay valid.
    const previous = readSessionCookie(c);
    if (previous) await deleteSession(database.db, previous);
    const { token, expiresAt } = await createSession(database.db, clock, user.id);
    writeSessionCookie(c, token, expiresAt);
    c.header('Cache-Control', 'no-store');
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
}
