import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { decodeQuotedPrintable, startSmtpSink } from '../support/smtp-sink';
import { expectNoAxeViolations } from './support/a11y';
import { type OwnServer, startServer } from './support/server';

/**
 * Account recovery, verification, settings and passkeys against a server of this file's own that
 * mails to a real SMTP sink (links are read from the mail, as a traveller would). Passkeys use
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 9;
const ORIGIN = `http://localhost:${PORT}`;
const PASSWORD = 'Safar-e2e-pass-1';

test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: OwnServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  const dataDir = `.test-data/account-${Date.now()}`;
  mkdirSync(dataDir, { recursive: true });
  server = await startServer({ port: PORT, dataDir, env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, SIGNUP_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_IP: '100000' } });
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const newEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

/** The link in the newest mail to `email` whose path starts with `path`. */
async function linkFromMail(email: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const texts = sink.received.filter((m) => m.to.includes(email)).map((m) => decodeQuotedPrintable(m.data));
        link = texts
          .reverse()
          .map((text) => new RegExp(`https?://[^\\s"<>]+${path}#[a-z]+=[A-Za-z0-9_-]{43}`).exec(text)?.[0])
          .find(Boolean);
        return link;
      },
      { timeout: 20_000, message: `mail with ${path} to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

async function signUp(page: Page, email: string, displayName = '') {
  await page.goto('/signup');
  const form = page.getByRole('main').locator('form');
  if (displayName) await form.getByLabel('Display name').fill(displayName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  const form = page.getByRole('main').locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back! Login successful!')).toBeVisible();
}

/** axe in light and dark, once the toasts have closed. */
async function scanBoth(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await expectNoAxeViolations(page);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

test('forgot password → mail → reset → sign in with the new password', async ({ page }) => {
  const email = newEmail('forgot');
  await signUp(page, email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await scanBoth(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account exists for that email, we have sent a link')).toBeVisible();
  await scanBoth(page);

  await page.goto(await linkFromMail(email, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await scanBoth(page);
  await page.getByLabel('New Password', { exact: true }).fill('Fresh-pass-9876');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh-pass-9876');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your password has been changed. Please sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'Fresh-pass-9876');

  // The link works once.
  await page.goto(await linkFromMail(email, '/reset-password'));
  await page.getByLabel('New Password', { exact: true }).fill('Another-pass-5432');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Another-pass-5432');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired. Please ask for a new one.' })).toBeVisible();
});

test('verify the email from the sign-up mail; settings show the name and the verified address', async ({ page }) => {
  const email = newEmail('verify');
  await signUp(page, email, 'Asha Rao');
  await signIn(page, email);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Please verify your email address.', { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue('Asha Rao');
  await expect(page.getByRole('list', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible();
  await scanBoth(page);

  await page.goto(await linkFromMail(email, '/verify-email'));
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await scanBoth(page);
  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('Please verify your email address.', { exact: false })).toHaveCount(0);

  // Wrong current password: a message on the field, nothing changed.
  await page.locator('#currentPassword').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('Changed-pass-4321');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Changed-pass-4321');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.locator('#currentPassword-error')).toHaveText('Current password is incorrect');
  await scanBoth(page);
});

test('register a passkey with a virtual authenticator, sign out, sign in with it', async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const email = newEmail('passkey');
  await signUp(page, email);
  await signIn(page, email);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Passkey on Chrome');
  await scanBoth(page);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await page.goto('/login');
  // Conditional UI offers the passkey from the email field (Chromium's virtual authenticator picks
  // it without a person); where it does not, the button does the same.
  // Conditional UI may sign in before the button is ever seen.
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  const welcome = page.getByText('Welcome back! Login successful!');
  await expect(button.or(welcome).first()).toBeVisible();
  if (!(await welcome.isVisible())) await welcome.waitFor({ timeout: 5_000 }).catch(() => button.click());
  await expect(welcome).toBeVisible();
  await expect(page).toHaveURL(`${ORIGIN}/home`);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { email: string } | null };
  expect(session.user?.email).toBe(email);

  // The passkey was used: settings say so; removing it empties the list.
  await page.goto('/settings');
  await expect(list).toContainText('last used');
  await list.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});
