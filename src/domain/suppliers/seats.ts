import { and, eq } from 'drizzle-orm';
import { canConvertToInr, toInr } from '../../core/fx';
import { AppError } from '../../core/errors';
import type { Leg } from '../../core/search';
import type { Seat, SeatChoice, SeatKind, SeatMapAnswer } from '../../core/seats';
import type { SupplierSeatChoice } from '../../core/suppliers';
import type { Db } from '../../db/client';
import { bookings, passengers } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { ageOn, seatRefusal } from '../seats/price';
import type { SeatSelectionAnswer } from '../seats/service';
import type { OfferCache } from './offer-cache';
import { type CabinClass, type FlightSupplier, type Money, SupplierError, type SupplierOrder, type SupplierSeat, type SupplierSeatMap } from './supplier';

/**
 * Seats from a remote supplier's seat map on a Safar booking (decision 0068):
 * - the map is the offer's (`seatMaps({ offerId })`), kept with the offer until it expires, drawn in the world's seat map shape;
 * - a seat costs the airline's price converted to rupees (src/core/fx.ts, rounded up to the paisa) and rounded up to the
 *   whole rupee, per seat; a seat the airline gives free costs nothing;
 * - chosen seats are kept on the booking and join its total; they are ordered as seat services with the airline's order.
 */

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

/** The words shown when the airline has no seat map for a flight: the traveller goes on without seats. */
export const NO_SUPPLIER_SEAT_MAP = 'The airline has no seat map for this flight. You can continue without choosing: the airline assigns seats at check-in, at no cost.';

/** Safar's cabins as the supplier names them. */
const SUPPLIER_CABIN: Record<Leg['cabin'], CabinClass> = { economy: 'economy', premium: 'premium_economy', business: 'business', first: 'first' };

const SEAT_LETTER = /^[A-HJ-Z]$/;

/**
 * What the traveller pays for a seat the airline prices at `price`, in paise: the price in rupees (converted at the
 * table's rate, rounded up to the paisa), rounded up to the whole rupee; null for a currency Safar cannot convert.
 * @example seatPricePaise({ amountMinor: 2000, currency: 'GBP' }) // 213200 (£20 at ₹106.60 = ₹2,132)
 */
export function seatPricePaise(price: Money): number | null {
  if (!canConvertToInr(price.currency)) return null;
  return Math.ceil(toInr(price).paise / 100) * 100;
}

/**
 * The all-in total of a supplier booking with seats, in rupees: the offer's all-in price (the airline's fare in rupees and
 * Safar's fee) plus every chosen seat's price.
 * @example totalWithSeats(12_000, [{ pricePaise: 213_200 }]) // 14_132
 */
export function totalWithSeats(offerTotalInr: number, seats: readonly { pricePaise: number }[]): number {
  return offerTotalInr + seats.reduce((sum, s) => sum + s.pricePaise, 0) / 100;
}

interface SeatParty {
  legIndex: number;
  leg: Leg;
  /** The booking's passengers with the supplier's passenger id of each (by position). */
  passengers: { id: string; position: number; supplierId: string }[];
  chosen: readonly SupplierSeatChoice[];
}

/** The cabin of a seat map that the leg is booked in (else its first). */
function cabinOf(map: SupplierSeatMap, leg: Leg) {
  return map.cabins.find((c) => c.cabin === SUPPLIER_CABIN[leg.cabin]) ?? map.cabins[0];
}

function kindOf(seat: SupplierSeat): SeatKind {
  if (seat.characteristics.includes('window')) return 'window';
  return seat.characteristics.includes('aisle') ? 'aisle' : 'middle';
}

/** The seat as the world's seat shape (letter, window/middle/aisle, exit row). */
function asSeat(seat: SupplierSeat): Seat {
  return { letter: seat.column, kind: kindOf(seat), tags: seat.characteristics.includes('exit') ? ['exit'] : [] };
}

/** Seats of a map that Safar can draw and order: a one-letter column other than I. */
function drawable(map: SupplierSeatMap, leg: Leg): SupplierSeat[] {
  const cabin = cabinOf(map, leg);
  if (!cabin) return [];
  return cabin.rows.flatMap((r) => r.sections.flat().filter((s): s is SupplierSeat => s !== null && SEAT_LETTER.test(s.column)));
}

