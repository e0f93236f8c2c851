import { and, asc, desc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import { NOTICE_KINDS, type Notice } from '../../core/notifications';
import { ACCOUNT_MESSAGES, CONSENT_PURPOSES, type Consents, type DataExport, MARKETING_CONSENT_WORDING } from '../../core/personal-data';
import type { Db } from '../../db/client';
import {
  accountDeletions,
  accountTokens,
  boardingPasses,
  bookings,
  consentEvents,
  favoriteRoutes,
  flightTrackingHistory,
  groupMembers,
  groups,
  idempotencyKeys,
  notifications,
  outbox,
  passengers,
  passkeys,
  payments,
  priceAlerts,
  pushSubscriptions,
  rateLimits,
  savedTravellers,
  sessions,
  sharedItineraries,
  tripPlans,
  users,
} from '../../db/schema';
import { deleteUserSessions } from '../accounts/sessions';
import { hashSessionToken } from '../accounts/tokens';
import { hitRateLimit } from '../accounts/rate-limit';
import { verifyPassword } from '../accounts/passwords';
import { listAlerts } from '../alerts/alerts';
import type { Tx } from '../booking/catalog';
import { listBookings } from '../booking/views';
import { getGroup, listGroups } from '../companion/groups';
import { listTrackingHistory } from '../tracking/history';
import { listTripPlans } from '../planner/saved-plans';
import { listSavedTravellers } from './saved-travellers';
import { listGstDetails, listInvoices } from './tax-invoices';

// ---------------------------------------------------------------------------
// Consent

/**
 * The traveller's current consent choices: the latest recorded event per purpose; none recorded is "no".
 * @example (await getConsents(db, user.id)).marketingEmail.granted // false
 */
export async function getConsents(db: Db, userId: string): Promise<Consents> {
  const [latest] = await db
    .select()
    .from(consentEvents)
    .where(and(eq(consentEvents.userId, userId), eq(consentEvents.purpose, 'marketing-email')))
    .orderBy(desc(consentEvents.recordedAt), desc(consentEvents.id))
    .limit(1);
  return {
    marketingEmail: { granted: latest?.granted ?? false, recordedAt: latest?.recordedAt.toISOString() ?? null, wording: latest?.wording ?? MARKETING_CONSENT_WORDING },
  };
}

/**
 * Records a choice (an event is written only when it changes), with the wording shown. Each event
 * is later than the one before (by a millisecond if the clock has not moved), so "latest" is
 * never a tie.
 */
export async function setMarketingConsent(db: Db, clock: Clock, userId: string, granted: boolean): Promise<Consents> {
  const current = await getConsents(db, userId);
  const last = current.marketingEmail.recordedAt;
  if (current.marketingEmail.granted !== granted || last === null) {
    const now = clock.now().getTime();
    const recordedAt = new Date(last === null ? now : Math.max(now, new Date(last).getTime() + 1));
    await db.insert(consentEvents).values({ userId, purpose: 'marketing-email', granted, wording: MARKETING_CONSENT_WORDING, recordedAt });
  }
  return getConsents(db, userId);
}

/**
 * Whether marketing mail may go to this account: only with a recorded opt-in that was not withdrawn.
 * Every marketing sender must ask this first (none exists today).
 */
export async function mayReceiveMarketingEmail(db: Db, userId: string): Promise<boolean> {
  return (await getConsents(db, userId)).marketingEmail.granted;
}

// ---------------------------------------------------------------------------
// Export

const toNotice = (row: typeof notifications.$inferSelect): Notice => ({
  id: row.id,
  kind: (NOTICE_KINDS as readonly string[]).includes(row.kind) ? (row.kind) : 'general',
  title: row.title,
  body: row.body,
  url: row.url,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/**
 * Everything Safar holds about a traveller, as one JSON document. Secrets are left out: password
 * hash, session tokens (only their hashes are stored anyway), push keys; payments carry no card
 * data (Safar never receives it).
 * @example const data = await exportAccountData(db, clock, user.id, currentToken)
 */
export async function exportAccountData(db: Db, clock: Clock, userId: string, currentToken: string | undefined): Promise<DataExport> {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) throw new AppError('not_found', 'Account not found');
  const currentHash = currentToken ? hashSessionToken(currentToken) : '';
  const sessionRows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
  const bookingList = await listBookings(db, userId);
  const bookingIds = bookingList.map((b) => b.id);
  const paymentRows = bookingIds.length ? await db.select().from(payments).where(inArray(payments.bookingId, bookingIds)).orderBy(asc(payments.createdAt)) : [];
  const groupSummaries = await listGroups({ db }, userId);
  const groupViews = [];
  for (const summary of groupSummaries) groupViews.push(await getGroup({ db }, summary.id, userId));
  const noticeRows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));
  const favourites = await db.select({ routeId: favoriteRoutes.routeId }).from(favoriteRoutes).where(eq(favoriteRoutes.userId, userId)).orderBy(asc(favoriteRoutes.createdAt));
  const pushRows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const consentRows = await db.select().from(consentEvents).where(eq(consentEvents.userId, userId)).orderBy(asc(consentEvents.recordedAt));
  return {
    exportedAt: clock.now().toISOString(),
    account: { id: account.id, email: account.email, displayName: account.displayName, createdAt: account.createdAt.toISOString() },
    sessions: sessionRows.map((s) => ({ createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), expiresAt: s.expiresAt.toISOString(), current: s.tokenHash === currentHash })),
    bookings: bookingList,
    gstDetails: await listGstDetails(db, bookingIds),
    invoices: await listInvoices(db, userId),
    payments: paymentRows.map((p) => ({ bookingId: p.bookingId, provider: p.provider, method: p.method, amountPaise: p.amountPaise, status: p.status, createdAt: p.createdAt.toISOString() })),
    savedTravellers: await listSavedTravellers(db, userId),
    priceAlerts: await listAlerts(db, clock, { userId, email: account.email }),
    tripPlans: await listTripPlans(db, userId),
    groups: groupViews,
    notices: noticeRows.map(toNotice),
    favouriteRoutes: favourites.map((f) => f.routeId),
    flightTracking: await listTrackingHistory(db, userId),
    pushSubscriptions: pushRows.map((p) => ({ endpointHost: safeHost(p.endpoint), createdAt: p.createdAt.toISOString() })),
    consents: consentRows.flatMap((c) => ((CONSENT_PURPOSES as readonly string[]).includes(c.purpose) ? [{ purpose: 'marketing-email' as const, granted: c.granted, wording: c.wording, recordedAt: c.recordedAt.toISOString() }] : [])),
  };
}

