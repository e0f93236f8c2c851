import { and, asc, count, eq } from 'drizzle-orm';
import { maskAadhaar, type PassengerTitle, PASSENGER_TITLES } from '../../core/booking';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import { MAX_SAVED_TRAVELLERS, SAVED_TRAVELLER_MESSAGES, type SavedTravellerView, validateSavedTraveller } from '../../core/personal-data';
import type { Db } from '../../db/client';
import { bookings, passengers, savedTravellers } from '../../db/schema';

type Row = typeof savedTravellers.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('not_found', SAVED_TRAVELLER_MESSAGES.notFound);

function savedTravellerView(row: Row): SavedTravellerView {
  return {
    id: row.id,
    title: (PASSENGER_TITLES as readonly string[]).includes(row.title) ? (row.title as PassengerTitle) : 'Mr',
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    dob: row.dob,
    mobileNo: row.mobile,
    aadhaarMasked: row.aadhaarLast4 ? maskAadhaar(row.aadhaarLast4) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function parse(input: unknown) {
  const checked = validateSavedTraveller(input);
  if (!checked.ok) throw new AppError('validation_failed', Object.values(checked.fields)[0] ?? 'Check the traveller details', checked.fields);
  const t = checked.traveller;
  return { title: t.title, firstName: t.firstName, middleName: t.middleName ?? null, lastName: t.lastName, dob: t.dob, mobile: t.mobileNo ?? null, aadhaarLast4: t.aadharCard ? t.aadharCard.slice(-4) : null };
}

/**
 * A traveller's saved co-travellers, oldest first (the order they were added).
 * @example const list = await listSavedTravellers(db, user.id)
 */
export async function listSavedTravellers(db: Db, userId: string): Promise<SavedTravellerView[]> {
  const rows = await db.select().from(savedTravellers).where(eq(savedTravellers.userId, userId)).orderBy(asc(savedTravellers.createdAt), asc(savedTravellers.id));
  return rows.map(savedTravellerView);
}

/**
 * Saves a co-traveller (validated; Aadhaar reduced to its last four digits). At most 20 per account.
 * @example await createSavedTraveller(db, clock, user.id, { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '1992-03-02' })
 */
export async function createSavedTraveller(db: Db, clock: Clock, userId: string, input: unknown): Promise<SavedTravellerView> {
  const values = parse(input);
  const [existing] = await db.select({ n: count() }).from(savedTravellers).where(eq(savedTravellers.userId, userId));
  if ((existing?.n ?? 0) >= MAX_SAVED_TRAVELLERS) throw new AppError('conflict', SAVED_TRAVELLER_MESSAGES.tooMany);
  const now = clock.now();
  const [row] = await db.insert(savedTravellers).values({ ...values, userId, createdAt: now, updatedAt: now }).returning();
  if (!row) throw new Error('insert returned no row');
  return savedTravellerView(row);
}

/**
 * Replaces a saved traveller's details. Bookings keep their own copy, so no past booking changes.
 * An Aadhaar left empty keeps the last four digits already saved.
 */
export async function updateSavedTraveller(db: Db, clock: Clock, userId: string, id: string, input: unknown): Promise<SavedTravellerView> {
  if (!UUID.test(id)) throw notFound();
  const { aadhaarLast4, ...values } = parse(input);
  const [row] = await db
    .update(savedTravellers)
    .set({ ...values, ...(aadhaarLast4 ? { aadhaarLast4 } : {}), updatedAt: clock.now() })
    .where(and(eq(savedTravellers.id, id), eq(savedTravellers.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return savedTravellerView(row);
}

export async function deleteSavedTraveller(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound();
  const rows = await db.delete(savedTravellers).where(and(eq(savedTravellers.id, id), eq(savedTravellers.userId, userId))).returning({ id: savedTravellers.id });
  if (rows.length === 0) throw notFound();
}

/**
 * Saves the passengers of one of the traveller's bookings who are not saved yet (same names and
 * date of birth), as offered after a booking. Returns the whole list and how many were added.
 */
export async function saveTravellersFromBooking(db: Db, clock: Clock, userId: string, bookingId: string): Promise<{ travellers: SavedTravellerView[]; added: number }> {
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!booking) throw new AppError('not_found', 'Booking not found');
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, bookingId)).orderBy(asc(passengers.position));
  const saved = await listSavedTravellers(db, userId);
  const key = (p: { firstName: string; lastName: string; dob: string }) => `${p.firstName.toLowerCase()}|${p.lastName.toLowerCase()}|${p.dob}`;
  const known = new Set(saved.map(key));
  const now = clock.now();
  const fresh = pax.filter((p) => p.dob !== '' && !known.has(key(p)) && known.add(key(p)));
  const room = Math.max(0, MAX_SAVED_TRAVELLERS - saved.length);
  const toAdd = fresh.slice(0, room);
  if (toAdd.length > 0) {
    await db.insert(savedTravellers).values(
      toAdd.map((p, i) => ({
        userId,
        title: p.title,
        firstName: p.firstName,
        middleName: p.middleName,
        lastName: p.lastName,
        dob: p.dob,
        mobile: p.mobile,
        aadhaarLast4: p.aadhaarLast4,
        // Distinct times keep the booking's passenger order in the list.
        createdAt: new Date(now.getTime() + i),
        updatedAt: now,
      })),
    );
  }
  return { travellers: await listSavedTravellers(db, userId), added: toAdd.length };
}