/**
 * A supplier's seat map as the world's seat map answer for one leg of a booking:
 * - rows and blocks from the airline's sections (the letters of each section between aisles), window/middle/aisle and exit
 *   rows from its characteristics, the wing from its over-wing rows, exit rows as doors;
 * - a seat the airline sells to one of the booking's passengers is `free` (or `held` when a passenger of this booking chose
 *   it), one it sells to nobody `taken` (`blocked` when restricted);
 * - each price is what the booking's first passenger allowed to take the seat would pay, in paise (seatPricePaise).
 */
export function supplierSeatMapAnswer(map: SupplierSeatMap, party: SeatParty): SeatMapAnswer {
  const { leg } = party;
  const cabin = cabinOf(map, leg);
  const supplierIds = new Map(party.passengers.map((p) => [p.supplierId, p.position]));
  const rows = (cabin?.rows ?? []).flatMap((r) => {
    const seats = r.sections.flat().filter((s): s is SupplierSeat => s !== null && SEAT_LETTER.test(s.column));
    return seats.length > 0 ? [{ row: r.row, sections: r.sections, seats }] : [];
  });
  const blocks: string[][] = [];
  const placed = new Set<string>();
  for (const r of rows) {
    r.sections.forEach((section, b) => {
      const block = (blocks[b] ??= []);
      for (const s of section) {
        if (!s || !SEAT_LETTER.test(s.column) || placed.has(s.column)) continue;
        placed.add(s.column);
        block.push(s.column);
      }
    });
  }
  for (const block of blocks) block.sort();
  const overWing = rows.filter((r) => r.seats.some((s) => s.characteristics.includes('overWing'))).map((r) => r.row);
  const exitRows = rows.filter((r) => r.seats.some((s) => s.characteristics.includes('exit'))).map((r) => r.row);
  const mine = new Set(party.chosen.filter((c) => c.legIndex === party.legIndex).map((c) => c.seat));
  let currency: string | null = null;
  const seats = rows.flatMap((r) =>
    r.seats.map((s) => {
      const offer = [...s.offers].filter((o) => supplierIds.has(o.passengerId)).sort((a, b) => (supplierIds.get(a.passengerId) ?? 0) - (supplierIds.get(b.passengerId) ?? 0))[0];
      const pricePaise = offer ? seatPricePaise(offer.price) : null;
      if (offer && pricePaise !== null) currency ??= offer.price.currency;
      const state = mine.has(s.designator) ? ('held' as const) : s.available && pricePaise !== null ? ('free' as const) : s.characteristics.includes('restricted') ? ('blocked' as const) : ('taken' as const);
      return { seat: s.designator, state, zone: s.characteristics.includes('exit') ? ('exit' as const) : ('standard' as const), pricePaise: pricePaise ?? 0 };
    }),
  );
  const shownIn = currency ?? 'INR';
  const chosen: Record<string, string> = {};
  for (const c of party.chosen) if (c.legIndex === party.legIndex) chosen[c.passengerId] = c.seat;
  return {
    flightId: leg.flightId,
    cabin: leg.cabin,
    airline: leg.carrier,
    map: {
      aircraftId: `${leg.carrier}:${map.segmentId}`,
      aircraftName: leg.aircraft,
      cabin: leg.cabin,
      deck: cabin?.deck === 1 ? 'upper' : 'main',
      approximate: false,
      blocks: blocks.filter((b) => b.length > 0),
      rows: rows.map((r) => ({ row: r.row, seats: r.seats.map(asSeat) })),
      wing: overWing.length > 0 ? { fromRow: Math.min(...overWing), toRow: Math.max(...overWing) } : null,
      doors: [...new Set(exitRows)],
    },
    seats,
    free: seats.filter((s) => s.state === 'free').length,
    chosen,
    supplier: { currency: shownIn, conversion: toInr({ amountMinor: 0, currency: shownIn }).conversion },
  };
}

