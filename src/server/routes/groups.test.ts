import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_MESSAGES, type PublicTrip, SHARE_CODE_RE, type SharedItinerary } from '../../core/companion';
import type { Itinerary } from '../../core/search';
import { outbox, passengers, payments } from '../../db/schema';
import { TRIP_LOOKUPS_PER_IP } from '../../domain/companion/itineraries';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, findItinerary } from '../../../tests/support/booking';
import { MEMBER_PASSENGER, bookedGroup, call, confirmShare, payShare } from '../../../tests/support/companion';
import { hasPdftotext, pdfText } from '../../../tests/support/pdf';
import { expectInventoryBalanced } from '../../../tests/support/books';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';
import { TEST_CLIENT_IP_HEADER } from '../auth/client-ip';

/**
 * Travel Companion over HTTP: the organiser's rules, invitations, each member paying their own
 * share, confirmation for everyone, refunds on expiry, and what strangers and the public see.
 */

type Traveller = Awaited<ReturnType<typeof signUpAndLogin>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let alice: Traveller;
let bob: Traveller;
let carol: Traveller;
let mallory: Traveller;
let itinerary: Itinerary;

beforeAll(async () => {
  ctx = await createTestApp();
  [alice, bob, carol, mallory] = [await signUpAndLogin(ctx.app), await signUpAndLogin(ctx.app), await signUpAndLogin(ctx.app), await signUpAndLogin(ctx.app)];
  itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
});
afterAll(() => ctx.close());

afterEach(async () => {
  await expectInventoryBalanced(ctx.database.db);
});

const newGroup = async (cookie = alice.cookie) => {
  const res = await call(ctx.app, cookie, 'POST', '/api/groups', { itineraryId: itinerary.id });
  expect(res.status).toBe(201);
  return res.body.group;
};

