import { asc, eq } from 'drizzle-orm';
import type { BookingView } from '../../core/booking';
import { type BookingFare, type FareFamily, FARE_LINE_LABELS, type FareLine, type PassengerLegFare } from '../../core/fares';
import type { Leg, PassengerType } from '../../core/search';
import type { Db } from '../../db/client';
import { bookingFares, bookings, passengers } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { bookingView } from '../booking/views';
import { getAirline } from '../world/airlines';
import { getAirport } from '../world/airports';
import { fareLines, linesTotal } from './breakdown';
import { familiesFor, familyByCode } from './families/lookup';
import { fareParts, familyOption } from './families/options';

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

/**
 * A booking's fare as stored, line by line, for the refund and change rules and the screens.
 *
 * - A booking made with fare families has one `booking_fares` row per passenger position × leg,
 *   written by the hold; those rows are the answer (their lines add up to the booking's total).
 * - A booking made before fare families has no rows: its rows are derived from the price
 *   snapshot (per passenger type, summed over legs) with each leg's airline's tier-0 family
 *   valid at the booking date. Each type's airfare and taxes are shared out over the legs in
 *   proportion to flying time (the last leg takes the remainder), then split into lines like
 *   any other fare, so the derived rows also add up to the booking's total. A passenger
 *   cancelled since is `cancelled`. A remote supplier's chosen seats add a `seat` line each.
 */

/** A remote supplier's fare, its taxes inside: the supplier does not split them for Safar. */
const SUPPLIER_FARE_LABEL = 'Airline fare (taxes included)';

type BookingLike = Pick<BookingView, 'itinerary' | 'passengers' | 'createdAt' | 'fareFamily' | 'totalInr'>;

function marketOfLeg(leg: Leg): 'domestic' | 'international' {
  const country = (code: string) => getAirport(code)?.country ?? 'IN';
  return country(leg.from.code) === 'IN' && country(leg.to.code) === 'IN' ? 'domestic' : 'international';
}

/** The tier-0 family of a leg's airline for a booking date (its cabin's, else economy's), or undefined. */
function tierZero(leg: Leg, bookingDate: string): FareFamily | undefined {
  const market = marketOfLeg(leg);
  return familiesFor(leg.carrier, market, leg.cabin, bookingDate)[0] ?? familiesFor(leg.carrier, market, 'economy', bookingDate)[0];
}

/** Shares `amount` over weights; the last share takes the remainder, so the shares add up to it. */
function share(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  let given = 0;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return amount - given;
    const part = sum > 0 ? Math.floor((amount * w) / sum) : 0;
    given += part;
    return part;
  });
}

/** The passenger types by position; a party booked before its travellers gave details counts its seats as adults. */
function typesByPosition(booking: BookingLike, passengerCount: number): { type: PassengerType; cancelled: boolean }[] {
  if (booking.passengers.length > 0) return booking.passengers.map((p) => ({ type: p.type === 'Adult' ? 'adult' : p.type === 'Child' ? 'child' : 'infant', cancelled: p.cancelledAt !== null }));
  return Array.from({ length: passengerCount }, () => ({ type: 'adult', cancelled: false }));
}

/**
 * A remote supplier's fare on a leg, in two lines: the airline's fare (its taxes are inside it; the
 * supplier does not split them for Safar) and Safar's fee. Never the world's tax lines.
 */
function supplierLines(airfareRupees: number, feeRupees: number): FareLine[] {
  const lines: FareLine[] = [{ code: 'base', kind: 'fare', label: SUPPLIER_FARE_LABEL, paise: airfareRupees * 100 }];
  if (feeRupees > 0) lines.push({ code: 'safarFee', kind: 'safarFee', label: FARE_LINE_LABELS.safarFee, paise: feeRupees * 100 });
  return lines;
}

/**
 * The rows of a booking made before fare families, derived from its price snapshot.
 * @example deriveFares(booking, 2)[0]?.familyCode // '6E.SAVER'
 */
function deriveFares(booking: BookingLike, passengerCount: number): PassengerLegFare[] {
  const legs = booking.itinerary.legs;
  const weights = legs.map((l) => Math.max(1, l.durationMinutes));
  const rows: PassengerLegFare[] = [];
  typesByPosition(booking, passengerCount).forEach(({ type, cancelled }, passengerPosition) => {
    const price = booking.itinerary.price.perPassenger[type];
    if (!price) return;
    const airfares = share(price.baseFare, weights);
    const taxes = share(price.taxesAndFees, weights);
    legs.forEach((leg, legIndex) => {
      const lines = booking.itinerary.supplier
        ? supplierLines(airfares[legIndex] ?? 0, taxes[legIndex] ?? 0)
        : fareLines({ airline: leg.carrier, from: leg.from.code, market: marketOfLeg(leg), cabin: leg.cabin, passengerType: type }, airfares[legIndex] ?? 0, taxes[legIndex] ?? 0);
      const familyCode = tierZero(leg, booking.createdAt)?.code ?? `${leg.carrier}.STANDARD`;
      rows.push({ passengerPosition, passengerType: type, legIndex, familyCode, lines, totalPaise: linesTotal(lines), status: cancelled ? 'cancelled' : 'active' });
    });
  });
  return rows;
}

