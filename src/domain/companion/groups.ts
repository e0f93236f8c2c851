import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { BOOKING_ERROR_MESSAGES, BOOKING_REASONS, type BookingView, type PaymentMethod, type PaymentOrder, passengerSchema } from '../../core/booking';
import type { Clock } from '../../core/clock';
import {
  type AddMemberBody,
  COMPANION_MESSAGES,
  GROUP_HOLD_DEPARTURE_MARGIN_HOURS,
  GROUP_HOLD_HOURS,
  GROUP_HOLD_MIN_MINUTES,
  type GroupSummary,
  type GroupView,
  type InviteView,
  MAX_GROUP_SIZE,
  firstNameOf,
  invitePath,
  splitPaise,
} from '../../core/companion';
import { AppError } from '../../core/errors';
import type { Itinerary } from '../../core/search';
import type { Db } from '../../db/client';
import { boardingPasses, bookings, groupMembers, groups, outbox, passengers, payments, users } from '../../db/schema';
import type { BookingCatalog, Tx } from '../booking/catalog';
import { passengerRow, travelDateOf } from '../booking/holds';
import { loadBooking } from '../booking/views';
import type { CheckoutService } from '../checkout/service';
import type { NoticeMailPayload } from '../booking/outbox';
import { type GroupBundle, type MemberRow, groupFlights, groupItinerary, groupStatus, groupView, loadBundle } from './views';

/**
 * Travel Companion groups: an organiser, up to eight invitees, one itinerary. Initiating the
 * group booking holds the whole party's seats as one booking of the organiser's through the
 * checkout service (a longer hold: see groupHoldMs), splits its all-in total into equal shares
 * and mails each invitee a link. Each member pays their own share; the booking confirms when
 * the shares cover the total, and an expired or cancelled hold refunds every paid share (the
 * checkout service's rules for shares). Every read and change checks the caller belongs to the
 * group: anyone else gets the 404 an unknown id gets.
 */

export interface CompanionDeps {
  db: Db;
  clock: Clock;
  checkout: CheckoutService;
  /** Prices a group when it is created. */
  catalog: Pick<BookingCatalog, 'quote'>;
}

export interface Viewer {
  id: string;
  email: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_RE.test(value);

const groupNotFound = () => new AppError('not_found', COMPANION_MESSAGES.groupNotFound);
const organiserOnly = () => new AppError('forbidden', COMPANION_MESSAGES.organiserOnly);
const notDraft = () => new AppError('conflict', COMPANION_MESSAGES.notDraft);
const notBookable = () => new AppError('not_found', 'This flight is no longer available. Please search again.', { itineraryId: 'This flight is no longer available' });

/** SHA-256 of an invitation token: all the database keeps. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** An organiser whose account has no display name is called this until they give their passenger name. */
export const ORGANISER_PLACEHOLDER_NAME = 'Organiser';

/**
 * The organiser's own member row is named after their account's display name. Never after the
 * email address: member first names are shown on the public itinerary page.
 */
async function organiserName(db: Db, viewer: Viewer): Promise<string> {
  const [row] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, viewer.id));
  return row?.displayName?.trim() || ORGANISER_PLACEHOLDER_NAME;
}

/**
 * How long a group's seats are held: 24 h, but never closer than 6 h to the first departure;
 * null when that leaves less than an hour (book the flight directly instead).
 * @example groupHoldMs(itinerary, now) // 86_400_000 for a flight a week away
 */
function groupHoldMs(itinerary: Pick<Itinerary, 'departure'>, now: Date): number | null {
  const departure = Date.parse(itinerary.departure);
  if (!Number.isFinite(departure)) return null;
  const untilMargin = departure - GROUP_HOLD_DEPARTURE_MARGIN_HOURS * 3_600_000 - now.getTime();
  const ms = Math.min(GROUP_HOLD_HOURS * 3_600_000, untilMargin);
  return ms >= GROUP_HOLD_MIN_MINUTES * 60_000 ? Math.floor(ms / 1000) * 1000 : null;
}

/** The group if the viewer organises it or is a member of it; else the 404 of an unknown id. */
async function visibleBundle(db: Db | Tx, groupId: string, viewerId: string): Promise<GroupBundle> {
  if (!isUuid(groupId)) throw groupNotFound();
  const bundle = await loadBundle(db, groupId);
  if (!bundle) throw groupNotFound();
  if (bundle.group.organiserUserId !== viewerId && !bundle.members.some((m) => m.userId === viewerId)) throw groupNotFound();
  return bundle;
}