/** The facts of a booking the seat rules read: its row and passengers, with each passenger's supplier id. */
function partyOf(row: BookingRow, pax: readonly PassengerRow[], legIndex: number): SeatParty | null {
  const leg = row.itinerary.legs[legIndex];
  if (!leg) return null;
  const ids = row.itinerary.supplier?.passengerIds ?? [];
  return {
    legIndex,
    leg,
    passengers: [...pax].sort((a, b) => a.position - b.position).filter((p) => p.type !== 'infant' && p.cancelledAt === null).map((p) => ({ id: p.id, position: p.position, supplierId: ids[p.position] ?? '' })),
    chosen: row.supplierSeats ?? [],
  };
}

export interface SupplierSeatDeps {
  db: Db;
  clock: { now(): Date };
  supplier: { api: FlightSupplier; offers: OfferCache };
}

/**
 * The offer's seat maps, from the cache while the offer lives, else asked of the supplier (and kept):
 * a supplier failure is its own error (503/429, never 500); no maps at all is 404 with NO_SUPPLIER_SEAT_MAP.
 */
async function offerSeatMaps(deps: SupplierSeatDeps, row: BookingRow): Promise<SupplierSeatMap[]> {
  const offerId = row.supplierOfferId;
  const expiresAt = row.itinerary.supplier?.expiresAt;
  if (!offerId || !expiresAt) throw new AppError('not_found', NO_SUPPLIER_SEAT_MAP, undefined, 'no-seat-map');
  let maps = deps.supplier.offers.seatMaps(offerId);
  if (!maps) {
    try {
      maps = await deps.supplier.api.seatMaps({ offerId });
    } catch (error) {
      if (error instanceof SupplierError) throw error.toAppError();
      throw error;
    }
    deps.supplier.offers.putSeatMaps(offerId, maps, expiresAt);
  }
  return maps;
}

/** The seat map of one leg: the map of the offer's segment flown on it (the offer's segments in order), else by position. */
function mapOfLeg(deps: SupplierSeatDeps, row: BookingRow, maps: readonly SupplierSeatMap[], legIndex: number): SupplierSeatMap | undefined {
  const offer = row.supplierOfferId ? deps.supplier.offers.seen(row.supplierOfferId) : undefined;
  const segmentId = offer?.slices.flatMap((s) => s.segments.map((g) => g.id))[legIndex];
  const map = segmentId ? maps.find((m) => m.segmentId === segmentId) : maps[legIndex];
  return map && map.cabins.length > 0 ? map : undefined;
}

async function ownBooking(db: Db | Tx, bookingId: string, userId: string, lock = false): Promise<{ row: BookingRow; pax: PassengerRow[] } | null> {
  const query = db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) return null;
  return { row, pax: await db.select().from(passengers).where(eq(passengers.bookingId, bookingId)) };
}

/**
 * The seat map of one flight of a remote supplier's booking (GET /api/flights/{flightId}/seat-map?booking=…):
 * 404 for another traveller's booking, a flight not on it, or a flight the airline has no seat map for.
 */
export async function supplierSeatMap(deps: SupplierSeatDeps, userId: string, bookingId: string, flightId: string): Promise<SeatMapAnswer> {
  const found = await ownBooking(deps.db, bookingId, userId);
  const legIndex = found?.row.itinerary.legs.findIndex((l) => l.flightId === flightId) ?? -1;
  if (!found || legIndex < 0) throw new AppError('not_found', 'Booking not found');
  const maps = await offerSeatMaps(deps, found.row);
  const map = mapOfLeg(deps, found.row, maps, legIndex);
  const party = partyOf(found.row, found.pax, legIndex);
  if (!map || !party || drawable(map, party.leg).length === 0) throw new AppError('not_found', NO_SUPPLIER_SEAT_MAP, undefined, 'no-seat-map');
  return supplierSeatMapAnswer(map, party);
}

/** The seat maps a choice on a booking needs, read before its transaction (one per leg; missing legs are absent). */
export async function seatMapsForChoice(deps: SupplierSeatDeps, userId: string, bookingId: string): Promise<Map<number, SupplierSeatMap>> {
  const found = await ownBooking(deps.db, bookingId, userId);
  if (!found) throw new AppError('not_found', 'Booking not found');
  const maps = await offerSeatMaps(deps, found.row);
  const byLeg = new Map<number, SupplierSeatMap>();
  found.row.itinerary.legs.forEach((_, legIndex) => {
    const map = mapOfLeg(deps, found.row, maps, legIndex);
    if (map) byLeg.set(legIndex, map);
  });
  return byLeg;
}

