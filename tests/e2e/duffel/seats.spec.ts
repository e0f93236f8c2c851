import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { scanLightAndDark } from '../support/a11y';
import { travelDate } from '../support/fixtures';
import { pressKey } from '../support/focus';
import { fakeControl } from './support/fake';
import { fillAdult, payBySandboxCard, searchOneWayFromHome, signUpInBrowser } from './support/journey';
import { shoot } from '../support/screens';

/**
 * Seats on a Duffel booking as a traveller in Chromium against the contract fake (which prices seats in GBP):
 * search, book one adult, open the seat step on the payment screen, see the airline's seat map with its prices in
 * rupees and the conversion named, pick a paid seat by keyboard, see it join the total and the fare breakdown, pay,
 * and see on the ticket the seat the airline's order confirms. axe in light and dark on the seat step. A seat map the
 * airline cannot give says so, and the traveller pays without seats.
 */

const Orders = z.object({
  orders: z.array(z.object({ id: z.string(), metadata: z.record(z.string(), z.unknown()).nullable(), services: z.array(z.object({ type: z.string(), metadata: z.record(z.string(), z.unknown()).nullish() })) })),
});

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function bookToPayment(page: Page, prefix: string, days: number): Promise<void> {
  await signUpInBrowser(page, prefix);
  await searchOneWayFromHome(page, { from: 'Delhi', to: 'Mumbai', fromCode: 'DEL', toCode: 'BOM', date: travelDate(days) });
  await page.getByRole('link', { name: 'Book Now' }).first().click();
  await expect(page).toHaveURL(/\/result\/book$/);
  await fillAdult(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

test.describe('seats on a Duffel booking in the browser', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the airline’s seat map in rupees, a paid seat picked by keyboard joins the total, paid, confirmed on the ticket', async ({ page }) => {
    await bookToPayment(page, 'dfs', 18);
    const before = rupees(await page.getByTestId('pay-total').textContent());

    // Skipping sits beside choosing and says the airline assigns the seat, at no cost.
    const step = page.getByRole('region', { name: 'Seats (optional)' });
    await expect(step).toContainText('the airline assigns your seat at check-in, at no cost');
    await expect(step.getByRole('button', { name: 'Skip, the airline assigns my seat' })).toBeVisible();
    const choose = step.getByRole('button', { name: 'Choose seats' });
    await choose.focus();
    await pressKey(page, 'Enter');
    const grid = step.getByRole('grid', { name: /Seat map/ });
    await expect(grid).toBeVisible({ timeout: 20_000 });
    await expect(step.getByTestId('seat-conversion')).toHaveText(/Seat prices are the airline’s in GBP, converted at ₹[\d.]+ per GBP \(.+, \d{4}-\d{2}-\d{2}\) and rounded up to the rupee per seat\./);
    await expect(step.getByText('airline assigns at check-in')).toBeVisible();
    // Free seats say free.
    await expect(grid.locator('button.seat-map__seat--free').first()).toHaveAttribute('aria-label', /, free(,|$)/);

    // Keyboard: from the seat in the tab order, the arrows move to a paid seat outside the exit row, Enter picks it.
    const paid = grid.locator('button.seat-map__seat--paid:not([data-seat^="12"])').first();
    const target = (await paid.getAttribute('data-seat')) ?? '';
    const label = (await paid.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^\d+[A-Z], (window|middle|aisle), ₹[\d,]+/);
    const price = rupees(/₹[\d,]+/.exec(label)?.[0] ?? '');
    await grid.locator('button[tabindex="0"]').focus();
    for (let i = 0; i < 400; i++) {
      const at = await page.evaluate(() => document.activeElement?.getAttribute('data-seat') ?? '');
      if (at === target) break;
      const [row, letter] = [Number(at.slice(0, -1)), at.slice(-1)];
      const [trow, tletter] = [Number(target.slice(0, -1)), target.slice(-1)];
      await pressKey(page, row !== trow ? (row < trow ? 'ArrowDown' : 'ArrowUp') : letter < tletter ? 'ArrowRight' : 'ArrowLeft');
    }
    await expect(page.locator(`button[data-seat="${target}"]`)).toBeFocused();
    await pressKey(page, 'Enter');
    await expect(step.getByRole('status').filter({ hasText: `Seat ${target} chosen` })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator(`button[data-seat="${target}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => rupees(await page.getByTestId('pay-total').textContent()), { timeout: 10_000 }).toBe(before + price);

    // The fare breakdown shows the seat as its own line before paying.
    await page.locator('summary', { hasText: 'Fare breakdown' }).click();
    await expect(page.locator('.pay-details').first()).toContainText(`Seat ${target}`, { timeout: 10_000 });

    await scanLightAndDark(page);

    // Pay; the airline's order carries the seat service and the ticket shows the seat it confirms.
    const ticketPath = await payBySandboxCard(page);
    const bookingId = decodeURIComponent(ticketPath.split('/ticket/')[1] ?? '');
    await page.goto(ticketPath);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    const seat = page.getByTestId('ticket-seat').first();
    await expect(async () => {
      await page.reload();
      await expect(seat).toHaveText(target, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('columnheader', { name: 'Seat' })).toBeVisible();
    await shoot(page, 'duffel-ticket-seat');
    const { orders } = await fakeControl('/_fake/orders', Orders);
    const order = orders.find((o) => o.metadata?.safar_booking_id === bookingId);
    expect(order?.services).toEqual([expect.objectContaining({ type: 'seat', metadata: expect.objectContaining({ designator: target }) })]);
  });

  test('the airline’s seat map cannot be had: the step says so and the traveller pays without seats', async ({ page }) => {
    await bookToPayment(page, 'dfn', 19);
    const before = rupees(await page.getByTestId('pay-total').textContent());
    await page.route('**/seat-map?booking=*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'The airline cannot be reached right now. Please try again shortly.' } }) }),
    );
    const step = page.getByRole('region', { name: 'Seats (optional)' });
    await step.getByRole('button', { name: 'Choose seats' }).click();
    await expect(step.getByRole('alert')).toHaveText('The airline cannot be reached right now. Please try again shortly. You can pay without choosing: the airline assigns seats at check-in, at no cost.', { timeout: 20_000 });
    expect(rupees(await page.getByTestId('pay-total').textContent())).toBe(before);
    await scanLightAndDark(page);
    const ticketPath = await payBySandboxCard(page);
    await page.goto(ticketPath);
    await expect(page.getByTestId('ticket-seat').first()).toHaveText('Assigned by the airline at check-in', { timeout: 15_000 });
  });
});