async function organisedBundle(db: Db | Tx, groupId: string, viewerId: string): Promise<GroupBundle> {
  const bundle = await visibleBundle(db, groupId, viewerId);
  if (bundle.group.organiserUserId !== viewerId) throw organiserOnly();
  return bundle;
}

/**
 * One group as the viewer sees it (404 unless organiser or member).
 * @example const group = await getGroup(deps, groupId, user.id)
 */
export async function getGroup(deps: Pick<CompanionDeps, 'db'>, groupId: string, viewerId: string): Promise<GroupView> {
  return groupView(await visibleBundle(deps.db, groupId, viewerId), viewerId);
}

/**
 * Starts a group for the signed-in organiser on an itinerary, priced now for one adult.
 * @example const group = await createGroup(deps, viewer, { itineraryId })
 */
export async function createGroup(deps: CompanionDeps, viewer: Viewer, input: { itineraryId: string }): Promise<GroupView> {
  if (!travelDateOf(input.itineraryId)) throw notBookable();
  const now = deps.clock.now();
  const quote = await deps.catalog.quote(deps.db, input.itineraryId, { adults: 1, children: 0, infants: 0 }, now);
  if (!quote) throw notBookable();
  const name = await organiserName(deps.db, viewer);
  const groupId = await deps.db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({
        organiserUserId: viewer.id,
        status: 'draft',
        itineraryId: quote.itinerary.id,
        itinerary: quote.itinerary,
        pricePerPersonInr: quote.itinerary.price.total.total,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: groups.id });
    if (!group) throw new Error('group not written');
    await tx.insert(groupMembers).values({
      groupId: group.id,
      position: 0,
      name,
      email: viewer.email.toLowerCase(),
      isOrganizer: true,
      userId: viewer.id,
      acceptedAt: now,
      createdAt: now,
    });
    return group.id;
  });
  return getGroup(deps, groupId, viewer.id);
}

/**
 * The groups a traveller organises or belongs to, newest first.
 * @example const groups = await listGroups(deps, user.id)
 */
