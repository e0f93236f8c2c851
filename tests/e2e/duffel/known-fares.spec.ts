import { expect, test } from '@playwright/test';
import { scanLightAndDark } from '../support/a11y';
import { travelDate } from '../support/fixtures';
import { searchOneWayFromHome, signUpInBrowser } from './support/journey';

/**
 * Explore with a remote supplier (decision 0071), as a traveller in Chromium against the contract fake:
 * a search fills the last-known fares; Explore then shows that route at the all-in price Results showed,
 * with how long ago it was seen, and a route nobody has searched as "Fare not seen yet". Explore itself
 * never asks the supplier. axe in light and dark on Explore.
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
});
