import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import { NOTICE_LIST_LIMIT, type Notice, type NoticeKind } from '../../core/notifications';
import type { Db } from '../../db/client';
import { notifications, outbox, pushSubscriptions, users } from '../../db/schema';
import type { NoticeMailPayload } from '../booking/outbox';
import type { Tx } from '../booking/catalog';
import { PUSH_KIND, queuePush } from './push-queue';

/** Who a notice is for: a signed-in traveller (in-app, mail to the account, push), or an address alone (mail only). */
type NoticeRecipient = { userId: string; email?: string } | { email: string };

export interface NoticeInput {
  to: NoticeRecipient;
  kind: NoticeKind;
  /** Short line shown in the app, the push and the mail subject, e.g. "Flight 6E 2174 is delayed by 45 minutes". */
  title: string;
  body: string;
  /** In-app path the notice opens, e.g. "/profile". */
  url?: string;
  data?: Record<string, unknown>;
  /**
   * The same key for the same recipient is recorded once: later calls return `created: false`
   * and queue nothing. Put the facts that make the event new in it, e.g. `flight:6E2174:2026-12-24:delay:45`.
   */
  dedupeKey: string;
  /** Mail: `false` for none; otherwise overrides of the subject and text (default: title and body). */
  mail?: false | { subject?: string; text?: string; links?: { label: string; path: string }[]; unsubscribePath?: string; waitForVerifiedAccount?: boolean };
  /** Web Push to the recipient's subscribed browsers (default true). */
  push?: boolean;
}

export interface NotifyResult {
  created: boolean;
  id: string | null;
}

/**
 * Records an in-app notice and queues its mail (through the outbox) and Web Push, once per
 * (recipient, dedupe key). Call it inside the transaction that makes the change it reports, so
 * the notice exists exactly when the change does.
 * @example await notify(tx, clock, { to: { userId }, kind: 'flight-change', title: 'Flight 6E 2174 is delayed by 45 minutes', body: 'Now leaving 10:25 from T1.', url: '/profile', dedupeKey: 'flight:6E2174:2026-12-24:delay:45' })
 */
export async function notify(db: Db | Tx, clock: Clock, input: NoticeInput): Promise<NotifyResult> {
  const now = clock.now();
  const userId = 'userId' in input.to ? input.to.userId : null;
  let email = input.to.email?.trim().toLowerCase() ?? null;
  if (userId && !email && input.mail !== false) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    email = user?.email ?? null;
  }
  const owner = userId ? `user:${userId}` : `email:${email ?? ''}`;
  if (!userId && !email) throw new Error('notify() needs a user id or an email address');

  const [row] = await db
    .insert(notifications)
    .values({
      owner,
      userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      url: input.url ?? null,
      data: input.data ?? null,
      dedupeKey: input.dedupeKey,
      createdAt: now,
      // Address-only notices have no app to show them in.
      readAt: userId ? null : now,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!row) return { created: false, id: null };

  if (input.mail !== false && email) {
    const mail = input.mail ?? {};
    const payload: NoticeMailPayload = {
      subject: mail.subject ?? input.title,
      text: mail.text ?? input.body,
      ...(input.url ? { path: input.url } : {}),
      ...(mail.links ? { links: mail.links } : {}),
      ...(mail.unsubscribePath ? { unsubscribePath: mail.unsubscribePath } : {}),
      ...(mail.waitForVerifiedAccount ? { waitForVerifiedAccount: true } : {}),
    };
    await db.insert(outbox).values({ kind: 'notice-mail', recipient: email, payload, availableAt: now });
  }
  if (input.push !== false && userId) {
    await queuePush(db, now, { userId }, { title: input.title, body: input.body, url: input.url ?? '/', tag: input.dedupeKey });
  }
  return { created: true, id: row.id };
}

/** A notice to a signed-in traveller whose address the caller already has (see `notifyMany`). */
export type TravellerNotice = Omit<NoticeInput, 'to' | 'mail'> & { to: { userId: string; email: string } };

/**
 * `notify` for many travellers at once, in three statements whatever their number: the notices
 * (each once per traveller and dedupe key), the mails of those recorded now, and a push for each
 * browser their travellers subscribed. Returns the notices recorded now.
 * @example await notifyMany(tx, clock, [{ to: { userId, email }, kind: 'flight-change', title, body, url, dedupeKey }])
 */
export async function notifyMany(db: Db | Tx, clock: Clock, inputs: readonly TravellerNotice[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const now = clock.now();
  const written = await db
    .insert(notifications)
    .values(inputs.map((input) => ({ owner: `user:${input.to.userId}`, userId: input.to.userId, kind: input.kind, title: input.title, body: input.body, url: input.url ?? null, data: input.data ?? null, dedupeKey: input.dedupeKey, createdAt: now, readAt: null })))
    .onConflictDoNothing()
    .returning({ owner: notifications.owner, dedupeKey: notifications.dedupeKey });
  const fresh = new Set(written.map((w) => `${w.owner}|${w.dedupeKey}`));
  const created = inputs.filter((input) => fresh.has(`user:${input.to.userId}|${input.dedupeKey}`));
  if (created.length === 0) return 0;
  const mails = created.map((input) => {
    const payload: NoticeMailPayload = { subject: input.title, text: input.body, ...(input.url ? { path: input.url } : {}) };
    return { kind: 'notice-mail' as const, recipient: input.to.email.trim().toLowerCase(), payload, availableAt: now };
  });
  await db.insert(outbox).values(mails);
  const pushing = created.filter((input) => input.push !== false);
  if (pushing.length > 0) {
    const subscriptions = await db
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.userId,
          pushing.map((input) => input.to.userId),
        ),
      );
    const pushes = pushing.flatMap((input) =>
      subscriptions.filter((sub) => sub.userId === input.to.userId).map((sub) => ({ kind: PUSH_KIND, recipient: sub.id, payload: { title: input.title, body: input.body, url: input.url ?? '/', tag: input.dedupeKey }, availableAt: now })),
    );
    if (pushes.length > 0) await db.insert(outbox).values(pushes);
  }
  return created.length;
}

function toNotice(row: typeof notifications.$inferSelect): Notice {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * A traveller's latest notices (newest first) and how many are unread.
 * @example const { notices, unread } = await listNotices(db, user.id, { unreadOnly: true })
 */
export async function listNotices(db: Db, userId: string, options: { unreadOnly?: boolean } = {}): Promise<{ notices: Notice[]; unread: number }> {
  const mine = eq(notifications.userId, userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(options.unreadOnly ? and(mine, isNull(notifications.readAt)) : mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTICE_LIST_LIMIT);
  const [count] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(mine, isNull(notifications.readAt)));
  return { notices: rows.map(toNotice), unread: count?.unread ?? 0 };
}

/**
 * Marks the traveller's notices read (only their own: other ids are ignored); returns how many changed.
 * @example await markNoticesRead(db, clock, user.id, { ids: [id] })
 */
export async function markNoticesRead(db: Db, clock: Clock, userId: string, which: { ids?: string[]; all?: true }): Promise<number> {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (!which.all) conditions.push(inArray(notifications.id, which.ids ?? []));
  const changed = await db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return changed.length;
}
