import { and, eq, gte, sql } from 'drizzle-orm';
import {
  BOOKING_ERROR_MESSAGES,
  BOOKING_REASONS,
  type BookingView,
  HOLD_MINUTES,
  type Passenger,
  PASSENGER_MESSAGES,
  seatCount,
  validatePassengers,
} from '../../core/booking';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Itinerary } from '../../core/search';
import type { Db } from '../../db/client';
import { bookingSegments, bookings, flightInventory, passengers } from '../../db/schema';
import type { BookingCatalog, InventoryChange, PaxCounts, Tx } from './catalog';
import { newBookingId, newPnr } from './ids';
import { bookingView, storedKind } from './views';

/** The 409 a changed fare answers; carries what the traveller must see before accepting. */
export class PriceChangedError extends AppError {
  readonly oldTotal: number;
  readonly newTotal: number;
  readonly itinerary: Itinerary;
  constructor(oldTotal: number, newTotal: number, itinerary: Itinerary) {
    super('conflict', BOOKING_ERROR_MESSAGES.priceChanged, undefined, BOOKING_REASONS.priceChanged);
    this.oldTotal = oldTotal;
    this.newTotal = newTotal;
    this.itinerary = itinerary;
  }
}

export const soldOutError = () => new AppError('conflict', BOOKING_ERROR_MESSAGES.soldOut, undefined, BOOKING_REASONS.soldOut);

export interface HoldRequest {
  userId: string;
  itineraryId: string;
  passengers: unknown[];
  quotedTotal: number;
  acceptPriceChange?: boolean | undefined;
  /** How long the seats stay held (default HOLD_MINUTES); a group's hold is longer. */
  holdMs?: number | undefined;
}

/**
 * The local departure date of an itinerary's first flight, read from its id
 * ("6E2134@2026-12-24~…:economy"); passengers' ages are checked on that day.
 */
export function travelDateOf(itineraryId: string): string | null {
  const match = /^[^@~:]+@(\d{4}-\d{2}-\d{2})/.exec(itineraryId);
  return match?.[1] ?? null;
}

const notBookable = () => new AppError('not_found', 'This flight is no longer available. Please search again.', { itineraryId: 'This flight is no longer available' });

function paxCounts(list: Passenger[]): PaxCounts {
  return {
    adults: list.filter((p) => p.type === 'Adult').length,
    children: list.filter((p) => p.type === 'Child').length,
    infants: list.filter((p) => p.type === 'Infant').length,
  };
}

/**
 * Takes `seats` on every leg with one conditional update per leg, in (flightId, cabin)
 * order so concurrent holds lock rows in the same order and cannot deadlock. PostgreSQL
 * re-checks `available >= n` after waiting for the row lock, so this never oversells.
 * Throws sold-out (rolling the transaction back) when any leg lacks the seats.
 */
async function takeSeats(tx: Tx, legs: readonly { flightId: string; cabin: string }[], seats: number): Promise<InventoryChange[]> {
  const ordered = [...legs].sort((a, b) => (a.flightId === b.flightId ? a.cabin.localeCompare(b.cabin) : a.flightId < b.flightId ? -1 : 1));
  const changes: InventoryChange[] = [];
  for (const leg of ordered) {
    if (seats === 0) continue;
    const rows = await tx
      .update(flightInventory)
      .set({
        available: sql`${flightInventory.available} - ${seats}`,
        held: sql`${flightInventory.held} + ${seats}`,
        version: sql`${flightInventory.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, leg.cabin), gte(flightInventory.available, seats)))
      .returning({ flightId: flightInventory.flightId, cabin: flightInventory.cabin, available: flightInventory.available, held: flightInventory.held, sold: flightInventory.sold });
    const row = rows[0];
    if (!row) throw soldOutError();
    changes.push(row);
  }
  return changes;
}

/**
 * Creates a booking held for `holdMs` (default HOLD_MINUTES): validates passengers on the travel date,
 * re-prices from the database (the client's quotedTotal is only compared, never charged),
 * and takes seats atomically in the same transaction that writes the booking.
 * @example const { booking } = await createHold(db, clock, catalog, { userId, itineraryId, passengers, quotedTotal: 5400 })
 */
export async function createHold(db: Db, clock: Clock, catalog: BookingCatalog, request: HoldRequest): Promise<{ booking: BookingView; inventory: InventoryChange[] }> {
  const travelDate = travelDateOf(request.itineraryId);
  if (!travelDate) throw notBookable();
  const checked = validatePassengers(request.passengers, travelDate);
  if (!checked.ok) {
    throw new AppError('validation_failed', Object.values(checked.fields)[0] ?? PASSENGER_MESSAGES.formToast, checked.fields);
  }
  const list = checked.passengers;
  const now = clock.now();
  const quote = await catalog.quote(db, request.itineraryId, paxCounts(list), now);
  if (!quote) throw notBookable();
  const { itinerary } = quote;
  const newTotal = itinerary.price.total.total;
  if (newTotal !== request.quotedTotal && request.acceptPriceChange !== true) throw new PriceChangedError(request.quotedTotal, newTotal, itinerary);
  const seats = seatCount(list);
  if (quote.seatsAvailable < seats) throw soldOutError();

  const holdExpiresAt = new Date(now.getTime() + (request.holdMs ?? HOLD_MINUTES * 60_000));
  const cabin = itinerary.legs[0]?.cabin ?? 'economy';

  return db.transaction(async (tx) => {
    await catalog.ensureInventory(tx, itinerary.legs);
    const inventory = await takeSeats(tx, itinerary.legs, seats);

    // Booking id and PNR are random-ish, not sequences; on the rare clash, draw again.
    // ON CONFLICT DO NOTHING keeps the transaction alive where a unique violation would abort it.
    let row: typeof bookings.$inferSelect | undefined;
    for (let attempt = 0; attempt < 8 && !row; attempt += 1) {
      [row] = await tx
        .insert(bookings)
        .values({
          id: newBookingId(now, attempt),
          pnr: newPnr(),
          userId: request.userId,
          status: 'held',
          itineraryId: itinerary.id,
          cabin,
          itinerary,
          passengerCount: list.length,
          seatCount: seats,
          price: itinerary.price,
          totalInr: newTotal,
          holdExpiresAt,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
    }
    if (!row) throw new AppError('unavailable', 'Could not create a booking reference. Please try again.');
    const bookingId = row.id;

    await tx.insert(bookingSegments).values(itinerary.legs.map((leg, legIndex) => ({ bookingId, legIndex, flightId: leg.flightId, cabin: leg.cabin, seats })));
    const paxRows = await tx
      .insert(passengers)
      .values(
        list.map((p, position) => ({
          bookingId,
          position,
          title: p.title,
          firstName: p.firstName,
          middleName: p.middleName ?? null,
          lastName: p.lastName,
          dob: p.dob,
          type: storedKind(p.type),
          mobile: p.mobileNo ?? null,
          // Aadhaar is sensitive: only the last four digits are ever stored.
          aadhaarLast4: p.aadharCard ? p.aadharCard.slice(-4) : null,
        })),
      )
      .returning();
    return { booking: bookingView(row, paxRows), inventory };
  });
}
