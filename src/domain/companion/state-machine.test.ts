import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassengerInput } from '../../core/booking';
import { type Clock, createFixedClock } from '../../core/clock';
import { splitPaise } from '../../core/companion';
import { AppError } from '../../core/errors';
import { type Database, wrapPglite } from '../../db/client';
import { bookings, groupMembers, groups, passengers, payments, users } from '../../db/schema';
import { expectSeatsMatchBookings, resetOneFlight } from '../../../tests/support/books';
import { openFromTemplate } from '../../../tests/support/pglite-template';
import { inviteTokens } from '../../../tests/support/companion';
import { worldCatalog } from '../booking/world-catalog';
import { type CheckoutService, RECONCILE_AFTER_MS, createCheckoutService } from '../checkout/service';
import { createWorld } from '../world/world';
import { type CompanionDeps, acceptInvite, addMember, cancelGroup, createGroup, getGroup, initiateGroupBooking, orderShare, setMemberPassenger } from './groups';

/**
 * Property test of the group state machine, driven through the companion domain and the
 * checkout service: random sequences of form-group (organiser + invitees, held) / accept /
 * accept all / pay a share / every member pays / pay a share twice / abandon a paid share / webhooks / reconcile / expire /
 * cancel / wait keep, after every step: available + held + sold = capacity; held = seats of
 * live group holds; sold = seats of confirmed ones; no share captured twice; a held booking's
 * captured money is below its total; a confirmed booking's is exactly its total, one captured
 * payment per member's share, with a ticket for every member; shares sum to the total. When the
 * dust settles every payment the gateway took ends captured for a confirmed booking or refunded.
 */

const START_SEATS = 8;
const MEMBERS = 4;
const person = (firstName: string): PassengerInput => ({ title: 'Ms', firstName, lastName: 'Rao', dob: '1991-07-09', type: 'Adult', mobileNo: '9876543210' });

type Action =
  | { kind: 'form'; invitees: number }
  | { kind: 'accept'; group: number; member: number }
  | { kind: 'accept-all'; group: number }
  | { kind: 'pay-all'; group: number }
  | { kind: 'pay'; group: number; member: number; twice: boolean; abandon: boolean }
  | { kind: 'webhooks' }
  | { kind: 'reconcile' }
  | { kind: 'expire' }
  | { kind: 'cancel'; group: number }
  | { kind: 'wait'; hours: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.integer({ min: 0, max: 2 }).map((invitees) => ({ kind: 'form' as const, invitees })),
  fc.tuple(fc.nat(8), fc.nat(8)).map(([group, member]) => ({ kind: 'accept' as const, group, member })),
  fc.nat(8).map((group) => ({ kind: 'accept-all' as const, group })),
  fc.nat(8).map((group) => ({ kind: 'pay-all' as const, group })),
  fc.tuple(fc.nat(8), fc.nat(8), fc.boolean(), fc.boolean()).map(([group, member, twice, abandon]) => ({ kind: 'pay' as const, group, member, twice, abandon })),
  fc.constant({ kind: 'webhooks' as const }),
  fc.constant({ kind: 'reconcile' as const }),
  fc.constant({ kind: 'expire' as const }),
  fc.nat(8).map((group) => ({ kind: 'cancel' as const, group })),
  fc.integer({ min: 1, max: 10 }).map((hours) => ({ kind: 'wait' as const, hours })),
);

let database: Database;
const world = createWorld();
const catalog = worldCatalog(world);
let flightId = '';
let itineraryId = '';
const people: { id: string; email: string }[] = [];

function servicesAt(clock: Clock): { checkout: CheckoutService; deps: CompanionDeps } {
  const checkout = createCheckoutService({
    db: database.db,
    clock,
    catalog,
    inventory: { applyChange: () => {} },
    logger: { info: () => {}, warn: () => {} },
    settings: { sandboxSecret: 'group-machine-secret', sandboxSecretConfigured: true, production: false, upiSuccessRate: 0.9, holdMs: 10 * 60_000 },
  });
  return { checkout, deps: { db: database.db, clock, checkout, catalog } };
}

