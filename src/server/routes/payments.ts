import { z } from '@hono/zod-openapi';
import {
  BOOKING_REASONS,
  BookingResponseSchema,
  ConfirmBookingBodySchema,
  CreatePaymentBodySchema,
  PaymentConfigSchema,
  PaymentOrderSchema,
  SandboxPayBodySchema,
  SandboxPayResultSchema,
} from '../../core/booking';
import { toErrorBody } from '../../core/errors';
import { currentUser } from '../auth/require-user';
import { requestHash, sendStored, withKeyInTransaction } from '../idempotency';
import { type OpenApiApp, BookingIdParams, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { publicRoute, travellerRoute } from '../route-guard';

/**
 * Payments over HTTP. Every decision (provider, amounts, signatures, confirmation, refunds) is
 * the checkout service's (`src/domain/checkout`); these handlers only translate HTTP.
 */

const configRoute = publicRoute({
  method: 'get',
  path: '/api/payments/config',
  operationId: 'getPaymentConfig',
  tags: ['Payments'],
  summary: 'Which payment provider checkout should use (no sign-in needed)',
  description: 'Public. The active payment provider and the settings the browser needs to open its checkout (never a secret).',
  responses: {
    200: json(PaymentConfigSchema, 'Provider settings safe for the browser'),
  },
});

const createPaymentRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/payments',
  operationId: 'createPaymentOrder',
  tags: ['Payments'],
  summary: "Creates a provider order for a held booking's server-computed total",
  description: "Signed-in traveller only. Opens an order with the active provider for the held booking's total as the server computes it (the client never sends an amount). 409 once the hold has expired or the booking is paid.",
  request: { params: BookingIdParams, body: { required: true, content: { 'application/json': { schema: CreatePaymentBodySchema, example: { method: 'card' } } } } },
  responses: {
    201: json(z.object({ payment: PaymentOrderSchema }), 'Order created'),
    400: json(ErrorSchema, 'Bad method or UPI ID'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'hold-expired, or already paid'),
    503: json(ErrorSchema, 'The provider did not answer'),
  },
});

const sandboxPayRoute = publicRoute({
  method: 'post',
  path: '/api/payments/sandbox/pay',
  operationId: 'paySandboxOrder',
  tags: ['Payments'],
  summary: 'The sandbox gateway: answers a checkout attempt like a real gateway would',
  description: 'Public, and only when the sandbox gateway is the active provider. Behaves like a real gateway: test cards and UPI ids decline with 402 `payment_failed`, others capture and answer a signed payment to confirm with.',
  request: { body: { required: true, content: { 'application/json': { schema: SandboxPayBodySchema } } } },
  responses: {
    200: json(SandboxPayResultSchema, 'Payment captured'),
    400: json(ErrorSchema, 'Bad card or UPI details'),
    402: json(ErrorSchema, 'payment_failed, reason payment-failed (declined card, failed UPI)'),
    404: json(ErrorSchema, 'Unknown order, or the sandbox is off'),
    503: json(ErrorSchema, 'Payments not configured (production without PAYMENT_SANDBOX_SECRET)'),
    409: json(ErrorSchema, 'The order was already paid'),
  },
});

const confirmRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/confirm',
  operationId: 'confirmBooking',
  tags: ['Payments'],
  summary: 'Confirms a held booking with a signed payment (idempotent)',
  description: "Signed-in traveller only; requires an Idempotency-Key. Verifies the provider's signature and confirms the held booking; if the hold expired first, the payment is refunded and the answer is 409. Replays with the same key answer the first result.",
  request: {
    params: BookingIdParams,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: ConfirmBookingBodySchema, example: { orderId: 'order_sbx_1', paymentId: 'pay_sbx_1', signature: 'ab12' } } } },
  },
  responses: {
    200: json(BookingResponseSchema, 'Confirmed'),
    400: json(ErrorSchema, 'payment-failed (bad signature, unknown order)'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'hold-expired (payment refunded), or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

/** Payments: provider config, orders, the sandbox gateway and confirmation. */
export function registerPayments(app: OpenApiApp) {
  app.openapi(configRoute, (c) => c.json(c.get('deps').checkout.paymentConfig(), 200));

  app.openapi(createPaymentRoute, async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const { order } = await c.get('deps').checkout.createOrder({ bookingId: id, userId: user.id, email: user.email, method: body.method });
    return c.json({ payment: order }, 201);
  });

  app.openapi(sandboxPayRoute, async (c) => {
    const attempt = await c.get('deps').checkout.sandboxPay(c.req.valid('json'));
    if (!attempt.ok) return c.json(toErrorBody('payment_failed', attempt.message, undefined, BOOKING_REASONS.paymentFailed), 402);
    return c.json(attempt.result, 200);
  });

  app.openapi(confirmRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withKeyInTransaction(
      deps.database.db,
      deps.clock,
      { userId: user.id, scope: 'confirm-payment', key, hash: requestHash({ id, body }) },
      (booking) => ({ status: 200, body: { booking } }),
      (idempotency) => deps.checkout.confirm({ userId: user.id, bookingId: id, orderId: body.orderId, paymentId: body.paymentId, signature: body.signature, idempotency }),
    );
    return sendStored(c, confirmRoute, answer);
  });
}
