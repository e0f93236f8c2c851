import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../core/auth';
import { rateLimitKeys } from '../../domain/accounts/accounts';
import { LOGIN_PER_IP, LOGIN_PER_PAIR, SIGNUP_PER_IP, delayAfterFailures, readRateLimit } from '../../domain/accounts/rate-limit';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../domain/accounts/sessions';
import { TEST_PASSWORD, sessionCookieFrom, signUpAndLogin } from '../../../tests/support/auth';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';
import { TEST_CLIENT_IP_HEADER } from '../auth/client-ip';
import { requireUser } from '../auth/require-user';
import { sessionMiddleware } from '../auth/session-middleware';
import { loadConfig } from '../config';
import { silentLogger } from '../logger';
import { createOpenApiApp } from '../openapi';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type App = Ctx['app'];

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string>; reason?: string };
}

let ipCounter = 0;
/** A new client address per call so tests don't share per-IP counters unless they mean to. */
function freshIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter}`;
}

function post(app: App, path: string, body: unknown, extra: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: extra.ip ?? freshIp(), ...extra }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function signup(app: App, email: string, password = TEST_PASSWORD, confirmPassword = password, ip?: string) {
  return post(app, '/api/auth/signup', { email, password, confirmPassword }, ip ? { ip } : {});
}

function login(app: App, email: string, password: string, ip?: string) {
  return post(app, '/api/auth/login', { email, password }, ip ? { ip } : {});
}

async function sessionUser(app: App, cookie: string | undefined): Promise<unknown> {
  const res = await app.request('/api/auth/session', { headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: unknown };
  return body.user;
}

describe('auth API', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  describe('signup', () => {
    it('creates an account, lower-cases the email and does not sign in', async () => {
      const res = await signup(ctx.app, 'Asha.Rao@Example.COM');
      expect(res.status).toBe(201);
      const body = (await res.json()) as { user: { id: string; email: string } };
      expect(body.user.email).toBe('asha.rao@example.com');
      expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(sessionCookieFrom(res)).toBeUndefined();
    });

    it.each([
      [{}, { email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired, confirmPassword: AUTH_MESSAGES.confirmRequired }],
      [{ email: '', password: '', confirmPassword: '' }, { email: 'Email is required', password: 'Password is required', confirmPassword: 'Confirm password is required' }],
      [{ email: '   ', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { email: 'Email is required' }],
      [{ email: 'not-an-email', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { email: 'Email is invalid' }],
      [{ email: 'a@b', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { email: 'Email is invalid' }],
      [{ email: 'a@b.co', password: 'abc', confirmPassword: 'abc' }, { password: 'Password must be at least 6 characters' }],
      [{ email: 'a@b.co', password: 'abcdefgh', confirmPassword: 'abcdefgx' }, { confirmPassword: 'Passwords do not match' }],
      [{ email: 'a@b.co', password: 'Password1', confirmPassword: 'Password1' }, { password: 'This password is too common. Choose another.' }],
      [{ email: 'a@b.co', password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, { password: 'Password must be at most 128 characters' }],
      [{ email: 'asha\u0000@example.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { email: 'Email is invalid' }],
      [{ email: 'asha@exam\u202Eple.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { email: 'Email is invalid' }],
      [{ email: 'as\u200Bha@example.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { email: 'Email is invalid' }],
      [{ email: 'asha\u001B@example.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { email: 'Email is invalid' }],
      [{ email: 'asha@example.com\u2066', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, { email: 'Email is invalid' }],
      [{ email: 42, password: null, confirmPassword: ['x'] }, { email: 'Email is required', password: 'Password is required', confirmPassword: 'Confirm password is required' }],
    ])('rejects %j with a message on each bad field', async (body, fields) => {
      const res = await post(ctx.app, '/api/auth/signup', body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as ErrorJson;
      expect(json.error.code).toBe('validation_failed');
      expect(json.error.fields).toEqual(fields);
    });

    it.each(['\u0000', '\u007F', '\u200F', '\u202E', '\u2069', '\uFEFF'])('answers Email is invalid (never a 500) for U+%s inside the email at sign-in', async (ch) => {
      const res = await login(ctx.app, `asha${ch}x@example.com`, 'abcdefgh');
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).error.fields).toEqual({ email: 'Email is invalid' });
    });

    it('refuses a second account for the same email, whatever its case', async () => {
      expect((await signup(ctx.app, 'dup@example.com')).status).toBe(201);
      const res = await signup(ctx.app, 'DUP@example.com');
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: {
          code: 'conflict',
          message: 'An account with this email already exists.',
          fields: { email: 'An account with this email already exists.' },
          reason: 'email-already-in-use',
        },
      });
    });

    it('answers two simultaneous signups for one email with one account and one conflict', async () => {
      const results = await Promise.all([signup(ctx.app, 'race@example.com'), signup(ctx.app, 'race@example.com')]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it('limits signups per IP', async () => {
      const ip = freshIp();
      for (let i = 0; i < SIGNUP_PER_IP.limit; i += 1) {
        // Invalid-after-validation attempts count too (a duplicate email reaches the limiter).
        await signup(ctx.app, 'dup@example.com', TEST_PASSWORD, TEST_PASSWORD, ip);
      }
      const res = await signup(ctx.app, 'fresh-after-limit@example.com', TEST_PASSWORD, TEST_PASSWORD, ip);
      expect(res.status).toBe(429);
      expect(((await res.json()) as ErrorJson).error.reason).toBe('too-many-requests');
      expect((await signup(ctx.app, 'fresh-after-limit@example.com')).status).toBe(201);
    });

    it('applies SIGNUP_LIMIT_PER_IP from the configuration', async () => {
      const strict = await createTestApp({ env: { SIGNUP_LIMIT_PER_IP: '2' } });
      try {
        const ip = freshIp();
        expect((await signup(strict.app, 'cfg-1@example.com', TEST_PASSWORD, TEST_PASSWORD, ip)).status).toBe(201);
        expect((await signup(strict.app, 'cfg-2@example.com', TEST_PASSWORD, TEST_PASSWORD, ip)).status).toBe(201);
        expect((await signup(strict.app, 'cfg-3@example.com', TEST_PASSWORD, TEST_PASSWORD, ip)).status).toBe(429);
      } finally {
        await strict.close();
      }
    });
  });

  describe('login and session', () => {
    const email = 'signin@example.com';
    beforeAll(async () => {
      expect((await signup(ctx.app, email)).status).toBe(201);
    });

    it('signs in, sets an HttpOnly SameSite=Lax cookie on Path=/ and reports the session', async () => {
      const res = await login(ctx.app, 'SignIn@Example.com', TEST_PASSWORD);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { user: { email: string } };
      expect(body.user.email).toBe(email);
      const setCookie = res.headers.getSetCookie().join('\n');
      expect(setCookie).toMatch(/^safar_session=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).toContain(`Max-Age=${SESSION_IDLE_MS / 1000}`);
      expect(setCookie).not.toContain('Secure');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const user = await sessionUser(ctx.app, sessionCookieFrom(res));
      expect(user).toEqual({ id: expect.any(String), email });
    });

    it('answers session null without a cookie and with a made-up one', async () => {
      expect(await sessionUser(ctx.app, undefined)).toBeNull();
      expect(await sessionUser(ctx.app, 'safar_session=forged-token-forged-token-forged-token-1234')).toBeNull();
      expect(await sessionUser(ctx.app, 'safar_session=%%%')).toBeNull();
    });

    it('issues a new token on every sign-in; earlier sessions stay valid until logout', async () => {
      const first = sessionCookieFrom(await login(ctx.app, email, TEST_PASSWORD));
      const second = sessionCookieFrom(await login(ctx.app, email, TEST_PASSWORD));
      expect(first).toBeDefined();
      expect(second).toBeDefined();
      expect(first).not.toBe(second);
      expect(await sessionUser(ctx.app, first)).not.toBeNull();
      expect(await sessionUser(ctx.app, second)).not.toBeNull();
    });

    it('ends the session a browser already held when it signs in again', async () => {
      const first = sessionCookieFrom(await login(ctx.app, email, TEST_PASSWORD));
      const again = await ctx.app.request('/api/auth/login', {
        method: 'POST',
        headers: { ...jsonHeaders({ [TEST_CLIENT_IP_HEADER]: freshIp() }), Cookie: first ?? '' },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
      expect(again.status).toBe(200);
      const second = sessionCookieFrom(again);
      expect(second).not.toBe(first);
      expect(await sessionUser(ctx.app, first)).toBeNull();
      expect(await sessionUser(ctx.app, second)).not.toBeNull();
    });

    it('gives the same answer for a wrong password and an unknown email', async () => {
      const wrong = await login(ctx.app, email, 'not-the-password');
      const unknown = await login(ctx.app, 'nobody-here@example.com', 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const expected = { error: { code: 'unauthorized', message: 'Invalid email or password.', reason: 'invalid-credential' } };
      expect(await wrong.json()).toEqual(expected);
      expect(await unknown.json()).toEqual(expected);
      expect(sessionCookieFrom(wrong)).toBeUndefined();
    });

    it.each([
      [{}, { email: 'Email is required', password: 'Password is required' }],
      [{ email: 'bad', password: '' }, { email: 'Email is invalid', password: 'Password is required' }],
    ])('validates the login body %j', async (body, fields) => {
      const res = await post(ctx.app, '/api/auth/login', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).error.fields).toEqual(fields);
    });

    it('logout ends the session and clears the cookie', async () => {
      const cookie = sessionCookieFrom(await login(ctx.app, email, TEST_PASSWORD));
      expect(cookie).toBeDefined();
      const res = await ctx.app.request('/api/auth/logout', { method: 'POST', headers: { ...jsonHeaders(), Cookie: cookie ?? '' } });
      expect(res.status).toBe(204);
      expect(res.headers.getSetCookie().join('\n')).toMatch(/safar_session=;.*Max-Age=0/);
      expect(await sessionUser(ctx.app, cookie)).toBeNull();
      // Logging out twice is harmless.
      const again = await ctx.app.request('/api/auth/logout', { method: 'POST', headers: { ...jsonHeaders(), Cookie: cookie ?? '' } });
      expect(again.status).toBe(204);
    });

    it('rejects cross-origin and non-JSON state-changing requests', async () => {
      const body = JSON.stringify({ email, password: TEST_PASSWORD });
      const evil = await ctx.app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body });
      expect(evil.status).toBe(403);
      expect(sessionCookieFrom(evil)).toBeUndefined();
      const noOrigin = await ctx.app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(noOrigin.status).toBe(403);
      const form = await ctx.app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000' },
        body: `email=${email}&password=${TEST_PASSWORD}`,
      });
      expect(form.status).toBe(415);
      const cookie = sessionCookieFrom(await login(ctx.app, email, TEST_PASSWORD));
      const logout = await ctx.app.request('/api/auth/logout', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', Cookie: cookie ?? '' } });
      expect(logout.status).toBe(403);
      expect(await sessionUser(ctx.app, cookie)).not.toBeNull();
    });

    it('documents the auth endpoints in the OpenAPI document', async () => {
      const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
      for (const path of ['/api/auth/signup', '/api/auth/login', '/api/auth/logout', '/api/auth/session']) expect(doc.paths).toHaveProperty([path]);
    });

    it('answers malformed JSON with a 400, not a 500', async () => {
      const res = await post(ctx.app, '/api/auth/login', '{"email":');
      expect(res.status).toBe(400);
    });
  });

  describe('throttling', () => {
    const FREE = LOGIN_PER_PAIR.freeFailures;

    it("does not lock the owner out: a stranger's wrong guesses from elsewhere never block the right password from the owner's device", async () => {
      const email = 'targeted@example.com';
      const ownerIp = freshIp();
      expect((await signup(ctx.app, email, TEST_PASSWORD, TEST_PASSWORD, ownerIp)).status).toBe(201);
      const strangerIp = freshIp();
      for (let i = 0; i < FREE; i += 1) expect((await login(ctx.app, email, `wrong-${i}`, strangerIp)).status).toBe(401);
      expect((await login(ctx.app, email, 'wrong-again', strangerIp)).status).toBe(429);
      // Guesses spread over many addresses don't add up against the owner either.
      for (let i = 0; i < 3 * FREE; i += 1) expect((await login(ctx.app, email, `spread-${i}`)).status).toBe(401);
      const owner = await login(ctx.app, email, TEST_PASSWORD, ownerIp);
      expect(owner.status).toBe(200);
      expect(sessionCookieFrom(owner)).toBeDefined();
    });

    it('delays one account + IP pair progressively after 5 failures, even with the right password, and says how long', async () => {
      const email = 'slowed@example.com';
      const ip = freshIp();
      expect((await signup(ctx.app, email)).status).toBe(201);
      for (let i = 0; i < FREE; i += 1) expect((await login(ctx.app, email, `wrong-${i}`, ip)).status).toBe(401);
      const blocked = await login(ctx.app, email, TEST_PASSWORD, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('Retry-After')).toBe('30');
      expect(await blocked.json()).toEqual({
        error: { code: 'rate_limited', message: 'Too many attempts. Please try again later.', reason: 'too-many-requests' },
      });
      expect(sessionCookieFrom(blocked)).toBeUndefined();
      // After the wait, one more try; another failure doubles the wait.
      ctx.clock.advance(30_000);
      expect((await login(ctx.app, email, 'wrong-6', ip)).status).toBe(401);
      const longer = await login(ctx.app, email, TEST_PASSWORD, ip);
      expect(longer.status).toBe(429);
      expect(longer.headers.get('Retry-After')).toBe('60');
      ctx.clock.advance(60_000);
      expect((await login(ctx.app, email, TEST_PASSWORD, ip)).status).toBe(200);
      // Success clears the pair.
      expect(await readRateLimit(ctx.database.db, ctx.clock, rateLimitKeys.loginPair(email, ip), LOGIN_PER_IP)).toBe(0);
    });

    it('waits grow 30 s, 1, 2, 4, 8 min and stop at 15 min', () => {
      expect([4, 5, 6, 7, 8, 9, 10, 20].map((n) => delayAfterFailures(n, LOGIN_PER_PAIR) / 1000)).toEqual([0, 30, 60, 120, 240, 480, 900, 900]);
    });

    it('throttles unknown emails the same way (no enumeration through the limiter)', async () => {
      const ip = freshIp();
      for (let i = 0; i < FREE; i += 1) expect((await login(ctx.app, 'ghost@example.com', 'nope-nope', ip)).status).toBe(401);
      expect((await login(ctx.app, 'ghost@example.com', 'nope-nope', ip)).status).toBe(429);
    });

    it('a correct password clears the pair counter', async () => {
      const email = 'forgetful@example.com';
      const ip = freshIp();
      expect((await signup(ctx.app, email)).status).toBe(201);
      for (let i = 0; i < FREE - 1; i += 1) await login(ctx.app, email, 'wrong-pass', ip);
      expect((await login(ctx.app, email, TEST_PASSWORD, ip)).status).toBe(200);
      for (let i = 0; i < FREE - 1; i += 1) await login(ctx.app, email, 'wrong-pass', ip);
      expect((await login(ctx.app, email, TEST_PASSWORD, ip)).status).toBe(200);
    });

    it('limits one IP to 20 failed sign-ins across many accounts; other IPs are unaffected', async () => {
      const ip = freshIp();
      for (let i = 0; i < LOGIN_PER_IP.limit; i += 1) {
        expect((await login(ctx.app, `spray-${i}@example.com`, 'guess-123', ip)).status).toBe(401);
      }
      expect((await login(ctx.app, 'spray-new@example.com', 'guess-123', ip)).status).toBe(429);
      expect((await login(ctx.app, 'spray-new@example.com', 'guess-123')).status).toBe(401);
    });

    it('keeps counters in the database: a second app on the same database sees them, and a quiet day forgets them', async () => {
      const email = 'two-nodes@example.com';
      const ip = freshIp();
      expect((await signup(ctx.app, email)).status).toBe(201);
      const other = await createTestApp({ database: ctx.database });
      for (let i = 0; i < FREE; i += 1) {
        const node = i % 2 === 0 ? ctx.app : other.app;
        expect((await login(node, email, 'wrong-pass', ip)).status).toBe(401);
      }
      expect((await login(other.app, email, TEST_PASSWORD, ip)).status).toBe(429);
      expect((await login(ctx.app, email, TEST_PASSWORD, ip)).status).toBe(429);
      ctx.clock.advance(LOGIN_PER_PAIR.forgetAfterMs + 1000);
      for (let i = 0; i < FREE; i += 1) expect((await login(ctx.app, email, 'wrong-pass', ip)).status).toBe(401);
      expect((await login(ctx.app, email, TEST_PASSWORD, ip)).status).toBe(429);
    });
  });

  describe('session expiry', () => {
    it('slides the idle expiry with use and ends the session after 7 idle days or 30 days in all', async () => {
      const { cookie } = await signUpAndLogin(ctx.app);
      const day = 24 * 60 * 60_000;
      // Used every 6 days, the session lives on...
      for (let used = 6; used < 30; used += 6) {
        ctx.clock.advance(6 * day);
        expect(await sessionUser(ctx.app, cookie)).not.toBeNull();
      }
      // Each sliding renews the cookie's lifetime in the browser too.
      ctx.clock.advance(2 * 60 * 60_000);
      const renewed = await ctx.app.request('/api/auth/session', { headers: { Cookie: cookie } });
      expect(renewed.headers.getSetCookie().join('\n')).toMatch(/^safar_session=[A-Za-z0-9_-]{43};.*Max-Age=\d+/);
      const quiet = await ctx.app.request('/api/auth/session', { headers: { Cookie: cookie } });
      expect(quiet.headers.getSetCookie()).toEqual([]);
      // ...until the absolute limit.
      ctx.clock.advance(SESSION_ABSOLUTE_MS - 24 * day + 60_000);
      expect(await sessionUser(ctx.app, cookie)).toBeNull();

      const idle = await signUpAndLogin(ctx.app);
      ctx.clock.advance(SESSION_IDLE_MS + 60_000);
      expect(await sessionUser(ctx.app, idle.cookie)).toBeNull();
    });
  });

  describe('requireUser', () => {
    it('answers 401 with the sign-in message without a session and passes the user through with one', async () => {
      const guarded = createOpenApiApp();
      // Whatever else the app's deps hold, take them from the test app.
      const { app: _app, close: _close, ...deps } = ctx;
      guarded.use('*', async (c, next) => {
        c.set('deps', { ...deps, logger: silentLogger });
        await next();
      });
      guarded.use('*', sessionMiddleware());
      guarded.get('/api/mine', requireUser, (c) => c.json({ email: c.get('user')?.email }));
      const anonymous = await guarded.request('/api/mine');
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: { code: 'unauthorized', message: 'Please login to book flights' } });
      const { cookie, user } = await signUpAndLogin(ctx.app);
      const signedIn = await guarded.request('/api/mine', { headers: { Cookie: cookie } });
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toEqual({ email: user.email });
    });
  });

  describe('fuzzing', () => {
    it('never answers 5xx to arbitrary signup and login bodies', async () => {
      const value = fc.oneof(fc.string(), fc.emailAddress(), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
      const body = fc.oneof(
        fc.record({ email: value, password: value, confirmPassword: value }, { requiredKeys: [] }),
        fc.json(),
        fc.string(),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('/api/auth/signup', '/api/auth/login'), body, async (path, payload) => {
          const res = await post(ctx.app, path, typeof payload === 'string' ? payload : JSON.stringify(payload));
          expect(res.status).toBeLessThan(500);
        }),
        { numRuns: 150 },
      );
    });
  });
});

describe('auth cookie in production', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { NODE_ENV: 'production', ALLOWED_ORIGINS: 'http://localhost:3000' } });
  });
  afterAll(() => ctx.close());

  it('uses the __Host- prefix with Secure, HttpOnly, SameSite=Lax and Path=/', async () => {
    const headers = { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' };
    const created = await ctx.app.request('/api/auth/signup', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'prod@example.com', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
    });
    expect(created.status).toBe(201);
    const res = await ctx.app.request('/api/auth/login', { method: 'POST', headers, body: JSON.stringify({ email: 'prod@example.com', password: TEST_PASSWORD }) });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^__Host-safar_session=[A-Za-z0-9_-]{43};/);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(setCookie).toContain(flag);
    expect(setCookie).not.toContain('Domain=');
    const cookie = sessionCookieFrom(res);
    expect(await sessionUser(ctx.app, cookie)).toEqual({ id: expect.any(String), email: 'prod@example.com' });
    // The development cookie name means nothing in production.
    expect(await sessionUser(ctx.app, cookie?.replace('__Host-', ''))).toBeNull();
  });

  it('ignores the test IP header outside NODE_ENV=test', async () => {
    const headers = { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' };
    for (let i = 0; i < LOGIN_PER_IP.limit; i += 1) {
      await ctx.app.request('/api/auth/login', {
        method: 'POST',
        headers: { ...headers, [TEST_CLIENT_IP_HEADER]: `198.51.100.${i}` },
        body: JSON.stringify({ email: `p${i}@example.com`, password: 'wrong-pass' }),
      });
    }
    const res = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: { ...headers, [TEST_CLIENT_IP_HEADER]: '198.51.100.250' },
      body: JSON.stringify({ email: 'another@example.com', password: 'wrong-pass' }),
    });
    expect(res.status).toBe(429);
  });
});

describe('client IP behind a proxy', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { NODE_ENV: 'production', ALLOWED_ORIGINS: 'http://localhost:3000', TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx.close());

  it('with TRUST_PROXY=true counts per the last X-Forwarded-For address (the one the proxy appended)', async () => {
    const attempt = (forwardedFor: string, i: number) =>
      ctx.app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', 'X-Forwarded-For': forwardedFor },
        body: JSON.stringify({ email: `proxied-${i}@example.com`, password: 'wrong-pass' }),
      });
    // The client varies the part it controls; the proxy's entry stays the same, so the limit holds.
    for (let i = 0; i < LOGIN_PER_IP.limit; i += 1) expect((await attempt(`10.0.0.${i}, 203.0.113.7`, i)).status).toBe(401);
    expect((await attempt('10.0.0.99, 203.0.113.7', 99)).status).toBe(429);
    expect((await attempt('203.0.113.7, 203.0.113.8', 100)).status).toBe(401);
  });

  it('rejects a TRUST_PROXY value other than true or false at start-up', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow('Invalid configuration: TRUST_PROXY must be true or false (got "yes")');
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
});
