import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, scanLightAndDark } from './support/a11y';
import { isoDay, toastsClosed } from './support/fixtures';
import { pressKey, tabTo } from './support/focus';

const resultsUrl = (date: string) => `/result?from=DEL&to=BOM&date=${date}&cabin=economy&adults=1&children=0&infants=0`;

async function openFromFirstCard(page: Page, date: string) {
  await page.goto(resultsUrl(date));
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Price Alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price Alerts' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('price alerts', () => {
  test('create from a result card without an account, toggle with the bell, delete', async ({ page }) => {
    const dialog = await openFromFirstCard(page, isoDay(20));
    await expect(dialog.getByLabel('From')).toHaveValue('DEL');
    await expect(dialog.getByLabel('To')).toHaveValue('BOM');
    await expect(dialog.getByLabel('Travel date')).toHaveValue(isoDay(20));

    // Required fields first.
    await dialog.getByLabel('Email').fill('');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await expect(dialog.getByText('Please fill all required fields')).toBeVisible();

    await dialog.getByLabel('Target price (₹, all travellers)').fill('100');
    await dialog.getByLabel('Email').fill('visitor@example.com');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await expect(page.getByText("Price alert created! We'll notify you when prices drop.")).toBeVisible();

    const item = dialog.getByRole('listitem').filter({ hasText: 'DEL → BOM' });
    await expect(item).toHaveAttribute('data-state', 'is-active');
    await expect(item).toHaveCSS('border-left-color', 'rgb(217, 119, 6)');
    await expect(item.getByText('Check visitor@example.com to confirm it')).toBeVisible();
    // The browser keeps the owner's secret token, and the alert survives a reload.
    expect(await page.evaluate(() => localStorage.getItem('safar:alert-owner'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await item.getByRole('button', { name: 'Turn off alert DEL → BOM' }).click();
    await expect(item).toHaveAttribute('data-state', 'is-inactive');
    await expect(item.getByRole('button', { name: 'Turn on alert DEL → BOM' })).toHaveAttribute('aria-pressed', 'false');

    await page.goto('/alerts');
    const listed = page.getByRole('main').getByRole('listitem').filter({ hasText: 'DEL → BOM' });
    await expect(listed).toHaveAttribute('data-state', 'is-inactive');
    await listed.getByRole('button', { name: 'Delete alert DEL → BOM' }).click();
    await expect(page.getByText('Price alert deleted')).toBeVisible();
    await expect(page.getByText('No price alerts yet.')).toBeVisible();
  });

  test('a triggered alert shows the banner, its history and a notice the next time the traveller opens Safar', async ({ page }) => {
    test.setTimeout(60_000);
    const email = `alerts-${Date.now()}@example.com`;
    await page.goto('/signup');
    const signup = page.getByRole('main').locator('form');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill('Safar-test-pass-1');
    await signup.getByLabel('Confirm Password', { exact: true }).fill('Safar-test-pass-1');
    await signup.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const login = page.getByRole('main').locator('form');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill('Safar-test-pass-1');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back! Login successful!')).toBeVisible();

    const dialog = await openFromFirstCard(page, isoDay(21));
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    // A target above any fare: the next check (seconds away here) triggers it.
    await dialog.getByLabel('Target price (₹, all travellers)').fill('900000');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await expect(page.getByText("Price alert created! We'll notify you when prices drop.")).toBeVisible();
    await page.keyboard.press('Escape');

    await expect(async () => {
      await page.goto('/alerts');
      // The alert's own banner (the "While you were away" notice may show the same words).
      await expect(page.getByRole('status').filter({ hasText: /^Alert Triggered! Price dropped to ₹[\d,]+$/ })).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 25_000 });
    const item = page.getByRole('main').getByRole('listitem').filter({ hasText: 'DEL → BOM' });
    await expect(item).toHaveAttribute('data-state', 'is-triggered');
    await expect(item).toHaveCSS('border-left-color', 'rgb(23, 114, 69)');
    await expect(item.getByRole('img', { name: /^Price history: 1 check/ })).toBeVisible();

    // Next visit: the notice is waiting.
    await page.goto('/home');
    const notices = page.getByRole('region', { name: 'While you were away' });
    await expect(notices.getByText(/^Alert Triggered! Price dropped to ₹/)).toBeVisible();
    await toastsClosed(page);
    await expectNoAxeViolations(page);
    await notices.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(notices).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'While you were away' })).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the dialog has no axe violations (${theme}) and works by keyboard alone`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(resultsUrl(isoDay(22)));
      const card = page.getByRole('main').getByRole('article').first();
      await expect(card).toBeVisible();
      const button = card.getByRole('button', { name: 'Price Alert' });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Price Alerts' });
      await expect(dialog).toBeVisible();
      // Tab to the target price and the email, type, submit with Enter.
      await dialog.getByLabel('Target price (₹, all travellers)').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('1500');
      await page.keyboard.press('Tab');
      await page.keyboard.type('keys@example.com');
      await page.keyboard.press('Enter');
      await expect(page.getByText("Price alert created! We'll notify you when prices drop.")).toBeVisible();
      const item = dialog.getByRole('listitem').filter({ hasText: 'DEL → BOM' }).first();
      const bell = item.getByRole('button', { name: 'Turn off alert DEL → BOM' });
      await bell.focus();
      await page.keyboard.press('Enter');
      await expect(item.getByRole('button', { name: 'Turn on alert DEL → BOM' })).toBeFocused();
      await toastsClosed(page);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(button).toBeFocused();
    });
  }

  test('a round-trip alert from the round-trip results by keyboard: listed with both dates; axe light and dark', async ({ page }) => {
    // Two axe scans, light and dark, of the round-trip results with the dialog open, then of /alerts.
    test.setTimeout(300_000);
    const date = isoDay(24);
    const returnDate = isoDay(29);
    await page.goto(`/result?from=DEL&to=BOM&date=${date}&cabin=economy&adults=1&children=0&infants=0&tripType=roundTrip&returnDate=${returnDate}`);
    const summary = page.getByRole('region', { name: 'Your round trip' });
    const button = summary.getByRole('button', { name: 'Price Alert' });
    await expect(button).toBeVisible({ timeout: 15_000 });
    await button.focus();
    await pressKey(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Price Alerts' });
    await expect(dialog).toBeVisible();
    // The round trip's both dates are filled in, with the cheapest pair's price.
    await expect(dialog.getByLabel('Travel date')).toHaveValue(date);
    await expect(dialog.getByLabel('Return date (round trip, optional)')).toHaveValue(returnDate);
    await expect(dialog.locator('.pa-current')).not.toHaveText('—');
    await tabTo(page, dialog.getByLabel('Email'), { max: 20 });
    await page.keyboard.type(`round-${Date.now()}@example.com`);
    await pressKey(page, 'Enter');
    await expect(page.getByText("Price alert created! We'll notify you when prices drop.")).toBeVisible();
    const item = dialog.getByRole('listitem').filter({ hasText: 'DEL → BOM' }).first();
    await expect(item).toContainText(`Round trip · out ${date} · back ${returnDate}`);
    await toastsClosed(page);
    await scanLightAndDark(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();

    // The same alert on the alerts page, both dates shown.
    await page.goto('/alerts');
    await expect(page.getByRole('listitem').filter({ hasText: `back ${returnDate}` }).first()).toContainText(`out ${date}`);
    await scanLightAndDark(page);
  });

  test('a return date before the departure date is refused on its field', async ({ page }) => {
    test.setTimeout(60_000);
    const dialog = await openFromFirstCard(page, isoDay(26));
    await dialog.getByLabel('Return date (round trip, optional)').fill(isoDay(25));
    await dialog.getByLabel('Email').fill(`early-${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await expect(dialog.getByText('Return date cannot be before departure date')).toBeVisible();
    await expect(dialog.getByLabel('Return date (round trip, optional)')).toHaveAttribute('aria-invalid', 'true');
  });
});
