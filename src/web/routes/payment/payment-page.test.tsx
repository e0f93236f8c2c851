import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInProcessApi } from '../../../../tests/support/in-process-api';
import { ADULT, findItinerary, postBooking } from '../../../../tests/support/booking';
import { BOOKING_ERROR_MESSAGES, HOLD_MINUTES, SANDBOX_TEST_VALUES } from '../../../core/booking';
import { refreshSession } from '../../lib/use-session';
import { renderScreen } from '../../test/render-screen';
import { PaymentPage } from './payment-page';

const api = startInProcessApi();

/** A seat hold of the signed-in traveller, made through the API as the booking screen makes it. */
async function heldBooking(date: string): Promise<string> {
  const { cookie } = await api.signIn();
  await refreshSession();
  const itinerary = await findItinerary(api.test.app, { from: 'DEL', to: 'BOM', date });
  const hold = await postBooking(api.test.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
  expect(hold.status).toBe(201);
  return hold.body.booking.id;
}

function openPaymentScreen(bookingId: string) {
  window.history.replaceState({ bookingId }, '', '/payment');
  renderScreen(<PaymentPage />);
}

async function payByCard(number: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pay with Safar Pay (sandbox)' }));
  const form = await screen.findByRole('dialog', { name: 'Safar Pay — sandbox' });
  await user.type(within(form).getByLabelText('Card number'), number);
  await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '1230');
  await user.type(within(form).getByLabelText('CVV'), '123');
  await user.type(within(form).getByLabelText('Name on card'), 'Rahul Sharma');
  await user.click(within(form).getByRole('button', { name: /^Pay ₹/ }));
}

describe('payment screen', () => {
  beforeEach(() => {
    // The page counts the hold down by this browser's clock: the same instant as the API's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(api.test.clock.now());
  });
  afterEach(() => vi.useRealTimers());

  it('confirms the booking when the sandbox card succeeds', async () => {
    openPaymentScreen(await heldBooking('2026-12-24'));
    await payByCard(SANDBOX_TEST_VALUES.successCard);
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/^[A-Z0-9]{6}$/, { selector: '.pay-pnr' })).toBeTruthy();
  });

  it('says the card was declined and lets the traveller pay again', async () => {
    openPaymentScreen(await heldBooking('2026-12-25'));
    await payByCard(SANDBOX_TEST_VALUES.declinedCard);
    expect(await screen.findByText(BOOKING_ERROR_MESSAGES.cardPaymentFailed, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay with Safar Pay (sandbox)' }).hasAttribute('disabled')).toBe(false);
  });

  it('says the hold expired when the API finds it over as the traveller asks to pay', async () => {
    openPaymentScreen(await heldBooking('2026-12-26'));
    const pay = await screen.findByRole('button', { name: 'Pay with Safar Pay (sandbox)' });
    // The seats were released on the server while the screen stood open (this clock lags behind).
    act(() => api.test.clock.advance((HOLD_MINUTES + 1) * 60_000));
    await userEvent.setup().click(pay);
    expect((await screen.findAllByText(BOOKING_ERROR_MESSAGES.holdExpired, {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the payment was refunded when the hold ran out while the card was being paid', async () => {
    openPaymentScreen(await heldBooking('2026-12-27'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with Safar Pay (sandbox)' }));
    const form = await screen.findByRole('dialog', { name: 'Safar Pay — sandbox' });
    await user.click(within(form).getByRole('button', { name: `${SANDBOX_TEST_VALUES.successCard}, succeeds` }));
    await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(within(form).getByLabelText('CVV'), '123');
    await user.type(within(form).getByLabelText('Name on card'), 'Rahul Sharma');
    act(() => api.test.clock.advance((HOLD_MINUTES + 1) * 60_000));
    await user.click(within(form).getByRole('button', { name: /^Pay ₹/ }));
    expect(await screen.findByText(BOOKING_ERROR_MESSAGES.holdExpiredRefunded, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Booking confirmed' })).toBeNull();
  });
});
