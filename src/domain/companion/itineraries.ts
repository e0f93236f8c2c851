import { randomFillSync } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import { COMPANION_MESSAGES, type PublicTrip, SHARE_CODE_RE, type SharedItinerary, firstNameOf, newShareCode, tripPath } from '../../core/companion';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { groupMembers, groups, outbox, sharedItineraries } from '../../db/schema';
import { type RateLimitRule, hitRateLimit } from '../accounts/rate-limit';
import type { NoticeMailPayload } from '../booking/outbox';
import { isUuid } from './groups';
import { groupFlights, groupItinerary, loadBundle, publicTrip, sharedItineraryView } from './views';

/**
 * Shared itineraries: a public read-only page (/trip/{code}) of a group's flights and its
 * members' first names. Codes are 6 symbols of a 32-symbol alphabet (30 bits, about a billion
 * codes), drawn from the system's CSPRNG; lookups are counted per client IP in the database (every
 * node shares the count), so guessing a live code takes longer than a code lives.
 */

/** Public lookups one client IP may make per 10 minutes. */
export const TRIP_LOOKUPS_PER_IP: RateLimitRule = { limit: 120, windowMs: 10 * 60_000 };

const groupNotFound = () => new AppError('not_found', COMPANION_MESSAGES.groupNotFound);
const tripNotFound = () => new AppError('not_found', COMPANION_MESSAGES.tripNotFound);

/** The group's row if the viewer organises it; a member gets 403, anyone else the 404 of an unknown id. */
async function organisedGroup(db: Db, groupId: string, viewerId: string) {
  if (!isUuid(groupId)) throw groupNotFound();
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw groupNotFound();
  if (group.organiserUserId !== viewerId) {
    const [member] = await db.select({ id: groupMembers.id }).from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, viewerId)));
    throw member ? new AppError('forbidden', COMPANION_MESSAGES.organiserOnly) : groupNotFound();
  }
  return group;
}

const liveItinerary = async (db: Db, groupId: string) =>
  (await db.select().from(sharedItineraries).where(and(eq(sharedItineraries.groupId, groupId), isNull(sharedItineraries.revokedAt))))[0] ?? null;

/**
 * "Shared itinerary created!": the group's live share code, made now if there is none (a new
 * code after a revoke). A clash with an existing code draws again.
 * @example const { shareCode } = await createSharedItinerary(db, clock, groupId, user.id)
 */
export async function createSharedItinerary(db: Db, clock: Clock, groupId: string, viewerId: string): Promise<{ itinerary: SharedItinerary; created: boolean }> {
  const group = await organisedGroup(db, groupId, viewerId);
  if (group.status === 'cancelled') throw new AppError('conflict', 'This group was cancelled.');
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const existing = await liveItinerary(db, groupId);
    if (existing) return { itinerary: sharedItineraryView(existing), created: false };
    const [row] = await db
      .insert(sharedItineraries)
      .values({ groupId, shareCode: newShareCode((bytes) => randomFillSync(bytes)), createdByUserId: viewerId, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning();
    if (row) return { itinerary: sharedItineraryView(row), created: true };
  }
  throw new AppError('unavailable', 'Could not create a share code. Please try again.');
}

/**
 * Revokes the group's live shared itinerary: its page answers 404 from now on.
 * @example await revokeSharedItinerary(db, clock, groupId, user.id)
 */
export async function revokeSharedItinerary(db: Db, clock: Clock, groupId: string, viewerId: string): Promise<void> {
  await organisedGroup(db, groupId, viewerId);
  await db
    .update(sharedItineraries)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sharedItineraries.groupId, groupId), isNull(sharedItineraries.revokedAt)));
}

/**
 * "Invitations sent to all members!": mails the public link to every member through the outbox.
 * @example const { sent } = await mailSharedItinerary(db, clock, groupId, user.id)
 */
export async function mailSharedItinerary(db: Db, clock: Clock, groupId: string, viewerId: string): Promise<{ sent: number }> {
  await organisedGroup(db, groupId, viewerId);
  const live = await liveItinerary(db, groupId);
  if (!live) throw new AppError('conflict', 'Create the shared itinerary first.');
  const bundle = await loadBundle(db, groupId);
  if (!bundle) throw groupNotFound();
  const itinerary = groupItinerary(bundle);
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const organiser = firstNameOf(bundle.members.find((m) => m.isOrganizer)?.name ?? 'Your organiser');
  const flights = groupFlights(itinerary).map(
    (f) => `${f.flightNumber}: ${f.from.city} (${f.from.code}${f.from.terminal ? ` ${f.from.terminal}` : ''}) ${f.departure.slice(0, 16).replace('T', ' ')} → ${f.to.city} (${f.to.code}${f.to.terminal ? ` ${f.to.terminal}` : ''}) ${f.arrival.slice(0, 16).replace('T', ' ')}`,
  );
  const now = clock.now();
  const rows = bundle.members.map((m): typeof outbox.$inferInsert => {
    const payload: NoticeMailPayload = {
      subject: `Trip itinerary: ${first?.from.code ?? ''} → ${last?.to.code ?? ''} on ${first?.departure.slice(0, 10) ?? ''}`,
      text: [`Hello ${firstNameOf(m.name)},`, '', `${organiser} shared the group's itinerary with you.`, '', ...flights].join('\n'),
      links: [{ label: 'View the itinerary', path: tripPath(live.shareCode) }],
    };
    return { kind: 'notice-mail', recipient: m.email, payload, availableAt: now };
  });
  if (rows.length > 0) await db.insert(outbox).values(rows);
  return { sent: rows.length };
}

/**
 * The public page's data for a share code, counted against the caller's IP first (429 over the
 * limit). Unknown and revoked codes answer the same 404.
 * @example const trip = await lookupTrip(db, clock, 'K7QX2M', '203.0.113.9')
 */
export async function lookupTrip(db: Db, clock: Clock, code: string, clientIp: string, rule: RateLimitRule = TRIP_LOOKUPS_PER_IP): Promise<PublicTrip> {
  const count = await hitRateLimit(db, clock, `trip:ip:${clientIp}`, rule);
  if (count > rule.limit) throw new AppError('rate_limited', 'Too many itinerary lookups from this network. Please wait a few minutes and try again.');
  const normalised = code.trim().toUpperCase();
  if (!SHARE_CODE_RE.test(normalised)) throw tripNotFound();
  const [live] = await db
    .select()
    .from(sharedItineraries)
    .where(and(eq(sharedItineraries.shareCode, normalised), isNull(sharedItineraries.revokedAt)));
  if (!live) throw tripNotFound();
  const bundle = await loadBundle(db, live.groupId);
  if (!bundle) throw tripNotFound();
  return publicTrip(bundle, live.shareCode);
}
