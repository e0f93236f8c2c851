import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../tests/support/auth';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';
import { outbox, pushSubscriptions } from '../../db/schema';
import { sendOutbox } from '../booking/outbox';
import { notify } from './notify';
import { sendPushes } from './push-sender';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: await mkdtemp(path.join(tmpdir(), 'safar-notify-')) } });
});
afterAll(async () => {
  await ctx.close();
});

const authed = (cookie: string) => jsonHeaders({ Cookie: cookie });

describe('notify()', () => {
  it('records one in-app notice and one mail per dedupe key, and the owner lists and reads it', async () => {
    const alice = await signUpAndLogin(ctx.app);
    const input = {
      to: { userId: alice.user.id },
      kind: 'flight-change' as const,
      title: 'Flight 6E 2174 is delayed by 45 minutes',
      body: 'Now leaving at 10:25 from T1.',
      url: '/profile',
      dedupeKey: 'flight:6E2174:2026-12-24:delay:45',
    };
    expect((await notify(ctx.database.db, ctx.clock, input)).created).toBe(true);
    expect((await notify(ctx.database.db, ctx.clock, input)).created).toBe(false);
    const mails = await ctx.database.db.select().from(outbox).where(and(eq(outbox.recipient, alice.user.email), eq(outbox.kind, 'notice-mail')));
    expect(mails).toHaveLength(1);

    const sent: { to: string; subject: string; text: string }[] = [];
    await sendOutbox(ctx.database.db, ctx.clock, { sendMail: async (m) => void sent.push(m) }, 'Safar <x@safar.example>', 20, { origin: 'https://safar.example' });
    const mine = sent.filter((m) => m.to === alice.user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe('Flight 6E 2174 is delayed by 45 minutes');
    expect(mine[0]?.text).toContain('Open in Safar: https://safar.example/profile');

    const list = await ctx.app.request('/api/notifications?unread=true', { headers: authed(alice.cookie) });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { notices: { id: string; title: string; readAt: string | null }[]; unread: number };
    expect(body.unread).toBe(1);
    expect(body.notices.map((n) => n.title)).toEqual(['Flight 6E 2174 is delayed by 45 minutes']);

    // Someone else cannot see or mark it.
    const bob = await signUpAndLogin(ctx.app);
    const bobs = (await (await ctx.app.request('/api/notifications', { headers: authed(bob.cookie) })).json()) as { notices: unknown[] };
    expect(bobs.notices).toHaveLength(0);
    const bobMarks = await ctx.app.request('/api/notifications/read', { method: 'POST', headers: authed(bob.cookie), body: JSON.stringify({ ids: [body.notices[0]?.id] }) });
    expect(await bobMarks.json()).toEqual({ marked: 0 });

    const read = await ctx.app.request('/api/notifications/read', { method: 'POST', headers: authed(alice.cookie), body: JSON.stringify({ ids: [body.notices[0]?.id] }) });
    expect(await read.json()).toEqual({ marked: 1 });
    const after = (await (await ctx.app.request('/api/notifications?unread=true', { headers: authed(alice.cookie) })).json()) as { notices: unknown[]; unread: number };
    expect(after).toEqual({ notices: [], unread: 0 });
  });

  it('mails an address without an account, with its unsubscribe link', async () => {
    const email = `anon-${Date.now()}@example.com`;
    await notify(ctx.database.db, ctx.clock, {
      to: { email },
      kind: 'price-alert',
      title: 'Price drop',
      body: 'DEL → BOM is ₹4,200.',
      dedupeKey: 'k1',
      mail: { unsubscribePath: '/alerts/unsubscribe?token=abc' },
    });
    const sent: { to: string; text: string; headers?: Record<string, string> }[] = [];
    await sendOutbox(ctx.database.db, ctx.clock, { sendMail: async (m) => void sent.push(m) }, 'Safar <x@safar.example>', 20, { origin: 'https://safar.example' });
    const mine = sent.find((m) => m.to === email);
    expect(mine?.text).toContain('Unsubscribe: https://safar.example/alerts/unsubscribe?token=abc');
    expect(mine?.headers?.['List-Unsubscribe']).toBe('<https://safar.example/alerts/unsubscribe?token=abc>');
  });
});

describe('notices API guards', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['POST', '/api/notifications/read'],
  ])('%s %s answers 401 signed out', async (method, path) => {
    const res = await ctx.app.request(path, { method, headers: jsonHeaders(), ...(method === 'POST' ? { body: JSON.stringify({ all: true }) } : {}) });
    expect(res.status).toBe(401);
  });

  it('rejects a mark-read body naming nothing', async () => {
    const { cookie } = await signUpAndLogin(ctx.app);
    const res = await ctx.app.request('/api/notifications/read', { method: 'POST', headers: authed(cookie), body: '{}' });
    expect(res.status).toBe(400);
  });
});

