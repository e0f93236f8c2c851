import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, sessionCookieFrom, signUpAndLogin } from '../../../tests/support/auth';
import { authed, findItinerary } from '../../../tests/support/booking';
import { decodeQuotedPrintable, startSmtpSink } from '../../../tests/support/smtp-sink';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';
import { ACCOUNT_MESSAGES } from '../../core/account';
import { outbox, users } from '../../db/schema';
import { sendOutbox } from '../../domain/booking/outbox';
import { TEST_CLIENT_IP_HEADER } from '../auth/client-ip';
import { settleDetached } from '../detached';
import { mailTransport } from '../jobs/outbox-mailer';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let ipCounter = 0;
const freshIp = () => `172.16.${(ipCounter >> 8) & 255}.${++ipCounter & 255}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://safar.example' } });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = jsonHeaders({ [TEST_CLIENT_IP_HEADER]: freshIp() })) =>
  ctx.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });

/** Mail to `to` so far, decoded. */
async function mailTo(to: string): Promise<string[]> {
  await settleDetached();
  return sink.received.filter((m) => m.to.includes(to)).map((m) => decodeQuotedPrintable(m.data));
}

/** The token in the newest mail to `to` whose link has `param` (token or change), read as a traveller would. */
async function tokenFromMail(to: string, param: 'token' | 'change' = 'token'): Promise<string> {
  const mails = await mailTo(to);
  for (const mail of [...mails].reverse()) {
    const match = new RegExp(`#${param}=([A-Za-z0-9_-]{43})`).exec(mail);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${param} link in mail to ${to}`);
}

async function login(email: string, password: string) {
  const res = await post('/api/auth/login', { email, password });
  return { status: res.status, cookie: sessionCookieFrom(res) };
}

const account = async (cookie: string) => ctx.app.request('/api/account', { headers: authed(cookie) });
const sendQueuedMail = () => sendOutbox(ctx.database.db, ctx.clock, mailTransport(ctx.config), ctx.config.MAIL_FROM, 50, { origin: 'https://safar.example' });

