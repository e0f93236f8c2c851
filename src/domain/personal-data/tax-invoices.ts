import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import { type GstDetailsView, type TaxInvoiceView, financialYearOf, gstinState, validateGstDetails } from '../../core/gst';
import type { ItineraryPrice, PassengerType } from '../../core/search';
import type { Db } from '../../db/client';
import { bookingGstDetails, bookings, invoiceCounters, passengers, taxInvoices } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { storedItinerary } from '../booking/views';
import { SAFAR_SERVICE_FEE_PAISE } from '../fares/safar-fee';

/**
 * GST details for business travel and the tax invoice Safar issues for a booking with them.
 *
 * Safar charges no convenience fee today: the price a traveller pays is the airline's fare and
 * the taxes and charges the airline levies. So Safar's own supply on the invoice is its booking
 * service at ₹0 (and GST on it ₹0), and everything paid is listed as collected on the airline's
 * behalf: the airfare, the airline's GST on it and the airport and government charges. The day
 * Safar charges a fee, SAFAR_SERVICE_FEE_PAISE stops being zero and the invoice shows it with 18% GST.
 */

/** GST on Safar's own service (SAC 998551, tour operator / travel agent services). */
const SERVICE_GST_PERCENT = 18;
const SERVICE_SAC = '998551';

/** Who issues the invoice: Safar's registration (configured; see README). */
export interface InvoiceSupplier {
  gstin: string;
  name: string;
  address: string;
}

/** What the invoice PDF prints, fixed when the invoice is issued. Amounts in paise. */
export interface InvoiceLines {
  supplier: InvoiceSupplier;
  placeOfSupply: string;
  /** IGST between states, CGST + SGST within one. */
  taxType: 'IGST' | 'CGST+SGST';
  service: { description: string; sac: string; taxablePaise: number; gstPercent: number; gstPaise: number };
  airline: { names: string[]; route: string; travelDate: string; passengers: number; cabin: string };
  collected: { label: string; paise: number }[];
}

const NOT_FOUND = () => new AppError('not_found', 'Booking not found');
const INVOICE_MESSAGES = {
  noDetails: 'Add GST details to this booking to get a tax invoice.',
  notConfirmed: 'The tax invoice is ready once payment is confirmed.',
  issued: 'The tax invoice has been issued; its GST details cannot change now.',
  notConfigured: "Tax invoices are not available: Safar's GST registration is not configured.",
  notIssued: 'No tax invoice has been issued for this booking yet.',
} as const;

function detailsView(row: typeof bookingGstDetails.$inferSelect): GstDetailsView {
  return { gstin: row.gstin, registeredName: row.registeredName, registeredAddress: row.registeredAddress, state: gstinState(row.gstin) ?? '' };
}

async function ownBooking(db: Db | Tx, bookingId: string, userId: string) {
  const [row] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!row) throw NOT_FOUND();
  return row;
}

export async function getGstDetails(db: Db, userId: string, bookingId: string): Promise<GstDetailsView | null> {
  await ownBooking(db, bookingId, userId);
  const [row] = await db.select().from(bookingGstDetails).where(eq(bookingGstDetails.bookingId, bookingId));
  return row ? detailsView(row) : null;
}

/**
 * Records (or replaces) a booking's GST details until its invoice is issued.
 * @example await setGstDetails(db, clock, user.id, booking.id, { gstin: '27AAPFU0939F1ZV', registeredName: 'Udaan Traders LLP', registeredAddress: 'Mumbai' })
 */
export async function setGstDetails(db: Db, clock: Clock, userId: string, bookingId: string, input: unknown): Promise<GstDetailsView> {
  const checked = validateGstDetails(input);
  return db.transaction(async (tx) => {
    const booking = await ownBooking(tx, bookingId, userId);
    if (!checked.ok) throw new AppError('validation_failed', Object.values(checked.fields)[0] ?? 'Check the GST details', checked.fields);
    if (booking.status === 'expired' || booking.status === 'cancelled') throw new AppError('conflict', 'This booking is no longer active.');
    const [invoice] = await tx.select({ id: taxInvoices.id }).from(taxInvoices).where(eq(taxInvoices.bookingId, bookingId));
    if (invoice) throw new AppError('conflict', INVOICE_MESSAGES.issued);
    const now = clock.now();
    const values = { ...checked.details, updatedAt: now };
    const [row] = await tx
      .insert(bookingGstDetails)
      .values({ bookingId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: bookingGstDetails.bookingId, set: values })
      .returning();
    if (!row) throw new Error('upsert returned no row');
    return detailsView(row);
  });
}