describe('Web Push', () => {
  const keys = webpush.generateVAPIDKeys();
  const vapid = { ...keys, subject: 'mailto:alerts@safar.example' };
  // A browser's keys (P-256 public key and auth secret), as PushManager.subscribe() returns them.
  const browser = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

  it('subscribes signed-in travellers and alert owners; refuses strangers and non-https endpoints', async () => {
    const { cookie } = await signUpAndLogin(ctx.app);
    const body = JSON.stringify({ endpoint: 'https://push.example/sub/1', keys: browser });
    expect((await ctx.app.request('/api/push/subscriptions', { method: 'POST', headers: jsonHeaders(), body })).status).toBe(401);
    expect((await ctx.app.request('/api/push/subscriptions', { method: 'POST', headers: authed(cookie), body })).status).toBe(201);
    const owner = jsonHeaders({ 'X-Alert-Owner': 'a'.repeat(43) });
    expect((await ctx.app.request('/api/push/subscriptions', { method: 'POST', headers: owner, body: JSON.stringify({ endpoint: 'https://push.example/sub/2', keys: browser }) })).status).toBe(201);
    const http = await ctx.app.request('/api/push/subscriptions', { method: 'POST', headers: authed(cookie), body: JSON.stringify({ endpoint: 'http://push.example/x', keys: browser }) });
    expect(http.status).toBe(400);
    const key = (await (await ctx.app.request('/api/push/key')).json()) as { publicKey: string };
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('delivers through a push service over HTTP and drops subscriptions the service answers 404 or 410 for', async () => {
    const seen: { path: string; headers: Record<string, string | string[] | undefined>; bytes: number }[] = [];
    const statusByPath: Record<string, number> = { '/ok': 201, '/gone': 410, '/missing': 404, '/busy': 503 };
    const service = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, bytes });
        res.statusCode = statusByPath[req.url ?? ''] ?? 500;
        res.end();
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    try {
      const alice = await signUpAndLogin(ctx.app);
      const db = ctx.database.db;
      for (const path of ['/ok', '/gone', '/missing', '/busy']) {
        await db.insert(pushSubscriptions).values({ endpoint: `${base}${path}`, p256dh: browser.p256dh, auth: browser.auth, userId: alice.user.id });
      }
      await notify(db, ctx.clock, { to: { userId: alice.user.id }, kind: 'general', title: 'Hello', body: 'World', url: '/profile', dedupeKey: 'push-1', mail: false });
      const result = await sendPushes(db, ctx.clock, vapid);
      expect(result).toEqual({ sent: 1, gone: 2, failed: 1 });
      const ok = seen.find((s) => s.path === '/ok');
      expect(ok?.headers['content-encoding']).toBe('aes128gcm');
      expect(String(ok?.headers.authorization)).toMatch(/^vapid t=.+, k=/);
      expect(ok?.bytes).toBeGreaterThan(100);
      const left = await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, alice.user.id));
      expect(left.map((s) => s.endpoint.replace(base, '')).sort()).toEqual(['/busy', '/ok']);
      // The 503 is retried later, not at once.
      const pending = await db.select().from(outbox).where(and(eq(outbox.kind, 'web-push'), isNull(outbox.sentAt)));
      expect(pending).toHaveLength(1);
      expect((await sendPushes(db, ctx.clock, vapid)).failed).toBe(0);
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });
});
