import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import { ADULT, bookAndPay, findItinerary } from '../../../../tests/support/booking';
import { TRIP_CHANGE_MESSAGES } from '../../../core/trip-changes';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { TicketPage } from './ticket-page';

const api = startInProcessApi();
const PRIYA = { ...ADULT, title: 'Ms' as const, firstName: 'Priya', mobileNo: '9876501234', aadharCard: undefined };

/** A confirmed booking of two adults of the signed-in traveller, made through the API. */
async function twoAdults(date: string): Promise<string> {
  const { cookie } = await api.signIn();
  await refreshSession();
  const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date, adults: 2 });
  const { confirm } = await bookAndPay(api.test.app, cookie, itinerary, [ADULT, PRIYA]);
  expect(confirm.status).toBe(200);
  return confirm.body.booking.id;
}

describe('cancel dialog and refund tracker on the ticket', () => {
  it('cancels one of two adults: the choice, the quote per passenger and leg, confirm, Partly cancelled, the tracker', async () => {
    const bookingId = await twoAdults('2026-12-24');
    renderScreen(<TicketPage params={{ bookingId }} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel booking / }, { timeout: 10_000 });

    // Nobody is cancelled until the traveller chooses.
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Cancel some passengers' }).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(within(dialog).getByText(TRIP_CHANGE_MESSAGES.choosePassengers, { selector: 'p' })).toBeTruthy();

    await user.click(within(dialog).getByRole('checkbox', { name: /Priya Sharma/ }));
    expect(await within(dialog).findByRole('heading', { name: /Priya Sharma · DEL → BOM/ }, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).getByText('Safar fee kept')).toBeTruthy();
    expect(within(dialog).getByText('Taxes and airport charges refunded')).toBeTruthy();
    const refund = within(dialog).getByTestId('refund-total').textContent ?? '';
    expect(refund).toMatch(/^₹[\d,]+(\.\d\d)?$/);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Original payment method \(Card\)/ }).checked).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await within(dialog).findByRole('heading', { name: 'Cancellation confirmed' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).getByText(new RegExp(`^${refund.replace(/[.$]/g, '\\$&')} goes back to your original payment method \\(Card\\)`))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('Partly cancelled', { exact: false, selector: '[data-testid="ticket-status"] strong' }, { timeout: 10_000 })).toBeTruthy();
    const priyaRow = screen.getByRole('row', { name: /Priya Sharma/ });
    expect(within(priyaRow).getByText(/^Cancelled /)).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Rahul Sharma/ })).getByText('Travelling')).toBeTruthy();
    const tracker = await screen.findByRole('region', { name: 'Refunds' });
    const item = await within(tracker).findByTestId('refund-item', {}, { timeout: 10_000 });
    expect(within(item).getByText(refund)).toBeTruthy();
    expect(within(item).getByText('to Card')).toBeTruthy();
    expect(within(item).getByText(/^Due by \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeTruthy();
    expect(within(item).getByText('Requested')).toBeTruthy();
  });
});
