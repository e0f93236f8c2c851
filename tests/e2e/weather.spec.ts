import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { isoDay } from './support/fixtures';

async function openResults(page: Page, date: string) {
  await page.goto(`/result?from=DEL&to=GOI&date=${date}&cabin=economy&adults=1&children=0&infants=0`);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  // Axe scans wait until the search's toast has come and gone (mid-animation it is partly transparent).
  await expect(page.getByText(/^Found \d+ flights from/)).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`Weather & Travel Insights from a result: three tabs, typical days labelled, axe clean (${scheme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await openResults(page, isoDay(20));
    await page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Weather & Travel Insights' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weather & Travel Insights' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Goa \(GOI\)/)).toBeVisible();
    // 20 days out no forecast reaches: seven typical days from the climate normals, said plainly.
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Feels like' })).toHaveCount(7);
    await expect(dialog.getByText(/Typical for this time of year/)).toBeVisible();
    await expect(dialog.getByText(/India Meteorological Department/)).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole('tab', { name: 'Best Time to Visit' }).click();
    await expect(dialog.getByText('Best months')).toBeVisible();
    await expect(dialog.getByText('Peak season')).toBeVisible();
    await expect(dialog.getByText('Off season')).toBeVisible();
    await expect(dialog.getByText('June to September')).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole('tab', { name: 'Local Events' }).click();
    await expect(dialog.getByRole('tabpanel', { name: 'Local Events' }).getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('keyboard only: open the insights, move between tabs with the arrow keys, close with Escape', async ({ page }) => {
  await openResults(page, isoDay(3));
  const button = page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Weather & Travel Insights' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Weather & Travel Insights' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Feels like' })).toHaveCount(7);
  await dialog.getByRole('tab', { name: 'Weather Forecast' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Best Time to Visit' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Local Events' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
