import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../src/core/booking';
import type { Disruption, DisruptionAnswer, DisruptionAlternativesAnswer, DisruptionRebookAnswer, DisruptionRefundAnswer, DisruptionSoldOutBody, DisruptionSummaryAnswer } from '../../src/core/disruptions';
import type { CompactSearchResponse, Itinerary } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import type { CancellationAnswer, CancellationQuoteAnswer, ChangeAnswer, ChangeOptionsAnswer, RefundsAnswer } from '../../src/core/trip-changes';
import { bookingFares, bookings, cancellations, disruptionCases, flightInventory, notifications, outbox, passengerSeats, refunds } from '../../src/db/schema';
import { disruptionsKnownAt, disruptionsOfDay } from '../../src/domain/disruptions/generator';
import { quoteItinerary } from '../../src/domain/fares/quote';
import { isValidConnection } from '../../src/domain/search/mct';
import { isoDate } from '../../src/domain/world/time';
import { sendCancellationRefunds } from '../../src/domain/cancellations/refund-sender';
import { dayNumber, indiaToday } from '../../src/domain/world/time';
import type { DatedFlight } from '../../src/domain/world/world';
import { disruptionCentre } from '../../src/server/disruption-centre';
import { TEST_PASSWORD, sessionCookieFrom, signUpAndLogin } from '../support/auth';
import { ADULT, authed, bookAndPay } from '../support/booking';
import { expectCreditBalanced, expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp, jsonHeaders } from '../support/test-app';

/**
 * The disruption centre end to end on PostgreSQL with a fixed clock (issue 29 points 4–8, 10):
 * flights the generator disrupts are booked before the airline announces the change, the clock
 * moves past the announcement, and the job and the traveller act.
 */

type Node = Awaited<ReturnType<typeof createTestApp>>;
const START = '2026-11-21T06:30:00Z';

interface Found {
  flight: DatedFlight;
  disruption: Disruption;
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: the disruption centre', () => {
  let database: Awaited<ReturnType<typeof openScratchPostgres>>;
  let node: Node;
  /** A second node on the same database (its own services and clock): a second job runner. */
  let other: Node;
  const used = new Set<string>();