/**
 * The seats of a booking after these choices, or the reason per field:
 * - a choice names a passenger of the booking by position and a leg by index; `seat: null` drops that passenger's seat;
 * - the seat must be on the leg's seat map, sold by the airline to this passenger, in a currency Safar converts, and allowed for
 *   the passenger (no infant; exit rows: 15 or over, no infant on the lap, conditions accepted);
 * - no two passengers of the booking on one seat of a leg.
 */
export function applySeatChoices(
  row: Pick<BookingRow, 'itinerary' | 'supplierSeats'>,
  pax: readonly Pick<PassengerRow, 'id' | 'position' | 'type' | 'dob' | 'cancelledAt'>[],
  maps: ReadonlyMap<number, SupplierSeatMap>,
  choices: readonly SeatChoice[],
): { ok: true; seats: SupplierSeatChoice[] } | { ok: false; fields: Record<string, string> } {
  const ids = row.itinerary.supplier?.passengerIds ?? [];
  const sorted = [...pax].filter((p) => p.cancelledAt === null).sort((a, b) => a.position - b.position);
  const infants = sorted.filter((p) => p.type === 'infant').length;
  const withInfant = new Set(sorted.filter((p) => p.type === 'adult').slice(0, infants).map((p) => p.id));
  let seats = [...(row.supplierSeats ?? [])];
  const fields: Record<string, string> = {};
  for (const [i, choice] of choices.entries()) {
    const p = sorted.find((x) => x.position === choice.passengerPosition);
    const leg = row.itinerary.legs[choice.legIndex];
    if (!p) {
      fields[`choices.${i}.passengerPosition`] = 'No such passenger on this booking.';
      continue;
    }
    if (!leg) {
      fields[`choices.${i}.legIndex`] = 'No such flight on this booking.';
      continue;
    }
    const others = seats.filter((s) => !(s.passengerId === p.id && s.legIndex === choice.legIndex));
    if (choice.seat === null) {
      seats = others;
      continue;
    }
    const map = maps.get(choice.legIndex);
    const seat = map ? drawable(map, leg).find((s) => s.designator === choice.seat) : undefined;
    if (!map || !seat) {
      fields[`choices.${i}.seat`] = map ? `There is no seat ${choice.seat} on this flight.` : NO_SUPPLIER_SEAT_MAP;
      continue;
    }
    const refusal = seatRefusal(asSeat(seat), { type: p.type, age: ageOn(p.dob, leg.departure.slice(0, 10)), withInfant: withInfant.has(p.id), exitConditionsAccepted: choice.exitConditionsAccepted === true });
    if (refusal) {
      fields[`choices.${i}.seat`] = `${choice.seat}: ${refusal}`;
      continue;
    }
    const offer = seat.available ? seat.offers.find((o) => o.passengerId === ids[p.position]) : undefined;
    const pricePaise = offer ? seatPricePaise(offer.price) : null;
    if (!offer || pricePaise === null) {
      fields[`choices.${i}.seat`] = `Seat ${choice.seat} is not available on this flight. Please pick another seat.`;
      continue;
    }
    if (others.some((s) => s.legIndex === choice.legIndex && s.seat === choice.seat)) {
      fields[`choices.${i}.seat`] = `Seat ${choice.seat} is chosen twice.`;
      continue;
    }
    seats = [...others, { passengerId: p.id, legIndex: choice.legIndex, seat: seat.designator, serviceId: offer.serviceId, priceMinor: offer.price.amountMinor, currency: offer.price.currency, pricePaise, confirmed: false }];
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, seats: seats.sort((a, b) => a.legIndex - b.legIndex || (sorted.find((p) => p.id === a.passengerId)?.position ?? 0) - (sorted.find((p) => p.id === b.passengerId)?.position ?? 0)) };
}

/**
 * Seats chosen on a held remote-supplier booking (PUT /api/bookings/{id}/seats), in the caller's transaction with the maps
 * read before it: the booking is locked, must be an open hold, the choices are applied (applySeatChoices) and the booking's
 * seats and total written (the offer's all-in price plus the seats).
 */