const fareOfRow = (r: typeof bookingFares.$inferSelect): PassengerLegFare => ({
  passengerPosition: r.passengerPosition,
  passengerType: r.passengerType,
  legIndex: r.legIndex,
  familyCode: r.familyCode,
  lines: r.lines,
  totalPaise: r.totalPaise,
  status: r.status,
});

/**
 * Every passenger-leg fare of a booking, line by line (paise), in passenger then leg order:
 * the stored rows, or for a booking made before fare families the rows derived from its price
 * snapshot (see above). Empty for an unknown booking. No owner check: callers check first.
 * @example const fares = await storedFares(db, 'BK1732180000000') // fares[0].lines
 */
export async function storedFares(db: Db | Tx, bookingId: string): Promise<PassengerLegFare[]> {
  const rows = await db.select().from(bookingFares).where(eq(bookingFares.bookingId, bookingId)).orderBy(asc(bookingFares.passengerPosition), asc(bookingFares.legIndex));
  if (rows.length > 0) return rows.map(fareOfRow);
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) return [];
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, bookingId)).orderBy(asc(passengers.position));
  return snapshotFares(row, pax);
}

/**
 * The fares of a booking already read, with its passengers: its stored rows, else those derived from its price snapshot.
 * @example const fares = await faresOfLoaded(db, row, pax)
 */
export async function faresOfLoaded(db: Db | Tx, row: BookingRow, pax: readonly PassengerRow[]): Promise<PassengerLegFare[]> {
  const rows = await db.select().from(bookingFares).where(eq(bookingFares.bookingId, row.id)).orderBy(asc(bookingFares.passengerPosition), asc(bookingFares.legIndex));
  if (rows.length > 0) return rows.map(fareOfRow);
  return snapshotFares(row, pax);
}

/** A booking's fares derived from its price snapshot, a remote supplier's seats as lines of their own. */
function snapshotFares(row: BookingRow, pax: readonly PassengerRow[]): PassengerLegFare[] {
  const derived = deriveFares(bookingView(row, [...pax]), row.passengerCount);
  // A remote supplier's seats (decision 0068) are their own line on the passenger's fare for that flight.
  for (const seat of row.supplierSeats ?? []) {
    const position = pax.find((p) => p.id === seat.passengerId)?.position;
    const fare = derived.find((f) => f.passengerPosition === position && f.legIndex === seat.legIndex);
    if (!fare || seat.pricePaise === 0) continue;
    fare.lines = [...fare.lines, { code: 'seat', kind: 'addon', label: `Seat ${seat.seat}`, paise: seat.pricePaise }];
    fare.totalPaise += seat.pricePaise;
  }
  return derived;
}

/**
 * The family option as booked (the families valid at the booking date; conditions for `now`,
 * from the first passenger's stored lines), or null when a family is no longer known.
 * @example bookedOption(booking, await storedFares(db, booking.id), new Date())?.name // 'Saver'
 */
function bookedOption(booking: BookingLike, fares: readonly PassengerLegFare[], now: Date) {
  const legs = booking.itinerary.legs;
  const codes = booking.fareFamily?.split('~') ?? legs.map((leg, legIndex) => fares.find((f) => f.legIndex === legIndex)?.familyCode ?? '');
  const families = codes.map((code) => familyByCode(code, booking.createdAt));
  const known = families.filter((f) => f !== undefined);
  if (known.length !== legs.length || known.length === 0) return null;
  const firstPosition = fares[0]?.passengerPosition ?? 0;
  const parts = legs.map((_, legIndex) => fareParts(fares.find((f) => f.passengerPosition === firstPosition && f.legIndex === legIndex)?.lines ?? []));
  return familyOption(
    known,
    Math.max(...known.map((f) => f.tier)),
    booking.totalInr,
    legs.map((leg) => new Date(leg.departure)),
    parts,
    now,
    (code) => getAirline(code)?.name ?? code,
  );
}

/**
 * A booking's fare for GET /api/bookings/{id}/fare: the option as booked and every stored row.
 * @example await bookingFare(db, booking, clock.now())
 */
export async function bookingFare(db: Db | Tx, booking: BookingView, now: Date): Promise<BookingFare> {
  const fares = await storedFares(db, booking.id);
  return { option: bookedOption(booking, fares, now), fares };
}