describe('forgot password', () => {
  it('gives one answer whatever the email, and mails a link only to an account', async () => {
    const { user } = await signUpAndLogin(ctx.app);
    const unknown = `nobody-${randomUUID()}@example.com`;
    const known = await post('/api/auth/password-reset-requests', { email: user.email.toUpperCase() });
    const none = await post('/api/auth/password-reset-requests', { email: unknown });
    expect(known.status).toBe(202);
    expect(none.status).toBe(202);
    expect(await known.json()).toEqual({ message: 'If an account exists for that email, we have sent a link' });
    expect(await none.json()).toEqual({ message: 'If an account exists for that email, we have sent a link' });
    expect(await mailTo(unknown)).toEqual([]);
    const mail = (await mailTo(user.email)).find((m) => m.includes('Reset your Safar password'));
    expect(mail).toContain('https://safar.example/reset-password#token=');
    // Only the token's hash is stored: the raw token is nowhere in the database's outbox.
    const token = await tokenFromMail(user.email);
    const stored = await ctx.database.db.select().from(outbox);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('resets once: signs out every session, mails a notice, and the old password stops working', async () => {
    const { user, cookie } = await signUpAndLogin(ctx.app);
    await post('/api/auth/password-reset-requests', { email: user.email });
    const token = await tokenFromMail(user.email);
    const res = await post('/api/auth/password-resets', { token, password: 'Brand-new-pass-2', confirmPassword: 'Brand-new-pass-2' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetDone });
    expect((await account(cookie)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.email, 'Brand-new-pass-2')).status).toBe(200);
    const again = await post('/api/auth/password-resets', { token, password: 'Another-pass-3', confirmPassword: 'Another-pass-3' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    expect((await login(user.email, 'Brand-new-pass-2')).status).toBe(200);
    await sendQueuedMail();
    expect((await mailTo(user.email)).some((m) => m.includes('Your Safar password was changed'))).toBe(true);
  });

  it('refuses an expired, a superseded and a forged token, changing nothing', async () => {
    const { user } = await signUpAndLogin(ctx.app);
    await post('/api/auth/password-reset-requests', { email: user.email });
    const first = await tokenFromMail(user.email);
    await post('/api/auth/password-reset-requests', { email: user.email });
    const second = await tokenFromMail(user.email);
    expect(second).not.toBe(first);
    const body = (token: string) => ({ token, password: 'Brand-new-pass-2', confirmPassword: 'Brand-new-pass-2' });
    expect((await post('/api/auth/password-resets', body(first))).status).toBe(400);
    expect((await post('/api/auth/password-resets', body('A'.repeat(43)))).status).toBe(400);
    expect((await post('/api/auth/password-resets', body('short'))).status).toBe(400);
    ctx.clock.advance(31 * 60_000);
    try {
      const expired = await post('/api/auth/password-resets', body(second));
      expect(expired.status).toBe(400);
      expect(((await expired.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    } finally {
      ctx.clock.advance(-31 * 60_000);
    }
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('keeps the sign-up password rules and messages on the reset form', async () => {
    const token = 'B'.repeat(43);
    const res = await post('/api/auth/password-resets', { token, password: 'abc', confirmPassword: 'abd' });
    const answer = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(res.status).toBe(400);
    expect(answer.error.fields.password).toBe('Password must be at least 6 characters');
    const common = await post('/api/auth/password-resets', { token, password: 'password123', confirmPassword: 'password123' });
    expect(((await common.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toBe('This password is too common. Choose another.');
    const mismatch = await post('/api/auth/password-resets', { token, password: 'Long-enough-1', confirmPassword: 'Long-enough-2' });
    expect(((await mismatch.json()) as { error: { fields: Record<string, string> } }).error.fields.confirmPassword).toBe('Passwords do not match');
  });

  it('a password change spends a mailed reset link', async () => {
    const { user, cookie } = await signUpAndLogin(ctx.app);
    await post('/api/auth/password-reset-requests', { email: user.email });
    const token = await tokenFromMail(user.email);
    const change = await ctx.app.request('/api/account/password', { method: 'PUT', headers: authed(cookie), body: JSON.stringify({ currentPassword: TEST_PASSWORD, password: 'Changed-pass-4', confirmPassword: 'Changed-pass-4' }) });
    expect(change.status).toBe(200);
    expect((await post('/api/auth/password-resets', { token, password: 'Brand-new-pass-2', confirmPassword: 'Brand-new-pass-2' })).status).toBe(400);
  });

  it('limits requests per address (known or not) and per IP', async () => {
    const email = `limit-${randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/api/auth/password-reset-requests', { email })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const ip = freshIp();
    const fromIp: number[] = [];
    for (let i = 0; i < 21; i++) fromIp.push((await post('/api/auth/password-reset-requests', { email: `ip-${i}-${randomUUID()}@example.com` }, jsonHeaders({ [TEST_CLIENT_IP_HEADER]: ip }))).status);
    expect(fromIp.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(fromIp[20]).toBe(429);
  });
});

describe('email verification', () => {
  it('mails a link at sign-up; the account is unverified until it is opened', async () => {
    const { user, cookie } = await signUpAndLogin(ctx.app);
    const before = (await (await account(cookie)).json()) as { account: { emailVerified: boolean } };
    expect(before.account.emailVerified).toBe(false);
    const token = await tokenFromMail(user.email);
    expect((await post('/api/auth/email-verifications', { token })).status).toBe(200);
    const after = (await (await account(cookie)).json()) as { account: { emailVerified: boolean } };
    expect(after.account.emailVerified).toBe(true);
    expect((await post('/api/auth/email-verifications', { token })).status).toBe(400);
  });

  it('resends with a limit of 5 an hour, and the newest link wins', async () => {
    const { user, cookie } = await signUpAndLogin(ctx.app);
    const first = await tokenFromMail(user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ctx.app.request('/api/account/verification-mails', { method: 'POST', headers: authed(cookie) })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await post('/api/auth/email-verifications', { token: first })).status).toBe(400);
    expect((await post('/api/auth/email-verifications', { token: await tokenFromMail(user.email) })).status).toBe(200);
  });

  it('holds price-alert and invitation mail to an unverified account until it verifies (queued, not dropped)', async () => {
    const { user } = await signUpAndLogin(ctx.app);
    const stranger = `stranger-${randomUUID()}@example.com`;
    const payload = { subject: 'Price drop: DEL to BOM', text: 'HELD-MAIL-MARKER', waitForVerifiedAccount: true };
    await ctx.database.db.insert(outbox).values([
      { kind: 'notice-mail', recipient: user.email, payload, availableAt: ctx.clock.now() },
      { kind: 'notice-mail', recipient: stranger, payload, availableAt: ctx.clock.now() },
    ]);
    await sendQueuedMail();
    expect((await mailTo(stranger)).some((m) => m.includes('HELD-MAIL-MARKER'))).toBe(true);
    expect((await mailTo(user.email)).some((m) => m.includes('HELD-MAIL-MARKER'))).toBe(false);
    await post('/api/auth/email-verifications', { token: await tokenFromMail(user.email) });
    await sendQueuedMail();
    expect((await mailTo(user.email)).some((m) => m.includes('HELD-MAIL-MARKER'))).toBe(true);
  });
});

describe('account settings', () => {
  it('stores a display name given at sign-up, and changes it', async () => {
    const email = `named-${randomUUID()}@example.com`;
    const signup = await post('/api/auth/signup', { email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, displayName: '  Asha Rao ' });
    expect(signup.status).toBe(201);
    const { cookie } = await login(email, TEST_PASSWORD);
    if (!cookie) throw new Error('no cookie');
    expect(((await (await account(cookie)).json()) as { account: { displayName: string } }).account.displayName).toBe('Asha Rao');
    const tooLong = await ctx.app.request('/api/account', { method: 'PATCH', headers: authed(cookie), body: JSON.stringify({ displayName: 'x'.repeat(61) }) });
    expect(tooLong.status).toBe(400);
    const cleared = await ctx.app.request('/api/account', { method: 'PATCH', headers: authed(cookie), body: JSON.stringify({ displayName: '' }) });
    expect(((await cleared.json()) as { account: { displayName: string | null } }).account.displayName).toBeNull();
  });

  it('shows the display name instead of "Organiser" to the group', async () => {
    const { cookie } = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const created = await ctx.app.request('/api/groups', { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ itineraryId: itinerary.id }) });
    const groupId = ((await created.json()) as { group: { id: string } }).group.id;
    const names = async () => ((await (await ctx.app.request(`/api/groups/${groupId}`, { headers: authed(cookie) })).json()) as { group: { members: { name: string }[] } }).group.members.map((m) => m.name);
    expect(await names()).toEqual(['Organiser']);
    await ctx.app.request('/api/account', { method: 'PATCH', headers: authed(cookie), body: JSON.stringify({ displayName: 'Meera Iyer' }) });
    expect(await names()).toEqual(['Meera Iyer']);
  });

  it('changes the password only with the current one, keeping this session and ending the others', async () => {
    const { user, cookie } = await signUpAndLogin(ctx.app);
    const other = await login(user.email, TEST_PASSWORD);
    const put = (body: unknown) => ctx.app.request('/api/account/password', { method: 'PUT', headers: authed(cookie), body: JSON.stringify(body) });
    const wrong = await put({ currentPassword: 'not-my-password', password: 'Changed-pass-4', confirmPassword: 'Changed-pass-4' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await put({ currentPassword: TEST_PASSWORD, password: 'Changed-pass-4', confirmPassword: 'Changed-pass-4' })).status).toBe(200);
    expect((await account(cookie)).status).toBe(200);
    expect((await account(other.cookie ?? '')).status).toBe(401);
    expect((await login(user.email, 'Changed-pass-4')).status).toBe(200);
  });

  it('changes the email only after the new address confirms, and tells the old one', async () => {
    const { user, cookie } = await signUpAndLogin(ctx.app);
    const next = `moved-${randomUUID()}@example.com`;
    const request = await ctx.app.request('/api/account/email-change-requests', { method: 'POST', headers: authed(cookie), body: JSON.stringify({ email: next, currentPassword: TEST_PASSWORD }) });
    expect(request.status).toBe(202);
    const pending = (await (await account(cookie)).json()) as { account: { email: string; pendingEmail: string } };
    expect(pending.account).toMatchObject({ email: user.email, pendingEmail: next });
    const token = await tokenFromMail(next, 'change');
    expect((await post('/api/auth/email-changes', { token })).status).toBe(200);
    const after = (await (await account(cookie)).json()) as { account: { email: string; emailVerified: boolean } };
    expect(after.account).toMatchObject({ email: next, emailVerified: true });
    await sendQueuedMail();
    expect((await mailTo(user.email)).some((m) => m.includes(`was changed to ${next}`))).toBe(true);
    expect((await login(next, TEST_PASSWORD)).status).toBe(200);
    const taken = await ctx.app.request('/api/account/email-change-requests', { method: 'POST', headers: authed(cookie), body: JSON.stringify({ email: (await signUpAndLogin(ctx.app)).user.email, currentPassword: TEST_PASSWORD }) });
    expect(taken.status).toBe(409);
  });

  it('lists sessions with their device and place and signs out one or all', async () => {
    const { user, cookie } = await signUpAndLogin(ctx.app);
    const phone = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: '1.6.12.34', 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' }),
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    const phoneCookie = sessionCookieFrom(phone) ?? '';
    const list = (await (await ctx.app.request('/api/account/sessions', { headers: authed(cookie) })).json()) as { sessions: { id: string; device: string; ip: string | null; place: string | null; current: boolean }[] };
    expect(list.sessions).toHaveLength(2);
    const other = list.sessions.find((s) => !s.current);
    // 1.6.0.0–1.7.255.255 is registered in India; only the country is given.
    expect(other).toMatchObject({ device: 'Chrome on Android', ip: '1.6.12.34', place: 'India' });
    expect((await ctx.app.request(`/api/account/sessions/${other?.id}`, { method: 'DELETE', headers: authed(cookie) })).status).toBe(204);
    expect((await account(phoneCookie)).status).toBe(401);
    expect((await account(cookie)).status).toBe(200);
    expect((await ctx.app.request(`/api/account/sessions/${other?.id}`, { method: 'DELETE', headers: authed(cookie) })).status).toBe(404);
    const again = await login(user.email, TEST_PASSWORD);
    expect((await ctx.app.request('/api/account/sessions', { method: 'DELETE', headers: authed(cookie) })).status).toBe(204);
    expect((await account(cookie)).status).toBe(401);
    expect((await account(again.cookie ?? '')).status).toBe(401);
  });

  it('existing accounts count as unverified', async () => {
    const [row] = await ctx.database.db.insert(users).values({ email: `old-${randomUUID()}@example.com`, passwordHash: 'x' }).returning();
    const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, row?.id ?? ''));
    expect(stored?.emailVerifiedAt).toBeNull();
  });
});

describe('passkey endpoints', () => {
  it('issues sign-in options with a stored challenge for the configured relying party', async () => {
    const res = await post('/api/auth/passkey-login-options', {});
    const answer = (await res.json()) as { challengeId: string; optionsJSON: { rpId: string; challenge: string } };
    expect(res.status).toBe(200);
    expect(answer.optionsJSON.rpId).toBe('safar.example');
    expect(answer.optionsJSON.challenge.length).toBeGreaterThan(20);
  });

  it('refuses an assertion for an unknown challenge or credential with one message', async () => {
    const options = (await (await post('/api/auth/passkey-login-options', {})).json()) as { challengeId: string };
    const response = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };
    const bad = await post('/api/auth/passkey-logins', { challengeId: options.challengeId, response });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_MESSAGES.passkeyFailed);
    // The challenge was spent by that attempt.
    expect((await post('/api/auth/passkey-logins', { challengeId: options.challengeId, response })).status).toBe(401);
    expect((await post('/api/auth/passkey-logins', { challengeId: randomUUID(), response })).status).toBe(401);
  });
});
