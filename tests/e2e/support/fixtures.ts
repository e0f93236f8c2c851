import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * Helpers shared by the browser specs: dates, fresh accounts, waiting out toasts.
 * @example await page.goto(`/result?from=DEL&to=BOM&date=${travelDate()}&cabin=economy&adults=1&children=0&infants=0`)
 */

/** A travel date `daysAhead` days from now, as the UTC calendar date (YYYY-MM-DD). */
export function travelDate(daysAhead = 7): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** The local calendar date `days` days from today (YYYY-MM-DD), as the date fields show it. */
export function isoDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** An address no other test uses: `<prefix>-<8 hex>@example.com`. */
export function newEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Waits until every toast has closed (before an axe scan or a screenshot). */
export async function toastsClosed(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

/** Opens the first DEL → BOM result of `travelDate()` in the booking screen, with one passenger card. */
export async function chooseFirstFlight(page: Page): Promise<void> {
  await page.goto(`/result?from=DEL&to=BOM&date=${travelDate()}&cabin=economy&adults=1&children=0&infants=0`);
  const book = page.getByRole('link', { name: 'Book Now' }).first();
  await expect(book).toBeVisible({ timeout: 15_000 });
  await book.click();
  await expect(page).toHaveURL(/\/result\/book$/);
  await expect(page.getByTestId('passenger-card')).toHaveCount(1);
}