export async function listGroups(deps: Pick<CompanionDeps, 'db'>, viewerId: string): Promise<GroupSummary[]> {
  const rows = await deps.db
    .select({ group: groups, booking: bookings })
    .from(groups)
    .leftJoin(bookings, eq(bookings.id, groups.bookingId))
    .where(or(eq(groups.organiserUserId, viewerId), sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.userId} = ${viewerId})`))
    .orderBy(desc(groups.createdAt))
    .limit(200);
  if (rows.length === 0) return [];
  const sizes = await deps.db
    .select({ groupId: groupMembers.groupId, n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, rows.map((r) => r.group.id)))
    .groupBy(groupMembers.groupId);
  return rows.map(({ group, booking }) => {
    const itinerary = groupItinerary({ group, booking });
    const first = itinerary.legs[0];
    const last = itinerary.legs[itinerary.legs.length - 1];
    return {
      id: group.id,
      status: groupStatus(group, booking),
      source: first?.from.code ?? '',
      destination: last?.to.code ?? '',
      date: first?.departure.slice(0, 10) ?? '',
      partySize: Number(sizes.find((s) => s.groupId === group.id)?.n ?? 0),
      isOrganizer: group.organiserUserId === viewerId,
      createdAt: group.createdAt.toISOString(),
    };
  });
}

/** Locks a draft group's row for a change of its members (one change at a time per group). */
async function lockDraft(tx: Tx, groupId: string, viewerId: string) {
  if (!isUuid(groupId)) throw groupNotFound();
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
  if (!group) throw groupNotFound();
  if (group.organiserUserId !== viewerId) {
    const [member] = await tx.select({ id: groupMembers.id }).from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, viewerId)));
    throw member ? organiserOnly() : groupNotFound();
  }
  if (group.status !== 'draft') throw notDraft();
  return group;
}

/**
 * Adds a member (name and email) to a draft group; at most 9 travellers, one row per address.
 * @example await addMember(deps, groupId, user.id, { name: 'Priya Sharma', email: 'priya@example.com' })
 */
export async function addMember(deps: Pick<CompanionDeps, 'db' | 'clock'>, groupId: string, viewerId: string, input: AddMemberBody): Promise<GroupView> {
  const email = input.email.trim().toLowerCase();
  await deps.db.transaction(async (tx) => {
    await lockDraft(tx, groupId, viewerId);
    const members = await tx.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    if (members.length >= MAX_GROUP_SIZE) throw new AppError('conflict', COMPANION_MESSAGES.partyFull);
    if (members.some((m) => m.email === email)) throw new AppError('validation_failed', COMPANION_MESSAGES.duplicateEmail, { email: COMPANION_MESSAGES.duplicateEmail });
    const position = Math.max(...members.map((m) => m.position)) + 1;
    await tx.insert(groupMembers).values({ groupId, position, name: input.name.trim(), email, createdAt: deps.clock.now() });
    await tx.update(groups).set({ updatedAt: deps.clock.now() }).where(eq(groups.id, groupId));
  });
  return getGroup(deps, groupId, viewerId);
}

/**
 * Removes an invitee from a draft group; the organiser cannot be removed.
 * @example await removeMember(deps, groupId, user.id, memberId)
 */
export async function removeMember(deps: Pick<CompanionDeps, 'db' | 'clock'>, groupId: string, viewerId: string, memberId: string): Promise<GroupView> {
  await deps.db.transaction(async (tx) => {
    await lockDraft(tx, groupId, viewerId);
    if (!isUuid(memberId)) throw new AppError('not_found', 'Member not found');
    const [member] = await tx.select().from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.id, memberId)));
    if (!member) throw new AppError('not_found', 'Member not found');
    if (member.isOrganizer) throw new AppError('conflict', 'The organiser cannot be removed from the group');
    await tx.delete(groupMembers).where(eq(groupMembers.id, memberId));
  });
  return getGroup(deps, groupId, viewerId);
}

/** The member's details checked like the booking screen's adult on the travel date; errors keyed `passenger.{field}`. */
function checkPassenger(itinerary: Itinerary, input: unknown) {
  const travelDate = travelDateOf(itinerary.id) ?? itinerary.departure.slice(0, 10);
  const result = passengerSchema(travelDate).safeParse(input);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[['passenger', ...issue.path.map(String)].join('.')] ??= issue.message;
    throw new AppError('validation_failed', Object.values(fields)[0] ?? 'Please fix the errors in passenger details', fields);
  }
  if (result.data.type !== 'Adult') {
    throw new AppError('validation_failed', 'Group members travel as adults', { 'passenger.type': 'Group members travel as adults' });
  }
  return result.data;
}

/**
 * Writes a member's passenger details: into the held booking at the member's position (the
 * booking row locked, the hold live, the share not yet paid), or for a draft group into the
 * member row until the booking is made.
 */
async function storePassenger(tx: Tx, now: Date, bundle: GroupBundle, member: MemberRow, input: unknown) {
  const passenger = checkPassenger(groupItinerary(bundle), input);
  // An organiser still under the placeholder takes the name they travel under.
  const name = member.isOrganizer && member.name === ORGANISER_PLACEHOLDER_NAME ? `${passenger.firstName} ${passenger.lastName}`.trim() : member.name;
  const { group } = bundle;
  if (group.status === 'draft') {
    // Stored as the passenger row it becomes (Aadhaar already reduced to its last four digits).
    const { bookingId: _none, ...row } = passengerRow('', member.position, passenger);
    await tx.update(groupMembers).set({ passenger: row, hasPassengerDetails: true, name }).where(eq(groupMembers.id, member.id));
    return;
  }
  if (!group.bookingId) throw new AppError('conflict', 'This group booking has ended.');
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, group.bookingId)).for('no key update');
  if (!booking || booking.status !== 'held' || booking.holdExpiresAt.getTime() <= now.getTime()) {
    throw new AppError('conflict', booking?.status === 'confirmed' ? 'This group booking is confirmed; passenger details can no longer change.' : 'This group booking has ended.');
  }
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.shareKey, member.id), inArray(payments.status, ['authorized', 'captured'])))
    .limit(1);
  if (paid) throw new AppError('conflict', 'Your share is paid; passenger details can no longer change.');
  const row = passengerRow(booking.id, member.position, passenger);
  await tx
    .insert(passengers)
    .values(row)
    .onConflictDoUpdate({
      target: [passengers.bookingId, passengers.position],
      set: { title: row.title, firstName: row.firstName, middleName: row.middleName, lastName: row.lastName, dob: row.dob, type: row.type, mobile: row.mobile, aadhaarLast4: row.aadhaarLast4 },
    });
  await tx.update(groupMembers).set({ hasPassengerDetails: true, name }).where(eq(groupMembers.id, member.id));
}

/**
 * A member fills in their own passenger details (the organiser their own row).
 * @example await setMemberPassenger(deps, groupId, user.id, memberId, passenger)
 */
export async function setMemberPassenger(deps: Pick<CompanionDeps, 'db' | 'clock'>, groupId: string, viewerId: string, memberId: string, passenger: unknown): Promise<GroupView> {
  await deps.db.transaction(async (tx) => {
    const bundle = await visibleBundle(tx, groupId, viewerId);
    const member = bundle.members.find((m) => m.id === memberId);
    // Only one's own row: another member's id is as unknown as a made-up one.
    if (!member || member.userId !== viewerId) throw new AppError('not_found', 'Member not found');
    await storePassenger(tx, deps.clock.now(), bundle, member, passenger);
  });
  return getGroup(deps, groupId, viewerId);
}

/** The invitation mail of one member. */
function invitationMail(organiser: string, itinerary: Itinerary, member: MemberRow, token: string, holdExpiresAt: Date): NoticeMailPayload {
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const route = `${first?.from.city ?? ''} (${first?.from.code ?? ''}) to ${last?.to.city ?? ''} (${last?.to.code ?? ''})`;
  const flights = groupFlights(itinerary)
    .map((f) => `${f.flightNumber} ${f.from.code} ${f.departure.slice(0, 16).replace('T', ' ')} → ${f.to.code} ${f.arrival.slice(0, 16).replace('T', ' ')}`)
    .join('\n');
  return {
    subject: `${organiser} invited you to fly ${first?.from.code ?? ''} → ${last?.to.code ?? ''}`,
    text: [
      `Hello ${firstNameOf(member.name)},`,
      '',
      `${organiser} has started a group booking from ${route} and added you to the group.`,
      flights,
      '',
      `Seats are held for the group until ${holdExpiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Accept the invitation, fill in your passenger details and pay your share before then; if not every share is paid in time, every payment is refunded.`,
    ].join('\n'),
    links: [{ label: 'Join the group', path: invitePath(token) }],
    waitForVerifiedAccount: true,
  };
}

/**
 * "Group booking initiated!": holds seats for the whole party through the checkout service
 * (groupHoldMs), splits the held total equally (remainder on the organiser), and mails each
 * invitee their invitation link through the outbox.
 * @example await initiateGroupBooking(deps, groupId, user.id)
 */
export async function initiateGroupBooking(deps: CompanionDeps, groupId: string, viewerId: string): Promise<GroupView> {
  const { db, clock, checkout } = deps;
  const bundle = await organisedBundle(db, groupId, viewerId);
  if (bundle.group.status !== 'draft') throw notDraft();
  const holdMs = groupHoldMs(bundle.group.itinerary, clock.now());
  if (holdMs === null) {
    throw new AppError('conflict', `This flight leaves too soon for a group booking (seats are held for the group until ${GROUP_HOLD_DEPARTURE_MARGIN_HOURS} hours before departure). Book it directly instead.`);
  }
  const booking = await checkout.holdParty({ userId: viewerId, itineraryId: bundle.group.itineraryId, adults: bundle.members.length, holdMs });

  const tokens = new Map<string, string>();
  const booked = await db.transaction(async (tx) => {
    // The group turns from draft to booked once: a concurrent second "book" finds it booked.
    const [group] = await tx
      .update(groups)
      .set({ status: 'booked', bookingId: booking.id, updatedAt: clock.now() })
      .where(and(eq(groups.id, groupId), eq(groups.status, 'draft')))
      .returning();
    if (!group) return false;
    const members = (await tx.select().from(groupMembers).where(eq(groupMembers.groupId, groupId))).sort((a, b) => a.position - b.position);
    // Members added while the seats were being held would not have seats: refuse and give them back.
    if (members.length !== bundle.members.length) {
      throw new AppError('conflict', 'The group changed while its seats were being held. Please try again.');
    }
    const shares = splitPaise(booking.totalInr * 100, members.length);
    const now = clock.now();
    const organiser = members.find((m) => m.isOrganizer);
    const organiserName = firstNameOf(organiser?.name ?? 'Your organiser');
    const itinerary = booking.itinerary;
    for (const [i, member] of members.entries()) {
      const token = member.isOrganizer ? null : randomBytes(32).toString('base64url');
      await tx
        .update(groupMembers)
        .set({ sharePaise: shares[i] ?? 0, inviteTokenHash: token ? hashToken(token) : null })
        .where(eq(groupMembers.id, member.id));
      if (token) tokens.set(member.id, token);
      if (member.isOrganizer && member.passenger && member.hasPassengerDetails) {
        // The organiser's details given while drafting become the booking's passenger now.
        await tx.insert(passengers).values({ ...member.passenger, bookingId: booking.id, position: member.position });
      }
      if (token) {
        await tx.insert(outbox).values({
          kind: 'notice-mail',
          recipient: member.email,
          payload: invitationMail(organiserName, itinerary, member, token, new Date(booking.holdExpiresAt)),
          availableAt: now,
        });
      }
    }
    return true;
  }).catch(async (error: unknown) => {
    await checkout.cancel(viewerId, booking.id);
    throw error;
  });
  if (!booked) {
    // Another request booked this group first: these seats go straight back.
    await checkout.cancel(viewerId, booking.id);
    throw notDraft();
  }
  return getGroup(deps, groupId, viewerId);
}

/**
 * The organiser gives up the group: a draft is dropped; a held booking's seats go back and every
 * paid share is refunded (the checkout service's cancel).
 * @example await cancelGroup(deps, groupId, user.id)
 */
export async function cancelGroup(deps: CompanionDeps, groupId: string, viewerId: string): Promise<GroupView> {
  const bundle = await organisedBundle(deps.db, groupId, viewerId);
  const status = groupStatus(bundle.group, bundle.booking);
  if (status === 'draft') {
    await deps.db.update(groups).set({ status: 'cancelled', updatedAt: deps.clock.now() }).where(and(eq(groups.id, groupId), eq(groups.status, 'draft')));
  } else if (status === 'held' && bundle.booking) {
    await deps.checkout.cancel(viewerId, bundle.booking.id);
  } else if (status === 'confirmed') {
    throw new AppError('conflict', 'A confirmed group booking cannot be cancelled here.');
  }
  return getGroup(deps, groupId, viewerId);
}

// ---------------------------------------------------------------------------
// Invitations

async function memberByToken(db: Db | Tx, token: string) {
  const [member] = await db.select().from(groupMembers).where(eq(groupMembers.inviteTokenHash, hashToken(token)));
  if (!member) throw new AppError('not_found', COMPANION_MESSAGES.inviteNotFound);
  return member;
}

/**
 * What an invitation link shows a signed-in traveller before accepting.
 * @example const invite = await getInvite(deps, token, user.id)
 */
export async function getInvite(deps: Pick<CompanionDeps, 'db'>, token: string, viewerId: string): Promise<InviteView> {
  const member = await memberByToken(deps.db, token);
  const bundle = await loadBundle(deps.db, member.groupId);
  if (!bundle) throw new AppError('not_found', COMPANION_MESSAGES.inviteNotFound);
  const itinerary = groupItinerary(bundle);
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const organiser = bundle.members.find((m) => m.isOrganizer);
  return {
    groupId: bundle.group.id,
    organiserFirstName: firstNameOf(organiser?.name ?? ''),
    flights: groupFlights(itinerary),
    source: first?.from.code ?? '',
    destination: last?.to.code ?? '',
    date: first?.departure.slice(0, 10) ?? '',
    memberName: member.name,
    alreadyAccepted: member.acceptedAt !== null,
    acceptedByYou: member.userId === viewerId,
    status: groupStatus(bundle.group, bundle.booking),
  };
}

/**
 * Accepts an invitation as the signed-in traveller (any account; one account is one member per
 * group) with their passenger details: the member turns Confirmed and their details go into the
 * held booking. Accepting again from the same account updates the details.
 * @example await acceptInvite(deps, token, user.id, passenger)
 */
export async function acceptInvite(deps: Pick<CompanionDeps, 'db' | 'clock'>, token: string, viewerId: string, passenger: unknown): Promise<GroupView> {
  const groupId = await deps.db.transaction(async (tx) => {
    const member = await memberByToken(tx, token);
    // Lock the member row: two accounts racing for one invitation, exactly one wins.
    const [locked] = await tx.select().from(groupMembers).where(eq(groupMembers.id, member.id)).for('update');
    if (!locked) throw new AppError('not_found', COMPANION_MESSAGES.inviteNotFound);
    if (locked.userId !== null && locked.userId !== viewerId) throw new AppError('conflict', 'This invitation has already been accepted by someone else.');
    if (locked.userId === null) {
      const [other] = await tx.select({ id: groupMembers.id }).from(groupMembers).where(and(eq(groupMembers.groupId, locked.groupId), eq(groupMembers.userId, viewerId)));
      if (other) throw new AppError('conflict', COMPANION_MESSAGES.alreadyMember);
    }
    const bundle = await loadBundle(tx, locked.groupId);
    if (!bundle) throw new AppError('not_found', COMPANION_MESSAGES.inviteNotFound);
    await storePassenger(tx, deps.clock.now(), bundle, locked, passenger);
    await tx
      .update(groupMembers)
      .set({ userId: viewerId, acceptedAt: locked.acceptedAt ?? deps.clock.now() })
      .where(and(eq(groupMembers.id, locked.id), or(isNull(groupMembers.userId), eq(groupMembers.userId, viewerId))));
    return locked.groupId;
  });
  return getGroup(deps, groupId, viewerId);
}

// ---------------------------------------------------------------------------
// Shares

async function ownShare(deps: Pick<CompanionDeps, 'db'>, groupId: string, viewerId: string, memberId: string) {
  const bundle = await visibleBundle(deps.db, groupId, viewerId);
  const member = bundle.members.find((m) => m.id === memberId);
  // Each member pays only their own share: anyone else's is as unknown as a made-up id.
  if (!member || member.userId !== viewerId || member.sharePaise === null || !bundle.booking) throw new AppError('not_found', 'Share not found');
  return { bundle, member, booking: bundle.booking };
}

/**
 * A provider order for the viewer's own share (their passenger details first).
 * @example const { order } = await orderShare(deps, groupId, user, memberId, 'card')
 */
export async function orderShare(deps: CompanionDeps, groupId: string, viewer: Viewer, memberId: string, method: PaymentMethod): Promise<PaymentOrder> {
  const { member, booking } = await ownShare(deps, groupId, viewer.id, memberId);
  if (!member.hasPassengerDetails) throw new AppError('conflict', COMPANION_MESSAGES.detailsFirst);
  if (booking.status === 'confirmed') throw new AppError('conflict', COMPANION_MESSAGES.sharePaid);
  if (booking.status !== 'held') throw new AppError('conflict', BOOKING_ERROR_MESSAGES.holdExpired, undefined, BOOKING_REASONS.holdExpired);
  const { order } = await deps.checkout.createOrder({ bookingId: booking.id, email: viewer.email, method, amountPaise: member.sharePaise ?? undefined, shareKey: member.id });
  return order;
}

/**
 * The browser's callback after paying a share: verified and settled by the checkout service
 * like a booking's payment (the webhook may settle it first; either way once).
 * @example const group = await confirmShare(deps, groupId, user.id, memberId, { orderId, paymentId, signature })
 */
export async function confirmShare(
  deps: CompanionDeps,
  groupId: string,
  viewerId: string,
  memberId: string,
  callback: { orderId: string; paymentId: string; signature: string },
): Promise<GroupView> {
  const { member, booking } = await ownShare(deps, groupId, viewerId, memberId);
  await deps.checkout.confirm({ userId: viewerId, bookingId: booking.id, shareKey: member.id, ...callback });
  return getGroup(deps, groupId, viewerId);
}

/**
 * A member's own e-ticket once the group is confirmed: the booking with only their passenger
 * (their ticket number, seat and boarding pass barcode), never the others' details.
 * @example const { booking, bcbp } = await memberTicket(deps, groupId, user.id)
 */
export async function memberTicket(deps: Pick<CompanionDeps, 'db'>, groupId: string, viewerId: string): Promise<{ booking: BookingView; bcbp: string | null }> {
  const bundle = await visibleBundle(deps.db, groupId, viewerId);
  const member = bundle.members.find((m) => m.userId === viewerId);
  if (!bundle.booking || groupStatus(bundle.group, bundle.booking) !== 'confirmed' || !member) {
    throw new AppError('conflict', 'The e-ticket is ready once every share is paid.');
  }
  const booking = await loadBooking(deps.db, bundle.booking.id, bundle.booking.userId);
  const [row] = await deps.db
    .select({ id: passengers.id })
    .from(passengers)
    .where(and(eq(passengers.bookingId, bundle.booking.id), eq(passengers.position, member.position)));
  const mine = booking?.passengers.find((p) => p.id === row?.id);
  if (!booking || !mine) throw new AppError('not_found', 'Ticket not found');
  const [pass] = await deps.db
    .select({ bcbp: boardingPasses.bcbp })
    .from(boardingPasses)
    .where(and(eq(boardingPasses.passengerId, mine.id), isNull(boardingPasses.voidedAt), isNotNull(boardingPasses.checkedInAt)))
    .orderBy(asc(boardingPasses.legIndex))
    .limit(1);
  return { booking: { ...booking, passengers: [mine] }, bcbp: pass?.bcbp ?? null };
}