  beforeAll(async () => {
    database = await openScratchPostgres(20);
    node = await createTestApp({ database, now: START });
    other = await createTestApp({ database, now: START });
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(async () => {
    await expectInventoryBalanced(database.db);
    await expectCreditBalanced(database.db);
    setClock(START);
  });

  const setClock = (at: string | Date) => {
    node.clock.set(at);
    other.clock.set(at);
  };

  /** Domestic flights the generator disrupts later than now, on routes flown by the same airline at least 3 times a day. */
  function findDisrupted(match: (d: Disruption, flight: DatedFlight) => boolean, firstDay: number, days: number): Found[] {
    const now = node.clock.now().toISOString();
    const today = dayNumber(indiaToday(node.clock.now()));
    const out: Found[] = [];
    for (let day = today + firstDay; day < today + firstDay + days; day++) {
      for (const { flight, disruptions } of disruptionsOfDay(node.world, day)) {
        if (flight.international || used.has(flight.flightId)) continue;
        const first = disruptions.find((d) => match(d, flight));
        if (!first || first.announcedAt <= now || disruptions.some((d) => d.announcedAt < first.announcedAt)) continue;
        const sameRoute = node.world.patterns.filter((p) => p.from === flight.from && p.to === flight.to && p.carrier === flight.carrier).length;
        if (sameRoute >= 3) out.push({ flight, disruption: first });
      }
    }
    return out;
  }

  /** The itinerary of exactly this flight on sale now. */
  async function itineraryOf(flight: DatedFlight): Promise<Itinerary | null> {
    const params = new URLSearchParams({ from: flight.from, to: flight.to, date: flight.departureDate, adults: '1', children: '0', infants: '0' });
    const res = await node.app.request(`/api/search?${params.toString()}`);
    if (res.status !== 200) return null;
    const body = expandSearchResponse((await res.json()) as CompactSearchResponse);
    return body.itineraries.find((i) => i.legs.length === 1 && i.legs[0]?.flightId === flight.flightId) ?? null;
  }

  /** Books (and pays for) the first candidate on sale now; marks it used. */
  async function bookOne(candidates: Found[], cookie: string): Promise<{ found: Found; booking: BookingView }> {
    for (const found of candidates) {
      const itinerary = await itineraryOf(found.flight);
      if (!itinerary) continue;
      used.add(found.flight.flightId);
      const { confirm } = await bookAndPay(node.app, cookie, itinerary, [ADULT]);
      expect(confirm.status).toBe(200);
      return { found, booking: confirm.body.booking };
    }
    throw new Error('no disrupted flight on sale');
  }

  const shortNoticeCancellation = () =>
    findDisrupted((d, f) => d.kind === 'cancellation' && f.departureUtc.getTime() - Date.parse(d.announcedAt) < 24 * 3_600_000 && d.reason !== 'schedule-change', 2, 2);

  const significantRetiming = () => findDisrupted((d) => d.kind === 'retiming' && Math.abs(d.shiftMinutes) >= 180, 4, 12);

  /** A fresh session at the clock's now (the clock may have moved past the first one's lifetime). */
  async function signInAgain(email: string): Promise<string> {
    const res = await node.app.request('/api/auth/login', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ email, password: TEST_PASSWORD }) });
    const cookie = sessionCookieFrom(res);
    if (!cookie) throw new Error(`login failed: ${res.status}`);
    return cookie;
  }

  async function view(cookie: string, bookingId: string) {
    const res = await node.app.request(`/api/bookings/${bookingId}/disruption`, { headers: authed(cookie) });
    return { status: res.status, body: (await res.json()) as DisruptionAnswer };
  }

  const post = (cookie: string, bookingId: string, action: string, body: unknown, key: string = randomUUID()) =>
    node.app.request(`/api/bookings/${bookingId}/disruption/${action}`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': key }), body: JSON.stringify(body) });

  const noticesOf = (userId: string) => database.db.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.dedupeKey, 'disruption:%')));

  it('a short-notice cancellation: one notice over two runners → rebook onto the protected flight → new ticket, old seat released; a retry answers the same', async () => {
    const { cookie, user } = await signUpAndLogin(node.app);
    const { found, booking } = await bookOne(shortNoticeCancellation(), cookie);
    const before = await view(cookie, booking.id);
    expect(before.body.cases).toEqual([]);
    const seatsBefore = await database.db.select().from(passengerSeats).where(eq(passengerSeats.bookingId, booking.id));

    setClock(new Date(Date.parse(found.disruption.announcedAt) + 60_000));
    // Two runners at once, then again: one case, one notice (with its mail and push).
    await Promise.all([disruptionCentre(node.deps).pass(), disruptionCentre(other.deps).pass()]);
    await disruptionCentre(node.deps).pass();
    const notices = await noticesOf(user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ url: `/ticket/${booking.id}/changed`, kind: 'flight-change' });
    expect(notices[0]?.title).toContain('is cancelled');
    expect(notices[0]?.body).toMatch(/full refund of ₹/);
    expect(notices[0]?.body).toMatch(/[Ss]witch free to the \d\d:\d\d flight/);
    const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'notice-mail'));
    expect(mails.filter((m) => JSON.stringify(m.payload).includes(`/ticket/${booking.id}/changed`))).toHaveLength(1);
    expect(await database.db.select().from(disruptionCases).where(eq(disruptionCases.bookingId, booking.id))).toHaveLength(1);

    const { body } = await view(cookie, booking.id);
    const [theCase] = body.cases;
    expect(theCase).toMatchObject({ id: found.disruption.id, state: 'open', legIndex: 0 });
    expect(theCase?.actions).toEqual(['rebook', 'refund', 'accept']);
    expect(theCase?.refundPaise).toBe(booking.totalInr * 100);
    expect(theCase?.compensationPaise).toBeGreaterThan(0);
    expect(theCase?.compensationLine).toContain('owes you');
    expect(theCase?.deadline?.action).toBe('keep-protected-flight');
    const protectedFlight = theCase?.protectedFlight;
    expect(protectedFlight?.protected).toBe(true);
    if (!protectedFlight) throw new Error('no protected flight');
    expect(theCase?.rightsLine).toContain(`switch free to the ${protectedFlight.departure.slice(11, 16)} flight`);

    const summary = (await (await node.app.request('/api/disruptions', { headers: authed(cookie) })).json()) as DisruptionSummaryAnswer;
    expect(summary.bookings).toEqual([{ bookingId: booking.id, cases: 1, open: 1 }]);

    const alternatives = (await (await node.app.request(`/api/bookings/${booking.id}/disruption/alternatives`, { headers: authed(cookie) })).json()) as DisruptionAlternativesAnswer;
    expect(alternatives.alternatives[0]).toEqual(protectedFlight);
    for (const a of alternatives.alternatives) expect([a.from, a.to]).toEqual([found.flight.from, found.flight.to]);

    const key = randomUUID();
    const res = await post(cookie, booking.id, 'rebook', { flightId: protectedFlight.flightId }, key);
    expect(res.status).toBe(201);
    const rebooked = (await res.json()) as DisruptionRebookAnswer;
    expect(rebooked.booking).toMatchObject({ status: 'confirmed', changedFrom: booking.id });
    expect(rebooked.booking.itinerary.legs[0]?.flightId).toBe(protectedFlight.flightId);
    expect(rebooked.booking.passengers[0]?.ticketNumber).toMatch(/^\d{13}$/);
    expect(rebooked.booking.passengers[0]?.ticketNumber).not.toBe(booking.passengers[0]?.ticketNumber);
    expect(rebooked.case).toMatchObject({ state: 'rebooked', actions: [], decision: { outcome: 'rebooked', by: 'traveller', newBookingId: rebooked.booking.id } });
    const [old] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(old?.status).toBe('changed');
    // The old seats are released; the new booking has its own.
    const oldSeats = await database.db.select().from(passengerSeats).where(eq(passengerSeats.bookingId, booking.id));
    expect(oldSeats.length).toBe(seatsBefore.length);
    for (const s of oldSeats) expect(s.releasedAt).not.toBeNull();
    const newSeats = await database.db.select().from(passengerSeats).where(eq(passengerSeats.bookingId, rebooked.booking.id));
    expect(newSeats.every((s) => s.releasedAt === null && s.flightId === protectedFlight.flightId)).toBe(true);

    const again = await post(cookie, booking.id, 'rebook', { flightId: protectedFlight.flightId }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await again.json()) as DisruptionRebookAnswer).booking.id).toBe(rebooked.booking.id);
    const refused = await post(cookie, booking.id, 'refund', {});
    expect(refused.status).toBe(409);
    expect(await database.db.select().from(bookings).where(eq(bookings.changedFrom, booking.id))).toHaveLength(1);
    // The settled case stays listed on the old booking, with its decision.
    expect((await view(cookie, booking.id)).body.cases[0]).toMatchObject({ state: 'rebooked', actions: [], decision: { newBookingId: rebooked.booking.id } });
    const after = (await (await node.app.request('/api/disruptions', { headers: authed(cookie) })).json()) as DisruptionSummaryAnswer;
    expect(after.bookings.find((b) => b.bookingId === booking.id)).toEqual({ bookingId: booking.id, cases: 1, open: 0 });
  });

  it('another cancellation → refund in one tap: everything paid back to the card, the tracker completes', async () => {
    const { cookie } = await signUpAndLogin(node.app);
    const { found, booking } = await bookOne(shortNoticeCancellation(), cookie);
    setClock(new Date(Date.parse(found.disruption.announcedAt) + 5 * 60_000));
    const key = randomUUID();
    const res = await post(cookie, booking.id, 'refund', {}, key);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as DisruptionRefundAnswer;
    expect(answer.booking.status).toBe('cancelled');
    expect(answer.case).toMatchObject({ state: 'refunded', decision: { outcome: 'refunded', by: 'traveller' } });
    expect(answer.refunds.reduce((n, r) => n + r.amountPaise, 0)).toBe(booking.totalInr * 100);
    const [cancellation] = await database.db.select().from(cancellations).where(eq(cancellations.bookingId, booking.id));
    expect(cancellation).toMatchObject({ reason: 'airlineCancelled', refundPaise: booking.totalInr * 100, retainedPaise: 0 });
    // A retry answers the same; nothing more is refunded.
    const again = await post(cookie, booking.id, 'refund', {}, key);
    expect(again.status).toBe(201);
    expect(await database.db.select().from(cancellations).where(eq(cancellations.bookingId, booking.id))).toHaveLength(1);
    await sendCancellationRefunds(database.db, node.clock, node.checkout.provider);
    const tracker = (await (await node.app.request(`/api/bookings/${booking.id}/refunds`, { headers: authed(cookie) })).json()) as RefundsAnswer;
    expect(tracker.refunds.every((r) => r.status === 'completed')).toBe(true);
    // The job afterwards records nothing new for it and sends no notice.
    await disruptionCentre(node.deps).pass();
    expect((await view(cookie, booking.id)).body.cases[0]?.state).toBe('refunded');
  });

  it('a significant retiming left unanswered is refunded automatically 24 h after the announcement, once over two runners, and mailed', async () => {
    const { cookie: booker, user } = await signUpAndLogin(node.app);
    const { found, booking } = await bookOne(significantRetiming(), booker);
    const announced = Date.parse(found.disruption.announcedAt);
    setClock(new Date(announced + 60_000));
    let cookie = await signInAgain(user.email);
    await disruptionCentre(node.deps).pass();
    const open = (await view(cookie, booking.id)).body.cases[0];
    expect(open).toMatchObject({ state: 'open', deadline: { action: 'refund' } });
    expect(open?.actions).toContain('refund');
    expect(open?.deadlineLine).toContain('Safar refunds you in full automatically');
    // Not before the deadline.
    setClock(new Date(announced + 23 * 3_600_000));
    await disruptionCentre(node.deps).pass();
    expect(await database.db.select().from(cancellations).where(eq(cancellations.bookingId, booking.id))).toHaveLength(0);
    setClock(new Date(announced + 24 * 3_600_000 + 60_000));
    cookie = await signInAgain(user.email);
    await Promise.all([disruptionCentre(node.deps).pass(), disruptionCentre(other.deps).pass()]);
    const done = await database.db.select().from(cancellations).where(eq(cancellations.bookingId, booking.id));
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ reason: 'airlineCancelled', refundPaise: booking.totalInr * 100 });
    const [row] = await database.db.select().from(disruptionCases).where(eq(disruptionCases.bookingId, booking.id));
    expect(row).toMatchObject({ state: 'auto-refunded', decidedBy: 'safar', cancellationId: done[0]?.id });
    const notices = await noticesOf(user.id);
    expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining([expect.stringContaining('has a new time'), expect.stringContaining('Refunded in full')]));
    expect(notices).toHaveLength(2);
    const cancelMail = await database.db.select().from(outbox).where(eq(outbox.kind, 'booking-cancelled'));
    expect(cancelMail.filter((m) => JSON.stringify(m.payload).includes(booking.id))).toHaveLength(1);
    const late = await post(cookie, booking.id, 'refund', {});
    expect(late.status).toBe(409);
  });

  it('keep in one tap: a retiming accepted stays as changed; asking again answers the same; a refund afterwards is refused; the default no longer applies', async () => {
    const { cookie: booker, user } = await signUpAndLogin(node.app);
    const { found, booking } = await bookOne(significantRetiming(), booker);
    const announced = Date.parse(found.disruption.announcedAt);
    setClock(new Date(announced + 60_000));
    const cookie = await signInAgain(user.email);
    const accept = async () => node.app.request(`/api/bookings/${booking.id}/disruption/accept`, { method: 'POST', headers: authed(cookie), body: JSON.stringify({ disruptionId: found.disruption.id }) });
    const first = await accept();
    expect(first.status).toBe(200);
    expect(((await first.json()) as { case: { state: string } }).case.state).toBe('kept');
    expect((await accept()).status).toBe(200);
    const refused = await post(cookie, booking.id, 'refund', { disruptionId: found.disruption.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { reason: string } }).error.reason).toBe('already-decided');
    setClock(new Date(announced + 25 * 3_600_000));
    expect((await disruptionCentre(node.deps).pass()).defaults).toBe(0);
    expect(await database.db.select().from(cancellations).where(eq(cancellations.bookingId, booking.id))).toHaveLength(0);
    const [row] = await database.db.select().from(disruptionCases).where(eq(disruptionCases.bookingId, booking.id));
    expect(row).toMatchObject({ state: 'kept', decidedBy: 'traveller' });
  });

  it('the traveller (just before the deadline) and the automatic default (just after, on another node) racing: exactly one outcome', async () => {
    const { cookie: first, user } = await signUpAndLogin(node.app);
    const candidates = significantRetiming();
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const { found, booking } = await bookOne(candidates, round === 0 ? first : await signInAgain(user.email));
      const announced = Date.parse(found.disruption.announcedAt);
      setClock(new Date(announced + 60_000));
      const cookie = await signInAgain(user.email);
      await disruptionCentre(node.deps).pass();
      const opened = await view(cookie, booking.id);
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const deadline = Date.parse(opened.body.cases[0]?.deadline?.at ?? '');
      // The traveller's node still before the deadline, the job's node after it.
      node.clock.set(new Date(deadline - 1000));
      other.clock.set(new Date(deadline + 60_000));
      const action = round % 2 === 1 ? 'accept' : 'refund';
      const [res] = await Promise.all([post(cookie, booking.id, action, {}), disruptionCentre(other.deps).pass()]);
      const [row] = await database.db.select().from(disruptionCases).where(eq(disruptionCases.bookingId, booking.id));
      const cancelled = await database.db.select().from(cancellations).where(eq(cancellations.bookingId, booking.id));
      if (res.status === 409) {
        expect(row).toMatchObject({ state: 'auto-refunded', decidedBy: 'safar' });
        expect(cancelled).toHaveLength(1);
        outcomes.push('default');
      } else {
        expect(res.status, await res.text()).toBeLessThan(300);
        expect(row).toMatchObject({ state: action === 'refund' ? 'refunded' : 'kept', decidedBy: 'traveller' });
        expect(cancelled).toHaveLength(action === 'refund' ? 1 : 0);
        outcomes.push('traveller');
      }
      expect(cancelled.length).toBeLessThanOrEqual(1);
      setClock(START);
    }
    expect(outcomes).toHaveLength(4);
  });

  it("bad input: another traveller's booking 404; a flight not offered 400; a sold-out flight 409 with the next option", async () => {
    const { cookie } = await signUpAndLogin(node.app);
    const stranger = await signUpAndLogin(node.app);
    const { found, booking } = await bookOne(shortNoticeCancellation(), cookie);
    setClock(new Date(Date.parse(found.disruption.announcedAt) + 60_000));
    expect((await view(stranger.cookie, booking.id)).status).toBe(404);
    expect((await node.app.request(`/api/bookings/${booking.id}/disruption/alternatives`, { headers: authed(stranger.cookie) })).status).toBe(404);
    expect((await post(stranger.cookie, booking.id, 'refund', {})).status).toBe(404);
    expect((await post(stranger.cookie, booking.id, 'accept', {})).status).toBe(404);
    expect((await post(cookie, booking.id, 'accept', { disruptionId: 'nope' })).status).toBe(404);
    const notOffered = await post(cookie, booking.id, 'rebook', { flightId: 'AI101@2030-01-01' });
    expect(notOffered.status).toBe(400);
    expect(((await notOffered.json()) as { error: { fields: Record<string, string> } }).error.fields.flightId).toBe('Choose one of the flights offered for this change');

    const { alternatives } = (await (await node.app.request(`/api/bookings/${booking.id}/disruption/alternatives`, { headers: authed(cookie) })).json()) as DisruptionAlternativesAnswer;
    const [first, second] = alternatives;
    if (!first || !second) throw new Error('fewer than two alternatives');
    // The first alternative sells out meanwhile.
    await database.db
      .update(flightInventory)
      .set({ available: 0, sold: flightInventory.capacity })
      .where(and(eq(flightInventory.flightId, first.flightId), eq(flightInventory.cabin, first.cabin), isNotNull(flightInventory.capacity)));
    const existing = await database.db.select().from(flightInventory).where(eq(flightInventory.flightId, first.flightId));
    if (existing.length === 0) {
      const flight = node.world.getFlight(first.flightId);
      if (!flight) throw new Error('no flight');
      const capacity = flight.capacity[first.cabin];
      await database.db.insert(flightInventory).values({ flightId: first.flightId, cabin: first.cabin, departureDate: flight.departureDate, capacity, available: 0, sold: capacity });
    }
    const soldOut = await post(cookie, booking.id, 'rebook', { flightId: first.flightId });
    expect(soldOut.status).toBe(409);
    const body = (await soldOut.json()) as DisruptionSoldOutBody;
    expect(body.error).toMatchObject({ code: 'conflict', reason: 'sold-out', message: 'That flight has just sold out.' });
    // The next option: the new protected flight when the protected one sold out, else the next alternative.
    const next = body.next;
    if (!next) throw new Error('no next option');
    expect(next.flightId).not.toBe(first.flightId);
    expect(alternatives.map((a) => a.flightId)).toContain(next.flightId);
    expect(next.protected || next.flightId === second.flightId).toBe(true);
    const ok = await post(cookie, booking.id, 'rebook', { flightId: next.flightId });
    expect(ok.status).toBe(201);
    // Put the sold-out flight back as it was for the books.
    await database.db.delete(flightInventory).where(eq(flightInventory.flightId, first.flightId));
  });

  it('free changes after an automatic keep: the kept booking changes flight for nothing (fee waived, the fares paid carried over, books balanced), and cancels for everything paid', async () => {
    const { cookie: booker, user } = await signUpAndLogin(node.app);
    const { found, booking } = await bookOne(shortNoticeCancellation(), booker);
    setClock(new Date(Date.parse(found.disruption.announcedAt) + 60_000));
    await disruptionCentre(node.deps).pass();
    let cookie = await signInAgain(user.email);
    const open = (await view(cookie, booking.id)).body.cases[0];
    expect(open?.deadline?.action).toBe('keep-protected-flight');
    setClock(new Date(Date.parse(open?.deadline?.at ?? '') + 60_000));
    expect((await disruptionCentre(node.deps).pass()).defaults).toBe(1);
    const [kept] = await database.db.select().from(disruptionCases).where(eq(disruptionCases.bookingId, booking.id));
    expect(kept).toMatchObject({ state: 'auto-kept', decidedBy: 'safar' });
    const keptId = kept?.newBookingId;
    if (!keptId) throw new Error('no kept booking');
    cookie = await signInAgain(user.email);
    const [keptRow] = await database.db.select().from(bookings).where(eq(bookings.id, keptId));
    const keptDate = keptRow?.itinerary.legs[0]?.departure.slice(0, 10) ?? '';

    // The change options on the kept flight's day and the next: each free, saying why.
    let options: ChangeOptionsAnswer['options'] = [];
    for (const date of [keptDate, isoDate(dayNumber(keptDate) + 1)]) {
      const res = await node.app.request(`/api/bookings/${keptId}/change-options?date=${date}`, { headers: authed(cookie) });
      expect(res.status, await res.clone().text()).toBe(200);
      options = ((await res.json()) as ChangeOptionsAnswer).options;
      if (options.length > 0) break;
    }
    const option = options[0];
    if (!option) throw new Error('no flight to change to');
    for (const o of options) {
      expect(o.quote).toMatchObject({ changeFeePaise: 0, fareDifferencePaise: 0, duePaise: 0, refundPaise: 0, disruptionFree: 'Free change: your original flight was cancelled by the airline' });
      expect(o.quote.lines.every((l) => l.changeFeePaise === 0 && l.explanation === 'Free change: your original flight was cancelled by the airline')).toBe(true);
      expect(o.quote.newTotalPaise).toBe(o.quote.oldTotalPaise);
    }
    const changed = await node.app.request(`/api/bookings/${keptId}/changes`, {
      method: 'POST',
      headers: authed(cookie, { 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ itineraryId: option.itinerary.id, quotedDuePaise: 0 }),
    });
    expect(changed.status, await changed.clone().text()).toBe(201);
    const answer = (await changed.json()) as ChangeAnswer;
    expect(answer.booking).toMatchObject({ status: 'confirmed', changedFrom: keptId, totalInr: booking.totalInr });
    expect(answer.quote.duePaise).toBe(0);
    // The fares paid, carried over: the same total per passenger as the original booking's.
    const faresOf = async (id: string) => (await database.db.select().from(bookingFares).where(eq(bookingFares.bookingId, id))).reduce((sum, f) => sum + f.totalPaise, 0);
    expect(await faresOf(answer.booking.id)).toBe(await faresOf(booking.id));

    // Cancelling inside the window refunds everything paid (the airline cancelled the original flight).
    const quoteRes = await node.app.request(`/api/bookings/${answer.booking.id}/cancellation-quote`, { headers: authed(cookie) });
    expect(quoteRes.status).toBe(200);
    const quote = (await quoteRes.json()) as CancellationQuoteAnswer;
    expect(quote.quote.refundPaise).toBe(booking.totalInr * 100);
    expect(quote.quote.lines.every((l) => l.rule === 'airlineCancelled')).toBe(true);
    const cancelRes = await node.app.request(`/api/bookings/${answer.booking.id}/cancellations`, {
      method: 'POST',
      headers: authed(cookie, { 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ passengers: quote.passengers, destination: 'original', quotedRefundPaise: quote.quote.refundPaise }),
    });
    expect(cancelRes.status, await cancelRes.clone().text()).toBe(201);
    const cancelled = (await cancelRes.json()) as CancellationAnswer;
    expect(cancelled.refunds.reduce((n, r) => n + r.amountPaise, 0)).toBe(booking.totalInr * 100);
    const [row] = await database.db.select().from(cancellations).where(eq(cancellations.bookingId, answer.booking.id));
    expect(row).toMatchObject({ reason: 'airlineCancelled', retainedPaise: 0 });
    // Nothing more than what was paid ever goes back over the chain.
    const back = await database.db.select().from(refunds).where(inArray(refunds.bookingId, [booking.id, keptId, answer.booking.id]));
    expect(back.reduce((n, r) => n + r.amountPaise, 0)).toBe(booking.totalInr * 100);
  });

  it('rebooking one leg of a connection keeps the unchanged leg as it is: no new seat needed there even when it is completely full, the same seat number', async () => {
    const { cookie: booker, user } = await signUpAndLogin(node.app);
    // A connection whose second leg the airline cancels at short notice, the first leg undisrupted.
    let picked: { found: Found; first: DatedFlight; itinerary: Itinerary } | null = null;
    for (const found of shortNoticeCancellation()) {
      const second = found.flight;
      const date = second.departureDate;
      const announced = Date.parse(found.disruption.announcedAt);
      for (const pattern of node.world.patterns) {
        if (pattern.to !== second.from || pattern.from === second.to) continue;
        const first = node.world.getFlight(`${pattern.key}@${date}`);
        if (!first || first.international || used.has(first.flightId) || !isValidConnection(first, second)) continue;
        if (first.departureUtc.getTime() < announced + 3 * 3_600_000) continue;
        if (disruptionsKnownAt(node.world, first, new Date(first.arrivalUtc.getTime() + 86_400_000)).length > 0) continue;
        const quoted = await quoteItinerary(database.db, node.world, `${first.flightId}~${second.flightId}:economy`, { adults: 1, children: 0, infants: 0 }, node.clock.now());
        if (!quoted || quoted.seatsAvailable < 1) continue;
        picked = { found, first, itinerary: quoted.itinerary };
        break;
      }
      if (picked) break;
    }
    if (!picked) throw new Error('no connection with a cancelled second leg');
    const { found, first, itinerary } = picked;
    used.add(found.flight.flightId);
    used.add(first.flightId);
    const { confirm } = await bookAndPay(node.app, booker, itinerary, [ADULT]);
    expect(confirm.status).toBe(200);
    const booking = confirm.body.booking;
    const seatOnFirst = (id: string) => database.db.select().from(passengerSeats).where(and(eq(passengerSeats.bookingId, id), eq(passengerSeats.legIndex, 0)));
    const [before] = await seatOnFirst(booking.id);
    expect(before?.seat).toMatch(/^\d+[A-K]$/);

    setClock(new Date(Date.parse(found.disruption.announcedAt) + 60_000));
    const cookie = await signInAgain(user.email);
    const theCase = (await view(cookie, booking.id)).body.cases[0];
    expect(theCase).toMatchObject({ legIndex: 1, state: 'open' });
    expect(theCase?.actions).toContain('rebook');
    // The unchanged first leg sells out completely.
    const firstRow = and(eq(flightInventory.flightId, first.flightId), eq(flightInventory.cabin, 'economy'));
    const [inventoryBefore] = await database.db.select().from(flightInventory).where(firstRow);
    if (!inventoryBefore) throw new Error('no inventory row for the first leg');
    await database.db
      .update(flightInventory)
      .set({ available: 0, sold: inventoryBefore.capacity - inventoryBefore.held })
      .where(firstRow);
    const { alternatives } = (await (await node.app.request(`/api/bookings/${booking.id}/disruption/alternatives`, { headers: authed(cookie) })).json()) as DisruptionAlternativesAnswer;
    const target = alternatives[0];
    if (!target) throw new Error('no alternative');
    const res = await post(cookie, booking.id, 'rebook', { flightId: target.flightId });
    expect(res.status, await res.clone().text()).toBe(201);
    const rebooked = (await res.json()) as DisruptionRebookAnswer;
    expect(rebooked.booking.itinerary.legs.map((l) => l.flightId)).toEqual([first.flightId, target.flightId]);
    // The full leg is untouched: nothing held, released or sold again there.
    const [inventoryAfter] = await database.db.select().from(flightInventory).where(firstRow);
    expect(inventoryAfter).toMatchObject({ available: 0, held: inventoryBefore.held, sold: inventoryBefore.capacity - inventoryBefore.held });
    // The same seat number on the unchanged leg, now the new booking's; the old one's released.
    const [after] = await seatOnFirst(rebooked.booking.id);
    expect(after?.seat).toBe(before?.seat);
    expect(after?.releasedAt).toBeNull();
    expect((await seatOnFirst(booking.id)).every((s) => s.releasedAt !== null)).toBe(true);
    expect(rebooked.booking.passengers[0]?.ticketNumber).toMatch(/^\d{13}$/);
    // The first leg back as it was before it sold out (the booking's seat still counted there).
    await database.db.update(flightInventory).set({ available: inventoryBefore.available, held: inventoryBefore.held, sold: inventoryBefore.sold }).where(firstRow);
  });

  it('banners: public, a bad date is tied to its field', async () => {
    const ok = await node.app.request('/api/disruptions/banners?airports=DEL,BOM');
    expect(ok.status).toBe(200);
    const bad = await node.app.request('/api/disruptions/banners?date=tomorrow');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.date).toBeDefined();
    expect(await database.db.select().from(refunds).where(eq(refunds.status, 'requested'))).toBeDefined();
  });
});
