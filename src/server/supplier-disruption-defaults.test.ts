import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, disruptionCases, notifications } from '../db/schema';
import { supplierChanges } from './supplier-changes';
import { bookDuffel } from '../../tests/support/duffel-changes';
import { type DuffelFake, startDuffelFake } from '../../tests/support/duffel-fake/server';
import { createTestApp } from '../../tests/support/test-app';

/**
 * Cases of Duffel bookings nobody answered by their deadline get the default, as the world's: the
 * airline's change accepted (the booking kept as changed), or where the entitlements say refund (a
 * significant retiming) a full refund through the cancellation path; once, with one notice.
 */

const NOW = '2027-01-10T08:00:00Z';

describe('defaults of Duffel disruption cases at the deadline', () => {
  let fake: DuffelFake;
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    fake = await startDuffelFake({ now: Date.parse(NOW) });
    t = await createTestApp({ now: NOW, env: { DUFFEL_ACCESS_TOKEN: fake.token, DUFFEL_API_URL: fake.url } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const service = () => {
    const found = supplierChanges(t.deps);
    if (!found) throw new Error('not in Duffel mode');
    return found;
  };
  const caseOf = async (bookingId: string) => (await t.database.db.select().from(disruptionCases).where(and(eq(disruptionCases.bookingId, bookingId), like(disruptionCases.disruptionId, 'duffel:%'))))[0];
  const defaultNotices = (userId: string) => t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.dedupeKey, '%:default')));

  it("a small retiming left unanswered until departure: the airline's change is accepted and the booking keeps the new time", async () => {
    const booked = await bookDuffel(t, fake);
    const { change } = fake.airlineChange(booked.orderId, 60);
    await service().syncOrder(booked.orderId);
    const stored = await caseOf(booked.bookingId);
    expect(stored).toMatchObject({ state: 'open', deadlineAction: 'keep-booking' });
    const [before] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
    // Not yet due: nothing happens.
    expect(await service().defaults()).toBe(0);
    t.clock.set(new Date((stored?.deadlineAt?.getTime() ?? 0) + 1000).toISOString());
    expect(await service().defaults()).toBe(1);
    expect(await caseOf(booked.bookingId)).toMatchObject({ state: 'auto-kept', decidedBy: 'safar', supplierAction: null });
    expect(fake.order(booked.orderId)?.airline_initiated_changes.find((c) => c.id === change.id)?.action_taken).toBe('accepted');
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
    expect(Date.parse(after?.itinerary.departure ?? '') - Date.parse(before?.itinerary.departure ?? '')).toBe(60 * 60_000);
    expect(await defaultNotices(booked.userId)).toHaveLength(1);
    // Once: the next pass finds nothing to do.
    expect(await service().defaults()).toBe(0);
  });

  it('a significant retiming left unanswered for a day: a full refund through the airline, the case auto-refunded', async () => {
    t.clock.set(NOW);
    const booked = await bookDuffel(t, fake);
    fake.airlineChange(booked.orderId, 240);
    await service().syncOrder(booked.orderId);
    const stored = await caseOf(booked.bookingId);
    expect(stored).toMatchObject({ state: 'open', deadlineAction: 'refund' });
    const due = (stored?.deadlineAt?.getTime() ?? 0) + 1000;
    // The airline's clock moves with Safar's (its cancellation quotes expire by it).
    fake.advance(due - fake.now());
    t.clock.set(new Date(due).toISOString());
    expect(await service().defaults()).toBe(1);
    expect(await caseOf(booked.bookingId)).toMatchObject({ state: 'auto-refunded', decidedBy: 'safar' });
    expect(fake.order(booked.orderId)?.cancelled_at).not.toBeNull();
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
    expect(after?.status).toBe('cancelled');
    expect(await defaultNotices(booked.userId)).toHaveLength(1);
  });
});
