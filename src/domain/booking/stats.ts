import type { ProfileStats } from '../../core/booking';
import type { Db } from '../../db/client';
import { listBookings } from './views';

/**
 * Profile tiles from confirmed bookings only: count, rupees spent, and the most frequent
 * destination city ('N/A' with none; a tie goes to the most recent trip).
 * @example await profileStats(db, userId) // { totalBookings: 2, totalSpent: 10800, favoriteDestination: 'Mumbai' }
 */
export async function profileStats(db: Db, userId: string): Promise<ProfileStats> {
  const confirmed = await listBookings(db, userId, { status: 'confirmed' });
  const counts = new Map<string, number>();
  for (const b of confirmed) {
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
  return { totalBookings: confirmed.length, totalSpent: confirmed.reduce((sum, b) => sum + b.totalInr, 0), favoriteDestination };
}