export async function removeGstDetails(db: Db, userId: string, bookingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await ownBooking(tx, bookingId, userId);
    const [invoice] = await tx.select({ id: taxInvoices.id }).from(taxInvoices).where(eq(taxInvoices.bookingId, bookingId));
    if (invoice) throw new AppError('conflict', INVOICE_MESSAGES.issued);
    await tx.delete(bookingGstDetails).where(eq(bookingGstDetails.bookingId, bookingId));
  });
}

/** The India calendar date of an instant. */
const indiaDate = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * The amounts of a booking's price, split for the invoice (paise). The airline's GST is 5% of the
 * airfare in economy and 12% in other cabins, per passenger as the fare model charges it.
 */
function splitCollected(price: ItineraryPrice, cabin: string, counts: Record<PassengerType, number>): { label: string; paise: number }[] {
  const rate = cabin === 'economy' ? 0.05 : 0.12;
  let gstRupees = 0;
  for (const type of ['adult', 'child', 'infant'] as const) {
    const per = price.perPassenger[type];
    if (per && counts[type] > 0) gstRupees += Math.min(per.taxesAndFees, Math.round(per.baseFare * rate)) * counts[type];
  }
  const base = price.total.baseFare * 100;
  const gst = Math.min(gstRupees * 100, price.total.taxesAndFees * 100);
  return [
    { label: 'Airfare (base fare)', paise: base },
    { label: `Airline GST on the airfare (${Math.round(rate * 100)}%)`, paise: gst },
    { label: 'Airport and government charges (UDF, ASF, levies)', paise: price.total.taxesAndFees * 100 - gst },
  ];
}

function invoiceView(row: typeof taxInvoices.$inferSelect, pnr: string): TaxInvoiceView {
  return {
    number: row.number,
    financialYear: row.financialYear,
    issuedAt: row.issuedAt.toISOString(),
    bookingId: row.bookingId,
    pnr,
    gstin: row.gstin,
    serviceFeePaise: row.serviceFeePaise,
    serviceGstPaise: row.serviceGstPaise,
    collectedForAirlinePaise: row.collectedForAirlinePaise,
    totalPaise: row.totalPaise,
  };
}

/** "SAF/2627/000042": at most 16 characters, as a GST invoice number must be. */
const invoiceNumber = (financialYear: string, sequence: number) => `SAF/${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}/${String(sequence).padStart(6, '0')}`;

/**
 * Issues the booking's tax invoice, or returns the one already issued. The number comes from the
 * financial year's counter row, incremented in this transaction: consecutive, no gaps, no repeats.
 * @example const { invoice } = await issueInvoice(db, clock, supplier, user.id, booking.id)
 */
