import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ALERT_MESSAGES,
  AlertAnswerSchema,
  AlertDeletedSchema,
  AlertListSchema,
  AlertsConfirmedSchema,
  AlertsUnsubscribedSchema,
  AlertTokenBodySchema,
  CreateAlertBodySchema,
  UpdateAlertBodySchema,
} from '../../core/alerts';
import { IdempotencyKeySchema } from '../../core/booking';
import { AppError } from '../../core/errors';
import { hashSessionToken } from '../../domain/accounts/tokens';
import { type AlertOwner, confirmAlertEmail, createAlert, deleteAlert, listAlerts, setAlertActive, unsubscribeAlertEmail } from '../../domain/alerts/alerts';
import type { AppEnv } from '../context';
import { requestHash, sendStored, withIdempotency } from '../idempotency';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { OWNER_TOKEN_HEADER, ownerTokenRoute, publicRoute } from '../route-guard';
import { resolveAirportText, unknownAirportMessage } from './resolve-airport';

const OwnerHeaders = z.object({ [OWNER_TOKEN_HEADER]: z.string().optional().openapi({ description: 'The anonymous owner’s secret token (43 base64url characters), when not signed in' }) });
const CreateHeaders = OwnerHeaders.extend({ 'idempotency-key': IdempotencyKeySchema });
const AlertIdParams = z.object({ id: z.string().max(64).openapi({ example: '00000000-0000-4000-8000-000000000000' }) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CREATE_EXAMPLE = { from: 'DEL', to: 'BOM', targetPrice: 4500, currentPrice: 5200, email: 'traveller@example.com', dateFrom: '2026-12-24', cabin: 'economy', adults: 1, children: 0, infants: 0 };

const listRoute = ownerTokenRoute({}, {
  method: 'get',
  path: '/api/price-alerts',
  operationId: 'listPriceAlerts',
  tags: ['Alerts'],
  summary: 'The owner’s price alerts, newest first (signed in: all of the traveller’s; else the X-Alert-Owner token’s)',
  description: "A signed-in traveller (every alert of theirs), or an anonymous owner identified by the X-Alert-Owner token (that token's alerts).",
  request: { headers: OwnerHeaders },
  responses: { 200: json(AlertListSchema, 'Alerts'), 401: json(ErrorSchema, 'Neither signed in nor an owner token') },
});

const createRoute = ownerTokenRoute({}, {
  method: 'post',
  path: '/api/price-alerts',
  operationId: 'createPriceAlert',
  tags: ['Alerts'],
  summary: 'Creates a price alert (from, to, targetPrice and email required). Replays safely with the same Idempotency-Key',
  description: 'A signed-in traveller, or an anonymous owner identified by the X-Alert-Owner token; requires an Idempotency-Key. A new address gets a confirmation mail first (double opt-in). With `returnDate` the alert watches a round trip: its price is the cheapest round trip\'s all-in total for the passengers (an open departure day out, the return day back, priced as the round-trip results price pairs, special return included); a return day before the (last) departure day answers 400 on `returnDate` with \'Return date cannot be before departure date\'.',
  request: { headers: CreateHeaders, body: { required: true, content: { 'application/json': { schema: CreateAlertBodySchema, example: CREATE_EXAMPLE } } } },
  responses: {
    201: json(AlertAnswerSchema, 'Created'),
    400: json(ErrorSchema, "'Please fill all required fields', or a field's own message (e.g. returnDate: 'Return date cannot be before departure date')"),
    401: json(ErrorSchema, 'Neither signed in nor an owner token'),
    409: json(ErrorSchema, 'idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

const updateRoute = ownerTokenRoute({ owns: 'price-alert' }, {
  method: 'patch',
  path: '/api/price-alerts/{id}',
  operationId: 'updatePriceAlert',
  tags: ['Alerts'],
  summary: 'Turns an alert on or off (the bell)',
  description: "The alert's owner only (signed in, or by X-Alert-Owner token); anyone else's alert id answers 404.",
  request: { headers: OwnerHeaders, params: AlertIdParams, body: { required: true, content: { 'application/json': { schema: UpdateAlertBodySchema, example: { active: false } } } } },
  responses: { 200: json(AlertAnswerSchema, 'Updated'), 401: json(ErrorSchema, 'Neither signed in nor an owner token'), 404: json(ErrorSchema, 'No such alert for this owner') },
});

const deleteRoute = ownerTokenRoute({ owns: 'price-alert' }, {
  method: 'delete',
  path: '/api/price-alerts/{id}',
  operationId: 'deletePriceAlert',
  tags: ['Alerts'],
  summary: 'Deletes an alert',
  description: "The alert's owner only (signed in, or by X-Alert-Owner token); anyone else's alert id answers 404.",
  request: { headers: OwnerHeaders, params: AlertIdParams },
  responses: { 200: json(AlertDeletedSchema, 'Deleted'), 401: json(ErrorSchema, 'Neither signed in nor an owner token'), 404: json(ErrorSchema, 'No such alert for this owner') },
});

const TOKEN_EXAMPLE = { token: 'A'.repeat(43) };

const confirmRoute = publicRoute({
  method: 'post',
  path: '/api/price-alerts/confirm',
  operationId: 'confirmPriceAlertEmail',
  tags: ['Alerts'],
  summary: 'Confirms an alert’s email address (double opt-in) with the token from the confirmation message',
  description: 'Public: the token from the confirmation mail is the credential; an unknown token answers 404.',
  request: { body: { required: true, content: { 'application/json': { schema: AlertTokenBodySchema, example: TOKEN_EXAMPLE } } } },
  responses: { 200: json(AlertsConfirmedSchema, 'Confirmed'), 400: json(ErrorSchema, 'Malformed token'), 404: json(ErrorSchema, 'Unknown token') },
});

const unsubscribeRoute = publicRoute({
  method: 'post',
  path: '/api/price-alerts/unsubscribe',
  operationId: 'unsubscribePriceAlerts',
  tags: ['Alerts'],
  summary: 'Stops mail for an alert’s address with the token from any alert message',
  description: 'Public: the token from any alert mail is the credential; an unknown token answers 404.',
  request: { body: { required: true, content: { 'application/json': { schema: AlertTokenBodySchema, example: TOKEN_EXAMPLE } } } },
  responses: { 200: json(AlertsUnsubscribedSchema, 'Unsubscribed'), 400: json(ErrorSchema, 'Malformed token'), 404: json(ErrorSchema, 'Unknown token') },
});

/** The owner ownerTokenRoute let through: the signed-in traveller, else the token's hash. */
function ownerOf(c: Context<AppEnv>): AlertOwner {
  const user = c.get('user');
  if (user) return { userId: user.id, email: user.email };
  const token = c.req.header(OWNER_TOKEN_HEADER);
  if (!token) throw new AppError('unauthorized', 'Sign in, or open this from the browser or link you created the alert with.');
  return { tokenHash: hashSessionToken(token) };
}

/** Idempotency keys are per account; an anonymous owner gets a stable id from its token's hash. */
function idempotencyOwner(owner: AlertOwner): string {
  if ('userId' in owner) return owner.userId;
  const h = owner.tokenHash;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const alertId = (id: string) => {
  if (!UUID.test(id)) throw new AppError('not_found', ALERT_MESSAGES.notFound);
  return id;
};

/** Price alerts: no sign-in needed (owner token), double opt-in mail links are public. */
export function registerPriceAlerts(app: OpenApiApp) {
  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { database, clock } = c.get('deps');
    return c.json({ alerts: await listAlerts(database.db, clock, ownerOf(c)) }, 200);
  });

  app.openapi(createRoute, async (c) => {
    const { database, clock, world } = c.get('deps');
    const owner = ownerOf(c);
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(database.db, clock, { userId: idempotencyOwner(owner), scope: 'create-price-alert', key, hash: requestHash(body) }, async () => {
      const from = resolveAirportText(body.from) ?? '';
      const to = resolveAirportText(body.to) ?? '';
      const fields: Record<string, string> = {};
      if (!world.getAirport(from)) fields.from = unknownAirportMessage(body.from);
      if (!world.getAirport(to)) fields.to = unknownAirportMessage(body.to);
      if (!fields.to && from === to) fields.to = 'From and To must be different airports';
      const first = Object.values(fields)[0];
      if (first) throw new AppError('validation_failed', first, fields);
      const token = c.req.header(OWNER_TOKEN_HEADER);
      const alert = await createAlert(database.db, clock, world, owner, { ...body, from, to }, 'tokenHash' in owner && token ? { ownerToken: token } : {});
      return { status: 201, body: { alert } };
    });
    return sendStored(c, createRoute, answer);
  });

  app.openapi(updateRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const alert = await setAlertActive(database.db, clock, ownerOf(c), alertId(c.req.valid('param').id), c.req.valid('json').active);
    return c.json({ alert }, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteAlert(c.get('deps').database.db, ownerOf(c), alertId(c.req.valid('param').id));
    return c.json({ deleted: true as const }, 200);
  });

  app.openapi(confirmRoute, async (c) => {
    const { database, clock } = c.get('deps');
    return c.json(await confirmAlertEmail(database.db, clock, c.req.valid('json').token), 200);
  });

  app.openapi(unsubscribeRoute, async (c) => {
    const { database, clock } = c.get('deps');
    return c.json(await unsubscribeAlertEmail(database.db, clock, c.req.valid('json').token), 200);
  });
}
