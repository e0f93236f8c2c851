import { z } from '@hono/zod-openapi';
import {
  BOOKING_ERROR_MESSAGES,
  BOOKING_REASONS,
  ConfirmBookingBodySchema,
  CreatePaymentBodySchema,
  type PaymentConfig,
  SandboxPayBodySchema,
} from '../../core/booking';
import { AppError } from '../../core/errors';
import { applyInventory } from '../../domain/booking/catalog';
import { type ConfirmOutcome, confirmPayment } from '../../domain/booking/confirm';
import { settleRefunds } from '../../domain/booking/refunds';
import { worldCatalog } from '../../domain/booking/world-catalog';
import { authorizeOrder, createPaymentOrder, findOrder, recordPaymentFailure } from '../../domain/payments/orders';
import type { PaymentProvider } from '../../domain/payments/provider';
import { decideSandboxPayment, signSandboxPayment } from '../../domain/payments/sandbox';
import { selectPaymentProvider } from '../../domain/payments/select';
import { currentUser } from '../auth/require-user';
import { type Config, DEV_SANDBOX_SECRET } from '../config';
import type { AppDeps } from '../context';
import { requestHash, sendStored, withIdempotency } from '../idempotency';
import type { OpenApiApp } from '../openapi';
import { errorForLog } from '../log-safety';
import { BookingIdParams, ErrorSchema, IdempotencyHeaders, json, ownBookingRow } from './bookings';
import { publicRoute, travellerRoute } from '../route-guard';

/** The sandbox signing secret: configured, else the public development default (production refuses that at start-up). */
export const sandboxSecret = (config: Config) => config.PAYMENT_SANDBOX_SECRET ?? DEV_SANDBOX_SECRET;

/**
 * The app's payment provider (Razorpay when configured, else the sandbox), one per config.
 * @example const provider = providerFor(c.var.deps.config)
 */
export function providerFor(config: Config): PaymentProvider {
  return selectPaymentProvider(config, { ...config, sandboxSecret: sandboxSecret(config) });
}

/**
 * The provider for taking money. In production the sandbox's public development secret would
 * let anyone sign payments, so without PAYMENT_SANDBOX_SECRET the sandbox takes none.
 */
export function payingProvider(config: Config): PaymentProvider {
  const provider = providerFor(config);
  if (provider.name === 'sandbox' && config.NODE_ENV === 'production' && config.PAYMENT_SANDBOX_SECRET === undefined) {
    throw new AppError('unavailable', 'Payments are not configured on this server yet. Please try again later.');
  }
  return provider;
}

const paymentFailed = (message: string = BOOKING_ERROR_MESSAGES.cardPaymentFailed) => new AppError('bad_request', message, undefined, BOOKING_REASONS.paymentFailed);

/**
 * Applies a confirmation outcome: mirrors inventory, sends any refund at once (the sweeper
 * retries it if the provider is down) and answers like the contract says.
 */
export async function settleOutcome(deps: AppDeps, provider: PaymentProvider, outcome: ConfirmOutcome) {
  if (outcome.kind === 'unknown-order') throw paymentFailed();
  if (outcome.kind === 'already-confirmed') return outcome.booking;
  applyInventory(deps.inventory, outcome.inventory);
  if (outcome.kind === 'confirmed') return outcome.booking;
  await settleRefunds(deps.database.db, deps.clock, provider, { paymentRowId: outcome.paymentRowId }).catch((error: unknown) => {
    deps.logger.warn('refund deferred to the sweeper', { paymentRowId: outcome.paymentRowId, ...errorForLog(error) });
  });
  if (outcome.why === 'hold-expired') throw new AppError('conflict', BOOKING_ERROR_MESSAGES.holdExpiredRefunded, undefined, BOOKING_REASONS.holdExpired);
  if (outcome.why === 'duplicate-payment') throw new AppError('conflict', 'This booking was already paid. This second payment has been refunded.');
  throw paymentFailed('The amount paid does not match the booking. Your payment has been refunded.');
}

const configRoute = publicRoute({
  method: 'get',
  path: '/api/payments/config',
  summary: 'Which payment provider checkout should use (no sign-in needed)',
  responses: {
    200: json(
      z.object({ provider: z.enum(['sandbox', 'razorpay']), providerName: z.string(), upiEnabled: z.literal(true), razorpayKeyId: z.string().optional() }),
      'Provider settings safe for the browser',
    ),
  },
});

const createPaymentRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/payments',
  summary: "Creates a provider order for a held booking's server-computed total",
  request: { params: BookingIdParams, body: { required: true, content: { 'application/json': { schema: CreatePaymentBodySchema, example: { method: 'card' } } } } },
  responses: {
    201: json(z.object({ payment: z.unknown().openapi({ description: 'PaymentOrder' }) }), 'Order created'),
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
  summary: 'The sandbox gateway: answers a checkout attempt like a real gateway would',
  request: { body: { required: true, content: { 'application/json': { schema: SandboxPayBodySchema } } } },
  responses: {
    200: json(z.object({ paymentId: z.string(), orderId: z.string(), signature: z.string() }), 'Payment captured'),
    400: json(ErrorSchema, 'Bad card or UPI details'),
    402: json(ErrorSchema, 'payment-failed (declined card, failed UPI)'),
    404: json(ErrorSchema, 'Unknown order, or the sandbox is off'),
    503: json(ErrorSchema, 'Payments not configured (production without PAYMENT_SANDBOX_SECRET)'),
    409: json(ErrorSchema, 'The order was already paid'),
  },
});

const confirmRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/confirm',
  summary: 'Confirms a held booking with a signed payment (idempotent)',
  request: {
    params: BookingIdParams,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: ConfirmBookingBodySchema, example: { orderId: 'order_sbx_1', paymentId: 'pay_sbx_1', signature: 'ab12' } } } },
  },
  responses: {
    200: json(z.object({ booking: z.unknown().openapi({ description: 'BookingView' }) }), 'Confirmed'),
    400: json(ErrorSchema, 'payment-failed (bad signature, unknown order)'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'hold-expired (payment refunded), or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

/** Payments: provider config, orders, the sandbox gateway and confirmation. */
export function registerPayments(app: OpenApiApp) {
  app.openapi(configRoute, (c) => {
    const provider = providerFor(c.var.deps.config);
    const body: PaymentConfig = { provider: provider.name, providerName: provider.displayName, upiEnabled: true };
    if (provider.publicKeyId) body.razorpayKeyId = provider.publicKeyId;
    return c.json(body, 200);
  });

  app.openapi(createPaymentRoute, async (c) => {
    const { database, clock, config } = c.var.deps;
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const payment = await createPaymentOrder(database.db, clock, payingProvider(config), { bookingId: id, userId: user.id, email: user.email, method: body.method });
    return c.json({ payment }, 201);
  });

  app.openapi(sandboxPayRoute, async (c) => {
    const { database, clock, config } = c.var.deps;
    if (payingProvider(config).name !== 'sandbox') throw new AppError('not_found', 'The sandbox gateway is off: this server uses Razorpay.');
    const body = c.req.valid('json');
    const order = await findOrder(database.db, 'sandbox', body.orderId);
    if (!order) throw new AppError('not_found', 'Unknown order', { orderId: 'Unknown order' });
    if (order.status !== 'created') throw new AppError('conflict', 'This order has already been paid.');
    const outcome = decideSandboxPayment(body, config.SANDBOX_UPI_SUCCESS_RATE);
    if (!outcome.ok) {
      await recordPaymentFailure(database.db, clock, 'sandbox', body.orderId, outcome.message);
      return c.json({ error: { code: 'bad_request' as const, reason: BOOKING_REASONS.paymentFailed, message: outcome.message } }, 402);
    }
    const signed = signSandboxPayment(sandboxSecret(config), body.orderId);
    if (!(await authorizeOrder(database.db, clock, 'sandbox', body.orderId, signed.paymentId))) throw new AppError('conflict', 'This order has already been paid.');
    return c.json(signed, 200);
  });

  app.openapi(confirmRoute, async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(deps.database.db, deps.clock, { userId: user.id, scope: 'confirm-payment', key, hash: requestHash({ id, body }) }, async () => {
      const provider = payingProvider(deps.config);
      if (!provider.verifyPayment(body)) {
        await ownBookingRow(deps.database.db, id, user.id);
        throw paymentFailed();
      }
      const outcome = await confirmPayment(deps.database.db, deps.clock, worldCatalog(deps.world), {
        provider: provider.name,
        orderId: body.orderId,
        paymentId: body.paymentId,
        expect: { bookingId: id, userId: user.id },
      });
      // Not this traveller's booking, or an order of another booking: 404, as for any other booking.
      if (outcome.kind === 'unknown-order') await ownBookingRow(deps.database.db, id, user.id);
      const booking = await settleOutcome(deps, provider, outcome);
      return { status: 200, body: { booking } };
    });
    return sendStored(c, answer);
  });
}
