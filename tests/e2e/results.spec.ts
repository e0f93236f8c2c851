import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { isoDay } from './support/fixtures';

function resultsUrl(date: string, extra = ''): string {
  return `/result?from=BOM&to=DEL&date=${date}&cabin=economy&adults=1&children=0&infants=0${extra}`;
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function showFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Show filters/ });
  if (await toggle.isVisible()) await toggle.click();
}

/** Axe scans run once the search's toast has come and gone: a toast mid-animation is partly transparent. */
async function scanWhenToastsClosed(page: Page) {
  await expect(page.getByText(/^Found \d+ flights from/)).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page);
}

test.describe('results', () => {
  test('without a search: No flights found. Please search for flights.', async ({ page }) => {
    await page.goto('/result');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flight Results');
    await expect(page.getByText('No flights found. Please search for flights.')).toBeVisible();
    await page.getByRole('link', { name: 'Search flights' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a search with no flights shows the same text and the reason', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(400)));
    await expect(page.getByText('No flights found. Please search for flights.')).toBeVisible();
    await expect(page.getByText(/Flights are on sale up to \d+ days ahead/)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('filters that exclude everything: No flights found, Try adjusting your filters; Clear All restores', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(2)));
    await expect(cards(page).first()).toBeVisible();
    const total = await cards(page).count();
    await showFilters(page);
    const slider = page.getByRole('slider', { name: 'Price Range' });
    await slider.focus();
    await slider.press('Home');
    await expect(page.getByText('Up to ₹0')).toBeVisible();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByText('No flights found', { exact: true })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters to see more results')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Clear All' }).first().click();
    await expect(cards(page)).toHaveCount(total);
  });

  test('sort orders fastest and earliest; departure-time and airline filters apply on Apply', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(3)));
    await expect(cards(page).first()).toBeVisible();
    await page.getByLabel('Sort by').selectOption('fastest');
    const durations = (await page.locator('.fc-duration').allTextContents()).map((t) => {
      const [, h = '0', m = '0'] = /(\d+)h (\d+)m/.exec(t) ?? [];
      return Number(h) * 60 + Number(m);
    });
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    await page.getByLabel('Sort by').selectOption('earliest');
    const times = await page.locator('.fc-end:not(.fc-arrive) .fc-time').allTextContents();
    expect(times).toEqual([...times].sort());

    await showFilters(page);
    await page.getByRole('checkbox', { name: /^Morning/ }).check();
    const before = await cards(page).count();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    for (const time of await page.locator('.fc-end:not(.fc-arrive) .fc-time').allTextContents()) {
      const hour = Number(time.slice(0, 2));
      expect(hour >= 6 && hour < 12, `${time} is in the morning`).toBe(true);
    }
    expect(await cards(page).count()).toBeLessThanOrEqual(before);

    await showFilters(page);
    const airline = page.getByRole('group', { name: 'Airlines' }).getByRole('checkbox').first();
    const name = (await airline.locator('xpath=..').textContent())?.trim() ?? '';
    await airline.check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    for (const heading of await cards(page).getByRole('heading').allTextContents()) expect(heading).toContain(name);
  });

  test('changing Class re-searches in that cabin', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(4)));
    await expect(cards(page).first()).toBeVisible();
    await showFilters(page);
    await page.getByLabel('Class', { exact: true }).last().selectOption('business');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/cabin=business/);
    await expect(page.getByText('Business', { exact: true }).first()).toBeVisible();
  });

  test('the fare calendar colours days by fare, disables past days, and a click searches that day', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(1)));
    const calendar = page.getByRole('region', { name: 'Fare calendar' });
    // A day's name is its visible text plus hidden words: "Thu 24 December ₹4,567 low fare".
    await expect(calendar.getByRole('button', { name: /₹[\d,]+ (low|fair|high|peak) fare$/ }).first()).toBeVisible();
    await expect(calendar.getByText('Under ₹7,000')).toBeVisible();
    const current = calendar.locator('[aria-current="date"]');
    await expect(current).toBeVisible();
    if (isoDay(-1).slice(0, 7) === isoDay(1).slice(0, 7)) {
      await expect(calendar.getByRole('button', { name: /past date/ }).first()).toBeDisabled();
    }
    // Every coloured day's band matches the spec thresholds for its fare.
    for (const day of await calendar.locator('.cal-day:not([disabled])').all()) {
      const label = (await day.getAttribute('title')) ?? '';
      const fare = Number(/from ₹([\d,]+)/.exec(label)?.[1]?.replace(/,/g, '') ?? 'NaN');
      const cls = (await day.getAttribute('class')) ?? '';
      const band = fare < 7000 ? 'band-low' : fare < 8500 ? 'band-fair' : fare < 9500 ? 'band-high' : 'band-peak';
      expect(cls, label).toContain(band);
    }
    // Pick another open day (next month if this month has no other).
    let target = calendar.locator('.cal-day:not([disabled]):not([aria-current])').first();
    if ((await target.count()) === 0) {
      await calendar.getByRole('button', { name: 'Next month' }).click();
      target = calendar.locator('.cal-day:not([disabled])').first();
    }
    const label = (await target.getAttribute('title')) ?? '';
    await target.click();
    await expect(page).not.toHaveURL(new RegExp(`date=${isoDay(1)}`));
    await expect(cards(page).first()).toBeVisible();
    await expect(calendar.locator('[aria-current="date"]')).toHaveAttribute('title', label);
  });

  test('cards show times, duration, stops, airline, all-in price, Book Now and the later buttons', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(2)));
    const card = cards(page).first();
    await expect(card).toBeVisible();
    await expect(card.locator('.fc-duration')).toHaveText(/^\d+h \d+m$/);
    await expect(card.locator('.fc-stops')).toHaveText(/^(Non-stop|\d stops? via [A-Z]{3}(, [A-Z]{3})?)$/);
    await expect(card.getByText('All-in price')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/result/book');
    await expect(card.getByRole('button', { name: 'Track Flight' })).not.toHaveAttribute('aria-disabled', 'true');
    await expect(card.getByRole('button', { name: 'Price Alert' })).not.toHaveAttribute('aria-disabled', 'true');
    await expect(card.getByRole('button', { name: 'Group Booking' })).not.toHaveAttribute('aria-disabled', 'true');
    // Another currency: converted amounts with the note that payment is in INR.
    await page.getByRole('button', { name: /^Currency: INR/ }).click();
    await page.getByRole('button', { name: /^USD/ }).click();
    await expect(card.locator('.fc-amount')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(card.getByText('Charged in INR')).toBeVisible();
  });

  test('Book Now carries the itinerary to /result/book', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(2)));
    await cards(page).first().getByRole('link', { name: 'Book Now' }).click();
    // The booking screen is guarded: signed out it goes on to /login; either way it left the results with state.
    await expect(page).toHaveURL(/\/(result\/book|login)/);
  });

  test('a bad URL shows the field messages and the form to fix it', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(-2)));
    await expect(page.getByRole('alert').getByText('Departure date cannot be in the past').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Search' })).toBeVisible();
    await expect(page.getByLabel('Departure Date')).toHaveAccessibleDescription('Departure date cannot be in the past');
  });

  test('an unknown airport in the URL is named under its field', async ({ page }) => {
    await page.goto(`/result?from=Atlantis&to=DEL&date=${isoDay(2)}`);
    await expect(page.getByRole('alert')).toContainText('Atlantis');
    await expect(page.getByRole('combobox', { name: 'From' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('results pass axe in light mode', async ({ page }) => {
    // A full results page is a large document: axe needs longer than the default test time here.
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(resultsUrl(isoDay(2)));
    await expect(cards(page).first()).toBeVisible();
    await scanWhenToastsClosed(page);
  });

  test('results pass axe in dark mode on a phone, and the empty state too', async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(resultsUrl(isoDay(2)));
    await expect(cards(page).first()).toBeVisible();
    await showFilters(page);
    await scanWhenToastsClosed(page);
    await page.goto('/result');
    await expect(page.getByText('No flights found. Please search for flights.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