export async function chooseSupplierSeats(tx: Tx, now: Date, userId: string, bookingId: string, maps: ReadonlyMap<number, SupplierSeatMap>, choices: readonly SeatChoice[]): Promise<SeatSelectionAnswer> {
  const found = await ownBooking(tx, bookingId, userId, true);
  if (!found) throw new AppError('not_found', 'Booking not found');
  const { row, pax } = found;
  if (row.status !== 'held' || row.holdExpiresAt.getTime() <= now.getTime()) throw new AppError('conflict', 'Seats can be chosen on a held booking before payment; this hold is no longer open.', undefined, 'not-held');
  const applied = applySeatChoices(row, pax, maps, choices);
  if (!applied.ok) throw new AppError('validation_failed', Object.values(applied.fields)[0] ?? 'Check the seats chosen.', applied.fields);
  const totalInr = totalWithSeats(row.price.total.total, applied.seats);
  await tx.update(bookings).set({ supplierSeats: applied.seats.length > 0 ? applied.seats : null, totalInr }).where(eq(bookings.id, bookingId));
  const position = new Map(pax.map((p) => [p.id, p.position]));
  return {
    bookingId,
    totalInr,
    seatsPaise: applied.seats.reduce((sum, s) => sum + s.pricePaise, 0),
    seats: applied.seats.map((s) => ({ passengerPosition: position.get(s.passengerId) ?? 0, legIndex: s.legIndex, seat: s.seat, pricePaise: s.pricePaise })),
  };
}

/** The seat services to order with a booking's chosen seats: one of each per passenger and flight. */
export function seatServices(seats: readonly SupplierSeatChoice[] | null): { id: string; quantity: number; unitPrice: Money }[] {
  return (seats ?? []).flatMap((s) => (s.serviceId ? [{ id: s.serviceId, quantity: 1, unitPrice: { amountMinor: s.priceMinor, currency: s.currency } }] : []));
}

/**
 * The seats as the airline's order confirms them: each passenger's seat on each flight of the order (its segments in order
 * are the booking's legs), replacing the choice where the airline seated the passenger elsewhere and adding seats it
 * assigned without a choice (free). Choices the order does not name stay unconfirmed.
 */
export function confirmedSeats(seats: readonly SupplierSeatChoice[] | null, order: SupplierOrder, passengerIds: readonly string[], pax: readonly Pick<PassengerRow, 'id' | 'position'>[]): SupplierSeatChoice[] {
  const result = [...(seats ?? [])];
  const safarId = new Map(pax.map((p) => [passengerIds[p.position], p.id]));
  order.slices
    .flatMap((s) => s.segments)
    .forEach((segment, legIndex) => {
      for (const sp of segment.passengers) {
        const passengerId = safarId.get(sp.passengerId);
        if (!sp.seat || !passengerId) continue;
        const at = result.findIndex((s) => s.passengerId === passengerId && s.legIndex === legIndex);
        const was = result[at];
        if (was) result[at] = { ...was, seat: sp.seat, confirmed: true };
        else result.push({ passengerId, legIndex, seat: sp.seat, serviceId: null, priceMinor: 0, currency: order.total.currency, pricePaise: 0, confirmed: true });
      }
    });
  return result;
}

/**
 * A booking's seats after its flights changed (an airline change kept or a rebooking): a seat stays with its flight
 * (same flight id) at that flight's new place in the itinerary; seats on flights no longer flown go (the airline's
 * order no longer holds them).
 */
export function seatsAfterLegChange(seats: readonly SupplierSeatChoice[] | null, before: readonly Pick<Leg, 'flightId'>[], after: readonly Pick<Leg, 'flightId'>[]): SupplierSeatChoice[] | null {
  const kept = (seats ?? []).flatMap((s) => {
    const flightId = before[s.legIndex]?.flightId;
    const legIndex = flightId === undefined ? -1 : after.findIndex((l) => l.flightId === flightId);
    return legIndex < 0 ? [] : [{ ...s, legIndex }];
  });
  return kept.length > 0 ? kept : null;
}
