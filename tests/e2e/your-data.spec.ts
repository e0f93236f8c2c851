import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { hasPdftotext, pdfText } from '../support/pdf';
import { expectNoAxeViolations } from './support/a11y';
import { chooseFirstFlight, toastsClosed, signUpByApi, E2E_PASSWORD as PASSWORD } from './support/fixtures';

/**
 * Points 5–8 in Chromium: a traveller saved after a booking fills the next booking's card in one
 * click; GST details at booking give a tax invoice PDF naming the GSTIN; "Your data" downloads the
 * export and deletes the account, after which signing in fails. axe, light and dark, on each screen.
 */

const GSTIN = '27AAPFU0939F1ZV';

async function scan(page: Page) {
  await toastsClosed(page);
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

async function payByCard(page: Page) {
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: /^Pay with (?!UPI)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
  await dialog.getByLabel('Card number').fill('4111111111111111');
  await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Name on card').fill('Priya Sharma');
  const popup = page.context().waitForEvent('page', { timeout: 15_000 }).catch(() => null);
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(/Booking confirmed! Your PNR is [A-Z0-9]{6}/)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await (await popup)?.close();
}

async function downloadBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test.describe('saved travellers, GST invoice and your data', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a traveller saved after a booking fills the next booking; GST details give an invoice PDF naming the GSTIN', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'data');

    // First booking, typed by hand, with GST details (a bad check character first).
    await chooseFirstFlight(page);
    const card = page.getByTestId('passenger-card').first();
    await card.getByLabel('Title').selectOption('Ms');
    await card.getByLabel('First name').fill('Priya');
    await card.getByLabel('Last name').fill('Sharma');
    await card.getByLabel('Date of birth').fill('1992-08-14');
    await card.getByLabel('Mobile number').fill('9876501234');
    await page.getByLabel('Get a GST invoice for my business (optional)').check();
    await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZA');
    await page.getByLabel('Registered name').fill('Udaan Traders LLP');
    await page.getByLabel('Registered address').fill('12 Marine Drive, Mumbai 400020');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.locator('#book-gst-gstin-error')).toHaveText('Enter a valid GSTIN');
    await expect(page).toHaveURL(/\/result\/book$/);
    await scan(page);
    await page.getByLabel('GSTIN').fill(GSTIN.toLowerCase());
    await payByCard(page);

    // The ticket offers to save the traveller and gives the GST invoice.
    await page.getByTestId('booking-row').first().getByRole('link', { name: 'View Ticket' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible();
    await expect(page.getByText(`GSTIN ${GSTIN} (Maharashtra)`)).toBeVisible();
    await page.getByRole('button', { name: 'Save travellers' }).click();
    await expect(page.getByText('1 traveller saved to your profile')).toBeVisible();
    const invoice = await downloadBytes(page, () => page.getByRole('button', { name: 'Download GST invoice' }).click());
    expect(invoice.name).toMatch(/^safar-invoice-SAF-\d{4}-\d{6}\.pdf$/);
    expect(invoice.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (hasPdftotext) {
      const text = pdfText(new Uint8Array(invoice.bytes));
      expect(text).toContain(GSTIN);
      expect(text).toContain('Tax invoice');
    }
    await scan(page);

    // The profile lists the saved traveller and the invoice.
    await page.goto('/profile');
    await expect(page.getByTestId('saved-traveller')).toHaveCount(1);
    await expect(page.getByTestId('saved-traveller')).toContainText('Ms Priya Sharma');
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(page.getByTestId('invoice-row')).toContainText(GSTIN);
    await page.getByRole('button', { name: 'Add traveller' }).click();
    await page.getByRole('button', { name: 'Save traveller' }).click();
    await expect(page.locator('#st-new-title-error')).toHaveText('Title is required');
    await scan(page);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    // The next booking: one click fills the card, type from the age on the travel date.
    await chooseFirstFlight(page);
    const next = page.getByTestId('passenger-card').first();
    await next.getByRole('button', { name: 'Fill passenger 1 with Priya Sharma' }).click();
    await expect(next.getByLabel('First name')).toHaveValue('Priya');
    await expect(next.getByLabel('Last name')).toHaveValue('Sharma');
    await expect(next.getByLabel('Date of birth')).toHaveValue('1992-08-14');
    await expect(next.getByLabel('Passenger type')).toHaveValue('Adult');
    await expect(next.getByLabel('Mobile number')).toHaveValue('9876501234');
    await scan(page);
    await payByCard(page);
    await expect(page.getByTestId('booking-row')).toHaveCount(2);
  });

  test('exports the data, then deletes the account, and signing in with it fails', async ({ page, baseURL }) => {
    const email = await signUpByApi(page, baseURL, 'data');
    await page.goto('/profile');
    await page.getByRole('link', { name: /^Your data/ }).click();
    await expect(page).toHaveURL(/\/your-data$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
    const consent = page.getByLabel(/Email me offers and travel news from Safar/);
    await expect(consent).not.toBeChecked();
    await consent.check();
    await expect(page.getByText('You will get offers by email')).toBeVisible();
    await scan(page);

    const exported = await downloadBytes(page, () => page.getByRole('button', { name: 'Download my data' }).click());
    expect(exported.name).toMatch(/^safar-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(exported.bytes.toString('utf8')) as { account: { email: string }; consents: { granted: boolean }[]; bookings: unknown[] };
    expect(data.account.email).toBe(email);
    expect(data.consents.map((c) => c.granted)).toEqual([true]);
    expect(data.bookings).toEqual([]);

    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.locator('#delete-password-error')).toHaveText('That password is not right');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

    await page.goto('/login');
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password.').first()).toBeVisible();
    expect((await page.request.get('/api/bookings')).status()).toBe(401);
  });
});
