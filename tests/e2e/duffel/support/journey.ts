import { expect, type Page } from '@playwright/test';
import { E2E_PASSWORD, newEmail } from '../../support/fixtures';
import { pressKey, tabTo } from '../../support/focus';

/**
 * A traveller's steps through the Duffel-mode app's screens, shared by the specs under tests/e2e/duffel:
 * sign up and in, search one way or round trip from Home by keyboard, book one adult, pay with the sandbox card.
 * @example await searchOneWayFromHome(page, { from: 'Delhi', to: 'Mumbai', date: travelDate(10) })
 */

/** Signs up a fresh `<prefix>-…@example.com` on the Sign up screen and signs in; answers the email. */
export async function signUpInBrowser(page: Page, prefix: string): Promise<string> {
  const email = newEmail(prefix);
  await page.goto('/signup');
  const signup = page.getByRole('main').locator('form');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await signup.getByLabel('Confirm Password', { exact: true }).fill(E2E_PASSWORD);
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const login = page.getByRole('main').locator('form');
  if ((await login.getByLabel('Email').inputValue()) === '') await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
  return email;
}

/**
 * On Home, by keyboard: picks `from` and `to` from the suggestion lists, types the date (YYYY-MM-DD)
 * and presses Search Flights; waits for the Results screen's first Book Now.
 */
export async function searchOneWayFromHome(page: Page, trip: { from: string; to: string; date: string; fromCode: string; toCode: string }): Promise<void> {
  if (!/\/home$/.test(page.url())) await page.goto('/home');
  await fillRouteAndDate(page, trip);
  await tabTo(page, page.getByRole('button', { name: 'Search Flights' }));
  await pressKey(page, 'Enter');
  await expect(page).toHaveURL(/\/result\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flight Results' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Now' }).first()).toBeVisible({ timeout: 30_000 });
}

/**
 * On Home, by keyboard: chooses Round trip, picks `from` and `to` from the suggestion lists, types the
 * departure and return dates (YYYY-MM-DD) and presses Search Flights; waits for the round-trip results URL.
 */
export async function searchRoundTripFromHome(page: Page, trip: { from: string; to: string; date: string; returnDate: string; fromCode: string; toCode: string }): Promise<void> {
  if (!/\/home$/.test(page.url())) await page.goto('/home');
  // Tab reaches a radio group at its checked radio (One way); the arrow key moves the choice to Round trip.
  await tabTo(page, page.getByRole('radio', { name: 'One way' }));
  await pressKey(page, 'ArrowRight');
  await expect(page.getByRole('radio', { name: 'Round trip' })).toBeChecked();
  await fillRouteAndDate(page, trip);
  const returnField = page.getByLabel('Return Date');
  await tabTo(page, returnField);
  await page.keyboard.type(`${trip.returnDate.slice(5, 7)}${trip.returnDate.slice(8, 10)}${trip.returnDate.slice(0, 4)}`, { delay: 20 });
  await expect(returnField).toHaveValue(trip.returnDate);
  await tabTo(page, page.getByRole('button', { name: 'Search Flights' }));
  await pressKey(page, 'Enter');
  await expect(page).toHaveURL(/\/result\?.*tripType=roundTrip/);
}

/** Home's From and To picked from their suggestion lists and the departure date typed, by keyboard. */
async function fillRouteAndDate(page: Page, { from, to, date, fromCode, toCode }: { from: string; to: string; date: string; fromCode: string; toCode: string }): Promise<void> {
  const fromField = page.getByRole('combobox', { name: 'From' });
  await tabTo(page, fromField);
  await page.keyboard.type(from, { delay: 20 });
  await expect(page.getByRole('listbox', { name: 'From airports' })).toBeVisible();
  await pressKey(page, 'Enter');
  await expect(fromField).toHaveValue(new RegExp(fromCode));
  const toField = page.getByRole('combobox', { name: 'To' });
  await tabTo(page, toField);
  await page.keyboard.type(to, { delay: 20 });
  await expect(page.getByRole('listbox', { name: 'To airports' })).toBeVisible();
  await pressKey(page, 'Enter');
  await expect(toField).toHaveValue(new RegExp(toCode));
  const dateField = page.getByLabel('Departure Date');
  await tabTo(page, dateField);
  await page.keyboard.type(`${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`, { delay: 20 });
  await expect(dateField).toHaveValue(date);
}

/** Fills the booking screen's first passenger card with one adult. */
export async function fillAdult(page: Page): Promise<void> {
  const card = page.getByTestId('passenger-card').first();
  await card.getByLabel('Title').selectOption('Mr');
  await card.getByLabel('First name').fill('Rahul');
  await card.getByLabel('Last name').fill('Sharma');
  await card.getByLabel('Date of birth').fill('1990-05-24');
  await card.getByLabel('Passenger type').selectOption('Adult');
  await card.getByLabel('Mobile number').fill('9876543210');
}

/** Pays what the payment screen asks with the sandbox's succeeding card; answers the booking's ticket path. */
export async function payBySandboxCard(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Pay with (?!UPI)/ }).click();
  const checkout = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
  await checkout.getByLabel('Card number').fill('4111111111111111');
  await checkout.getByLabel('Expiry (MM/YY)').fill('1230');
  await checkout.getByLabel('CVV').fill('123');
  await checkout.getByLabel('Name on card').fill('Rahul Sharma');
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible({ timeout: 30_000 });
  const href = await page.getByRole('link', { name: 'View Ticket (opens in new tab)' }).getAttribute('href');
  if (!href?.startsWith('/ticket/')) throw new Error(`no ticket link on Booking confirmed: ${String(href)}`);
  return href;
}