export async function issueInvoice(db: Db, clock: Clock, supplier: InvoiceSupplier | null, userId: string, bookingId: string): Promise<{ invoice: TaxInvoiceView; lines: InvoiceLines; details: GstDetailsView; issuedNow: boolean }> {
  return db.transaction(async (tx) => {
    const booking = await ownBooking(tx, bookingId, userId);
    // One issuer per booking at a time: the details row is the booking's invoice lock.
    const [details] = await tx.select().from(bookingGstDetails).where(eq(bookingGstDetails.bookingId, bookingId)).for('update');
    if (!details) throw new AppError('conflict', INVOICE_MESSAGES.noDetails);
    const [existing] = await tx.select().from(taxInvoices).where(eq(taxInvoices.bookingId, bookingId));
    if (existing) return { invoice: invoiceView(existing, booking.pnr), lines: existing.lines as InvoiceLines, details: detailsView(details), issuedNow: false };
    if (booking.status !== 'confirmed') throw new AppError('conflict', INVOICE_MESSAGES.notConfirmed);
    if (!supplier) throw new AppError('unavailable', INVOICE_MESSAGES.notConfigured);

    const pax = await tx.select({ type: passengers.type }).from(passengers).where(eq(passengers.bookingId, bookingId));
    const counts: Record<PassengerType, number> = { adult: 0, child: 0, infant: 0 };
    for (const p of pax) if (p.type === 'adult' || p.type === 'child' || p.type === 'infant') counts[p.type] += 1;
    const itinerary = storedItinerary(booking);
    const price = booking.price;
    const collected = splitCollected(price, booking.cabin, counts);
    const collectedTotal = collected.reduce((sum, line) => sum + line.paise, 0);
    const serviceGst = Math.round((SAFAR_SERVICE_FEE_PAISE * SERVICE_GST_PERCENT) / 100);
    const sameState = supplier.gstin.slice(0, 2) === details.gstin.slice(0, 2);
    const first = itinerary.legs[0];
    const last = itinerary.legs[itinerary.legs.length - 1];
    const lines: InvoiceLines = {
      supplier,
      placeOfSupply: `${gstinState(details.gstin) ?? ''} (${details.gstin.slice(0, 2)})`,
      taxType: sameState ? 'CGST+SGST' : 'IGST',
      service: {
        description: SAFAR_SERVICE_FEE_PAISE === 0 ? 'Flight booking service (no convenience fee charged)' : 'Flight booking service (convenience fee)',
        sac: SERVICE_SAC,
        taxablePaise: SAFAR_SERVICE_FEE_PAISE,
        gstPercent: SERVICE_GST_PERCENT,
        gstPaise: serviceGst,
      },
      airline: {
        names: [...new Set(itinerary.legs.map((leg) => leg.carrierName))],
        route: first && last ? `${first.from.code} to ${last.to.code}` : '',
        travelDate: first?.departure.slice(0, 10) ?? '',
        passengers: pax.length,
        cabin: booking.cabin,
      },
      collected,
    };
    const now = clock.now();
    const financialYear = financialYearOf(indiaDate(now));
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ financialYear, lastSequence: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.financialYear, set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` } })
      .returning({ sequence: invoiceCounters.lastSequence });
    if (!counter) throw new Error('counter upsert returned no row');
    const [row] = await tx
      .insert(taxInvoices)
      .values({
        bookingId,
        financialYear,
        sequence: counter.sequence,
        number: invoiceNumber(financialYear, counter.sequence),
        issuedAt: now,
        gstin: details.gstin,
        registeredName: details.registeredName,
        registeredAddress: details.registeredAddress,
        serviceFeePaise: SAFAR_SERVICE_FEE_PAISE,
        serviceGstPaise: serviceGst,
        collectedForAirlinePaise: collectedTotal,
        totalPaise: SAFAR_SERVICE_FEE_PAISE + serviceGst + collectedTotal,
        lines,
      })
      .returning();
    if (!row) throw new Error('invoice insert returned no row');
    return { invoice: invoiceView(row, booking.pnr), lines, details: detailsView(details), issuedNow: true };
  });
}

/** The issued invoice of one of the traveller's bookings, with what its PDF prints. */
export async function loadInvoice(db: Db, userId: string, bookingId: string) {
  const booking = await ownBooking(db, bookingId, userId);
  const [row] = await db.select().from(taxInvoices).where(eq(taxInvoices.bookingId, bookingId));
  if (!row) throw new AppError('conflict', INVOICE_MESSAGES.notIssued);
  return { invoice: invoiceView(row, booking.pnr), row, lines: row.lines as InvoiceLines };
}

/** Every invoice issued for the traveller's bookings, newest first by number. */
export async function listInvoices(db: Db, userId: string): Promise<TaxInvoiceView[]> {
  const rows = await db
    .select({ invoice: taxInvoices, pnr: bookings.pnr })
    .from(taxInvoices)
    .innerJoin(bookings, eq(bookings.id, taxInvoices.bookingId))
    .where(eq(bookings.userId, userId))
    .orderBy(asc(taxInvoices.financialYear), asc(taxInvoices.sequence));
  return rows.map((r) => invoiceView(r.invoice, r.pnr)).reverse();
}

/** GST details of these bookings (the traveller's own, for the data export). */
export async function listGstDetails(db: Db, bookingIds: string[]): Promise<(GstDetailsView & { bookingId: string })[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db.select().from(bookingGstDetails).where(inArray(bookingGstDetails.bookingId, bookingIds));
  return rows.map((row) => ({ bookingId: row.bookingId, ...detailsView(row) }));
}
