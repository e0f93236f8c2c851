import { devices, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { travelDate, signUpByApi } from './support/fixtures';

/**
 * iPhone and iPad browsers never offer an install prompt, so the first booking made there ends
 * with a short "Add to Home Screen" hint instead, once per device. Elsewhere it never shows.
 */

const HINT = 'Keep your trip on your Home Screen';

/** Search, one adult, sandbox card: the whole booking through the screens. */
async function bookOneAdult(page: Page) {
  await page.goto(`/result?from=BOM&to=BLR&date=${travelDate(8)}&cabin=economy&adults=1&children=0&infants=0`);
  const book = page.getByRole('link', { name: 'Book Now' }).first();
  await expect(book).toBeVisible({ timeout: 15_000 });
  await book.click();
  const card = page.getByTestId('passenger-card').first();
  await card.getByLabel('Title').selectOption('Ms');
  await card.getByLabel('First name').fill('Ananya');
  await card.getByLabel('Last name').fill('Rao');
  await card.getByLabel('Date of birth').fill('1994-03-11');
  await card.getByLabel('Passenger type').selectOption('Adult');
  await card.getByLabel('Mobile number').fill('9876501234');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: /^Pay with (?!UPI)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
  await dialog.getByLabel('Card number').fill('4111111111111111');
  await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Name on card').fill('Ananya Rao');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(/Booking confirmed! Your PNR is [A-Z0-9]{6}/)).toBeVisible({ timeout: 15_000 });
}

test.describe('on an iPhone', () => {
  const iphone = devices['iPhone 13'];
  // Chromium stands in for Safari: the phone's user agent and screen, not its engine.
  test.use({ userAgent: iphone.userAgent, viewport: iphone.viewport, deviceScaleFactor: iphone.deviceScaleFactor, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('the first booking ends with the Add to Home Screen hint, once; it closes by keyboard and passes axe', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'hint');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: HINT })).toHaveCount(0);

    await bookOneAdult(page);
    const hint = page.getByRole('region', { name: HINT });
    await expect(hint).toBeVisible();
    await expect(hint).toContainText('Add to Home Screen');
    await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    await expectNoAxeViolations(page);

    await hint.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(hint).toHaveCount(0);

    // A second booking on the same device does not show it again.
    await bookOneAdult(page);
    await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: HINT })).toHaveCount(0);
  });
});

test('on a desktop browser, a booking shows no iPhone hint', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signUpByApi(page, baseURL, 'hint');
  await bookOneAdult(page);
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: HINT })).toHaveCount(0);
});
