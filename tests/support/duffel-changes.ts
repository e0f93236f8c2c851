import { signUpAndLogin } from './auth';
import { seedDuffelBooking } from './duffel-booking';
import type { DuffelFake } from './duffel-fake/server';
import type { createTestApp } from './test-app';

type App = Awaited<ReturnType<typeof createTestApp>>;

export interface DuffelBooked {
  bookingId: string;
  orderId: string;
  userId: string;
  cookie: string;
}

/**
 * A new traveller's paid Duffel booking (seeded as the booking path leaves it: a refundable and
 * changeable fare, one adult, DEL → BOM ten days after the fake's now), for tests of what the
 * airline does to it afterwards.
 * @example const booked = await bookDuffel(t, fake)
 */
export async function bookDuffel(t: App, fake: DuffelFake): Promise<DuffelBooked> {
  const setup = t.deps.supplier;
  if (setup.id !== 'duffel') throw new Error('the app does not sell through Duffel');
  const { cookie, user } = await signUpAndLogin(t.app);
  const date = new Date(fake.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const seeded = await seedDuffelBooking(t.database.db, setup.api, user.id, { from: 'DEL', to: 'BOM', date, createdAt: t.clock.now() });
  return { bookingId: seeded.bookingId, orderId: seeded.orderId, userId: user.id, cookie };
}