function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------
// Deletion

/** Re-authentication attempts allowed per account per window before deletion answers 429. */
const DELETE_ATTEMPTS = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Per-user rows deleted outright with the account. A table added later that holds a traveller's
 * data adds its line here (e.g. passkeys: `(tx, id) => tx.delete(passkeys).where(eq(passkeys.userId, id))`).
 */
const DELETE_WITH_ACCOUNT: ((tx: Tx, userId: string) => Promise<unknown>)[] = [
  (tx, id) => tx.delete(priceAlerts).where(eq(priceAlerts.userId, id)),
  (tx, id) => tx.delete(tripPlans).where(eq(tripPlans.userId, id)),
  (tx, id) => tx.delete(favoriteRoutes).where(eq(favoriteRoutes.userId, id)),
  (tx, id) => tx.delete(savedTravellers).where(eq(savedTravellers.userId, id)),
  (tx, id) => tx.delete(passkeys).where(eq(passkeys.userId, id)),
  (tx, id) => tx.delete(accountTokens).where(eq(accountTokens.userId, id)),
  (tx, id) => tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id)),
  (tx, id) => tx.delete(flightTrackingHistory).where(eq(flightTrackingHistory.userId, id)),
  (tx, id) => tx.delete(notifications).where(or(eq(notifications.userId, id), eq(notifications.owner, `user:${id}`))),
  (tx, id) => tx.delete(consentEvents).where(eq(consentEvents.userId, id)),
  (tx, id) => tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, id)),
];

const FORMER_MEMBER = 'Former Safar traveller';

/**
 * Deletes an account after checking its password again. Sessions end; alerts, plans, favourites,
 * saved travellers, notices, push subscriptions and consents are deleted; draft groups the
 * traveller organised are deleted and their place in booked groups is anonymised. Bookings,
 * payments, GST details and tax invoices stay as tax records (the law asks for 8 years) with the passengers'
 * personal fields removed. The users row stays as a tombstone without email or password, so the
 * address can sign up again. A confirmation mail is queued in the same transaction.
 * @example await deleteAccount(db, clock, user, 'password')
 */
