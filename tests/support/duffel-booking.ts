import { eq } from 'drizzle-orm';
import { bookings } from '../../src/db/schema';
import { signUpAndLogin } from './auth';
import type { DuffelFake } from './duffel-fake/server';
import type { createTestApp } from './test-app';
import { ADULT, bookAndPay, findItinerary } from './booking';

type App = Awaited<ReturnType<typeof createTestApp>>;

export interface DuffelBooked {
  bookingId: string;
  orderId: string;
  userId: string;
  cookie: string;
}

/**
 * A confirmed Duffel booking of a new traveller, made through the app's own booking path (search,
 * hold, pay, order) on an app selling through the contract fake: one adult, DEL → BOM in ten days.
 * @example const booked = await bookDuffel(t, fake)
 */
export async function bookDuffel(t: App, fake: DuffelFake, options: { from?: string; to?: string; date?: string } = {}): Promise<DuffelBooked> {
  const { cookie, user } = await signUpAndLogin(t.app);
  const date = options.date ?? new Date(fake.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const itinerary = await findItinerary(t.app, { from: options.from ?? 'DEL', to: options.to ?? 'BOM', date });
  const { confirm } = await bookAndPay(t.app, cookie, itinerary, [ADULT]);
  if (confirm.status !== 200) throw new Error(`booking failed: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  const bookingId = confirm.body.booking.id;
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const orderId = row?.supplierOrderId;
  if (!orderId) throw new Error('the booking has no supplier order');
  return { bookingId, orderId, userId: user.id, cookie };
}
