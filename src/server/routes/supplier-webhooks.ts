import { z } from '@hono/zod-openapi';
import { receiveDuffelWebhook } from '../../domain/disruptions/supplier-webhooks';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { signedRoute } from '../route-guard';
import { supplierChanges } from '../supplier-changes';

/**
 * Duffel's webhooks: no session, no Origin check; the `X-Duffel-Signature` HMAC of the raw body is
 * the credential. Rules in src/domain/disruptions/supplier-webhooks.ts.
 */

const Received = z.object({ received: z.literal(true), duplicate: z.boolean(), kind: z.string() }).meta({ id: 'SupplierWebhookReceived' });

const route = signedRoute({
  method: 'post',
  path: '/api/suppliers/duffel/webhooks',
  operationId: 'receiveDuffelWebhook',
  tags: ['Bookings'],
  summary: 'Duffel webhook (signed with X-Duffel-Signature)',
  description:
    'Called by Duffel, not by browsers: no session and no Origin check; `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of t.rawBody>` keyed by DUFFEL_WEBHOOK_SECRET is the credential (5-minute window). Events are deduplicated by their id. An airline-initiated change makes Safar fetch the order’s changes again from Duffel and open a disruption case with one notice; nothing in the event is trusted.',
  responses: {
    200: json(Received, 'Processed (or already processed)'),
    400: json(ErrorSchema, 'A signed body that is not a Duffel event'),
    401: json(ErrorSchema, 'Missing, malformed, wrong or stale signature'),
    404: json(ErrorSchema, 'This server does not sell through Duffel or has no webhook secret'),
    503: json(ErrorSchema, 'Duffel could not be asked about the order now: deliver again later'),
  },
});

/** POST /api/suppliers/duffel/webhooks. */
export function registerSupplierWebhooks(app: OpenApiApp) {
  app.openapi(route, async (c) => {
    const deps = c.get('deps');
    const answer = await receiveDuffelWebhook(
      { db: deps.database.db, clock: deps.clock, secret: deps.config.DUFFEL_WEBHOOK_SECRET ?? null, changes: supplierChanges(deps) },
      { rawBody: await c.req.text(), signature: c.req.header('x-duffel-signature') },
    );
    return c.json(answer, 200);
  });
}
