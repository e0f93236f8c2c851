import { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { AppError } from '../../core/errors';
import { webhookEvents } from '../../db/schema';
import { confirmPayment } from '../../domain/booking/confirm';
import { worldCatalog } from '../../domain/booking/world-catalog';
import { recordPaymentFailure } from '../../domain/payments/orders';
import type { PaymentProvider } from '../../domain/payments/provider';
import { parseWebhookEvent } from '../../domain/payments/webhook-events';
import type { AppEnv } from '../context';
import type { OpenApiApp } from '../openapi';
import { ErrorSchema, json } from './bookings';
import { payingProvider, settleOutcome } from './payments';
import { signedRoute } from '../route-guard';

/**
 * Provider webhooks: no session, authenticated by an HMAC of the raw body (CSRF-exempt).
 * Delivered at least once and out of order, so: verify, skip events already processed,
 * confirm idempotently (the callback may have won the race), then remember the event id.
 * The id is recorded after processing, so a failure mid-way is retried by the provider
 * instead of being lost; concurrent duplicates are harmless because confirm is idempotent.
 */

const Received = z.object({ received: z.literal(true), duplicate: z.boolean() });

const routeFor = (provider: 'razorpay' | 'sandbox', header: string) =>
  signedRoute({
    method: 'post',
    path: `/api/webhooks/${provider}`,
    summary: `${provider === 'razorpay' ? 'Razorpay' : 'Sandbox gateway'} webhook (signed with ${header})`,
    responses: {
      200: json(Received, 'Processed (or already processed)'),
      400: json(ErrorSchema, 'Missing or bad signature, or an unreadable body'),
      404: json(ErrorSchema, 'This provider is not the active one'),
    },
  });

async function handle(c: Context<AppEnv>, expected: 'razorpay' | 'sandbox', signatureHeader: string, eventHeader: string) {
  const deps = c.var.deps;
  const provider: PaymentProvider = payingProvider(deps.config);
  if (provider.name !== expected) throw new AppError('not_found', `No ${expected} webhooks here: this server uses ${provider.displayName}.`);
  const raw = await c.req.text();
  const signature = c.req.header(signatureHeader) ?? '';
  if (!signature || !provider.verifyWebhook(raw, signature)) throw new AppError('bad_request', 'Invalid webhook signature');
  const eventId = c.req.header(eventHeader) ?? '';
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(eventId)) throw new AppError('bad_request', `Missing or invalid ${eventHeader} header`);
  const event = parseWebhookEvent(eventId, raw);
  if (!event) throw new AppError('bad_request', 'Unreadable webhook body');

  const db = deps.database.db;
  const [seen] = await db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider.name), eq(webhookEvents.eventId, eventId)));
  if (seen) return c.json({ received: true as const, duplicate: true }, 200);

  if (event.kind === 'captured' && event.orderId && event.paymentId) {
    const outcome = await confirmPayment(db, deps.clock, worldCatalog(deps.world), {
      provider: provider.name,
      orderId: event.orderId,
      paymentId: event.paymentId,
      amountPaise: event.amountPaise,
    });
    if (outcome.kind === 'unknown-order') deps.logger.warn('webhook for an unknown order', { provider: provider.name, orderId: event.orderId, eventId });
    else {
      // A refund outcome is an answer to the browser, not a webhook failure: acknowledge it.
      await settleOutcome(deps, provider, outcome).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    }
  } else if (event.kind === 'failed' && event.orderId) {
    await recordPaymentFailure(db, deps.clock, provider.name, event.orderId, event.failureReason ?? 'payment failed');
  }
  await db.insert(webhookEvents).values({ provider: provider.name, eventId, receivedAt: deps.clock.now() }).onConflictDoNothing();
  return c.json({ received: true as const, duplicate: false }, 200);
}

/** POST /api/webhooks/razorpay and /api/webhooks/sandbox. */
export function registerWebhooks(app: OpenApiApp) {
  app.openapi(routeFor('razorpay', 'X-Razorpay-Signature'), (c) => handle(c, 'razorpay', 'x-razorpay-signature', 'x-razorpay-event-id'));
  app.openapi(routeFor('sandbox', 'X-Sandbox-Signature'), (c) => handle(c, 'sandbox', 'x-sandbox-signature', 'x-sandbox-event-id'));
}
