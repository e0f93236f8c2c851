import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { isoDay, toastsClosed } from './support/fixtures';

const resultsUrl = (date: string) => `/result?from=BOM&to=DEL&date=${date}&cabin=economy&adults=1&children=0&infants=0`;
const TOAST = /^Flight [0-9A-Z]{2} \d+ (is delayed by \d+ minutes|has been cancelled|is (On Time|Boarding|Departed|Arrived))$/;

async function trackFromFirstCard(page: Page): Promise<string> {
  await page.goto(resultsUrl(isoDay(1)));
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card).toBeVisible();
  const heading = (await card.getByRole('heading').textContent()) ?? '';
  const number = /([0-9A-Z]{2} \d+)/.exec(heading)?.[1] ?? '';
  await card.getByRole('button', { name: 'Track Flight' }).click();
  const dialog = page.getByRole('dialog', { name: 'Flight Tracker' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Flight number')).toHaveValue(number);
  await expect(dialog.getByRole('heading', { name: new RegExp(`^${number} `) })).toBeVisible();
  return number;
}

test.describe('flight tracker', () => {
  test('tracks a flight from a result card: status, map, toast, and Recent Searches after a reload', async ({ page }) => {
    const number = await trackFromFirstCard(page);
    const dialog = page.getByRole('dialog', { name: 'Flight Tracker' });
    await expect(page.getByText(TOAST)).toBeVisible();
    await expect(dialog.getByRole('img', { name: /^Map of the route from Mumbai \(BOM\) to New Delhi \(DEL\)/ })).toBeVisible();
    await expect(dialog.locator('.tm-land')).toHaveAttribute('d', /^M/);
    await expect(dialog.getByText('Where is my plane?')).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Journey progress' })).toBeVisible();
    const recent = dialog.getByRole('region', { name: 'Recent Searches' });
    await expect(recent.getByRole('button', { name: new RegExp(`^${number}`) })).toBeVisible();

    await page.reload();
    await page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Track Flight' }).waitFor();
    // Open the tracker empty (free entry) from the Explore-style entry point: a card, then clear.
    await page.getByRole('main').getByRole('article').nth(1).getByRole('button', { name: 'Track Flight' }).click();
    const again = page.getByRole('dialog', { name: 'Flight Tracker' });
    await expect(again.getByRole('region', { name: 'Recent Searches' }).getByRole('button', { name: new RegExp(`^${number}`) })).toBeVisible();
  });

  test('free entry: empty number is refused, lower case is uppercased, unknown flights say so', async ({ page }) => {
    await trackFromFirstCard(page);
    const dialog = page.getByRole('dialog', { name: 'Flight Tracker' });
    const input = dialog.getByLabel('Flight number');
    await input.fill('');
    await dialog.getByRole('button', { name: 'Track Flight' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a flight number');
    await expect(input).toBeFocused();
    await input.fill('zz999');
    await expect(input).toHaveValue('ZZ999');
    await input.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText("Flight ZZ 999 is not in Safar's schedule. Check the number on your ticket.");
  });

  test('signed in: Recent Searches follow the traveller', async ({ page }) => {
    const email = `tracker-${randomUUID()}@example.com`;
    await page.goto('/signup');
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Safar-test-pass-1');
    await form.getByLabel('Confirm Password', { exact: true }).fill('Safar-test-pass-1');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Safar-test-pass-1');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back! Login successful!')).toBeVisible();
    const number = await trackFromFirstCard(page);
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.getByRole('main').getByRole('article').nth(1).getByRole('button', { name: 'Track Flight' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flight Tracker' });
    await expect(dialog.getByRole('region', { name: 'Recent Searches' }).getByRole('button', { name: new RegExp(`^${number}`) })).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds nothing in the tracker (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      await trackFromFirstCard(page);
      await toastsClosed(page);
      await expectNoAxeViolations(page);
    });
  }

  test('works by keyboard alone', async ({ page }) => {
    await page.goto(resultsUrl(isoDay(1)));
    const button = page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Track Flight' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Flight Tracker' });
    await expect(dialog.getByRole('heading', { name: /^[0-9A-Z]{2} \d+ / })).toBeVisible();
    const input = dialog.getByLabel('Flight number');
    await input.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('ai101');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: /^AI 101 / })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test('an overnight arrival carries "+1" in the tracker card, as on the result card', async ({ page }) => {
  // Delhi → Mumbai has late departures that land after midnight.
  await page.goto(`/result?from=DEL&to=BOM&date=${isoDay(2)}&cabin=economy&adults=1&children=0&infants=0`);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  const overnight = page
    .getByRole('main')
    .getByRole('article')
    .filter({ hasText: 'Non-stop' })
    .filter({ has: page.locator('.fc-plus', { hasText: '+1' }) })
    .first();
  // Which fares sort first changes from day to day: show more flights until an overnight one is listed.
  const showMore = page.getByRole('button', { name: /^Show \d+ more flights$/ });
  for (let i = 0; i < 10 && (await overnight.count()) === 0 && (await showMore.count()) > 0; i += 1) {
    await showMore.click();
  }
  await expect(overnight).toBeVisible();
  const heading = (await overnight.getByRole('heading').textContent()) ?? '';
  const number = /([0-9A-Z]{2} \d+)/.exec(heading)?.[1] ?? '';
  await overnight.getByRole('button', { name: 'Track Flight' }).click();
  const dialog = page.getByRole('dialog', { name: 'Flight Tracker' });
  await expect(dialog.getByRole('heading', { name: new RegExp(`^${number} `) })).toBeVisible();
  const arrival = dialog.locator('.tr-time').filter({ has: page.getByText('Arrival', { exact: true }) });
  await expect(arrival).toContainText(/Scheduled \d\d:\d\d \+1/);
});
