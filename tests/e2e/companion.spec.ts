import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { decodeQuotedPrintable, startSmtpSink } from '../support/smtp-sink';
import { expectNoAxeViolations } from './support/a11y';
import { type OwnServer, startServer } from './support/server';
import { newEmail, toastsClosed, travelDate } from './support/fixtures';

/**
 * Travel Companion end to end (issue 10): an organiser makes a group of three from a result,
 * the two invitees accept from the links mailed to a real SMTP sink (each in their own browser
 * context, one signing up on the way), everyone pays their share in the sandbox, and the booking
 * is confirmed for all three; the shared itinerary opens signed out; axe light and dark;
 * keyboard only. This file runs its own server (a port next to the suite's) pointed at the sink.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 8;
const ORIGIN = `http://localhost:${PORT}`;
const PASSWORD = 'Safar-e2e-pass-1';
const SHOTS = 'test-results/screens';

test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial' });

let server: OwnServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

test.beforeAll(async () => {
  // A fresh server migrates its database first: slow on a loaded machine.
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  const dataDir = `.test-data/companion-${Date.now()}`;
  mkdirSync(dataDir, { recursive: true });
  server = await startServer({
    port: PORT,
    dataDir,
    env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, SIGNUP_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_IP: '100000' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** A date a week ahead, as YYYY-MM-DD (the schedule has flights every day). */
const RESULTS = () => `/result?from=DEL&to=BOM&date=${travelDate()}&cabin=economy&adults=1&children=0&infants=0`;