beforeAll(async () => {
  database = wrapPglite(await openFromTemplate());
  for (let i = 0; i < MEMBERS; i += 1) {
    const [row] = await database.db.insert(users).values({ email: `member${i}@example.com`, passwordHash: 'x' }).returning({ id: users.id, email: users.email });
    if (row) people.push(row);
  }
  for (let n = 0; n < 10000 && !flightId; n++) {
    const f = world.getFlight(`6E${n}@2026-12-24`) ?? world.getFlight(`AI${n}@2026-12-24`);
    if (f && f.capacity.economy > 0) flightId = f.flightId;
  }
  itineraryId = `${flightId}:economy`;
});
afterAll(() => database.close());

async function checkInvariants() {
  const db = database.db;
  const all = await expectSeatsMatchBookings(db, flightId, START_SEATS);
  const pays = await db.select().from(payments);
  const members = await db.select().from(groupMembers);
  const groupRows = await db.select().from(groups);
  for (const g of groupRows.filter((x) => x.bookingId)) {
    const booking = all.find((b) => b.id === g.bookingId);
    if (!booking) throw new Error('group without its booking');
    const mine = members.filter((m) => m.groupId === g.id);
    const captured = pays.filter((p) => p.bookingId === booking.id && p.status === 'captured');
    // Shares sum to the total, and no share is captured twice.
    expect(mine.reduce((n, m) => n + (m.sharePaise ?? 0), 0)).toBe(booking.totalInr * 100);
    expect(new Set(captured.map((p) => p.shareKey)).size).toBe(captured.length);
    for (const p of captured) expect(mine.find((m) => m.id === p.shareKey)?.sharePaise).toBe(p.amountPaise);
    const paid = captured.reduce((n, p) => n + p.amountPaise, 0);
    if (booking.status === 'held') expect(paid).toBeLessThan(booking.totalInr * 100);
    else if (booking.status === 'confirmed') {
      expect(paid).toBe(booking.totalInr * 100);
      expect(captured).toHaveLength(mine.length);
      const pax = await db.select().from(passengers).where(eq(passengers.bookingId, booking.id));
      expect(pax).toHaveLength(mine.length);
      expect(pax.every((p) => p.ticketNumber !== null)).toBe(true);
    } else expect(paid).toBe(0);
  }
}

