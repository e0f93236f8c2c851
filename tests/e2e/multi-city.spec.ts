import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { pickFirstAirport } from './support/fixtures';

test('Multi-City Trip Planner: validation, 3 cities in both modes, save, book a leg; axe clean', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Multi-City' }).click();
  const dialog = page.getByRole('dialog', { name: 'Multi-City Trip Planner' });
  await expect(dialog).toBeVisible();
  // Two stops and the origin: nothing is removable yet.
  await expect(dialog.getByRole('button', { name: /^Remove city/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Optimize Route' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please add at least 2 cities with dates');
  await expectNoAxeViolations(page);

  await pickFirstAirport(dialog.getByRole('combobox', { name: 'From (origin)' }), 'DEL');
  await pickFirstAirport(dialog.getByRole('combobox', { name: 'City 2' }), 'GOI');
  await dialog.getByRole('button', { name: 'Add City' }).click();
  await pickFirstAirport(dialog.getByRole('combobox', { name: 'City 3' }), 'BOM');
  await expect(dialog.getByRole('button', { name: 'Remove city 3' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Optimize Route' }).click();
  await expect(page.getByText('Route optimized for cost!')).toBeVisible();
  const legs = dialog.getByRole('region', { name: 'Your trip' }).locator('.mc-leg');
  await expect(legs).toHaveCount(2);
  await expect(dialog.getByText('Timeline')).toBeVisible();

  await dialog.getByRole('radio', { name: 'Shortest time' }).check();
  await dialog.getByRole('button', { name: 'Optimize Route' }).click();
  await expect(page.getByText('Route optimized for time!')).toBeVisible();
  await expect(legs).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Save Trip Plan' }).click();
  await expect(page.getByText('Trip plan saved! You can now proceed to book individual flights.')).toBeVisible();
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('safar:multi-city-plans') ?? '[]') as unknown[]).length)).toBe(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);

  // Signed out, the booking screen's guard moves on to /login as soon as it knows: watch for the
  // navigation from the moment of the click, not after it.
  await Promise.all([page.waitForURL(/\/result\/book$/), dialog.getByRole('link', { name: 'Book Goa to Mumbai' }).click()]);
});

test('Multi-City Trip Planner in dark mode by keyboard: open, add a city, remove it, close', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Multi-City' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Multi-City Trip Planner' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add City' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Remove city 3' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove city 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: /^Remove city/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Multi-City' })).toBeFocused();
});
