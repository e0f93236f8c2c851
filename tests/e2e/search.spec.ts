import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { isoDay } from './support/fixtures';

/** A date `days` from today in the machine's zone (the browser runs on the same machine), YYYY-MM-DD. */
function form(page: Page) {
  return page.getByRole('form', { name: 'Search flights' });
}

/** Axe scans wait for toasts to close: a toast mid-animation is partly transparent. */
async function scanWhenToastsClosed(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page);
}

/** Types into From/To and picks the named suggestion with the keyboard. */
async function pickAirport(page: Page, field: 'From' | 'To', typed: string, option: RegExp) {
  const input = form(page).getByRole('combobox', { name: field });
  await input.fill(typed);
  const list = page.getByRole('listbox', { name: `${field} airports` });
  await expect(list.getByRole('option').first()).toBeVisible();
  // Walk down to the wanted option with the arrow keys (the first one starts active).
  for (let i = 0; i < 8; i++) {
    const activeId = await input.getAttribute('aria-activedescendant');
    const active = page.locator(`[id="${activeId ?? ''}"]`);
    if (activeId && option.test((await active.textContent()) ?? '')) break;
    await input.press('ArrowDown');
  }
  await input.press('Enter');
  await expect(list).toBeHidden();
}

test.describe('home search', () => {
  test('the traveller journey: bombay to Delhi tomorrow, 2 adults and 1 infant, sort, filter, reload', async ({ page }) => {
    await page.goto('/');
    await pickAirport(page, 'From', 'bombay', /Mumbai/);
    await expect(form(page).getByRole('combobox', { name: 'From' })).toHaveValue('Mumbai (BOM)');
    await pickAirport(page, 'To', 'delhi', /DEL/);
    await expect(form(page).getByRole('combobox', { name: 'To' })).toHaveValue(/\(DEL\)$/);
    await form(page).getByLabel('Departure Date').fill(isoDay(1));
    await form(page).getByLabel(/^Adults/).fill('2');
    await form(page).getByLabel(/^Infants/).fill('1');
    await form(page).getByRole('button', { name: 'Search Flights' }).click();

    await expect(page).toHaveURL(new RegExp(`/result\\?from=BOM&to=DEL&date=${isoDay(1)}&cabin=economy&adults=2&children=0&infants=1$`));
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    const toast = page.getByText(/^Found \d+ flights from BOM to DEL!$/);
    await expect(toast).toBeVisible();
    const count = Number(/\d+/.exec((await toast.textContent()) ?? '')?.[0]);
    expect(count, 'dozens of Mumbai–Delhi itineraries').toBeGreaterThanOrEqual(24);
    await expect(page.getByRole('heading', { name: `${count} of ${count} flights` })).toBeVisible();
    await expect(cards).toHaveCount(Math.min(count, 20));
    await expect(cards.first().getByText('Total for 3 travellers')).toBeVisible();
    await expect(cards.first().getByText(/^₹[\d,]+$/).first()).toBeVisible();

    // Sort: cheapest first.
    await page.getByLabel('Sort by').selectOption('cheapest');
    await expect(page).toHaveURL(/sort=cheapest/);
    const prices = await amounts(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const firstBefore = await cards.first().getByRole('heading').textContent();

    // Filter: non-stop only, applied with Apply Filters.
    await showFilters(page);
    await page.getByRole('checkbox', { name: 'Non-stop' }).check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const heading = page.getByRole('heading', { name: new RegExp(`^\\d+ of ${count} flights$`) });
    await expect(heading).not.toHaveText(`${count} of ${count} flights`);
    const nonStop = Number(/^\d+/.exec((await heading.textContent()) ?? '')?.[0]);
    expect(nonStop).toBeGreaterThan(0);
    for (const stops of await cards.locator('.fc-stops').allTextContents()) expect(stops).toBe('Non-stop');

    // Reload: same search and order from the URL (filters are a view choice and start cleared).
    await page.reload();
    await expect(page.getByRole('heading', { name: `${count} of ${count} flights` })).toBeVisible();
    await expect(cards).toHaveCount(Math.min(count, 20));
    await expect(page.getByLabel('Sort by')).toHaveValue('cheapest');
    await expect(cards.first().getByRole('heading')).toHaveText(firstBefore ?? '');
  });

  test('empty submit shows every required message under its field and the toast', async ({ page }) => {
    await page.goto('/');
    await form(page).getByRole('button', { name: 'Search Flights' }).click();
    await expect(page.getByText('Please fix the errors in the form')).toBeVisible();
    for (const [label, message] of [
      ['From', 'Source is required'],
      ['To', 'Destination is required'],
      ['Departure Date', 'Departure date is required'],
    ] as const) {
      const input = form(page).getByLabel(label, { exact: true });
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(message);
    }
    await expect(page).toHaveURL(/\/$/);
    await scanWhenToastsClosed(page);
  });

  test('same airports and a past date give their messages', async ({ page }) => {
    await page.goto('/');
    await form(page).getByRole('combobox', { name: 'From' }).fill('Mumbai');
    await form(page).getByRole('combobox', { name: 'To' }).fill('bombay');
    await form(page).getByLabel('Departure Date').fill(isoDay(-1));
    await form(page).getByRole('button', { name: 'Search Flights' }).click();
    await expect(form(page).getByText('Source and destination cannot be same')).toBeVisible();
    await expect(form(page).getByText('Departure date cannot be in the past')).toBeVisible();
    await expect(page.getByText('Please fix the errors in the form')).toBeVisible();
    await expect(form(page).getByLabel('Departure Date')).toHaveAttribute('min', isoDay(0));
  });

  test('passenger rules: at most 9 seats, an adult per infant, at least 1 adult', async ({ page }) => {
    await page.goto('/');
    await form(page).getByRole('combobox', { name: 'From' }).fill('BOM');
    await form(page).getByRole('combobox', { name: 'To' }).fill('DEL');
    await form(page).getByLabel('Departure Date').fill(isoDay(2));
    await form(page).getByLabel(/^Adults/).fill('5');
    await form(page).getByLabel(/^Children/).fill('5');
    await form(page).getByLabel(/^Infants/).fill('6');
    await form(page).getByRole('button', { name: 'Search Flights' }).click();
    await expect(form(page).getByLabel(/^Children/)).toHaveAccessibleDescription('At most 9 seats per booking (adults and children)');
    await expect(form(page).getByLabel(/^Infants/)).toHaveAccessibleDescription('Each infant must travel with an adult');

    await form(page).getByLabel(/^Adults/).fill('0');
    await form(page).getByLabel(/^Children/).fill('0');
    await form(page).getByLabel(/^Infants/).fill('0');
    await form(page).getByRole('button', { name: 'Search Flights' }).click();
    await expect(form(page).getByLabel(/^Adults/)).toHaveAccessibleDescription('Adults must be at least 1');
    await expect(form(page).getByLabel(/^Adults/)).toHaveAttribute('min', '1');
    await expect(form(page).getByLabel(/^Adults/)).toHaveAttribute('max', '9');
  });

  test('the suggestion list is a keyboard combobox: arrows move, Escape closes', async ({ page }) => {
    await page.goto('/');
    const input = form(page).getByRole('combobox', { name: 'From' });
    await input.fill('ban');
    const list = page.getByRole('listbox', { name: 'From airports' });
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const first = await input.getAttribute('aria-activedescendant');
    await input.press('ArrowDown');
    await expect(input).not.toHaveAttribute('aria-activedescendant', first ?? '');
    await expect(list.getByRole('option', { selected: true })).toHaveCount(1);
    await input.press('Escape');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(input).toHaveValue('ban');
  });

  test('swap exchanges From and To; Multi-City opens the trip planner', async ({ page }) => {
    await page.goto('/');
    await pickAirport(page, 'From', 'Chennai', /MAA/);
    await pickAirport(page, 'To', 'Pune', /PNQ/);
    await form(page).getByRole('button', { name: 'Swap From and To' }).click();
    await expect(form(page).getByRole('combobox', { name: 'From' })).toHaveValue('Pune (PNQ)');
    await expect(form(page).getByRole('combobox', { name: 'To' })).toHaveValue('Chennai (MAA)');
    await form(page).getByRole('button', { name: 'Multi-City' }).click();
    await expect(page.getByRole('dialog', { name: 'Multi-City Trip Planner' })).toBeVisible();
  });

  test('a typed city name searches by its code', async ({ page }) => {
    await page.goto('/');
    await form(page).getByRole('combobox', { name: 'From' }).fill('bengaluru');
    await form(page).getByRole('combobox', { name: 'To' }).fill('madras');
    await form(page).getByLabel('Departure Date').fill(isoDay(3));
    await form(page).getByLabel('Class').selectOption('business');
    await form(page).getByRole('button', { name: 'Search Flights' }).click();
    await expect(page).toHaveURL(/\/result\?from=BLR&to=MAA&date=[\d-]+&cabin=business&adults=1&children=0&infants=0$/);
  });

  test('navigation state from Explore pre-fills the route with its toast', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => window.history.pushState({ from: 'Mumbai', to: 'Goa' }, '', '/home'));
    await expect(page.getByText('Pre-filled route: Mumbai to Goa')).toBeVisible();
    await expect(form(page).getByRole('combobox', { name: 'From' })).toHaveValue('Mumbai');
    await expect(form(page).getByRole('combobox', { name: 'To' })).toHaveValue('Goa');
  });

  test('home passes axe in light and dark, on a phone too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    // Scan the screen, not the loading skeleton before its chunk arrives.
    await expect(form(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(form(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await form(page).getByRole('combobox', { name: 'From' }).fill('del');
    await expect(page.getByRole('listbox', { name: 'From airports' }).getByRole('option').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

async function showFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Show filters/ });
  if (await toggle.isVisible()) await toggle.click();
}

/** All-in totals of the cards in order, in rupees. */
async function amounts(page: Page): Promise<number[]> {
  const texts = await page.getByRole('main').locator('.fc-amount').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d]/g, '')));
}
