import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { signedRoute } from '../route-guard';

/**
 * Provider webhooks: no session, authenticated by an HMAC of the raw body (CSRF-exempt).
 * The checkout service verifies, dedupes by event id and settles the payment; see
 * `receiveWebhook` in src/domain/checkout/service.ts.
 */

const Received = z.object({ received: z.literal(true), duplicate: z.boolean() });

const routeFor = (provider: 'razorpay' | 'sandbox', header: string, eventHeader: string) =>
  signedRoute({
    method: 'post',
    path: `/api/webhooks/${provider}`,
    operationId: provider === 'razorpay' ? 'receiveRazorpayWebhook' : 'receiveSandboxWebhook',
    tags: ['Payments'],
    summary: `${provider === 'razorpay' ? 'Razorpay' : 'Sandbox gateway'} webhook (signed with ${header})`,
    description: `Called by the ${provider === 'razorpay' ? 'Razorpay' : 'sandbox'} gateway, not by browsers: no session and no Origin check; the HMAC of the raw body in ${header} is the credential. Events are deduplicated by ${eventHeader}. \`payment.captured\` / \`order.paid\` settle the payment's booking; \`payment.failed\` notes why; \`refund.processed\` completes a sent refund on the refund tracker and \`refund.failed\` sends it again after a back-off; other events are recorded and ignored.`,
    responses: {
      200: json(Received, 'Processed (or already processed)'),
      400: json(ErrorSchema, 'Missing or bad signature, or an unreadable body'),
      404: json(ErrorSchema, 'This provider is not the active one'),
    },
  });

async function handle(c: Context<AppEnv>, provider: 'razorpay' | 'sandbox', signatureHeader: string, eventHeader: string) {
  const { duplicate } = await c.get('deps').checkout.receiveWebhook({
    provider,
    rawBody: await c.req.text(),
    signature: c.req.header(signatureHeader) ?? '',
    eventId: c.req.header(eventHeader) ?? '',
    eventHeader,
  });
  return c.json({ received: true as const, duplicate }, 200);
}

/** POST /api/webhooks/razorpay and /api/webhooks/sandbox. */
export function registerWebhooks(app: OpenApiApp) {
  app.openapi(routeFor('razorpay', 'X-Razorpay-Signature', 'X-Razorpay-Event-Id'), (c) => handle(c, 'razorpay', 'x-razorpay-signature', 'x-razorpay-event-id'));
  app.openapi(routeFor('sandbox', 'X-Sandbox-Signature', 'X-Sandbox-Event-Id'), (c) => handle(c, 'sandbox', 'x-sandbox-signature', 'x-sandbox-event-id'));
}
