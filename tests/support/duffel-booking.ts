import { randomUUID } from 'node:crypto';
import type { FareLine } from '../../src/core/fares';
import { toInr } from '../../src/core/fx';
import type { Itinerary } from '../../src/core/search';
import type { Db } from '../../src/db/client';
import { bookingFares, bookings, passengers, payments } from '../../src/db/schema';
import type { FlightSupplier, SupplierOffer } from '../../src/domain/suppliers/supplier';

let seeded = 0;

/** Safar's fee on a seeded supplier booking (on the first passenger), in paise. */
export const SEEDED_SAFAR_FEE_PAISE = 29_900;

/**
 * A paid, confirmed Duffel booking as the booking path leaves it, made directly: an order on the
 * contract fake (search, then an instant order), and Safar's rows (booking with its supplier
 * columns, passengers, fare rows in INR with Safar's fee, a captured sandbox payment of the all-in total).
 * @example const seeded = await seedDuffelBooking(db, supplier, userId, { adults: 2 })
 */
export async function seedDuffelBooking(
  db: Db,
  supplier: FlightSupplier,
  userId: string,
  options: { adults?: number; from?: string; to?: string; date?: string; createdAt?: Date } = {},
): Promise<{ bookingId: string; orderId: string; offer: SupplierOffer; paidPaise: number; paymentId: string }> {
  const adults = options.adults ?? 1;
  const result = await supplier.search({
    slices: [{ origin: options.from ?? 'LHR', destination: options.to ?? 'JFK', departureDate: options.date ?? '2027-02-15' }],
    passengers: Array.from({ length: adults }, () => ({ type: 'adult' as const })),
    cabin: 'economy',
  });
  // A refundable offer, so the airline's terms give money back.
  const offer = result.offers.find((o) => o.conditions.fare.refundBeforeDeparture?.allowed === true) ?? result.offers[0];
  if (!offer) throw new Error('the fake answered no offers');
  seeded += 1;
  const bookingId = `BK${Date.now()}${String(seeded % 1000).padStart(3, '0')}`;
  const order = await supplier.createOrder({
    offer: { id: offer.id, total: offer.total, expiresAt: offer.expiresAt },
    passengers: offer.passengers.map((p, i) => ({
      id: p.id,
      title: 'mr',
      gender: 'm',
      givenName: `Rahul${'abcdefgh'[i] ?? ''}`,
      familyName: 'Sharma',
      bornOn: '1990-05-24',
      email: 'rahul@example.com',
      phone: '+919876543210',
    })),
    services: [],
    payment: 'instant',
    reference: bookingId,
  });

  const airlinePaid = toInr(offer.total).paise;
  const taxPaid = offer.tax ? Math.min(airlinePaid, toInr(offer.tax).paise) : 0;
  // The supplier's part shared over the passengers (the first takes the remainder), Safar's fee on the first.
  const per = Math.floor(airlinePaid / adults);
  const perTax = Math.floor(taxPaid / adults);
  const fareRows = offer.passengers.map((p, position) => {
    const part = position === 0 ? airlinePaid - per * (adults - 1) : per;
    const tax = position === 0 ? taxPaid - perTax * (adults - 1) : perTax;
    const lines: FareLine[] = [
      { code: 'base', kind: 'fare', label: 'Base fare', paise: part - tax },
      { code: 'foreign', kind: 'tax', label: 'Foreign taxes and charges', paise: tax },
    ];
    if (position === 0) lines.push({ code: 'safarFee', kind: 'safarFee', label: 'Safar fee', paise: SEEDED_SAFAR_FEE_PAISE });
    return { bookingId, passengerPosition: position, legIndex: 0, passengerType: 'adult' as const, familyCode: 'duffel', lines, totalPaise: lines.reduce((n, l) => n + l.paise, 0), status: 'active' as const };
  });
  const paidPaise = fareRows.reduce((n, f) => n + f.totalPaise, 0);
  const segment = offer.slices[0]?.segments[0];
  if (!segment) throw new Error('the offer has no segment');
  const leg: Itinerary['legs'][number] = {
    flightId: `${segment.marketing.carrier.code ?? 'ZZ'}${segment.marketing.flightNumber}@${segment.departing.local.slice(0, 10)}`,
    carrier: segment.marketing.carrier.code ?? 'ZZ',
    carrierName: offer.owner.name,
    flightNumber: `${segment.marketing.carrier.code ?? 'ZZ'} ${segment.marketing.flightNumber}`,
    from: { code: segment.origin.code, name: segment.origin.name, city: segment.origin.cityName, terminal: segment.originTerminal },
    to: { code: segment.destination.code, name: segment.destination.name, city: segment.destination.cityName, terminal: segment.destinationTerminal },
    departure: `${segment.departing.local}${segment.departing.offset}`,
    arrival: `${segment.arriving.local}${segment.arriving.offset}`,
    durationMinutes: segment.durationMinutes,
    aircraft: segment.aircraft?.name ?? '',
    cabin: 'economy',
  };
  const rupees = Math.ceil(paidPaise / 100);
  const itinerary: Itinerary = {
    id: `duffel-${offer.id}`,
    legs: [leg],
    stops: 0,
    layovers: [],
    durationMinutes: segment.durationMinutes,
    departure: leg.departure,
    arrival: leg.arrival,
    arrivalDayOffset: 0,
    seatsLeft: null,
    price: { currency: 'INR', perPassenger: { adult: { baseFare: rupees, taxesAndFees: 0, total: rupees } }, total: { baseFare: rupees, taxesAndFees: 0, total: rupees } },
    airlines: [offer.owner.name],
  };
  const now = options.createdAt ?? new Date('2026-11-21T06:30:00Z');
  await db.insert(bookings).values({
    id: bookingId,
    pnr: order.bookingReference.slice(0, 6).toUpperCase(),
    userId,
    status: 'confirmed',
    itineraryId: itinerary.id,
    cabin: 'economy',
    itinerary,
    passengerCount: adults,
    seatCount: adults,
    price: itinerary.price,
    totalInr: rupees,
    holdExpiresAt: now,
    createdAt: now,
    confirmedAt: now,
    paymentMethod: 'card',
    supplier: 'duffel',
    supplierOrderId: order.id,
    supplierOfferId: offer.id,
    supplierTotalMinor: offer.total.amountMinor,
    supplierCurrency: offer.total.currency,
    supplierBookingReference: order.bookingReference,
    supplierOrderState: 'ordered',
    supplierOrderAt: now,
  });
  await db.insert(passengers).values(
    offer.passengers.map((_, position) => ({ bookingId, position, title: 'Mr' as const, firstName: `Rahul${'abcdefgh'[position] ?? ''}`, lastName: 'Sharma', dob: '1990-05-24', type: 'adult' as const, ticketNumber: null })),
  );
  await db.insert(bookingFares).values(fareRows);
  const paymentId = randomUUID();
  await db.insert(payments).values({ id: paymentId, bookingId, provider: 'sandbox', method: 'card', providerOrderId: `order_${bookingId}`, providerPaymentId: `pay_${bookingId}`, amountPaise: paidPaise, status: 'captured' });
  return { bookingId, orderId: order.id, offer, paidPaise, paymentId };
}
