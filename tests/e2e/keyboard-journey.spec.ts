import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { scanLightAndDark } from './support/a11y';
import { expectAnnounced, expectFocusVisible, pressKey, tabTo, watchLiveRegions } from './support/focus';

/**
 * The whole journey by keyboard only — sign up, sign in, search with the suggestion list, the fare
 * calendar, filters, sort, the Flight Tracker, book, pay (the sandbox card form's errors first),
 * the ticket (the wallet's keyboard path is in check-in.spec.ts) — checking at every key that the focused element is visible, in the
 * viewport, not covered or clipped, with a focus indicator of at least 3:1 (support/focus.ts),
 * that every screen change puts focus on the new screen's heading, and that status messages reach
 * a live region. Tab counts to the key controls are printed (and attached to the report).
 */

const PASSWORD = 'Safar-e2e-pass-1';

// Local copies until tests/e2e/support/fixtures.ts lands (the same helpers, shared there).
const newEmail = () => `keys-${randomUUID().slice(0, 8)}@example.com`;
/** A date a week ahead, as YYYY-MM-DD (the schedule has flights every day). */
const travelDate = (daysAhead = 7) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/** The focused element is the screen's level-one heading (focused by script, no ring needed). */
async function expectHeadingFocused(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused({ timeout: 10_000 });
  await expectFocusVisible(page, { indicator: false }, 'screen heading');
}

async function type(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 20 });
}

/** The active suggestion's marker: at least 3:1 against the list behind it. */
async function activeOptionContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const option = document.querySelector<HTMLElement>('[role="option"][aria-selected="true"]');
    if (!option) return 0;
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = (c: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(c[0] ?? 0) + 0.7152 * f(c[1] ?? 0) + 0.0722 * f(c[2] ?? 0);
    };
    const ring = parse(getComputedStyle(option).outlineColor);
    const list = parse(getComputedStyle(option.parentElement ?? option).backgroundColor);
    const [a, b] = [lum(ring), lum(list)].sort((x, y) => y - x) as [number, number];
    return getComputedStyle(option).outlineStyle === 'none' ? 0 : (a + 0.05) / (b + 0.05);
  });
}