/** axe on the page as it is, in light and then dark. */
async function scanBoth(page: Page) {
  await toastsClosed(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await expectNoAxeViolations(page);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

/** Screenshots at phone and desktop widths, light and dark (E2E_SCREENSHOTS=1). */
async function shoot(page: Page, name: string, fullPage = true) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png`, fullPage });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.setViewportSize(size);
}

/** Signs up and in through the API; the session cookie lands in the page's context. */
async function signUpAndInByApi(page: Page, email: string) {
  const headers = { Origin: ORIGIN, 'Content-Type': 'application/json' };
  expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
}

async function fillPassenger(scope: Locator, p: { title: string; first: string; last: string; dob: string; mobile: string }) {
  await scope.getByLabel('Title').selectOption(p.title);
  await scope.getByLabel('First name').fill(p.first);
  await scope.getByLabel('Last name').fill(p.last);
  await scope.getByLabel('Date of birth').fill(p.dob);
  await expect(scope.getByLabel('Passenger type')).toHaveValue('Adult');
  await scope.getByLabel('Mobile number').fill(p.mobile);
}

/** Pays the viewer's share on the group page with the sandbox's success card. */
async function payShare(page: Page, name: string) {
  const section = page.getByRole('region', { name: 'Pay my share' });
  await section.getByRole('button', { name: /^Pay with / }).click();
  const dialog = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Card number').fill('4111111111111111');
  await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Name on card').fill(name);
  await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(dialog).toBeHidden();
}

/** The invitation link mailed to `email` (waits for the outbox mailer). */
async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sink.received.find((m) => m.to.includes(email) && decodeQuotedPrintable(m.data).includes('/group/join/'));
        link = mail ? /https?:\/\/[^\s"<>]+\/group\/join\/[A-Za-z0-9_-]{43}/.exec(decodeQuotedPrintable(mail.data))?.[0] : undefined;
        return link;
      },
      { timeout: 30_000, message: `invitation mail to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: ORIGIN, serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

test.describe('Travel Companion', () => {
  test('a group of three: create from a result, invite by mail, accept, pay every share, confirmed for all; the shared page opens signed out', async ({ page, context, browser }) => {
    // A long journey of three travellers; slow on a loaded machine.
    test.setTimeout(600_000);
    const organiser = newEmail('organiser');
    const asha = newEmail('asha');
    const ravi = newEmail('ravi');
    await signUpAndInByApi(page, organiser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });

    await page.goto(RESULTS());
    const card = page.getByRole('article').first();
    await expect(card.getByRole('button', { name: 'Group Booking' })).toBeVisible({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Group Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Travel Companion' });
    await expect(dialog).toBeVisible();
    for (const tab of ['Group Booking', 'Split Payment', 'Shared Itinerary']) await expect(dialog.getByRole('tab', { name: tab })).toBeVisible();

    // The organiser is there from the start: Confirmed, not removable.
    const members = dialog.getByTestId('group-member');
    await expect(members).toHaveCount(1);
    await expect(members.first()).toContainText('Confirmed');
    await expect(members.first().getByRole('button', { name: /^Remove/ })).toHaveCount(0);

    // Email rules: empty, then a bad format, each tied to the field.
    await dialog.getByLabel('Name').fill('Asha Rao');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByText('Please enter an email address')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Email').fill('asha@');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByText('Email is invalid')).toBeVisible();

    const add = async (name: string, email: string) => {
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Add Member' }).click();
      await expect(dialog.getByTestId('group-member').filter({ hasText: name })).toBeVisible();
    };
    await add('Asha Rao', asha);
    await expect(page.getByText('Member added to group').first()).toBeVisible();
    await add('Temp Person', newEmail('temp'));
    await dialog.getByRole('button', { name: 'Remove Temp Person' }).click();
    await expect(dialog.getByTestId('group-member').filter({ hasText: 'Temp Person' })).toHaveCount(0);
    await add('Ravi Kumar', ravi);
    await expect(members).toHaveCount(3);
    await expect(members.filter({ hasText: 'Pending' })).toHaveCount(2);
    await scanBoth(page);
    await shoot(page, 'companion-group-tab', false);

    // Split Payment: three equal entries, all pending until paid.
    await dialog.getByRole('tab', { name: 'Split Payment' }).click();
    await expect(dialog.getByTestId('split-entry')).toHaveCount(3);
    await expect(dialog.getByTestId('split-entry').filter({ hasText: 'Pending' })).toHaveCount(3);
    await scanBoth(page);
    await shoot(page, 'companion-split-tab', false);

    // Shared Itinerary: code, copy, send to members.
    await dialog.getByRole('tab', { name: 'Shared Itinerary' }).click();
    await dialog.getByRole('button', { name: 'Create Shared Itinerary' }).click();
    await expect(page.getByText('Shared itinerary created!')).toBeVisible();
    const code = (await dialog.getByTestId('share-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    await dialog.getByRole('button', { name: 'Copy Details' }).click();
    await expect(page.getByText('Itinerary details copied to clipboard!')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`${ORIGIN}/trip/${code}`);
    expect(copied).toContain('Asha');
    expect(copied).not.toContain('@');
    await dialog.getByRole('button', { name: 'Send to Members' }).click();
    await expect(page.getByText('Invitations sent to all members!')).toBeVisible();
    await scanBoth(page);
    await shoot(page, 'companion-share-tab', false);

    // Group booking initiated: seats held for three, invitations mailed.
    await dialog.getByRole('tab', { name: 'Group Booking' }).click();
    await dialog.getByRole('button', { name: 'Book for the Group' }).click();
    await expect(page.getByText('Group booking initiated!')).toBeVisible();
    await expect(dialog.getByText(/Seats for 3 travellers are held until/)).toBeVisible();
    await dialog.getByRole('tab', { name: 'Split Payment' }).click();
    await expect(dialog.getByTestId('split-entry')).toHaveCount(3);
    await dialog.getByRole('link', { name: 'Pay my share' }).click();
    await expect(page).toHaveURL(/\/groups\/[^/]+$/);
    const groupUrl = page.url();
    await expect(page.getByText(/A group hold lasts up to/)).toBeVisible();

    // The organiser's own details and share.
    const details = page.getByRole('region', { name: 'Your passenger details' });
    await fillPassenger(details, { title: 'Mr', first: 'Vikram', last: 'Mehta', dob: '1985-03-11', mobile: '9876500001' });
    await details.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByRole('region', { name: 'Pay my share' })).toBeVisible();
    await scanBoth(page);
    await shoot(page, 'companion-group-page');
    await payShare(page, 'Vikram Mehta');
    await expect(page.getByText('Your share is paid. The booking is confirmed when every member has paid.')).toBeVisible();

    // Asha follows her mailed link signed out: signs up, signs in, comes back, accepts, pays.
    const ashaLink = await invitationLink(asha);
    const a = await newPage(browser);
    await a.page.goto(ashaLink);
    await expect(a.page.getByText('Please login to book flights')).toBeVisible();
    await expect(a.page).toHaveURL(/\/login$/);
    await a.page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    const signup = a.page.getByRole('main').locator('form');
    await signup.getByLabel('Email').fill(asha);
    await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signup.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await signup.getByRole('button', { name: 'Create Account' }).click();
    await expect(a.page).toHaveURL(/\/login$/);
    const login = a.page.getByRole('main').locator('form');
    await expect(login.getByLabel('Email')).toHaveValue(asha);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(a.page).toHaveURL(/\/group\/join\//);
    await expect(a.page.getByRole('heading', { level: 1, name: 'Group Invitation' })).toBeVisible();
    await expect(a.page.getByText(/invited Asha Rao to travel DEL → BOM/)).toBeVisible();
    await scanBoth(a.page);
    await shoot(a.page, 'companion-join-page');
    // The booking screen's rules: an adult needs a mobile number.
    const joinForm = a.page.getByRole('region', { name: 'Your passenger details' });
    await joinForm.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(joinForm.getByText('First name is required')).toBeVisible();
    await expect(joinForm.getByText('Mobile number is required for adults')).toBeVisible();
    await fillPassenger(joinForm, { title: 'Ms', first: 'Asha', last: 'Rao', dob: '1991-07-02', mobile: '9876500002' });
    await joinForm.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(a.page).toHaveURL(groupUrl);
    await expect(a.page.getByTestId('group-member').filter({ hasText: 'Asha Rao' })).toContainText('Confirmed');
    await payShare(a.page, 'Asha Rao');
    await expect(a.page.getByText('Your share is paid. The booking is confirmed when every member has paid.')).toBeVisible();

    // The organiser sees Asha's state on returning to the page (refetch on focus; here a reload).
    await page.reload();
    await expect(page.getByTestId('group-member').filter({ hasText: 'Asha Rao' })).toContainText('Confirmed', { timeout: 30_000 });
    await expect(page.getByTestId('split-entry').filter({ hasText: 'Paid' })).toHaveCount(2);

    // Ravi is signed in already and pays the last share: the booking is confirmed.
    const ravLink = await invitationLink(ravi);
    const r = await newPage(browser);
    await signUpAndInByApi(r.page, ravi);
    await r.page.goto(ravLink);
    const raviForm = r.page.getByRole('region', { name: 'Your passenger details' });
    await fillPassenger(raviForm, { title: 'Mr', first: 'Ravi', last: 'Kumar', dob: '1988-12-30', mobile: '9876500003' });
    await raviForm.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(r.page).toHaveURL(groupUrl);
    await payShare(r.page, 'Ravi Kumar');
    await expect(r.page.getByText(/Booking confirmed! Your PNR is [A-Z0-9]{6}/)).toBeVisible();

    // Confirmed for all three.
    for (const p of [page, a.page, r.page]) {
      await p.reload();
      await expect(p.getByTestId('group-status')).toHaveText('Confirmed', { timeout: 30_000 });
      await expect(p.getByText(/the booking is confirmed\. PNR/)).toBeVisible();
      await expect(p.getByTestId('split-entry').filter({ hasText: 'Paid' })).toHaveCount(3);
    }
    await shoot(page, 'companion-group-confirmed');
    // The organiser's profile lists the group.
    await page.goto('/profile');
    await expect(page.getByTestId('group-row')).toContainText('Confirmed');

    // The shared itinerary, signed out: first names only.
    const visitor = await newPage(browser);
    await visitor.page.goto(`/trip/${code}`);
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Trip to Mumbai' })).toBeVisible();
    // Members' names as the group knows them (the organiser's is their passenger name), first word only; never an email.
    await expect(visitor.page.getByText(organiser.split('@')[0] ?? '')).toHaveCount(0);
    for (const name of ['Asha', 'Ravi', 'Vikram']) await expect(visitor.page.getByRole('listitem').filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
    const text = await visitor.page.locator('main').innerText();
    expect(text).not.toContain('@');
    expect(text).not.toContain('Rao');
    expect(text).not.toMatch(/PNR/);
    await scanBoth(visitor.page);
    await shoot(visitor.page, 'companion-trip-page');
    await Promise.all([a.context.close(), r.context.close(), visitor.context.close()]);
  });

  test('signed out, Group Booking asks to sign in and comes back to the dialog', async ({ page }) => {
    const email = newEmail('later');
    const headers = { Origin: ORIGIN, 'Content-Type': 'application/json' };
    expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
    await page.goto(RESULTS());
    const button = page.getByRole('article').first().getByRole('button', { name: 'Group Booking' });
    await expect(button).toBeVisible({ timeout: 20_000 });
    await button.click();
    await expect(page.getByText('Please login to book flights')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    const login = page.getByRole('main').locator('form');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/result\?/);
    await expect(page.getByRole('dialog', { name: 'Travel Companion' })).toBeVisible({ timeout: 20_000 });
  });

  test('keyboard only: open from the booking screen, switch tabs, add a member, close back to the button', async ({ page }) => {
    await signUpAndInByApi(page, newEmail('keys'));
    await page.goto(RESULTS());
    const book = page.getByRole('link', { name: 'Book Now' }).first();
    await expect(book).toBeVisible({ timeout: 20_000 });
    await book.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/result\/book$/);
    const open = page.getByRole('button', { name: 'Group Booking' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Travel Companion' });
    await expect(dialog).toBeVisible();

    // Arrow keys move between tabs; Tab goes into the panel.
    await dialog.getByRole('tab', { name: 'Group Booking' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Split Payment' })).toBeFocused();
    await expect(dialog.getByRole('tab', { name: 'Split Payment' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('tab', { name: 'Group Booking' })).toHaveAttribute('aria-selected', 'true');

    await dialog.getByLabel('Name').focus();
    await page.keyboard.type('Meera Iyer');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Please enter an email address')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(newEmail('meera'));
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('group-member').filter({ hasText: 'Meera Iyer' })).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    // The booking screen's own form was not submitted by the dialog's Enter.
    await expect(page).toHaveURL(/\/result\/book$/);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});
