import { randomInt } from 'node:crypto';
import { supplierItineraryId } from '../../src/core/suppliers';
import { bookings, passengers } from '../../src/db/schema';
import { legOfSegment, withLegs } from '../../src/domain/disruptions/supplier-changes';
import { signUpAndLogin } from './auth';
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
 * A confirmed Duffel booking of a new traveller: the order is made on the contract fake through
 * the app's own supplier (search, instant order), and the booking row written as the booking path
 * writes a paid Duffel booking (one adult, a direct changeable flight DEL → BOM ten days after the
 * fake's now, ₹8,000). For
 * tests of what happens after booking; the booking path itself has its own tests.
 * @example const booked = await bookDuffel(t, fake)
 */
export async function bookDuffel(t: App, fake: DuffelFake, options: { from?: string; to?: string } = {}): Promise<DuffelBooked> {
  const setup = t.deps.supplier;
  if (setup.id !== 'duffel') throw new Error('the app does not sell through Duffel');
  const { cookie, user } = await signUpAndLogin(t.app);
  const departureDate = new Date(fake.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const result = await setup.api.search({ slices: [{ origin: options.from ?? 'DEL', destination: options.to ?? 'BOM', departureDate }], passengers: [{ type: 'adult' }], cabin: 'economy' });
  // A direct flight whose fare may be changed and refunded (Flex), so every answer to an airline's change is open.
  const direct = result.offers.filter((o) => o.slices.every((s) => s.segments.length === 1));
  const offer = direct.find((o) => o.conditions.fare.changeBeforeDeparture?.allowed === true && o.conditions.fare.refundBeforeDeparture?.allowed === true) ?? direct[0];
  const passengerId = result.passengers[0]?.id;
  if (!offer || !passengerId) throw new Error('the fake offered nothing');
  const bookingId = `BK${Date.now()}${randomInt(100, 999)}`;
  const order = await setup.api.createOrder({
    offer: { id: offer.id, total: offer.total, expiresAt: offer.expiresAt },
    passengers: [{ id: passengerId, title: 'mr', gender: 'm', givenName: 'Rahul', familyName: 'Sharma', bornOn: '1990-05-24', email: user.email, phone: '+919876543210' }],
    services: [],
    payment: 'instant',
    reference: bookingId,
  });
  const legs = order.slices.flatMap((s) => s.segments).map((segment) => legOfSegment(segment, 'economy'));
  const first = legs[0];
  if (!first) throw new Error('the order has no flights');
  const now = t.clock.now();
  const total = { baseFare: 700_000, taxesAndFees: 100_000, total: 800_000 };
  const itinerary = withLegs(
    { id: supplierItineraryId('duffel', offer.id), legs, stops: legs.length - 1, layovers: [], durationMinutes: 0, departure: first.departure, arrival: first.arrival, arrivalDayOffset: 0, seatsLeft: null, price: { currency: 'INR', perPassenger: { adult: total }, total }, airlines: [first.carrierName] },
    legs,
  );
  await t.database.db.insert(bookings).values({
    id: bookingId,
    pnr: Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(0, 32)]).join(''),
    userId: user.id,
    status: 'confirmed',
    itineraryId: itinerary.id,
    cabin: 'economy',
    itinerary,
    passengerCount: 1,
    seatCount: 1,
    price: itinerary.price,
    totalInr: 8_000,
    holdExpiresAt: now,
    createdAt: now,
    confirmedAt: now,
    supplier: 'duffel',
    supplierOrderId: order.id,
    supplierOfferId: offer.id,
    supplierTotalMinor: order.total.amountMinor,
    supplierCurrency: order.total.currency,
    supplierBookingReference: order.bookingReference,
    supplierOrderState: 'ordered',
    supplierOrderAt: now,
  });
  await t.database.db.insert(passengers).values({ bookingId, position: 0, title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'adult', ticketNumber: order.tickets[0]?.number ?? null });
  return { bookingId, orderId: order.id, userId: user.id, cookie };
}
