import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';

const PASSWORD = 'Safar-e2e-pass-1';

test.describe('profile', () => {
  test('anonymous visitors may open /profile and are invited to sign in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
    await expect(page.getByText('Sign in to see your bookings, tickets and travel statistics.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Boarding passes/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a new traveller sees the tiles, the empty history and can log out', async ({ page, baseURL }) => {
    const email = `profile-${randomUUID().slice(0, 8)}@example.com`;
    const headers = { Origin: baseURL ?? 'http://localhost:3100', 'Content-Type': 'application/json' };
    expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);

    await page.goto('/profile');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Total Bookings')).toBeVisible();
    await expect(page.getByText('Total Spent')).toBeVisible();
    await expect(page.getByText('Favorite Destination')).toBeVisible();
    await expect(page.getByTestId('stat-total-bookings')).toHaveText('0');
    await expect(page.getByTestId('stat-total-spent')).toHaveText('₹0');
    await expect(page.getByTestId('stat-favorite')).toHaveText('N/A');
    await expect(page.getByText('No bookings yet. Start planning your next trip!')).toBeVisible();
    // No passes yet: no wallet button.
    await expect(page.getByRole('button', { name: /Boarding passes/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Search Flights' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/profile');
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
