import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { newEmail } from './support/fixtures';

const PASSWORD = 'Safar-e2e-pass-1';

/**
 * Axe scans run once the toasts have closed: a toast mid-animation is partly
 * transparent and axe reports its contrast (toasts close after 3 s).
 */
async function scanWhenToastsClosed(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page);
}

function authForm(page: Page) {
  return page.getByRole('main').locator('form');
}

async function signUp(page: Page, email: string) {
  await page.goto('/signup');
  const form = authForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully! Please sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

async function signIn(page: Page, email: string) {
  const form = authForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back! Login successful!')).toBeVisible();
}

test.describe('accounts', () => {
  test('signup shows every validation message under its field', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveTitle(/Create Account/);
    const form = authForm(page);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please fix the errors in the form')).toBeVisible();
    await expect(form.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(form.getByText('Password is required', { exact: true })).toBeVisible();
    await expect(form.getByText('Confirm password is required')).toBeVisible();
    await expect(form.getByLabel('Email')).toBeFocused();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm Password', { exact: true }).fill('abcd');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Email is invalid')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await scanWhenToastsClosed(page);
  });

  test('show/hide toggles reveal each password field', async ({ page }) => {
    await page.goto('/signup');
    const form = authForm(page);
    const password = form.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await form.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Show confirm password' }).click();
    await expect(form.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(form.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
  });

  test('sign up, sign in, header shows Profile and Log Out, Log Out signs out', async ({ page }) => {
    const email = newEmail();
    await signUp(page, email);
    await expect(page).toHaveTitle(/Sign In/);
    const form = authForm(page);
    // Signup hands the email over to the login form.
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await scanWhenToastsClosed(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/home$/);

    const header = page.getByRole('banner');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Log Out' })).toBeVisible();

    // The session survives a reload (it is a server cookie, not page memory).
    await page.reload();
    await expect(header.getByRole('button', { name: 'Log Out' })).toBeVisible();
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'safar_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    await header.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toHaveCount(0);
    const after = await page.context().cookies();
    expect(after.find((cookie) => cookie.name === 'safar_session')).toBeUndefined();
  });

  test('a duplicate email and a wrong password show the server messages', async ({ page }) => {
    const email = newEmail();
    await signUp(page, email);
    await page.goto('/signup');
    const form = authForm(page);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('An account with this email already exists.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);

    await page.goto('/login');
    await authForm(page).getByLabel('Email').fill(email);
    await authForm(page).getByLabel('Password', { exact: true }).fill('wrong-password');
    await authForm(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(authForm(page).getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('login validates its fields', async ({ page }) => {
    await page.goto('/login');
    const form = authForm(page);
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'current-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please fix the errors in the form')).toBeVisible();
    await expect(form.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(form.getByText('Password is required', { exact: true })).toBeVisible();
    await form.getByLabel('Email').fill('nope');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(form.getByText('Email is invalid')).toBeVisible();
    await form.getByRole('button', { name: 'Show password' }).click();
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await scanWhenToastsClosed(page);
  });

  test('guarded /payment sends a signed-out traveller to /login and back after signing in', async ({ page }) => {
    const email = newEmail();
    await signUp(page, email);
    await page.goto('/payment');
    await expect(page.getByText('Please login to book flights')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/payment$/);
  });

  // Coming back to a chosen flight is covered in hardening.spec.ts with a real itinerary.
  test('guarded /result/book with history state that is not a chosen flight lands on /home after signing in', async ({ page }) => {
    const email = newEmail();
    await signUp(page, email);
    await page.goto('/home');
    // Some history state, but no itinerary in it: nothing to come back to.
    await page.evaluate(() => {
      window.history.pushState({ marker: 'chosen-flight-42' }, '', '/result/book');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.getByText('Please login to book flights')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('No flight selected for booking.')).toHaveCount(0);
  });

  test('network failure and unexpected server errors show the spec fallbacks', async ({ page }) => {
    await page.goto('/login');
    await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    const form = authForm(page);
    await form.getByLabel('Email').fill(newEmail());
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Network error. Please check your connection.')).toBeVisible();
    await page.unroute('**/api/auth/login');
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();

    await page.goto('/signup');
    await page.route('**/api/auth/signup', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    const signup = authForm(page);
    await signup.getByLabel('Email').fill(newEmail());
    await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signup.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await signup.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration failed', { exact: true })).toBeVisible();
  });

  test('the busy text shows while signing in, and the keyboard alone completes the form', async ({ page }) => {
    const email = newEmail();
    await signUp(page, email);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    const form = authForm(page);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    // Tab from Email must land on Password; retried because under load the login screen can still
    // be settling (session check, toast) when focus is first placed.
    await expect(async () => {
      await form.getByLabel('Email').focus();
      await page.keyboard.press('Tab');
      await expect(form.getByLabel('Password', { exact: true })).toBeFocused({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(form.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    release();
    await expect(page.getByText('Welcome back! Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('both screens pass axe in dark mode with errors showing', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [path, button] of [
      ['/signup', 'Create Account'],
      ['/login', 'Sign In'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await authForm(page).getByRole('button', { name: button }).click();
      await expect(authForm(page).getByText('Email is required', { exact: true })).toBeVisible();
      await scanWhenToastsClosed(page);
    }
  });
});