export async function deleteAccount(db: Db, clock: Clock, user: { id: string; email: string }, password: string): Promise<void> {
  const attempts = await hitRateLimit(db, clock, `account-delete:${user.id}`, DELETE_ATTEMPTS);
  if (attempts > DELETE_ATTEMPTS.limit) throw new AppError('rate_limited', 'Too many attempts. Please try again later.');
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('validation_failed', ACCOUNT_MESSAGES.passwordWrong, { password: ACCOUNT_MESSAGES.passwordWrong });
  }
  const now = clock.now();
  await db.transaction(async (tx) => {
    await deleteUserSessions(tx, user.id, db);
    for (const remove of DELETE_WITH_ACCOUNT) await remove(tx, user.id);

    // Groups: drafts the traveller organised go; in booked groups (other members' tickets and
    // payments depend on them) and in other organisers' groups, the traveller's member row is anonymised.
    await tx.delete(groups).where(and(eq(groups.organiserUserId, user.id), ne(groups.status, 'booked')));
    const ownBooked = await tx.select({ id: groups.id, bookingId: groups.bookingId }).from(groups).where(eq(groups.organiserUserId, user.id));
    await tx
      .update(groupMembers)
      .set({ name: FORMER_MEMBER, email: sql`'deleted:' || ${groupMembers.id}`, userId: null, passenger: null, inviteTokenHash: null })
      .where(or(eq(groupMembers.userId, user.id), and(eq(groupMembers.isOrganizer, true), inArray(groupMembers.groupId, ownBooked.length ? ownBooked.map((g) => g.id) : ['00000000-0000-0000-0000-000000000000']))));
    await tx.update(sharedItineraries).set({ createdByUserId: null }).where(eq(sharedItineraries.createdByUserId, user.id));

    // Bookings and payments stay (tax records); the passengers' personal fields go. In a group
    // booking only the organiser's own passenger (position 0) was theirs to remove.
    const own = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, user.id));
    const groupBookingIds = new Set(ownBooked.map((g) => g.bookingId).filter((id): id is string => id !== null));
    const plain = own.map((b) => b.id).filter((id) => !groupBookingIds.has(id));
    const anonymise = { firstName: 'Deleted', middleName: null, lastName: 'Traveller', dob: '', mobile: null, aadhaarLast4: null };
    if (plain.length > 0) {
      await tx.delete(boardingPasses).where(inArray(boardingPasses.bookingId, plain));
      await tx.update(passengers).set(anonymise).where(inArray(passengers.bookingId, plain));
    }
    if (groupBookingIds.size > 0) {
      const organiserPax = await tx.select({ id: passengers.id }).from(passengers).where(and(inArray(passengers.bookingId, [...groupBookingIds]), eq(passengers.position, 0)));
      if (organiserPax.length > 0) {
        await tx.delete(boardingPasses).where(inArray(boardingPasses.passengerId, organiserPax.map((p) => p.id)));
        await tx.update(passengers).set(anonymise).where(inArray(passengers.id, organiserPax.map((p) => p.id)));
      }
    }

    await tx.delete(outbox).where(eq(outbox.recipient, user.email));
    await tx.delete(rateLimits).where(or(like(rateLimits.key, `login:pair:${user.email.replace(/[\\%_]/g, '\\$&')}|%`), eq(rateLimits.key, `account-delete:${user.id}`)));
    // The tombstone: no email (the address may sign up again), no password, no name.
    await tx.update(users).set({ email: `deleted:${user.id}`, passwordHash: '!', displayName: null, emailVerifiedAt: null }).where(eq(users.id, user.id));
    await tx.insert(accountDeletions).values({ userId: user.id, deletedAt: now });
    await tx.insert(outbox).values({
      kind: 'notice-mail',
      recipient: user.email,
      availableAt: now,
      payload: {
        subject: 'Your Safar account has been deleted',
        text: [
          'Your Safar account and the personal data in it have been deleted, as you asked.',
          '',
          'Your bookings and payments are kept, without passenger names, only because tax law requires their records for 8 years.',
          'You can create a new account with this address at any time.',
          '',
          "If you did not ask for this, reply to this message.",
        ].join('\n'),
      },
    });
  });
}