describe('group state machine (PGlite, real world and fares)', () => {
  it('random form/accept/pay/pay-twice/abandon/reconcile/expire/cancel sequences keep seats and money balanced', async () => {
    const ends = { confirmed: 0, expired: 0, cancelled: 0 };
    await fc.assert(
      // Every run starts with a group formed, then 4–16 random steps.
      fc.asyncProperty(fc.integer({ min: 0, max: 2 }), fc.array(actionArb, { minLength: 4, maxLength: 16, size: 'medium' }), async (firstInvitees, rest) => {
        const actions: Action[] = [{ kind: 'form', invitees: firstInvitees }, ...rest];
        await resetOneFlight(database.db, world, flightId, START_SEATS);
        const clock = createFixedClock('2026-11-21T06:30:00Z');
        const { checkout, deps } = servicesAt(clock);
        const formed: string[] = [];
        const organiser = people[0] ?? { id: '', email: '' };

        const payOnce = async (groupId: string, memberId: string, payer: { id: string; email: string }, abandon: boolean) => {
          const order = await orderShare(deps, groupId, payer, memberId, 'card');
          const paid = await checkout.sandboxPay({ orderId: order.orderId, method: 'card', card: { number: '4111111111111111', expiry: '12/30', cvv: '123', name: 'R' } });
          if (!paid.ok || abandon) return;
          await checkout.settle({ provider: 'sandbox', orderId: order.orderId, paymentId: paid.result.paymentId });
        };

        for (const action of actions) {
          try {
            if (action.kind === 'form') {
              const group = await createGroup(deps, organiser, { itineraryId });
              // Addresses unique per group, so each invitation mail is found by its address.
              for (let i = 1; i <= action.invitees; i += 1) await addMember(deps, group.id, organiser.id, { name: `Friend ${i}`, email: `friend${i}.g${formed.length}@example.com` });
              await setMemberPassenger(deps, group.id, organiser.id, group.viewerMemberId, person('Asha'));
              formed.push(group.id);
              const held = await initiateGroupBooking(deps, group.id, organiser.id);
              expect(held.shares.map((s) => s.amountPaise)).toEqual(splitPaise(held.totalPaise, held.partySize));
            } else if (action.kind === 'accept' && formed.length > 0) {
              const groupId = formed[action.group % formed.length] ?? '';
              const view = await getGroup(deps, groupId, organiser.id);
              const invitees = view.members.filter((m) => !m.isOrganizer);
              const member = invitees[action.member % Math.max(invitees.length, 1)];
              const who = people[1 + (action.member % (MEMBERS - 1))];
              if (member && who) {
                const token = (await inviteTokens(database.db, [member.email])).get(member.email);
                if (token) await acceptInvite(deps, token, who.id, person('Bina'));
              }
            } else if (action.kind === 'accept-all' && formed.length > 0) {
              // Every invitee accepts, each from their own account.
              const groupId = formed[action.group % formed.length] ?? '';
              const view = await getGroup(deps, groupId, organiser.id);
              for (const [i, member] of view.members.filter((m) => !m.isOrganizer && !m.confirmed).entries()) {
                const token = (await inviteTokens(database.db, [member.email])).get(member.email);
                const who = people[1 + i];
                if (token && who) await acceptInvite(deps, token, who.id, person('Bina')).catch((error: unknown) => {
                  if (!(error instanceof AppError) || error.status >= 500) throw error;
                });
              }
            } else if (action.kind === 'pay-all' && formed.length > 0) {
              // Every member who has an account pays their share once, in turn.
              const groupId = formed[action.group % formed.length] ?? '';
              const rows = await database.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
              for (const member of rows) {
                const payer = people.find((p) => p.id === member.userId);
                if (payer) await payOnce(groupId, member.id, payer, false).catch((error: unknown) => {
                  if (!(error instanceof AppError) || error.status >= 500) throw error;
                });
              }
            } else if (action.kind === 'pay' && formed.length > 0) {
              const groupId = formed[action.group % formed.length] ?? '';
              const rows = await database.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
              const member = rows[action.member % rows.length];
              const payer = people.find((p) => p.id === member?.userId);
              if (member && payer) {
                if (action.twice) {
                  // Two tabs: two orders of one share, both paid at the gateway.
                  const first = await orderShare(deps, groupId, payer, member.id, 'card');
                  const second = await orderShare(deps, groupId, payer, member.id, 'card');
                  for (const order of [first, second]) {
                    const paid = await checkout.sandboxPay({ orderId: order.orderId, method: 'card', card: { number: '4111111111111111', expiry: '12/30', cvv: '123', name: 'R' } });
                    if (paid.ok) await checkout.settle({ provider: 'sandbox', orderId: order.orderId, paymentId: paid.result.paymentId }).catch(() => undefined);
                  }
                } else await payOnce(groupId, member.id, payer, action.abandon);
              }
            } else if (action.kind === 'cancel' && formed.length > 0) {
              await cancelGroup(deps, formed[action.group % formed.length] ?? '', organiser.id);
            } else if (action.kind === 'expire') {
              await checkout.sweepHolds();
              await checkout.sendRefunds();
            } else if (action.kind === 'webhooks') {
              clock.advance(5_000);
              await checkout.deliverSandboxWebhooks();
            } else if (action.kind === 'reconcile') {
              clock.advance(RECONCILE_AFTER_MS + 1);
              await checkout.reconcile();
            } else if (action.kind === 'wait') {
              clock.advance(action.hours * 3_600_000);
            }
          } catch (error) {
            // Refusals (sold out, hold expired, share paid, details missing) are answers, not failures.
            if (!(error instanceof AppError) || error.status >= 500) throw error;
          }
          await checkInvariants();
        }
        clock.advance(48 * 3_600_000);
        await checkout.deliverSandboxWebhooks();
        await checkout.reconcile();
        await checkout.sweepHolds();
        await checkout.sendRefunds();
        await checkInvariants();
        const all = await database.db.select().from(bookings);
        for (const b of all) if (b.status === 'confirmed' || b.status === 'expired' || b.status === 'cancelled') ends[b.status] += 1;
        for (const p of await database.db.select().from(payments)) {
          if (p.status === 'created') continue;
          if (p.status === 'captured') expect(all.find((b) => b.id === p.bookingId)?.status).toBe('confirmed');
          else expect(p.status).toBe('refunded');
        }
      }),
      { numRuns: 20 },
    );
    console.info(`group bookings ended: ${ends.confirmed} confirmed, ${ends.expired} expired, ${ends.cancelled} cancelled`);
    // Each run is a few dozen transactions; the default 30 s is too tight on a loaded machine.
  }, 600_000);
});
