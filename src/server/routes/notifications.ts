import { z } from '@hono/zod-openapi';
import { MarkReadAnswerSchema, MarkReadBodySchema, NoticeListSchema, PushKeySchema } from '../../core/notifications';
import { hashSessionToken } from '../../domain/accounts/tokens';
import { listNotices, markNoticesRead } from '../../domain/notifications/notify';
import { removePushSubscription, savePushSubscription } from '../../domain/notifications/subscriptions';
import { AppError } from '../../core/errors';
import { currentUser } from '../auth/require-user';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { OWNER_TOKEN_HEADER, ownerTokenRoute, publicRoute, travellerRoute } from '../route-guard';
import { vapidKeys } from '../push/vapid';

const listRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/notifications',
  operationId: 'listNotifications',
  tags: ['Notifications'],
  summary: "The signed-in traveller's latest notices (newest first) and the unread count",
  description: "Signed-in traveller only. The traveller's latest notices, newest first, with the count still unread; `unread=true` lists only the unread ones.",
  request: { query: z.object({ unread: z.enum(['true', 'false']).optional() }) },
  responses: { 200: json(NoticeListSchema, 'Notices'), 401: json(ErrorSchema, 'Not signed in') },
});

const readRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/notifications/read',
  operationId: 'markNotificationsRead',
  tags: ['Notifications'],
  summary: 'Marks notices read: the given ids (other travellers’ ids are ignored) or all',
  description: "Signed-in traveller only. Marks the listed notices read, or all of them; ids of other travellers' notices change nothing.",
  request: { body: { required: true, content: { 'application/json': { schema: MarkReadBodySchema, example: { all: true } } } } },
  responses: { 200: json(MarkReadAnswerSchema, 'How many changed'), 400: json(ErrorSchema, 'Bad body'), 401: json(ErrorSchema, 'Not signed in') },
});

const keyRoute = publicRoute({
  method: 'get',
  path: '/api/push/key',
  operationId: 'getPushKey',
  tags: ['Notifications'],
  summary: 'The VAPID public key browsers subscribe with (public)',
  description: "Public. The server's VAPID public key, which the browser's PushManager subscribes with.",
  responses: { 200: json(PushKeySchema, 'Key') },
});

const OwnerHeader = z.object({ [OWNER_TOKEN_HEADER]: z.string().optional() });
const SUBSCRIPTION_EXAMPLE = { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };

const SubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, message: 'endpoint must be an https URL from the browser’s push service' }).max(2048),
  keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
});

const subscribeRoute = ownerTokenRoute({}, {
  method: 'post',
  path: '/api/push/subscriptions',
  operationId: 'createPushSubscription',
  tags: ['Notifications'],
  summary: 'Saves this browser’s push subscription for the signed-in traveller, or for the anonymous alert owner named by X-Alert-Owner',
  description: 'A signed-in traveller, or an anonymous price-alert owner identified by the X-Alert-Owner token. Saving the same endpoint again updates it.',
  request: { headers: OwnerHeader, body: { required: true, content: { 'application/json': { schema: SubscriptionBody, example: SUBSCRIPTION_EXAMPLE } } } },
  responses: { 201: json(z.object({ ok: z.literal(true) }), 'Saved'), 400: json(ErrorSchema, 'Bad subscription'), 401: json(ErrorSchema, 'Neither signed in nor an alert owner') },
});

const unsubscribeRoute = ownerTokenRoute({}, {
  method: 'post',
  path: '/api/push/subscriptions/remove',
  operationId: 'deletePushSubscription',
  tags: ['Notifications'],
  summary: 'Forgets a push subscription by its endpoint (the browser unsubscribed)',
  description: 'A signed-in traveller, or an anonymous price-alert owner identified by the X-Alert-Owner token. Forgetting an unknown endpoint is not an error.',
  request: {
    headers: OwnerHeader,
    body: { required: true, content: { 'application/json': { schema: z.object({ endpoint: z.string().max(2048) }), example: { endpoint: SUBSCRIPTION_EXAMPLE.endpoint } } } },
  },
  responses: { 200: json(z.object({ removed: z.boolean() }), 'Done'), 401: json(ErrorSchema, 'Neither signed in nor an alert owner') },
});

/**
 * Notices (signed in: requireUser) and Web Push subscriptions (signed in, or an anonymous alert
 * owner proving its token; the public key is public).
 */
export function registerNotifications(app: OpenApiApp) {
  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { unread } = c.req.valid('query');
    return c.json(await listNotices(c.get('deps').database.db, currentUser(c).id, { unreadOnly: unread === 'true' }), 200);
  });

  app.openapi(readRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const body = c.req.valid('json');
    const marked = await markNoticesRead(database.db, clock, currentUser(c).id, body.all ? { all: true } : { ids: body.ids ?? [] });
    return c.json({ marked }, 200);
  });

  app.openapi(keyRoute, async (c) => {
    const { publicKey } = await vapidKeys(c.get('deps').config);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ publicKey }, 200);
  });

  const pushOwner = (c: { get(key: 'user'): { id: string } | undefined }, token: string | undefined) => {
    const user = c.get('user');
    if (user) return { userId: user.id };
    if (token) return { alertOwnerHash: hashSessionToken(token) };
    throw new AppError('unauthorized', 'Sign in or create a price alert first.');
  };

  app.openapi(subscribeRoute, async (c) => {
    const body = c.req.valid('json');
    const owner = pushOwner(c, c.req.valid('header')[OWNER_TOKEN_HEADER]);
    await savePushSubscription(c.get('deps').database.db, c.get('deps').clock, owner, body);
    return c.json({ ok: true as const }, 201);
  });

  app.openapi(unsubscribeRoute, async (c) => {
    const owner = pushOwner(c, c.req.valid('header')[OWNER_TOKEN_HEADER]);
    const removed = await removePushSubscription(c.get('deps').database.db, owner, c.req.valid('json').endpoint);
    return c.json({ removed }, 200);
  });
}
