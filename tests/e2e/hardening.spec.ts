import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { chooseFirstFlight, travelDate } from './support/fixtures';

/**
 * The booking path's edges as a traveller meets them: signing in from the guard returns to
 * the booking only when a flight was chosen; a flight that can no longer be booked and a
 * failed request each say what happened instead of blaming the passenger details.
 */

const PASSWORD = 'Safar-e2e-pass-1';

async function signUpByApi(page: Page, baseURL: string | undefined, signIn: boolean): Promise<string> {
  const email = `hard-${randomUUID().slice(0, 8)}@example.com`;
  const headers = { Origin: baseURL ?? 'http://localhost:3100', 'Content-Type': 'application/json' };
  expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
  if (signIn) expect((await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
  return email;
}

async function signInInUi(page: Page, email: string) {
  const form = page.getByRole('main').locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back! Login successful!')).toBeVisible();
}

async function fillAdult(page: Page) {
  const card = page.getByTestId('passenger-card').first();
  await card.getByLabel('Title').selectOption('Mr');
  await card.getByLabel('First name').fill('Rahul');
  await card.getByLabel('Last name').fill('Sharma');
  await card.getByLabel('Date of birth').fill('1990-05-24');
  await card.getByLabel('Passenger type').selectOption('Adult');
  await card.getByLabel('Mobile number').fill('9876543210');
}

test.describe('booking path edges', () => {
  test.describe.configure({ timeout: 90_000 });

  test('signing in from the guard without a chosen flight lands on /home, not on an empty booking screen', async ({ page, baseURL }) => {
    const email = await signUpByApi(page, baseURL, false);
    await page.goto('/result/book');
    await expect(page.getByText('Please login to book flights')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signInInUi(page, email);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('No flight selected for booking.')).toHaveCount(0);
  });

  test('signing in from the guard with a chosen flight comes back to that booking', async ({ page, baseURL }) => {
    const email = await signUpByApi(page, baseURL, false);
    await page.goto(`/result?from=DEL&to=BOM&date=${travelDate()}&cabin=economy&adults=1&children=0&infants=0`);
    await page.getByRole('link', { name: 'Book Now' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await signInInUi(page, email);
    await expect(page).toHaveURL(/\/result\/book$/);
    await expect(page.getByTestId('passenger-card')).toHaveCount(1);
  });

  test('a flight that can no longer be booked says so and leads back to the results', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, true);
    await chooseFirstFlight(page);
    await fillAdult(page);
    // The real server answers for a flight it no longer sells (an unknown itinerary id).
    await page.route('**/api/bookings', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, itineraryId: `ZZ9999@${travelDate()}:economy` }) });
    });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flight no longer available' });
    await expect(dialog.getByText('This flight is no longer available — choose another')).toBeVisible();
    await expect(page.getByText('Please fix the errors in passenger details')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Back to results' }).click();
    await expect(page).toHaveURL(/\/result\?from=DEL&to=BOM/);
  });

  test('network and server failures say Booking failed. Please try again.', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, true);
    await chooseFirstFlight(page);
    await fillAdult(page);
    await page.route('**/api/bookings', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText('Booking failed. Please try again.')).toBeVisible();
    await expect(page.getByText('Please fix the errors in passenger details')).toHaveCount(0);
    await page.unroute('**/api/bookings');
    await page.route('**/api/bookings', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }) }),
    );
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText('Booking failed. Please try again.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/result\/book$/);
  });
});