test.describe('keyboard journey', () => {
  // Eight axe scans and a few hundred checked key presses: minutes on a loaded machine.
  test.describe.configure({ timeout: 600_000 });

  test('sign up to the ticket by keyboard alone, focus always visible and announced', async ({ page, context }, testInfo) => {
    const counts: Record<string, number> = {};
    const email = newEmail();

    // --- Sign up ---
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await watchLiveRegions(page);
    const signupForm = page.getByRole('main').locator('form');
    counts['Sign up: Email field'] = (await tabTo(page, signupForm.getByLabel('Email'))).presses;
    await type(page, email);
    await tabTo(page, signupForm.getByLabel('Password', { exact: true }));
    await type(page, PASSWORD);
    await tabTo(page, signupForm.getByLabel('Confirm Password', { exact: true }));
    await type(page, PASSWORD);
    counts['Sign up: Create Account'] = (await tabTo(page, signupForm.getByRole('button', { name: 'Create Account' }))).presses;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expectHeadingFocused(page, 'Sign In');
    await expectAnnounced(page, /Account created successfully/);

    // --- Sign in ---
    const loginForm = page.getByRole('main').locator('form');
    await tabTo(page, loginForm.getByLabel('Email'));
    if ((await loginForm.getByLabel('Email').inputValue()) === '') await type(page, email);
    await tabTo(page, loginForm.getByLabel('Password', { exact: true }));
    await type(page, PASSWORD);
    await tabTo(page, loginForm.getByRole('button', { name: 'Sign In' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expectHeadingFocused(page, /Fly smarter/);
    await expectAnnounced(page, /Welcome back! Login successful!/);

    // --- Search with the suggestion list ---
    const from = page.getByRole('combobox', { name: 'From' });
    counts['Home: From field'] = (await tabTo(page, from)).presses;
    await type(page, 'Delhi');
    await expect(page.getByRole('listbox', { name: 'From airports' })).toBeVisible();
    await pressKey(page, 'ArrowDown');
    await pressKey(page, 'ArrowUp');
    expect(await activeOptionContrast(page), 'active suggestion marker contrast').toBeGreaterThanOrEqual(3);
    await pressKey(page, 'Enter');
    await expect(from).toHaveValue(/DEL/);
    const to = page.getByRole('combobox', { name: 'To' });
    await tabTo(page, to);
    await type(page, 'Mumbai');
    await expect(page.getByRole('listbox', { name: 'To airports' })).toBeVisible();
    expect(await activeOptionContrast(page)).toBeGreaterThanOrEqual(3);
    await pressKey(page, 'Enter');
    await expect(to).toHaveValue(/BOM/);
    const date = page.getByLabel('Departure Date');
    await tabTo(page, date);
    const day = travelDate();
    await type(page, `${day.slice(5, 7)}${day.slice(8, 10)}${day.slice(0, 4)}`);
    await expect(date).toHaveValue(day);
    const searchButton = page.getByRole('button', { name: 'Search Flights' });
    counts['Home: Search Flights (from Departure Date)'] = (await tabTo(page, searchButton)).presses;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/result\?/);
    await expectHeadingFocused(page, 'Flight Results');
    await expect(page.getByRole('link', { name: 'Book Now' }).first()).toBeVisible({ timeout: 15_000 });
    await expectAnnounced(page, /Found \d+ flights from DEL to BOM/);

    // --- Fare calendar: focus on the searched day differs from its "selected" look and is not clipped ---
    const selectedDay = page.locator('.cal-day[aria-current="date"]');
    await tabTo(page, selectedDay, { max: 60 });
    const selectedLook = await expectFocusVisible(page, {}, 'searched day');
    expect(selectedLook.contrast ?? 0).toBeGreaterThanOrEqual(3);
    const firstDay = page.locator('.cal-day:not(:disabled)').first();
    await firstDay.evaluate((el) => (el as HTMLElement).closest('.cal-strip')?.scrollTo({ left: 0 }));

    // --- Filters: a checkbox, the price slider above the sticky bar, Apply keeps focus ---
    const nonStop = page.getByRole('checkbox', { name: 'Non-stop' });
    counts['Results: first filter (Non-stop)'] = (await tabTo(page, nonStop, { max: 60 })).presses;
    await pressKey(page, 'Space');
    await expect(nonStop).toBeChecked();
    const price = page.getByRole('slider', { name: 'Price Range' });
    await tabTo(page, price);
    await pressKey(page, 'ArrowRight');
    const apply = page.getByRole('button', { name: 'Apply Filters' });
    await tabTo(page, apply);
    await pressKey(page, 'Enter');
    await expect(apply).toBeFocused();
    await expectAnnounced(page, /\d+ of \d+ flights/);
    await scanLightAndDark(page, { toasts: 'keep' });

    // --- Sort: never under the sticky header ---
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    counts['Results: Sort by (from Apply Filters)'] = (await tabTo(page, sort)).presses;
    await pressKey(page, 'ArrowDown');
    await expect(page).toHaveURL(/sort=/);
    await expect(sort).toBeFocused();

    // --- Flight Tracker: Tab wraps back to Close, and the dialog's scroll follows ---
    const track = page.getByRole('button', { name: /Track/ }).first();
    await tabTo(page, track);
    await pressKey(page, 'Enter');
    const tracker = page.getByRole('dialog', { name: 'Flight Tracker' });
    await expect(tracker).toBeVisible();
    await expect(tracker.locator('.tr-card')).toBeVisible({ timeout: 15_000 });
    const recent = tracker.locator('.tr-recent-item').last();
    await expect(recent).toBeVisible();
    await tabTo(page, recent, { max: 40 });
    await pressKey(page, 'Tab');
    await expect(tracker.getByRole('button', { name: 'Close' })).toBeFocused();
    await expectFocusVisible(page, {}, 'Close after wrapping');
    await page.keyboard.press('Escape');
    await expect(tracker).toBeHidden();
    await expect(track).toBeFocused();

    // --- Book ---
    const book = page.getByRole('link', { name: 'Book Now' }).first();
    counts["Results: first result's Book Now (from Track Flight)"] = (await tabTo(page, book, { shift: true })).presses;
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/result\/book$/);
    await expectHeadingFocused(page, 'Book Your Flight');
    const card = page.getByTestId('passenger-card').first();
    await tabTo(page, card.getByLabel('Title'));
    await card.getByLabel('Title').selectOption('Mr'); // a select's value by keyboard is the same as this
    await tabTo(page, card.getByLabel('First name'));
    await type(page, 'Rahul');
    await tabTo(page, card.getByLabel('Last name'));
    await type(page, 'Sharma');
    await tabTo(page, card.getByLabel('Date of birth'));
    await type(page, '05241990');
    await tabTo(page, card.getByLabel('Passenger type'));
    await card.getByLabel('Passenger type').selectOption('Adult');
    await tabTo(page, card.getByLabel('Mobile number'));
    await type(page, '9876543210');
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    counts['Book: Proceed to Payment (from Mobile)'] = (await tabTo(page, proceed)).presses;
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/payment$/);
    await expectHeadingFocused(page, 'Payment');

    // --- Pay: the sandbox card form's errors are announced and focus goes to the first ---
    const payButton = page.getByRole('button', { name: /^Pay with (?!UPI)/ });
    counts['Payment: Pay'] = (await tabTo(page, payButton)).presses;
    await pressKey(page, 'Enter');
    const checkout = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
    await expect(checkout).toBeVisible();
    await watchLiveRegions(page);
    const payNow = checkout.getByRole('button', { name: /^Pay / });
    await tabTo(page, payNow);
    await pressKey(page, 'Enter');
    await expect(checkout.getByLabel('Card number')).toBeFocused();
    await expectFocusVisible(page, {}, 'first invalid field');
    await expectAnnounced(page, /problems?: Enter a valid card number/);
    await scanLightAndDark(page, { toasts: 'keep' });
    const testCard = checkout.getByRole('button', { name: '4111 1111 1111 1111, succeeds' });
    await tabTo(page, testCard);
    await expect(checkout.getByRole('button', { name: '4000 0000 0000 0002, is declined' })).toBeVisible();
    await pressKey(page, 'Enter');
    await expect(checkout.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
    await tabTo(page, checkout.getByLabel('Expiry (MM/YY)'), { shift: true });
    await type(page, '1230');
    await tabTo(page, checkout.getByLabel('CVV'));
    await type(page, '123');
    await tabTo(page, checkout.getByLabel('Name on card'));
    await type(page, 'Rahul Sharma');
    await tabTo(page, payNow);
    await watchLiveRegions(page);
    await pressKey(page, 'Enter');

    // --- Booking confirmed: heading focused, announced, and the keyboard traveller is not moved away ---
    await expectHeadingFocused(page, 'Booking confirmed');
    await expectAnnounced(page, /Booking confirmed\. Your PNR is [A-Z0-9]{6}/);
    await expectAnnounced(page, /Booking confirmed! Your PNR is [A-Z0-9]{6}/);
    await page.waitForTimeout(3_000);
    await expect(page).toHaveURL(/\/payment$/);
    await scanLightAndDark(page, { toasts: 'keep' });
    const viewTicket = page.getByRole('link', { name: 'View Ticket (opens in new tab)' });
    counts['Confirmed: View Ticket'] = (await tabTo(page, viewTicket)).presses;
    const ticketTab = context.waitForEvent('page');
    await pressKey(page, 'Enter');
    const ticket = await ticketTab;
    await expect(ticket.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    await ticket.close();
    await expectAnnounced(page, /Booking confirmed/);

    // The wallet's keyboard path (a pass exists from web check-in on) is in check-in.spec.ts.

    const report = Object.entries(counts)
      .map(([control, presses]) => `${control}: ${presses}`)
      .join('\n');
    console.log(`Tab presses to the key controls:\n${report}`);
    await testInfo.attach('tab-counts', { body: report, contentType: 'text/plain' });
  });

  test('at 320 px (as at 400 % zoom) the folded filters and sort keep focus visible, and Apply hands focus to Show filters', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/result?from=DEL&to=BOM&date=${travelDate(4)}&cabin=economy&adults=1&children=0&infants=0`);
    await expect(page.getByRole('link', { name: 'Book Now' }).first()).toBeVisible({ timeout: 15_000 });
    const show = page.getByRole('button', { name: /Show filters/ });
    await tabTo(page, show, { max: 70 });
    await pressKey(page, 'Enter');
    const stops = page.getByRole('checkbox', { name: 'Non-stop' });
    await tabTo(page, stops);
    await pressKey(page, 'Space');
    await tabTo(page, page.getByRole('slider', { name: 'Price Range' }));
    const apply = page.getByRole('button', { name: 'Apply Filters' });
    await tabTo(page, apply);
    await pressKey(page, 'Enter');
    await expect(page.getByRole('button', { name: /Show filters \(1\)/ })).toBeFocused();
    await tabTo(page, page.getByRole('combobox', { name: 'Sort by' }));
    await tabTo(page, page.getByRole('link', { name: 'Book Now' }).first());
    await tabTo(page, page.getByRole('combobox', { name: 'Sort by' }), { shift: true });
  });
});
