import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Itinerary } from '../../src/core/search';
import type { Db } from '../../src/db/client';
import { bookings, passengers, payments } from '../../src/db/schema';
import { sweepExpiredHolds } from '../../src/domain/booking/expire';
import { worldCatalog } from '../../src/domain/booking/world-catalog';
import { signSandboxWebhook } from '../../src/domain/payments/sandbox';
import { DEV_SANDBOX_SECRET } from '../../src/server/config';
import { signUpAndLogin } from '../support/auth';
import { findItinerary } from '../support/booking';
import { MEMBER_PASSENGER, bookedGroup, call, confirmShare, orderShare, payOrder, payShare } from '../support/companion';
import { expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

/**
 * Travel Companion races on a real PostgreSQL server: members paying at once, one share paid
 * twice (callback + webhook, and two tabs), the last share landing as the hold expires on
 * another node. After each: seats balance, no share is captured twice, and every group ends
 * either confirmed with exactly its total captured or with every paid share refunded.
 */

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;
type Node = Awaited<ReturnType<typeof createTestApp>>;
type Traveller = Awaited<ReturnType<typeof signUpAndLogin>>;

/** The money of one group's booking: exactly its total captured once per share if confirmed, nothing captured otherwise. */
async function expectSettled(db: Db, bookingId: string, partySize: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const rows = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const captured = rows.filter((r) => r.status === 'captured');
  expect(new Set(captured.map((r) => r.shareKey)).size, 'no share captured twice').toBe(captured.length);
  if (booking?.status === 'confirmed') {
    expect(captured.reduce((n, r) => n + r.amountPaise, 0)).toBe(booking.totalInr * 100);
    expect(captured).toHaveLength(partySize);
    const pax = await db.select().from(passengers).where(eq(passengers.bookingId, bookingId));
    expect(pax.filter((p) => p.ticketNumber !== null)).toHaveLength(partySize);
  } else if (booking?.status === 'held') {
    expect(captured.reduce((n, r) => n + r.amountPaise, 0)).toBeLessThan((booking.totalInr ?? 0) * 100);
  } else {
    expect(captured).toEqual([]);
  }
  return { booking, rows };
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: Travel Companion races', () => {
  let database: Scratch;
  let node: Node;
  let itinerary: Itinerary;
  let organiser: Traveller;
  const friends: Traveller[] = [];

  beforeAll(async () => {
    database = await openScratchPostgres(20);
    node = await createTestApp({ database });
    organiser = await signUpAndLogin(node.app);
    for (let i = 0; i < 4; i += 1) friends.push(await signUpAndLogin(node.app));
    itinerary = await findItinerary(node.app, { from: 'DEL', to: 'BLR', date: '2026-12-28' });
    await database.db.transaction((tx) => worldCatalog(node.world).ensureInventory(tx, itinerary.legs));
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(async () => {
    await expectInventoryBalanced(database.db);
  });

  /** A held group of the organiser and `n` friends, every friend accepted with their details. */
  async function readyGroup(app: Node['app'], n: number) {
    const emails = friends.slice(0, n).map((_, i) => `race-${randomUUID().slice(0, 8)}-${i}@example.com`);
    const { groupId, group, tokens } = await bookedGroup(app, database.db, organiser.cookie, itinerary.id, emails);
    const members: { who: Traveller; memberId: string }[] = [{ who: organiser, memberId: group.members[0]?.id ?? '' }];
    for (const [i, email] of emails.entries()) {
      const who = friends[i] as Traveller;
      const accepted = await call(app, who.cookie, 'POST', `/api/group-invites/${tokens.get(email) ?? ''}/accept`, { passenger: MEMBER_PASSENGER(`Friend${"ABCDEFGH"[i] ?? "Z"}`) });
      expect(accepted.status).toBe(200);
      members.push({ who, memberId: accepted.body.group.viewerMemberId });
    }
    return { groupId, bookingId: group.bookingId ?? '', members, partySize: n + 1 };
  }

  it('five members paying their shares at the same moment: one confirmation, the total captured once per share', async () => {
    const { groupId, bookingId, members, partySize } = await readyGroup(node.app, 4);
    const paid = await Promise.all(members.map((m) => payShare(node.app, m.who.cookie, groupId, m.memberId)));
    const answers = await Promise.all(members.map((m, i) => confirmShare(node.app, m.who.cookie, groupId, m.memberId, (paid[i] as (typeof paid)[number]).payment)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const { booking } = await expectSettled(database.db, bookingId, partySize);
    expect(booking?.status).toBe('confirmed');
    for (const m of members) expect((await call(node.app, m.who.cookie, 'GET', `/api/groups/${groupId}`)).body.group.status).toBe('confirmed');
    // A late webhook burst for the same payments changes nothing.
    node.clock.advance(5_000);
    await node.checkout.deliverSandboxWebhooks();
    await expectSettled(database.db, bookingId, partySize);
  });

  it('a share paid once but reported twice (callback and webhook at once) is counted once', async () => {
    const { groupId, bookingId, members, partySize } = await readyGroup(node.app, 2);
    const [first, ...rest] = members;
    if (!first) throw new Error('no organiser');
    const { payment, order } = await payShare(node.app, first.who.cookie, groupId, first.memberId);
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: payment.paymentId, order_id: payment.orderId, amount: order.amountPaise, method: 'card' } } } });
    const webhook = () =>
      node.app.request('/api/webhooks/sandbox', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signSandboxWebhook(DEV_SANDBOX_SECRET, body), 'X-Sandbox-Event-Id': `evt_${randomUUID()}` },
        body,
      });
    const [callback, hook1, hook2] = await Promise.all([confirmShare(node.app, first.who.cookie, groupId, first.memberId, payment), webhook(), webhook()]);
    expect(callback.status).toBe(200);
    expect([hook1.status, hook2.status].every((s) => s < 500)).toBe(true);
    const rows = await database.db.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.shareKey, first.memberId)));
    expect(rows.filter((r) => r.status === 'captured')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'refunding' || r.status === 'refunded')).toEqual([]);
    // The others pay; the group confirms with exactly the total.
    for (const m of rest) {
      const p = await payShare(node.app, m.who.cookie, groupId, m.memberId);
      expect((await confirmShare(node.app, m.who.cookie, groupId, m.memberId, p.payment)).status).toBe(200);
    }
    expect((await expectSettled(database.db, bookingId, partySize)).booking?.status).toBe('confirmed');
  });

  it('one share paid in two tabs at once: one payment counts, the other is refunded, never charged twice', async () => {
    const { groupId, bookingId, members, partySize } = await readyGroup(node.app, 1);
    const [, friend] = members;
    if (!friend) throw new Error('no friend');
    // Both tabs open the payment before either pays (once a share is paid, a new order is refused).
    const orders = await Promise.all([orderShare(node.app, friend.who.cookie, groupId, friend.memberId), orderShare(node.app, friend.who.cookie, groupId, friend.memberId)]);
    const paid = await Promise.all(orders.map((order) => payOrder(node.app, order)));
    const answers = await Promise.all(paid.map((p) => confirmShare(node.app, friend.who.cookie, groupId, friend.memberId, p.payment)));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    await node.checkout.sendRefunds();
    const rows = await database.db.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.shareKey, friend.memberId)));
    expect(rows.filter((r) => r.status === 'captured')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'refunded')).toHaveLength(1);
    expect((await expectSettled(database.db, bookingId, partySize)).booking?.status).toBe('held');
    await call(node.app, organiser.cookie, 'POST', `/api/groups/${groupId}/cancel`);
  });

  it('the last share paid as the hold expires on another node: each group ends confirmed or fully refunded, never both', async () => {
    // Two nodes on one database: the payer's node still before the expiry, the sweeper's after it.
    const payerNode = await createTestApp({ database });
    const sweeperNode = await createTestApp({ database });
    const groupsReady = [];
    for (let i = 0; i < 6; i += 1) groupsReady.push(await readyGroup(payerNode.app, 2));
    // Everyone but the last member has paid.
    for (const g of groupsReady) {
      for (const m of g.members.slice(0, -1)) {
        const p = await payShare(payerNode.app, m.who.cookie, g.groupId, m.memberId);
        expect((await confirmShare(payerNode.app, m.who.cookie, g.groupId, m.memberId, p.payment)).status).toBe(200);
      }
    }
    const lastPaid = await Promise.all(groupsReady.map((g) => payShare(payerNode.app, g.members.at(-1)?.who.cookie ?? '', g.groupId, g.members.at(-1)?.memberId ?? '')));
    const [held] = await database.db.select().from(bookings).where(eq(bookings.id, groupsReady[0]?.bookingId ?? ''));
    const expiry = held?.holdExpiresAt.getTime() ?? 0;
    payerNode.clock.set(new Date(expiry - 1));
    sweeperNode.clock.set(new Date(expiry + 1));
    const results = await Promise.all([
      // The last payments arrive spread over ~50 ms, the group whose hold ends last first ...
      ...groupsReady.map(async (g, i) => {
        await new Promise((resolve) => setTimeout(resolve, (groupsReady.length - 1 - i) * 10));
        return confirmShare(payerNode.app, g.members.at(-1)?.who.cookie ?? '', g.groupId, g.members.at(-1)?.memberId ?? '', (lastPaid[i] as (typeof lastPaid)[number]).payment);
      }),
      // ... while the sweeper takes one expired hold at a time, the one that ended first first: they meet in the middle.
      (async () => {
        for (let i = 0; i < groupsReady.length; i += 1) {
          await sweepExpiredHolds(database.db, sweeperNode.clock, 1);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })(),
    ]);
    await sweeperNode.checkout.sendRefunds();
    const outcomes = { confirmed: 0, refunded: 0 };
    for (const [i, g] of groupsReady.entries()) {
      const { booking, rows } = await expectSettled(database.db, g.bookingId, g.partySize);
      const answer = results[i] as { status: number };
      if (booking?.status === 'confirmed') {
        outcomes.confirmed += 1;
        expect(answer.status).toBe(200);
      } else {
        outcomes.refunded += 1;
        expect(booking?.status).toBe('expired');
        expect(answer.status).toBe(409);
        // Every share that was paid went back.
        const paidRows = rows.filter((r) => r.status !== 'created');
        expect(paidRows.length).toBe(g.partySize);
        expect(paidRows.every((r) => r.status === 'refunded')).toBe(true);
      }
    }
    expect(outcomes.confirmed + outcomes.refunded).toBe(groupsReady.length);
    const ids = groupsReady.map((g) => g.bookingId);
    const left = await database.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(left.every((b) => b.status === 'confirmed' || b.status === 'expired')).toBe(true);
    console.info(`last share vs expiry: ${outcomes.confirmed} confirmed, ${outcomes.refunded} fully refunded`);
  });
});