describe('a draft group', () => {
  it('starts with the organiser, Confirmed, priced per person for the party', async () => {
    const group = await newGroup();
    expect(group.status).toBe('draft');
    expect(group.members).toHaveLength(1);
    expect(group.members[0]).toMatchObject({ isOrganizer: true, confirmed: true, status: 'confirmed', email: alice.user.email });
    expect(group.viewerIsOrganizer).toBe(true);
    expect(group.viewerMemberId).toBe(group.members[0]?.id);
    expect(group.pricePerPersonInr).toBe(itinerary.price.total.total);
    expect(group.totalPaise).toBe(itinerary.price.total.total * 100);
    expect(group.shares).toEqual([]);
    expect(group.holdMinutes).toBe(24 * 60);
  });

  it.each([
    ['empty email', { name: 'Priya', email: '' }, 'email', COMPANION_MESSAGES.emailRequired],
    ['spaces only', { name: 'Priya', email: '   ' }, 'email', COMPANION_MESSAGES.emailRequired],
    ['no email at all', { name: 'Priya' }, 'email', COMPANION_MESSAGES.emailRequired],
    ['bad format', { name: 'Priya', email: 'priya@' }, 'email', COMPANION_MESSAGES.emailInvalid],
    ['no name', { name: '', email: 'priya@example.com' }, 'name', COMPANION_MESSAGES.nameRequired],
  ])('refuses a member with %s, on the field', async (_label, input, field, message) => {
    const group = await newGroup();
    const res = await call(ctx.app, alice.cookie, 'POST', `/api/groups/${group.id}/members`, input);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.[field]).toBe(message);
  });

  it('adds members as Pending, refuses the same address twice and a tenth traveller, removes invitees but never the organiser', async () => {
    const group = await newGroup();
    const added = await call(ctx.app, alice.cookie, 'POST', `/api/groups/${group.id}/members`, { name: 'Priya Sharma', email: 'Priya@Example.com' });
    expect(added.status).toBe(201);
    expect(added.body.group.members[1]).toMatchObject({ name: 'Priya Sharma', email: 'priya@example.com', isOrganizer: false, confirmed: false, status: 'pending' });
    const again = await call(ctx.app, alice.cookie, 'POST', `/api/groups/${group.id}/members`, { name: 'Priya', email: 'priya@example.com' });
    expect(again.status).toBe(400);
    expect(again.body.error?.fields?.email).toBe(COMPANION_MESSAGES.duplicateEmail);
    for (let i = 2; i < 9; i += 1) expect((await call(ctx.app, alice.cookie, 'POST', `/api/groups/${group.id}/members`, { name: `F${i}`, email: `f${i}@example.com` })).status).toBe(201);
    const tenth = await call(ctx.app, alice.cookie, 'POST', `/api/groups/${group.id}/members`, { name: 'Ten', email: 'ten@example.com' });
    expect(tenth.status).toBe(409);
    expect(tenth.body.error?.message).toBe(COMPANION_MESSAGES.partyFull);

    const organiserId = group.members[0]?.id ?? '';
    const priyaId = added.body.group.members[1]?.id ?? '';
    expect((await call(ctx.app, alice.cookie, 'DELETE', `/api/groups/${group.id}/members/${organiserId}`)).status).toBe(409);
    const removed = await call(ctx.app, alice.cookie, 'DELETE', `/api/groups/${group.id}/members/${priyaId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.group.members.map((m) => m.email)).not.toContain('priya@example.com');
  });

  it('replays a member addition sent twice with one Idempotency-Key', async () => {
    const group = await newGroup();
    const key = `add-${group.id}`;
    const first = await call(ctx.app, alice.cookie, 'POST', `/api/groups/${group.id}/members`, { name: 'Ravi', email: 'ravi@example.com' }, key);
    const second = await call(ctx.app, alice.cookie, 'POST', `/api/groups/${group.id}/members`, { name: 'Ravi', email: 'ravi@example.com' }, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.group.members).toHaveLength(2);
  });

  it('checks passenger details like the booking screen, as an adult, field by field', async () => {
    const group = await newGroup();
    const me = group.members[0]?.id ?? '';
    const bad = await call(ctx.app, alice.cookie, 'PUT', `/api/groups/${group.id}/members/${me}/passenger`, { passenger: { ...ADULT, mobileNo: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.['passenger.mobileNo']).toBe('Mobile number must be 10 digits');
    const child = await call(ctx.app, alice.cookie, 'PUT', `/api/groups/${group.id}/members/${me}/passenger`, { passenger: { title: 'Ms', firstName: 'Asha', lastName: 'S', dob: '2018-03-02', type: 'Child' } });
    expect(child.status).toBe(400);
    expect(child.body.error?.fields?.['passenger.type']).toBe('Group members travel as adults');
    const ok = await call(ctx.app, alice.cookie, 'PUT', `/api/groups/${group.id}/members/${me}/passenger`, { passenger: ADULT });
    expect(ok.status).toBe(200);
    expect(ok.body.group.members[0]?.hasPassengerDetails).toBe(true);
  });
});

describe('strangers', () => {
  it('cannot read, change, pay for or share another traveller’s group: the 404 of an unknown id', async () => {
    const group = await newGroup();
    const me = group.members[0]?.id ?? '';
    const cases: [string, string, unknown?][] = [
      ['GET', `/api/groups/${group.id}`],
      ['POST', `/api/groups/${group.id}/members`, { name: 'X', email: 'x@example.com' }],
      ['DELETE', `/api/groups/${group.id}/members/${me}`],
      ['PUT', `/api/groups/${group.id}/members/${me}/passenger`, { passenger: ADULT }],
      ['POST', `/api/groups/${group.id}/book`],
      ['POST', `/api/groups/${group.id}/shares/${me}/order`, { method: 'card' }],
      ['POST', `/api/groups/${group.id}/cancel`],
      ['POST', `/api/groups/${group.id}/itinerary`],
      ['DELETE', `/api/groups/${group.id}/itinerary`],
      ['POST', `/api/groups/${group.id}/itinerary/invitations`],
      ['GET', '/api/groups/not-a-uuid'],
      ['GET', '/api/group-invites/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(ctx.app, mallory.cookie, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(alice.user.email);
    }
    const list = await call<{ groups: unknown[] }>(ctx.app, mallory.cookie, 'GET', '/api/groups');
    expect(list.body.groups).toEqual([]);
  });
});

describe('the group booking, end to end', () => {
  it('holds the party, mails invitations, lets each member pay their own share, and confirms for all three', async () => {
    const { groupId, group, tokens } = await bookedGroup(ctx.app, ctx.database.db, alice.cookie, itinerary.id, ['bob.member@example.com', 'carol.member@example.com']);
    expect(group.status).toBe('held');
    expect(group.partySize).toBe(3);
    expect(group.bookingId).toMatch(/^BK/);
    expect(group.pnr).toBeNull();
    // 24 h hold for a flight a month away.
    expect(new Date(group.holdExpiresAt ?? 0).getTime() - ctx.clock.now().getTime()).toBe(24 * 3_600_000);
    expect(group.shares.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
    expect(group.shares.reduce((sum, s) => sum + s.amountPaise, 0)).toBe(group.totalPaise);
    expect(tokens.size).toBe(2);
    // Only the hash of an invitation token is stored.
    const stored = await ctx.database.db.execute(sql`select invite_token_hash from group_members where group_id = ${groupId}`);
    expect(JSON.stringify(stored)).not.toContain([...tokens.values()][0]);

    // Members: Bob accepts with his details; Carol accepts; the organiser sees them Confirmed.
    const bobToken = tokens.get('bob.member@example.com') ?? '';
    const carolToken = tokens.get('carol.member@example.com') ?? '';
    const invite = await call<{ invite: { memberName: string; alreadyAccepted: boolean; organiserFirstName: string } }>(ctx.app, bob.cookie, 'GET', `/api/group-invites/${bobToken}`);
    expect(invite.status).toBe(200);
    expect(invite.body.invite).toMatchObject({ memberName: 'Friend bob.member', alreadyAccepted: false });
    const accepted = await call(ctx.app, bob.cookie, 'POST', `/api/group-invites/${bobToken}/accept`, { passenger: MEMBER_PASSENGER('Bob') });
    expect(accepted.status).toBe(200);
    const bobMember = accepted.body.group.members.find((m) => m.id === accepted.body.group.viewerMemberId);
    expect(bobMember).toMatchObject({ confirmed: true, hasPassengerDetails: true });
    // Someone else cannot take Bob's invitation, and Bob cannot take Carol's too.
    expect((await call(ctx.app, mallory.cookie, 'POST', `/api/group-invites/${bobToken}/accept`, { passenger: MEMBER_PASSENGER('Mal') })).status).toBe(409);
    expect((await call(ctx.app, bob.cookie, 'POST', `/api/group-invites/${carolToken}/accept`, { passenger: MEMBER_PASSENGER('Bob') })).body.error?.message).toBe(COMPANION_MESSAGES.alreadyMember);
    const carolAccepted = await call(ctx.app, carol.cookie, 'POST', `/api/group-invites/${carolToken}/accept`, { passenger: MEMBER_PASSENGER('Carol') });
    expect(carolAccepted.status).toBe(200);
    const carolId = carolAccepted.body.group.viewerMemberId;
    const bobId = bobMember?.id ?? '';
    const aliceId = group.members[0]?.id ?? '';

    // Nobody pays another member's share.
    expect((await call(ctx.app, bob.cookie, 'POST', `/api/groups/${groupId}/shares/${carolId}/order`, { method: 'card' })).status).toBe(404);

    // Everyone pays their own; the last payment confirms the booking.
    for (const [who, memberId] of [[alice, aliceId], [bob, bobId]] as const) {
      const { payment, order } = await payShare(ctx.app, who.cookie, groupId, memberId);
      expect(order.amountPaise).toBe(group.shares.find((s) => s.memberId === memberId)?.amountPaise);
      const res = await confirmShare(ctx.app, who.cookie, groupId, memberId, payment);
      expect(res.status).toBe(200);
      expect(res.body.group.status).toBe('held');
    }
    // The organiser's booking list shows the group's booking, but it cannot be paid as one sum.
    const whole = await ctx.app.request(`/api/bookings/${group.bookingId ?? ''}/payments`, { method: 'POST', headers: jsonHeaders({ Cookie: alice.cookie }), body: JSON.stringify({ method: 'card' }) });
    expect(whole.status).toBe(409);
    const paidTwice = await call(ctx.app, bob.cookie, 'POST', `/api/groups/${groupId}/shares/${bobId}/order`, { method: 'card' });
    expect(paidTwice.status).toBe(409);
    const last = await payShare(ctx.app, carol.cookie, groupId, carolId);
    const done = await confirmShare(ctx.app, carol.cookie, groupId, carolId, last.payment);
    expect(done.status).toBe(200);
    expect(done.body.group.status).toBe('confirmed');
    expect(done.body.group.shares.map((s) => s.status)).toEqual(['paid', 'paid', 'paid']);

    for (const who of [alice, bob, carol]) {
      const seen = await call(ctx.app, who.cookie, 'GET', `/api/groups/${groupId}`);
      expect(seen.body.group.status).toBe('confirmed');
      expect(seen.body.group.pnr).toMatch(/^[A-Z0-9]{6}$/);
      const list = await call<{ groups: { id: string; status: string }[] }>(ctx.app, who.cookie, 'GET', '/api/groups');
      expect(list.body.groups.find((g) => g.id === groupId)?.status).toBe('confirmed');
    }
    // Each member downloads their own e-ticket: their name, not the others'.
    const ticket = await ctx.app.request(`/api/groups/${groupId}/ticket.pdf`, { headers: jsonHeaders({ Cookie: bob.cookie }) });
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get('content-type')).toBe('application/pdf');
    if (hasPdftotext) {
      const text = pdfText(new Uint8Array(await ticket.arrayBuffer()));
      expect(text).toContain('Bob');
      expect(text).not.toContain('Carol');
      expect(text).not.toContain('Asha');
    }
    expect((await ctx.app.request(`/api/groups/${groupId}/ticket.pdf`, { headers: jsonHeaders({ Cookie: mallory.cookie }) })).status).toBe(404);
    // Members hear of the confirmation by mail, with a link to the group page.
    const confirmedMail = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, 'carol.member@example.com'));
    expect(JSON.stringify(confirmedMail.map((m) => m.payload))).toContain(`/groups/${groupId}`);
    // E-tickets issued for every member at confirmation.
    const pax = await ctx.database.db.select().from(passengers).where(eq(passengers.bookingId, group.bookingId ?? ''));
    expect(pax.map((p) => p.firstName).sort()).toEqual(['Asha', 'Bob', 'Carol']);
    expect(pax.every((p) => p.ticketNumber !== null)).toBe(true);
    const captured = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, group.bookingId ?? ''));
    expect(captured.filter((p) => p.status === 'captured').reduce((sum, p) => sum + p.amountPaise, 0)).toBe(group.totalPaise);
  });

  it('asks for passenger details before a member can pay', async () => {
    const { groupId, tokens } = await bookedGroup(ctx.app, ctx.database.db, alice.cookie, itinerary.id, ['dan.member@example.com']);
    const token = tokens.get('dan.member@example.com') ?? '';
    expect(token).not.toBe('');
    const res = await call(ctx.app, bob.cookie, 'GET', `/api/groups/${groupId}`);
    expect(res.status).toBe(404);
    const group = (await call(ctx.app, alice.cookie, 'GET', `/api/groups/${groupId}`)).body.group;
    // The organiser gave details before booking; a fresh group without them cannot pay.
    const bare = await bookedGroup(ctx.app, ctx.database.db, alice.cookie, itinerary.id, [], { organiserDetails: false });
    const order = await call(ctx.app, alice.cookie, 'POST', `/api/groups/${bare.groupId}/shares/${bare.group.members[0]?.id ?? ''}/order`, { method: 'card' });
    expect(order.status).toBe(409);
    expect(order.body.error?.message).toBe(COMPANION_MESSAGES.detailsFirst);
    expect(group.members[0]?.hasPassengerDetails).toBe(true);
    await call(ctx.app, alice.cookie, 'POST', `/api/groups/${groupId}/cancel`);
    await call(ctx.app, alice.cookie, 'POST', `/api/groups/${bare.groupId}/cancel`);
  });

  it('refunds every paid share when the hold expires, and refunds a share paid after it', async () => {
    const { groupId, group, tokens } = await bookedGroup(ctx.app, ctx.database.db, alice.cookie, itinerary.id, ['erin.member@example.com']);
    const token = tokens.get('erin.member@example.com') ?? '';
    const accepted = await call(ctx.app, bob.cookie, 'POST', `/api/group-invites/${token}/accept`, { passenger: MEMBER_PASSENGER('Erin') });
    const bobId = accepted.body.group.viewerMemberId;
    const aliceId = group.members[0]?.id ?? '';
    const mine = await payShare(ctx.app, alice.cookie, groupId, aliceId);
    expect((await confirmShare(ctx.app, alice.cookie, groupId, aliceId, mine.payment)).status).toBe(200);
    const bobs = await payShare(ctx.app, bob.cookie, groupId, bobId);

    ctx.clock.advance(24 * 3_600_000 + 1_000);
    await ctx.checkout.sweepHolds();
    const late = await confirmShare(ctx.app, bob.cookie, groupId, bobId, bobs.payment);
    expect(late.status).toBe(409);
    expect(late.body.error?.reason).toBe('hold-expired');
    const after = (await call(ctx.app, alice.cookie, 'GET', `/api/groups/${groupId}`)).body.group;
    expect(after.status).toBe('expired');
    expect(after.shares.map((s) => s.status)).toEqual(['refunded', 'refunded']);
    await ctx.checkout.sendRefunds();
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, group.bookingId ?? ''));
    expect(rows.filter((r) => r.status === 'captured')).toEqual([]);
    expect(rows.filter((r) => r.status === 'refunded')).toHaveLength(2);
    ctx.clock.set('2026-11-21T06:30:00Z');
  });

  it('cancels a held group: seats back, paid shares refunded', async () => {
    const { groupId, group } = await bookedGroup(ctx.app, ctx.database.db, alice.cookie, itinerary.id, ['fay.member@example.com']);
    const aliceId = group.members[0]?.id ?? '';
    const mine = await payShare(ctx.app, alice.cookie, groupId, aliceId);
    await confirmShare(ctx.app, alice.cookie, groupId, aliceId, mine.payment);
    const cancelled = await call(ctx.app, alice.cookie, 'POST', `/api/groups/${groupId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.group.status).toBe('cancelled');
    expect(cancelled.body.group.shares[0]?.status).toBe('refunded');
  });
});

