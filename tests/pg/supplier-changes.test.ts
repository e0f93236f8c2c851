import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disruptionCases, notifications } from '../../src/db/schema';
import { supplierChanges } from '../../src/server/supplier-changes';
import { authed } from '../support/booking';
import { bookDuffel } from '../support/duffel-changes';
import { type DuffelFake, startDuffelFake } from '../support/duffel-fake/server';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

/**
 * Airline-initiated changes of Duffel bookings on PostgreSQL with two nodes (issue 26 point 5):
 * the same change arriving on both nodes at once (webhooks and polls) is one case and one notice;
 * the traveller's two answers racing on two nodes give exactly one outcome, at Safar and at Duffel.
 */

const SECRET = 'whsec_contract_fake_0002';
const NOW = '2027-01-10T08:00:00Z';

type Node = Awaited<ReturnType<typeof createTestApp>>;

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: airline-initiated changes of Duffel bookings', () => {
  let database: Awaited<ReturnType<typeof openScratchPostgres>>;
  let fake: DuffelFake;
  let node: Node;
  let other: Node;

  beforeAll(async () => {
    database = await openScratchPostgres(20);
    fake = await startDuffelFake({ now: Date.parse(NOW) });
    const env = { DUFFEL_ACCESS_TOKEN: fake.token, DUFFEL_API_URL: fake.url, DUFFEL_WEBHOOK_SECRET: SECRET };
    node = await createTestApp({ database, now: NOW, env });
    other = await createTestApp({ database, now: NOW, env });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  const deliver = (at: Node, body: string, signature: string) =>
    at.app.request('/api/suppliers/duffel/webhooks', { method: 'POST', headers: { 'content-type': 'application/json', 'x-duffel-signature': signature }, body });

  const casesOf = (bookingId: string) => database.db.select().from(disruptionCases).where(and(eq(disruptionCases.bookingId, bookingId), like(disruptionCases.disruptionId, 'duffel:%')));
  const noticesOf = (userId: string) => database.db.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.dedupeKey, 'disruption:duffel:%')));

  it('the same change by two webhooks and two polls on two nodes at once: one case, one notice', async () => {
    const booked = await bookDuffel(node, fake);
    const { event } = fake.airlineChange(booked.orderId, 120);
    const signed = fake.sign(event, SECRET);
    const second = fake.sign({ ...event, id: `${event.id}b` }, SECRET);
    const [a, b] = await Promise.all([
      deliver(node, signed.body, signed.signature),
      deliver(other, second.body, second.signature),
      supplierChanges(node.deps)?.poll({ everySeconds: 300 }),
      supplierChanges(other.deps)?.poll({ everySeconds: 300 }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await casesOf(booked.bookingId)).toHaveLength(1);
    expect(await noticesOf(booked.userId)).toHaveLength(1);
  });

  it('keep and refund racing on two nodes: exactly one outcome, and Duffel saw only that one', async () => {
    const booked = await bookDuffel(node, fake);
    const { change, event } = fake.airlineChange(booked.orderId, 200);
    const signed = fake.sign(event, SECRET);
    expect((await deliver(node, signed.body, signed.signature)).status).toBe(200);
    const disruptionId = `duffel:${change.id}`;
    const [kept, refunded] = await Promise.all([
      node.app.request(`/api/bookings/${booked.bookingId}/disruption/accept`, { method: 'POST', headers: authed(booked.cookie), body: JSON.stringify({ disruptionId }) }),
      other.app.request(`/api/bookings/${booked.bookingId}/disruption/refund`, { method: 'POST', headers: authed(booked.cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ disruptionId }) }),
    ]);
    const answers = { kept: { status: kept.status, body: await kept.clone().text() }, refunded: { status: refunded.status, body: await refunded.clone().text() } };
    // One wins (keeping answers 200, a refund 201 with its cancellation), the other is told it is decided.
    expect([kept.status, refunded.status], JSON.stringify(answers)).toEqual(kept.status === 200 ? [200, 409] : [409, 201]);
    const [row] = await casesOf(booked.bookingId);
    const order = fake.order(booked.orderId);
    const accepted = order?.airline_initiated_changes.some((c) => c.action_taken === 'accepted') ?? false;
    const cancelled = order?.cancelled_at !== null && order?.cancelled_at !== undefined;
    if (kept.status === 200) {
      expect(row).toMatchObject({ state: 'kept', supplierAction: null });
      expect([accepted, cancelled]).toEqual([true, false]);
    } else {
      expect(row).toMatchObject({ state: 'refunded', supplierAction: null });
      expect([accepted, cancelled]).toEqual([false, true]);
    }
  });
});
