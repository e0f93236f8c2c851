import { inArray, sql } from 'drizzle-orm';
import type { ProfileStats } from '../../core/booking';
import type { Db } from '../../db/client';
import { cancellations } from '../../db/schema';
import { listBookings } from './views';

/**
 * Profile tiles:
 * - bookings: the confirmed ones, partly cancelled included (a trip still taken);
 * - rupees spent: what every paid booking cost (fully cancelled ones too), less what its
 *   cancellations refund; a booking replaced by a change is counted through the booking that replaced it;
 * - the most frequent destination city of the bookings counted ('N/A' with none; a tie goes to the most recent trip).
 * @example await profileStats(db, userId) // { totalBookings: 2, totalSpent: 10800, favoriteDestination: 'Mumbai' }
 */
export async function profileStats(db: Db, userId: string): Promise<ProfileStats> {
  const all = await listBookings(db, userId);
  const trips = all.filter((b) => b.status === 'confirmed' || b.status === 'partly_cancelled');
  const paid = all.filter((b) => trips.includes(b) || (b.status === 'cancelled' && b.confirmedAt !== null));
  const refunded = paid.length === 0
    ? 0
    : Number(
        (
          await db
            .select({ paise: sql<string | number | null>`sum(${cancellations.refundPaise})` })
            .from(cancellations)
            .where(inArray(cancellations.bookingId, paid.map((b) => b.id)))
        )[0]?.paise ?? 0,
      );
  const counts = new Map<string, number>();
  for (const b of trips) {
    const city = b.itinerary.legs[b.itinerary.legs.length - 1]?.to.city ?? b.destination;
    counts.set(city, (counts.get(city) ?? 0) + 1);
  }
  let favoriteDestination = 'N/A';
  let best = 0;
  // listBookings is newest first, and Map keeps first-insertion order: ties keep the newest.
  for (const [city, n] of counts) {
    if (n > best) {
      best = n;
      favoriteDestination = city;
    }
  }
  const spentPaise = paid.reduce((sum, b) => sum + b.totalInr * 100, 0) - refunded;
  return { totalBookings: trips.length, totalSpent: Math.round(spentPaise / 100), favoriteDestination };
}
