import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { isoDay, signUpByApi, toastsClosed } from './support/fixtures';
import { pressKey, tabTo } from './support/focus';
import { shoot } from './support/screens';

/**
 * Round-trip search (issue 28, search side): the Home form's One way / Round trip and Return Date,
 * the domestic two-list results chosen by keyboard, the international combined itineraries, the
 * hand-off to /result/book with both journeys, axe light and dark, screenshots at 390 and 1280.
 */


function form(page: Page) {
  return page.getByRole('form', { name: 'Search flights' });
}

function roundTripUrl(from: string, to: string, date: string, returnDate: string): string {
  return `/result?from=${from}&to=${to}&date=${date}&cabin=economy&adults=2&children=0&infants=0&tripType=roundTrip&returnDate=${returnDate}`;
}

const list = (page: Page, name: RegExp) => page.getByRole('region', { name });
const selectButtons = (scope: Locator, direction: 'outbound' | 'return') => scope.getByRole('button', { name: new RegExp(`^Select ${direction} `) });

test.describe('round-trip search', () => {
  test('the Home form: one way by default; Round trip adds Return Date with its message and the form toast; the URL holds the whole query', async ({ page }) => {
    await page.goto('/');
    await expect(form(page).getByRole('radio', { name: 'One way' })).toBeChecked();
    await expect(form(page).getByLabel('Return Date')).toHaveCount(0);
    await form(page).getByRole('radio', { name: 'Round trip' }).check();
    await form(page).getByRole('combobox', { name: 'From' }).fill('DEL');
    await form(page).getByRole('combobox', { name: 'To' }).fill('BOM');
    await form(page).getByLabel('Departure Date').fill(isoDay(12));
    await expect(form(page).getByLabel('Return Date')).toHaveAttribute('min', isoDay(12));
    await form(page).getByLabel('Return Date').fill(isoDay(11));
    await form(page).getByRole('button', { name: 'Search Flights' }).click();
    await expect(form(page).getByText('Return date cannot be before departure date')).toBeVisible();
    await expect(page.getByText('Please fix the errors in the form')).toBeVisible();
    await form(page).getByLabel('Return Date').fill(isoDay(15));
    await form(page).getByRole('button', { name: 'Search Flights' }).click();
    await expect(page).toHaveURL(new RegExp(`/result\\?from=DEL&to=BOM&date=${isoDay(12)}&.*tripType=roundTrip&returnDate=${isoDay(15)}`));
    await expect(list(page, /Outbound · DEL to BOM/)).toBeVisible();
    // Reloadable: the same round trip comes back.
    await page.reload();
    await expect(list(page, /Return · BOM to DEL/)).toBeVisible();
    await expect(page.getByText('Round trip', { exact: true })).toBeVisible();
  });

  test('domestic: outbound and return chosen from the two lists by keyboard, the sticky total, Continue to /result/book with both journeys', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'rt-dom');
    await page.goto(roundTripUrl('DEL', 'BOM', isoDay(10), isoDay(14)));
    const outbound = list(page, /Outbound · DEL to BOM/);
    const back = list(page, /Return · BOM to DEL/);
    await expect(selectButtons(outbound, 'outbound').first()).toBeVisible({ timeout: 15_000 });
    await expect(selectButtons(back, 'return').first()).toBeVisible();
    await toastsClosed(page);
    const summary = page.getByRole('region', { name: 'Your round trip' });
    await expect(summary.getByRole('button', { name: 'Continue' })).toBeDisabled();

    // From the outbound list's sort, Tab to its first flight and choose it with Enter.
    await outbound.getByLabel('Sort outbound flights').focus();
    const firstOut = selectButtons(outbound, 'outbound').first();
    await tabTo(page, firstOut, { max: 5 });
    await pressKey(page, 'Enter');
    await expect(outbound.getByRole('button', { name: /^Selected outbound / })).toHaveCount(1);

    // Then the return list: its sort, then its first flight.
    await back.getByLabel('Sort return flights').focus();
    await tabTo(page, selectButtons(back, 'return').first(), { max: 5 });
    await pressKey(page, 'Enter');
    await expect(back.getByRole('button', { name: /^Selected return / })).toHaveCount(1);

    // The summary: both journeys and one all-in total for the two travellers.
    await expect(summary.getByText('Round trip, all-in, 2 adults')).toBeVisible();
    const continueButton = summary.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeEnabled();
    await continueButton.focus();
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/result\/book$/);
    const state = await page.evaluate(() => window.history.state as { journeys?: { itinerary: { legs: { from: { code: string } }[] }; query: { from: string; to: string } }[] } | null);
    expect(state?.journeys?.map((j) => `${j.query.from}-${j.query.to}`)).toEqual(['DEL-BOM', 'BOM-DEL']);
    expect(state?.journeys?.[1]?.itinerary.legs[0]?.from.code).toBe('BOM');
  });

  test('domestic: a pair on one airline that sells return fares shows what it saves; different airlines are labelled separate tickets', async ({ page }) => {
    await page.goto(roundTripUrl('DEL', 'BOM', isoDay(20), isoDay(24)));
    const outbound = list(page, /Outbound · DEL to BOM/);
    const back = list(page, /Return · BOM to DEL/);
    await expect(selectButtons(outbound, 'outbound').first()).toBeVisible({ timeout: 15_000 });
    // Choose an IndiGo outbound (DEL–BOM has IndiGo flights every day; page through if needed).
    const indigoOut = outbound.getByRole('listitem').filter({ hasText: /^IndiGo 6E/ }).first();
    await expect(indigoOut).toBeVisible();
    await indigoOut.getByRole('button', { name: /^Select outbound/ }).click();
    // Returns on IndiGo now say how much less they cost as a return.
    const special = back.getByText(/₹[\d,]+ less as a return on IndiGo$/).first();
    await expect(special).toBeVisible();
    await back.getByRole('listitem').filter({ hasText: /less as a return on IndiGo/ }).first().getByRole('button', { name: /^Select return/ }).click();
    const summary = page.getByRole('region', { name: 'Your round trip' });
    await expect(summary.getByText(/less as a return on IndiGo/)).toBeVisible();
    await summary.getByText('Return fare rules').click();
    await expect(summary.getByText(/Journeys cannot be cancelled one at a time/)).toBeVisible();
    await shoot(page, 'round-trip-domestic', { fullPage: false });

    // A return on another airline: separate tickets, said in words.
    const other = back.getByRole('listitem').filter({ hasNotText: /IndiGo/ }).first();
    await other.getByRole('button', { name: /^Select return/ }).click();
    await expect(summary.getByText(/separate check-in, bags re-checked, no protection if the first flight is late/)).toBeVisible();
    await summary.getByText('Separate tickets:', { exact: true }).click();
    await expect(summary.getByText('Bags are collected and checked in again.')).toBeVisible();
    await expect(summary.getByText(/No protection if the first flight is late/)).toBeVisible();
  });

  test('international: combined itineraries — outbound with round-trip totals, then the return, then Continue', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'rt-intl');
    await page.goto(roundTripUrl('DEL', 'DXB', isoDay(30), isoDay(37)));
    const outbound = list(page, /Outbound · DEL to DXB/);
    await expect(selectButtons(outbound, 'outbound').first()).toBeVisible({ timeout: 15_000 });
    await expect(outbound.getByText('round trip from').first()).toBeVisible();
    // The return list waits for the outbound.
    await expect(list(page, /Return · DXB to DEL/)).toHaveCount(0);
    await toastsClosed(page);
    await outbound.getByLabel('Sort outbound flights').focus();
    await tabTo(page, selectButtons(outbound, 'outbound').first(), { max: 5 });
    // The outbound list gives way to the return step, and focus goes to its heading.
    await pressKey(page, 'Enter', { indicator: false });
    const back = list(page, /Return · DXB to DEL/);
    await expect(back.getByRole('heading', { name: /^Return · DXB to DEL/ })).toBeFocused();
    await expect(selectButtons(back, 'return').first()).toBeVisible();
    await expect(page.getByRole('region', { name: /Outbound chosen/ })).toBeVisible();
    await expect(back.getByText('round trip', { exact: true }).first()).toBeVisible();
    await selectButtons(back, 'return').first().click();
    const summary = page.getByRole('region', { name: 'Your round trip' });
    await expect(summary.getByText('Round trip, all-in, 2 adults')).toBeVisible();
    await shoot(page, 'round-trip-international', { fullPage: false });
    // Changing the outbound goes back to the first step.
    await page.getByRole('button', { name: 'Change outbound' }).click();
    await expect(list(page, /Return · DXB to DEL/)).toHaveCount(0);
    await selectButtons(outbound, 'outbound').first().click();
    await selectButtons(list(page, /Return · DXB to DEL/), 'return').first().click();
    await summary.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/result\/book$/);
    const journeys = await page.evaluate(() => (window.history.state as { journeys?: unknown[] } | null)?.journeys?.length);
    expect(journeys).toBe(2);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the round-trip results have no axe violations (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(roundTripUrl('BOM', 'DEL', isoDay(9), isoDay(12)));
      const outbound = list(page, /Outbound · BOM to DEL/);
      await expect(selectButtons(outbound, 'outbound').first()).toBeVisible({ timeout: 15_000 });
      await selectButtons(outbound, 'outbound').first().click();
      await selectButtons(list(page, /Return · DEL to BOM/), 'return').first().click();
      await toastsClosed(page);
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await expectNoAxeViolations(page);
    });
  }
});
