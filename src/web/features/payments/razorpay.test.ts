import { describe, expect, it } from 'vitest';
import { checkoutOptions } from './razorpay';

describe('Razorpay Checkout options', () => {
  it('are exactly: key, amount in paise, INR, name, description, order id, prefill, theme colour', () => {
    const handler = () => {};
    const options = checkoutOptions(
      { orderId: 'order_Nx1', amountPaise: 1_115_200, description: 'Flight Booking: DEL to BOM', prefill: { email: 'rahul@example.com', contact: '9876543210' } },
      'rzp_test_key',
      handler,
    );
    expect(options).toEqual({
      key: 'rzp_test_key',
      amount: 1_115_200,
      currency: 'INR',
      name: 'Safar',
      description: 'Flight Booking: DEL to BOM',
      order_id: 'order_Nx1',
      prefill: { email: 'rahul@example.com', contact: '9876543210' },
      theme: { color: '#0b5cad' },
      handler,
    });
  });
});
