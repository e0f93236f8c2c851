import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PassengerInput } from '../../src/core/booking';
import type { GroupView } from '../../src/core/companion';
import type { Db } from '../../src/db/client';
import { outbox } from '../../src/db/schema';
import { GOOD_CARD, authed, sandboxPay } from './booking';

interface RequestableApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

type ApiError = { error?: { code: string; message: string; reason?: string; fields?: Record<string, string> } };

/** A JSON call as a signed-in traveller; creating POSTs get a fresh Idempotency-Key. */
export async function call<T = GroupView>(app: RequestableApp, cookie: string, method: string, path: string, body?: unknown, key: string = randomUUID()) {
  const init: RequestInit = { method, headers: authed(cookie, { 'Idempotency-Key': key }) };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await app.request(path, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & ApiError & { group: GroupView } };
}

export const MEMBER_PASSENGER = (firstName: string): PassengerInput => ({ title: 'Ms', firstName, lastName: 'Sharma', dob: '1992-03-14', type: 'Adult', mobileNo: '9876543210' });

/**
 * An organiser's group of `invitees + 1` on an itinerary, booked (seats held, invitations queued).
 * @example const { group, tokens } = await bookedGroup(app, db, alice.cookie, itinerary.id, ['b@example.com'])
 */
export async function bookedGroup(app: RequestableApp, db: Db, cookie: string, itineraryId: string, invitees: string[], options: { organiserDetails?: boolean } = {}) {
  const created = await call(app, cookie, 'POST', '/api/groups', { itineraryId });
  if (created.status !== 201) throw new Error(`create group: ${created.status} ${JSON.stringify(created.body)}`);
  const groupId = created.body.group.id;
  for (const email of invitees) {
    const added = await call(app, cookie, 'POST', `/api/groups/${groupId}/members`, { name: `Friend ${email.split('@')[0] ?? ''}`, email });
    if (added.status !== 201) throw new Error(`add member: ${added.status} ${JSON.stringify(added.body)}`);
  }
  if (options.organiserDetails !== false) {
    const organiser = created.body.group.members[0];
    const saved = await call(app, cookie, 'PUT', `/api/groups/${groupId}/members/${organiser?.id ?? ''}/passenger`, { passenger: MEMBER_PASSENGER('Asha') });
    if (saved.status !== 200) throw new Error(`organiser details: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  const booked = await call(app, cookie, 'POST', `/api/groups/${groupId}/book`);
  if (booked.status !== 200) throw new Error(`book group: ${booked.status} ${JSON.stringify(booked.body)}`);
  return { groupId, group: booked.body.group, tokens: await inviteTokens(db, invitees) };
}

/** The invitation token mailed to each address (read from the outbox, as the mail sink would). */
export async function inviteTokens(db: Db, emails: string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const email of emails) {
    const rows = await db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.kind, 'notice-mail')));
    for (const row of rows) {
      const links = (row.payload as { links?: { path: string }[] }).links ?? [];
      const match = links.map((l) => /^\/group\/join\/([A-Za-z0-9_-]{43})$/.exec(l.path)).find(Boolean);
      if (match?.[1]) tokens.set(email, match[1]);
    }
  }
  return tokens;
}

/** A payment order for one member's share (what opening the payment in a tab does). */
export async function orderShare(app: RequestableApp, cookie: string, groupId: string, memberId: string) {
  const order = await call<{ order: { orderId: string; amountPaise: number } }>(app, cookie, 'POST', `/api/groups/${groupId}/shares/${memberId}/order`, { method: 'card' });
  if (order.status !== 200) throw new Error(`share order: ${order.status} ${JSON.stringify(order.body)}`);
  return order.body.order;
}

/** The sandbox card payment of an order; returns the order and the signed callback fields. */
export async function payOrder(app: RequestableApp, order: { orderId: string; amountPaise: number }) {
  const pay = await sandboxPay(app, order.orderId, { method: 'card', card: GOOD_CARD });
  if (pay.status !== 200) throw new Error(`sandbox pay: ${pay.status} ${JSON.stringify(pay.body)}`);
  return { order, payment: pay.body };
}

/** Order → sandbox card payment for one member's share; returns the signed callback fields. */
export async function payShare(app: RequestableApp, cookie: string, groupId: string, memberId: string) {
  return payOrder(app, await orderShare(app, cookie, groupId, memberId));
}

export const confirmShare = (app: RequestableApp, cookie: string, groupId: string, memberId: string, payment: { orderId: string; paymentId: string; signature: string }) =>
  call(app, cookie, 'POST', `/api/groups/${groupId}/shares/${memberId}/confirm`, { orderId: payment.orderId, paymentId: payment.paymentId, signature: payment.signature });
