import { expect, test } from '@playwright/test';
import { scanLightAndDark } from '../support/a11y';
import { travelDate } from '../support/fixtures';
import { expectAnnounced, pressKey, tabTo, watchLiveRegions } from '../support/focus';
import { fillAdult, payBySandboxCard, searchRoundTripFromHome, signUpInBrowser } from './support/journey';

/**
 * Changing the return of a Duffel round trip (one order of two slices), as a traveller in Chromium
 * against the contract fake: Home's Round trip, a combined offer on a fare the airline lets change,
 * booked and paid; from the ticket, journey 2's "Change flight" by keyboard; a return date before the
 * outbound refused on the date field; the airline's offers for the new date (the new return, the
 * outbound kept as booked); a dearer one chosen by keyboard and paid with the sandbox card; the new
 * ticket shows both journeys with the new return and the same airline reference. axe light and dark.
 */

test.describe('changing a Duffel round trip', () => {
  test.describe.configure({ timeout: 240_000 });

  test('change the return by keyboard from the ticket, pay the difference, the ticket shows the new return', async ({ page }) => {
    await signUpInBrowser(page, 'dfrtc');
    // Its own days (the round-trip spec books 12 and 17 days out): an offer the app cached is ordered only once.
    const out = travelDate(16);
    const back = travelDate(19);
    await searchRoundTripFromHome(page, { from: 'Delhi', to: 'Mumbai', fromCode: 'DEL', toCode: 'BOM', date: out, returnDate: back });
    const offers = page.getByRole('region', { name: /^Round trips · DEL to BOM and back/ });
    await expect(offers.locator('li.rt-offer').first()).toBeVisible({ timeout: 30_000 });
    // A fare the airline lets the traveller change.
    const changeable = offers.locator('li.rt-offer').filter({ has: page.locator('.rt-offer-fare', { hasText: /Changes (allowed|free|for a fee)/ }) }).first();
    await changeable.getByRole('link', { name: 'Book' }).click();
    await expect(page).toHaveURL(/\/result\/book$/);
    await fillAdult(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    const ticketPath = await payBySandboxCard(page);

    await page.goto(ticketPath);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    const reference = page.locator('.ticket-supplier-ref');
    await expect(async () => {
      await page.reload();
      await expect(reference).toHaveText(/^[A-Z0-9]{6}$/, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const airlineReference = (await reference.textContent()) ?? '';
    const ticket = page.getByRole('article', { name: 'E-Ticket' });
    const outboundBefore = (await ticket.getByRole('region', { name: 'Journey 1 flight details' }).textContent()) ?? '';
    // Each journey changes alone; cancelling stays whole-booking only.
    await expect(page.getByRole('link', { name: 'Change flight of journey 1' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cancel journey/ })).toHaveCount(0);
    await tabTo(page, page.getByRole('link', { name: 'Change flight of journey 2' }), { max: 80 });
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/change\?journey=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change flight' })).toBeFocused({ timeout: 10_000 });
    await expect(page.getByText('Journey 2 of 2: the other journeys stay as booked.')).toBeVisible();

    // A return before the outbound: refused on the date field.
    await watchLiveRegions(page);
    const date = page.getByLabel('New travel date');
    await tabTo(page, date, { max: 20 });
    await date.fill(travelDate(15));
    await tabTo(page, page.getByRole('button', { name: 'Show flights' }), { max: 10 });
    await pressKey(page, 'Enter');
    await expect(page.locator('#change-date-error')).toContainText(`The return cannot leave before the outbound flight (${out})`, { timeout: 30_000 });
    await expect(date).toHaveAttribute('aria-invalid', 'true');

    // The new date: the airline's offers, each the new return with the outbound kept as booked.
    const newDate = travelDate(21);
    // Back from Show flights to the date field.
    await tabTo(page, date, { max: 5, shift: true });
    await date.fill(newDate);
    await tabTo(page, page.getByRole('button', { name: 'Show flights' }), { max: 10 });
    await pressKey(page, 'Enter');
    const options = page.getByTestId('change-option');
    await expect(options.first()).toBeVisible({ timeout: 30_000 });
    await expectAnnounced(page, /flights? on /);
    await expect(options.first().locator('.change-option-kept')).toContainText(/^Kept as booked: .+ DEL → BOM, /);
    await expect(options.first().getByTestId('change-option-airline')).toContainText('Safar adds no fee to a change');
    await scanLightAndDark(page);

    const count = await options.count();
    let chosen = -1;
    for (let i = 0; i < count && chosen < 0; i += 1) {
      const due = (await options.nth(i).locator('.change-option-due dd').textContent()) ?? '';
      if (due !== '₹0') chosen = i;
    }
    expect(chosen, 'an offer with an amount due').toBeGreaterThanOrEqual(0);
    const newTime = ((await options.nth(chosen).locator('.change-option-times').textContent()) ?? '').slice(0, 5);
    const dueText = (await options.nth(chosen).locator('.change-option-due dd').textContent()) ?? '';
    await tabTo(page, options.nth(chosen).getByRole('button', { name: /^Change to / }), { max: 200 });
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/payment$/, { timeout: 20_000 });
    await expect(page.getByTestId('pay-total')).toHaveText(dueText);
    const changedPath = await payBySandboxCard(page);

    // The new ticket: both journeys, the outbound as it was, the new return; the same airline reference.
    await page.goto(changedPath);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('ticket-status')).toContainText('Confirmed', { timeout: 15_000 });
    await expect(page.locator('.ticket-supplier-ref')).toHaveText(airlineReference);
    const after = page.getByRole('article', { name: 'E-Ticket' });
    await expect(after.getByRole('region', { name: 'Journey 1 flight details' })).toHaveText(outboundBefore);
    const returnJourney = after.getByRole('region', { name: 'Journey 2 flight details' });
    await expect(returnJourney).toContainText('BOM');
    await expect(returnJourney).toContainText(newTime);
    await scanLightAndDark(page);
  });
});
