import { createHmac } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisruptionAcceptAnswer, DisruptionAlternativesAnswer, DisruptionAnswer, DisruptionRebookAnswer, DisruptionRefundAnswer } from '../../core/disruptions';
import { bookings, disruptionCases, notifications, outbox } from '../../db/schema';
import { type DuffelFake, startDuffelFake } from '../../../tests/support/duffel-fake/server';
import { authed } from '../../../tests/support/booking';
import { createTestApp } from '../../../tests/support/test-app';
import { supplierChanges } from '../supplier-changes';
import { bookDuffel } from '../../../tests/support/duffel-changes';

/**
 * Airline-initiated changes of Duffel bookings (issue 26 points 5 and 8), in process against the
 * contract fake: signed webhooks (valid, invalid, stale, replayed), one case and one notice per
 * change however often it arrives, polling for a change whose webhook never came, and the
 * traveller keeping the new plan or moving to another flight through the seam.
 */

const SECRET = 'whsec_contract_fake_0001';
const NOW = '2027-01-10T08:00:00Z';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('Duffel webhooks and airline-initiated changes', () => {
  let fake: DuffelFake;
  let t: App;

  beforeAll(async () => {
    fake = await startDuffelFake({ now: Date.parse(NOW) });
    t = await createTestApp({ now: NOW, env: { DUFFEL_ACCESS_TOKEN: fake.token, DUFFEL_API_URL: fake.url, DUFFEL_WEBHOOK_SECRET: SECRET, SUPPLIER_CHANGE_POLL_SECONDS: '300' } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const post = (body: string, signature: string | null) =>
    t.app.request('/api/suppliers/duffel/webhooks', { method: 'POST', headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-duffel-signature': signature }) }, body });

  const casesOf = (bookingId: string) => t.database.db.select().from(disruptionCases).where(and(eq(disruptionCases.bookingId, bookingId), like(disruptionCases.disruptionId, 'duffel:%')));
  const noticesOf = (userId: string) => t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.dedupeKey, 'disruption:duffel:%')));

  it('refuses a missing, wrong or stale signature (401) and a signed body that is not an event (400), before reading anything', async () => {
    const event = fake.event('ping.triggered', { id: 'whk_1' });
    expect((await post(fake.sign(event, SECRET).body, null)).status).toBe(401);
    const tampered = fake.sign(event, SECRET, { tamper: true });
    const wrong = await post(tampered.body, tampered.signature);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await post(tampered.body, 'v1=abc')).status).toBe(401);
    const stale = fake.sign(event, SECRET, { timestamp: Math.floor(Date.parse(NOW) / 1000) - 600 });
    expect((await post(stale.body, stale.signature)).status).toBe(401);
    // Signed right, but not a Duffel event.
    const garbage = '{"not":"an event"}';
    const at = Math.floor(Date.parse(NOW) / 1000);
    expect((await post(garbage, `t=${at},v1=${createHmac('sha256', SECRET).update(`${at}.${garbage}`).digest('hex')}`)).status).toBe(400);
    const ok = fake.sign(event, SECRET);
    const answer = await post(ok.body, ok.signature);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, duplicate: false, kind: 'ping' });
  });

  it('a change webhook delivered twice (and announced by a second event) makes one case and one notice; the order is fetched again, not trusted', async () => {
    const booked = await bookDuffel(t, fake);
    const { change, event } = fake.airlineChange(booked.orderId, 150);
    const signed = fake.sign(event, SECRET);
    const first = await post(signed.body, signed.signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ duplicate: false, kind: 'airlineChangeDetected' });
    const again = await post(signed.body, signed.signature);
    expect(await again.json()).toMatchObject({ duplicate: true });
    const second = fake.sign(fake.event('order.airline_initiated_change_detected', { id: booked.orderId, aic_id: change.id }), SECRET);
    expect((await post(second.body, second.signature)).status).toBe(200);
    expect(fake.requests.filter((r) => r.path.startsWith('/air/airline_initiated_changes')).length).toBeGreaterThanOrEqual(2);

    const cases = await casesOf(booked.bookingId);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ disruptionId: `duffel:${change.id}`, kind: 'retiming', state: 'open' });
    const notices = await noticesOf(booked.userId);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.url).toBe(`/ticket/${booked.bookingId}/changed`);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'notice-mail'));
    expect(mails.filter((m) => JSON.stringify(m.payload).includes(booked.bookingId))).toHaveLength(1);

    const view = await t.app.request(`/api/bookings/${booked.bookingId}/disruption`, { headers: authed(booked.cookie) });
    expect(view.status).toBe(200);
    const answer = (await view.json()) as DisruptionAnswer;
    expect(answer.cases).toHaveLength(1);
    expect(answer.cases[0]).toMatchObject({ id: `duffel:${change.id}`, state: 'open', disruption: { kind: 'retiming', shiftMinutes: 150, reason: 'schedule-change' } });
    expect(answer.cases[0]?.actions).toEqual(['rebook', 'refund', 'accept']);
    expect(answer.cases[0]?.refundPaise).toBeGreaterThan(0);
  });

  it('accepting keeps the airline’s new plan: accepted at Duffel, the ticket shows the new times, the case is kept once', async () => {
    const booked = await bookDuffel(t, fake);
    const { change, event } = fake.airlineChange(booked.orderId, 90);
    const signed = fake.sign(event, SECRET);
    await post(signed.body, signed.signature);
    const before = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
    const accepted = await t.app.request(`/api/bookings/${booked.bookingId}/disruption/accept`, { method: 'POST', headers: authed(booked.cookie), body: JSON.stringify({ disruptionId: `duffel:${change.id}` }) });
    expect(accepted.status).toBe(200);
    const body = (await accepted.json()) as DisruptionAcceptAnswer;
    expect(body.case).toMatchObject({ state: 'kept', actions: [], decision: { outcome: 'kept', by: 'traveller' } });
    expect(fake.order(booked.orderId)?.airline_initiated_changes[0]?.action_taken).toBe('accepted');
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
    const was = before[0]?.itinerary.legs[0]?.departure ?? '';
    expect(Date.parse(after?.itinerary.legs[0]?.departure ?? '') - Date.parse(was)).toBe(90 * 60_000);
    const twice = await t.app.request(`/api/bookings/${booked.bookingId}/disruption/refund`, { method: 'POST', headers: authed(booked.cookie, { 'Idempotency-Key': crypto.randomUUID() }), body: JSON.stringify({ disruptionId: `duffel:${change.id}` }) });
    expect(twice.status).toBe(409);
  });

  it('choosing another flight confirms the supplier’s change offer and the booking flies it, nothing to pay', async () => {
    const booked = await bookDuffel(t, fake);
    const { change, event } = fake.airlineChange(booked.orderId, 240);
    const signed = fake.sign(event, SECRET);
    await post(signed.body, signed.signature);
    const list = await t.app.request(`/api/bookings/${booked.bookingId}/disruption/alternatives?disruptionId=${encodeURIComponent(`duffel:${change.id}`)}`, { headers: authed(booked.cookie) });
    expect(list.status).toBe(200);
    const { alternatives } = (await list.json()) as DisruptionAlternativesAnswer;
    expect(alternatives.length).toBeGreaterThan(0);
    const chosen = alternatives[0];
    if (!chosen) throw new Error('no alternative');
    const rebooked = await t.app.request(`/api/bookings/${booked.bookingId}/disruption/rebook`, {
      method: 'POST',
      headers: authed(booked.cookie, { 'Idempotency-Key': crypto.randomUUID() }),
      body: JSON.stringify({ disruptionId: `duffel:${change.id}`, flightId: chosen.flightId }),
    });
    expect(rebooked.status).toBe(201);
    const answer = (await rebooked.json()) as DisruptionRebookAnswer;
    expect(answer.case).toMatchObject({ state: 'rebooked', decision: { outcome: 'rebooked', newBookingId: booked.bookingId } });
    expect(answer.booking.itinerary.legs[0]?.departure).toBe(chosen.departure);
    expect(fake.order(booked.orderId)?.changes.some((c) => c.confirmed_at !== null)).toBe(true);
    const notOffered = await t.app.request(`/api/bookings/${booked.bookingId}/disruption/rebook`, {
      method: 'POST',
      headers: authed(booked.cookie, { 'Idempotency-Key': crypto.randomUUID() }),
      body: JSON.stringify({ disruptionId: `duffel:${change.id}`, flightId: chosen.flightId }),
    });
    expect(notOffered.status).toBe(409);
  });

  it('a full refund cancels the order at Duffel and gives everything paid back (the airline-cancelled rule), once', async () => {
    const booked = await bookDuffel(t, fake);
    const { change, event } = fake.airlineChange(booked.orderId, 300);
    const signed = fake.sign(event, SECRET);
    await post(signed.body, signed.signature);
    const view = (await (await t.app.request(`/api/bookings/${booked.bookingId}/disruption`, { headers: authed(booked.cookie) })).json()) as DisruptionAnswer;
    const shown = view.cases[0]?.refundPaise ?? 0;
    const refunded = await t.app.request(`/api/bookings/${booked.bookingId}/disruption/refund`, { method: 'POST', headers: authed(booked.cookie, { 'Idempotency-Key': crypto.randomUUID() }), body: JSON.stringify({ disruptionId: `duffel:${change.id}` }) });
    expect(refunded.status).toBe(201);
    const answer = (await refunded.json()) as DisruptionRefundAnswer;
    expect(answer.case).toMatchObject({ state: 'refunded', actions: [], decision: { outcome: 'refunded', by: 'traveller' } });
    expect(answer.booking.status).toBe('cancelled');
    expect(answer.refunds.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(shown);
    expect(fake.order(booked.orderId)?.cancelled_at).not.toBeNull();
    const again = await t.app.request(`/api/bookings/${booked.bookingId}/disruption/accept`, { method: 'POST', headers: authed(booked.cookie), body: JSON.stringify({ disruptionId: `duffel:${change.id}` }) });
    expect(again.status).toBe(409);
  });

  it('polling finds a change whose webhook never came, and asks about each order at most once per SUPPLIER_CHANGE_POLL_SECONDS', async () => {
    const booked = await bookDuffel(t, fake);
    const service = supplierChanges(t.deps);
    if (!service) throw new Error('Duffel mode expected');
    await service.poll({ everySeconds: 300 });
    const { change } = fake.airlineChange(booked.orderId, 45);
    const asked = () => fake.requests.filter((r) => r.path === `/air/airline_initiated_changes?order_id=${booked.orderId}`).length;
    const before = asked();
    const soon = await service.poll({ everySeconds: 300 });
    expect(asked()).toBe(before);
    expect(soon.cases).toBe(0);
    t.clock.advance(301_000);
    fake.advance(301_000);
    const later = await service.poll({ everySeconds: 300 });
    expect(asked()).toBe(before + 1);
    expect(later.cases).toBeGreaterThanOrEqual(1);
    expect(await casesOf(booked.bookingId)).toMatchObject([{ disruptionId: `duffel:${change.id}`, state: 'open' }]);
    expect(await noticesOf(booked.userId)).toHaveLength(1);
  });
});
