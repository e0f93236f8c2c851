import { expect, test } from '@playwright/test';
import { scanLightAndDark } from '../support/a11y';
import { travelDate } from '../support/fixtures';
import { searchOneWayFromHome, signUpInBrowser } from './support/journey';

/**
 * Explore with a remote supplier (decision 0071), as a traveller in Chromium against the contract fake:
 * a search fills the last-known fares; Explore then shows that route at the all-in price Results showed,
 * with how long ago it was seen, and a route nobody has searched as "Fare not seen yet". Explore itself
 * never asks the supplier. A price alert made from Results is checked by the job on the last-known fare,
 * and the alerts list says how old its price is. axe in light and dark on Explore and the alerts list.
 */

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.describe('last-known fares on Explore (Duffel)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a searched route is priced on Explore with its age; an unsearched one says its fare is not seen yet', async ({ page }) => {
    await signUpInBrowser(page, 'dkf');
    // Mumbai → Bengaluru is searched by no other Duffel spec, so its lowest last-known fare is this search's.
    await searchOneWayFromHome(page, { from: 'Mumbai', to: 'Bengaluru', fromCode: 'BOM', toCode: 'BLR', date: travelDate(9) });
    const amounts = await page.locator('article', { has: page.getByRole('link', { name: 'Book Now' }) }).locator('.fc-amount').allTextContents();
    expect(amounts.length).toBeGreaterThan(0);
    const cheapest = Math.min(...amounts.map(rupees));

    await page.goto('/explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore the World' })).toBeVisible();
    await expect(page.getByText(/^\d+ routes found$/)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('searchbox', { name: 'Search destinations' }).fill('Bengaluru');

    const searched = page.getByTestId('route-card').filter({ has: page.getByRole('heading', { name: 'Mumbai → Bengaluru' }) });
    const price = searched.locator('.route-price');
    await expect(price).toContainText(/from ₹[\d,]+/);
    await expect(price).toContainText(/seen (just now|\d+ min ago)/);
    expect(rupees(await price.locator('strong').textContent())).toBe(cheapest);

    const unseen = page.getByTestId('route-card').filter({ has: page.getByRole('heading', { name: 'Bengaluru → Goa' }) });
    await expect(unseen.locator('.route-price')).toHaveText('Fare not seen yet');

    // The details dialog says the same.
    await searched.getByRole('button', { name: /^View Details/ }).click();
    const details = page.getByRole('dialog', { name: 'Mumbai → Bengaluru' });
    await expect(details.getByText(/^from ₹[\d,]+, seen (just now|\d+ min ago)$/)).toBeVisible({ timeout: 15_000 });
    await scanLightAndDark(page);
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    await scanLightAndDark(page);
  });

  test('a price alert is checked on the last-known fare and shows its age', async ({ page }) => {
    await signUpInBrowser(page, 'dka');
    await page.goto(`/result?from=BOM&to=BLR&date=${travelDate(9)}&cabin=economy&adults=1&children=0&infants=0`);
    const card = page.locator('article', { has: page.getByRole('link', { name: 'Book Now' }) }).first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Price Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price Alerts' });
    // A target below any fare: the alert is checked but does not fire.
    await dialog.getByLabel('Target price (₹, all travellers)').fill('100');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await expect(page.getByText("Price alert created! We'll notify you when prices drop.")).toBeVisible();
    await page.keyboard.press('Escape');

    // The job (every 2 s here) prices it from the fare the search just saw.
    const item = page.getByRole('main').getByRole('listitem').filter({ hasText: 'BOM → BLR' });
    await expect(async () => {
      await page.goto('/alerts');
      await expect(item).toContainText(/Now₹[\d,]+ · seen (just now|\d+ min ago)/, { timeout: 1500 });
    }).toPass({ timeout: 30_000 });
    await scanLightAndDark(page);
  });
});
