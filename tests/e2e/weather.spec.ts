import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { isoDay } from './support/fixtures';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Typical for December" (or "… December and January") for the seven days from a date. */
function typicalFor(startIso: string): string {
  const start = Date.parse(`${startIso}T00:00:00Z`);
  const names = [...new Set(Array.from({ length: 7 }, (_, i) => MONTHS[new Date(start + i * 86_400_000).getUTCMonth()]))];
  return `Typical for ${names.length === 1 ? names[0] : `${names[0]} and ${names[1]}`}`;
}

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
    const date = isoDay(20);
    await openResults(page, date);
    await page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Weather & Travel Insights' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weather & Travel Insights' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Goa \(GOI\)/)).toBeVisible();
    // 20 days out no forecast reaches: seven typical days, said plainly, with where they come from.
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Feels like' })).toHaveCount(7);
    await expect(dialog.getByText(`${typicalFor(date)}: no forecast reaches these dates yet`)).toBeVisible();
    // Panaji has no cited table: the footnote says the values are approximate, and claims no agency or period.
    const footnote = dialog.getByText(/^Typical days:/);
    await expect(footnote).toHaveText('Typical days: Approximate typical monthly weather for Panaji, not official normals.');
    await expect(dialog.getByText(/1991–2020|India Meteorological Department/)).toHaveCount(0);
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

test('a destination with a cited table names the table, its period and that it is a weak source, with a link', async ({ page }) => {
  const date = isoDay(25);
  await page.goto(`/result?from=DEL&to=LHR&date=${date}&cabin=economy&adults=1&children=0&infants=0`);
  await page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Weather & Travel Insights' }).click();
  const dialog = page.getByRole('dialog', { name: 'Weather & Travel Insights' });
  await expect(dialog.getByText(`${typicalFor(date)}: no forecast reaches these dates yet`)).toBeVisible();
  const footnote = dialog.getByText(/^Typical days:/);
  await expect(footnote).toContainText('London (WMO station 03772, Heathrow, per the page address), no period stated');
  await expect(footnote).toContainText('A weak source: no averaging period stated, no agency credited');
  await expect(footnote).toContainText('Rainy days approximate, not official normals.');
  await expect(footnote.getByRole('link', { name: 'Source table' })).toHaveAttribute('href', /^https?:\/\//);
  await dialog.getByRole('tab', { name: 'Best Time to Visit' }).click();
  await expect(dialog.getByText(/^Your month$/)).toBeVisible();
  await expect(dialog.getByRole('tabpanel', { name: 'Best Time to Visit' })).not.toContainText(/\b0 days\b/);
});

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