describe('the shared itinerary', () => {
  const PRIVATE = /@|ticket|pnr|aadha|payment|paise|amount|mobile|dob|BK\d|email|order_|pay_/i;

  it('gives a 6-symbol code and a public page with flights, terminals and first names only; revoked is gone', async () => {
    const { groupId, tokens } = await bookedGroup(ctx.app, ctx.database.db, alice.cookie, itinerary.id, ['gita.member@example.com']);
    await call(ctx.app, carol.cookie, 'POST', `/api/group-invites/${tokens.get('gita.member@example.com') ?? ''}/accept`, { passenger: MEMBER_PASSENGER('Gita') });
    const created = await call<{ itinerary: SharedItinerary }>(ctx.app, alice.cookie, 'POST', `/api/groups/${groupId}/itinerary`);
    expect(created.status).toBe(201);
    const { shareCode, url } = created.body.itinerary;
    expect(shareCode).toMatch(SHARE_CODE_RE);
    expect(url).toBe(`/trip/${shareCode}`);
    const again = await call<{ itinerary: SharedItinerary }>(ctx.app, alice.cookie, 'POST', `/api/groups/${groupId}/itinerary`);
    expect(again.body.itinerary.shareCode).toBe(shareCode);
    // A member sees it but cannot revoke it.
    expect((await call(ctx.app, carol.cookie, 'GET', `/api/groups/${groupId}`)).body.group.itinerary?.shareCode).toBe(shareCode);
    expect((await call(ctx.app, carol.cookie, 'DELETE', `/api/groups/${groupId}/itinerary`)).status).toBe(403);

    const res = await ctx.app.request(`/api/trips/${shareCode}`, { headers: { [TEST_CLIENT_IP_HEADER]: '198.51.100.1' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(PRIVATE);
    const { trip } = JSON.parse(text) as { trip: PublicTrip };
    expect(trip.members).toHaveLength(2);
    expect(trip.members[1]).toEqual({ firstName: 'Friend' });
    // The organiser is never named after their email address on the public page.
    expect(trip.members[0]?.firstName).not.toBe(alice.user.email.split('@')[0]);
    expect(trip.flights[0]).toMatchObject({ flightNumber: itinerary.legs[0]?.flightNumber, from: { code: 'DEL', terminal: itinerary.legs[0]?.from.terminal ?? null } });
    expect(Object.keys(trip).sort()).toEqual(['flights', 'members', 'shareCode', 'status']);

    const mailed = await call<{ sent: number }>(ctx.app, alice.cookie, 'POST', `/api/groups/${groupId}/itinerary/invitations`);
    expect(mailed.body.sent).toBe(2);
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, 'gita.member@example.com'));
    expect(JSON.stringify(mails.map((m) => m.payload))).toContain(`/trip/${shareCode}`);

    expect((await call(ctx.app, alice.cookie, 'DELETE', `/api/groups/${groupId}/itinerary`)).status).toBe(204);
    expect((await ctx.app.request(`/api/trips/${shareCode}`, { headers: { [TEST_CLIENT_IP_HEADER]: '198.51.100.1' } })).status).toBe(404);
    const fresh = await call<{ itinerary: SharedItinerary }>(ctx.app, alice.cookie, 'POST', `/api/groups/${groupId}/itinerary`);
    expect(fresh.body.itinerary.shareCode).not.toBe(shareCode);
    await call(ctx.app, alice.cookie, 'POST', `/api/groups/${groupId}/cancel`);
  });

  it('limits lookups per client IP, counting misses too', async () => {
    const ip = { [TEST_CLIENT_IP_HEADER]: '198.51.100.77' };
    for (let i = 0; i < TRIP_LOOKUPS_PER_IP.limit; i += 1) expect((await ctx.app.request('/api/trips/ZZZZZZ', { headers: ip })).status).toBe(404);
    const limited = await ctx.app.request('/api/trips/ZZZZZZ', { headers: ip });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // Another address is not affected.
    expect((await ctx.app.request('/api/trips/ZZZZZZ', { headers: { [TEST_CLIENT_IP_HEADER]: '198.51.100.78' } })).status).toBe(404);
  });

  it('is public: no sign-in needed, no cookie set', async () => {
    const res = await ctx.app.request('/api/trips/ABCDEF', { headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: '198.51.100.2' }) });
    expect(res.status).toBe(404);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
