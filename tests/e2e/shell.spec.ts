import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';

test.describe('shell', () => {
  test('home renders with the header, footer and marketing figures', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Safar home' })).toHaveAttribute('href', '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    await expect(nav.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await expect(footer.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    await expect(footer.getByRole('link', { name: 'Explore Flights' })).toHaveAttribute('href', '/explore');
    for (const figure of ['500K+', '1000+', '24/7', '195', '500']) {
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('/home is the same screen as /', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fly smarter across India and the world');
  });

  test('Sign In goes to /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('About has Start Your Journey Today, leading to /home', async ({ page }) => {
    await page.goto('/about');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Start Your Journey Today' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an unknown path shows Flight Not Found with Back to Home', async ({ page }) => {
    await page.goto('/some-unknown-path');
    await expect(page.getByRole('heading', { name: 'Flight Not Found' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the screens later work fills in exist with their titles', async ({ page }) => {
    for (const [path, title] of [
      ['/explore', 'Explore the World'],
      ['/result', 'Flight Results'],
      ['/login', 'Sign In'],
      ['/signup', 'Create Account'],
      ['/profile', 'Profile'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
  });

  test('the theme choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the system dark preference applies when nothing is saved', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoAxeViolations(page);
  });

  test('the currency choice survives a reload', async ({ page }) => {
    await page.goto('/');
    const selector = page.getByRole('button', { name: /^Currency: INR/ });
    await selector.click();
    await expect(page.getByText('Exchange rates updated daily')).toBeVisible();
    await page.getByRole('button', { name: /^EUR/ }).click();
    await expect(page.getByRole('button', { name: /^Currency: EUR/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: /^Currency: EUR/ })).toBeVisible();
  });

  test('the currency list closes with Escape and returns focus', async ({ page }) => {
    await page.goto('/');
    const selector = page.getByRole('button', { name: /^Currency: / });
    await selector.focus();
    await page.keyboard.press('Enter');
    await expect(selector).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(selector).toHaveAttribute('aria-expanded', 'false');
    await expect(selector).toBeFocused();
  });

  test('the header gets a stronger shadow after 20 px of scroll', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Start Your Journey Today' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 200);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('the menu collapses on a phone and opens from the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('link', { name: 'Start Your Journey Today' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('offline shows the banner and its toast; back online says so', async ({ page, context }) => {
    await page.goto('/');
    // The toast library is fetched once the page is idle; wait for its region before cutting the network.
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
    await context.setOffline(true);
    await expect(page.getByText("You're offline")).toBeVisible();
    await expect(page.getByText('Limited functionality available')).toBeVisible();
    await expect(page.getByText('You are offline. Some features may be limited.')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Connection restored!')).toBeVisible();
    await expect(page.getByText("You're offline")).toBeHidden();
  });

  test('the skip link moves keyboard focus to the content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test('a render failure shows the error screen with Refresh Page', async ({ page }) => {
    // Make every screen's title effect throw: React hands effect errors to the nearest error boundary.
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'title', {
        configurable: true,
        get: () => 'Safar',
        set: () => {
          throw new Error('simulated render failure');
        },
      });
    });
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    const refresh = page.getByRole('button', { name: 'Refresh Page' });
    await expect(refresh).toBeVisible();
    await expectNoAxeViolations(page);
    await Promise.all([page.waitForEvent('load'), refresh.click()]);
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
  });
});
