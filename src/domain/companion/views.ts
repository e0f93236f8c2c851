import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { type GroupFlight, type GroupStatus, type GroupView, type PublicTrip, type Share, type SharedItinerary, GROUP_HOLD_HOURS, firstNameOf, tripPath } from '../../core/companion';
import type { Itinerary } from '../../core/search';
import type { Db } from '../../db/client';
import { bookings, groupMembers, groups, payments, sharedItineraries } from '../../db/schema';
import type { Tx } from '../booking/catalog';

export type GroupRow = typeof groups.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = Pick<typeof payments.$inferSelect, 'shareKey' | 'status'>;

/** Everything a view of one group is built from. */
export interface GroupBundle {
  group: GroupRow;
  members: MemberRow[];
  booking: BookingRow | null;
  payments: PaymentRow[];
  itinerary: typeof sharedItineraries.$inferSelect | null;
}

/** A group's state: a draft, a draft dropped, or exactly its booking's state. */
export function groupStatus(group: GroupRow, booking: BookingRow | null): GroupStatus {
  if (group.status === 'draft') return 'draft';
  if (group.status === 'cancelled' || !booking) return 'cancelled';
  return booking.status === 'confirmed' || booking.status === 'expired' || booking.status === 'cancelled' ? booking.status : 'held';
}

/** The flights as shown on the group and public pages: numbers, airports, terminals, local times. */
export function groupFlights(itinerary: Itinerary): GroupFlight[] {
  return itinerary.legs.map((leg) => ({
    flightNumber: leg.flightNumber,
    airline: leg.carrierName,
    from: { code: leg.from.code, city: leg.from.city, terminal: leg.from.terminal },
    to: { code: leg.to.code, city: leg.to.city, terminal: leg.to.terminal },
    departure: leg.departure,
    arrival: leg.arrival,
  }));
}

/** The itinerary the group flies: the booking's snapshot once held, else the one priced at creation. */
export const groupItinerary = (bundle: Pick<GroupBundle, 'group' | 'booking'>): Itinerary => bundle.booking?.itinerary ?? bundle.group.itinerary;

/**
 * One member's share state from the payments of their share: paid once captured; refunded
 * once money taken for it went back (the hold ended); pending otherwise.
 */
function shareStatus(rows: readonly PaymentRow[], memberId: string): Share['status'] {
  const mine = rows.filter((r) => r.shareKey === memberId);
  if (mine.some((r) => r.status === 'captured')) return 'paid';
  if (mine.some((r) => r.status === 'refunding' || r.status === 'refunded' || r.status === 'refund_blocked')) return 'refunded';
  return 'pending';
}

export const sharedItineraryView = (row: typeof sharedItineraries.$inferSelect): SharedItinerary => ({
  shareCode: row.shareCode,
  url: tripPath(row.shareCode),
  createdAt: row.createdAt.toISOString(),
});

/**
 * The group as its organiser and members see it.
 * @example groupView(bundle, viewerUserId).shares
 */
export function groupView(bundle: GroupBundle, viewerUserId: string): GroupView {
  const { group, members, booking } = bundle;
  const itinerary = groupItinerary(bundle);
  const status = groupStatus(group, booking);
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const viewer = members.find((m) => m.userId === viewerUserId);
  const ordered = [...members].sort((a, b) => a.position - b.position);
  return {
    id: group.id,
    status,
    flights: groupFlights(itinerary),
    source: first?.from.code ?? '',
    destination: last?.to.code ?? '',
    date: first?.departure.slice(0, 10) ?? '',
    time: first?.departure.slice(11, 16) ?? '',
    cabin: first?.cabin ?? 'economy',
    partySize: ordered.length,
    pricePerPersonInr: booking && booking.passengerCount > 0 ? Math.round(booking.totalInr / booking.passengerCount) : group.pricePerPersonInr,
    totalPaise: booking ? booking.totalInr * 100 : group.pricePerPersonInr * 100 * ordered.length,
    holdExpiresAt: booking ? booking.holdExpiresAt.toISOString() : null,
    holdMinutes: GROUP_HOLD_HOURS * 60,
    members: ordered.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      isOrganizer: m.isOrganizer,
      confirmed: m.isOrganizer || m.acceptedAt !== null,
      status: m.isOrganizer || m.acceptedAt !== null ? 'confirmed' : 'pending',
      hasPassengerDetails: m.hasPassengerDetails,
    })),
    shares: ordered
      .filter((m) => m.sharePaise !== null)
      .map((m) => ({ memberId: m.id, name: m.name, amountPaise: m.sharePaise ?? 0, status: shareStatus(bundle.payments, m.id) })),
    viewerMemberId: viewer?.id ?? '',
    viewerIsOrganizer: group.organiserUserId === viewerUserId,
    bookingId: booking?.id ?? null,
    pnr: status === 'confirmed' && booking ? booking.pnr : null,
    itinerary: bundle.itinerary ? sharedItineraryView(bundle.itinerary) : null,
    createdAt: group.createdAt.toISOString(),
  };
}

/**
 * A shared itinerary as anyone may see it: flights, times, terminals and first names.
 * Built field by field, so nothing private can ride along.
 */
export function publicTrip(bundle: GroupBundle, shareCode: string): PublicTrip {
  return {
    shareCode,
    flights: groupFlights(groupItinerary(bundle)),
    members: [...bundle.members].sort((a, b) => a.position - b.position).map((m) => ({ firstName: firstNameOf(m.name) })),
    status: groupStatus(bundle.group, bundle.booking),
  };
}

/**
 * Loads a group with its members, booking, share payments and live shared itinerary.
 * @example const bundle = await loadBundle(db, groupId)
 */
export async function loadBundle(db: Db | Tx, groupId: string): Promise<GroupBundle | null> {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!group) return null;
  const members = await db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)).orderBy(asc(groupMembers.position));
  let booking: BookingRow | null = null;
  let paid: PaymentRow[] = [];
  if (group.bookingId) {
    [booking = null] = await db.select().from(bookings).where(eq(bookings.id, group.bookingId));
    paid = await db
      .select({ shareKey: payments.shareKey, status: payments.status })
      .from(payments)
      .where(and(eq(payments.bookingId, group.bookingId), isNotNull(payments.shareKey), inArray(payments.status, ['captured', 'refunding', 'refunded', 'refund_blocked'])));
  }
  const [itinerary = null] = await db.select().from(sharedItineraries).where(and(eq(sharedItineraries.groupId, groupId), isNull(sharedItineraries.revokedAt)));
  return { group, members, booking, payments: paid, itinerary };
}
