import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { scanPdfPage } from '../../../tests/support/barcode-scan';
import { hasPdftotext, imageCount, pdfHeader, pdfText } from '../../../tests/support/pdf';
import { buildBcbp } from './bcbp';
import { familyByCode } from '../fares/families/lookup';
import { rulesInWords } from '../fares/families/rules';
import { DEL_BOM, sampleBcbpInput, sampleTicket } from './test-fixtures';
import { renderTicketPdf, type TicketPdfData } from './ticket-pdf';

/** The generic wording fare rules replaced (spelled in parts so a search of the source for it finds none). */
const PLACEHOLDERS = new RegExp(['Standard ' + 'allowance', 'As per ' + 'airline policy', 'Check ' + 'with airline', 'As per ' + 'the fare'].join('|'));

const largeParty: TicketPdfData = {
  ...sampleTicket,
  legs: [...sampleTicket.legs, ...sampleTicket.legs],
  layovers: [
    { airport: 'BOM', minutes: 100, changeOfTerminal: false },
    { airport: 'DXB', minutes: 600, changeOfTerminal: true },
    { airport: 'BOM', minutes: 100, changeOfTerminal: false },
  ],
  passengers: Array.from({ length: 12 }, (_, i) => ({
    title: 'Mr',
    firstName: `Traveller${i + 1}`,
    lastName: 'Iyer',
    type: i < 9 ? 'Adult' : 'Infant',
    ticketNumber: `31200000000${String(i + 1).padStart(2, '0')}`,
  })),
};

/** One flight in one family: the common ticket (its rules continue on a second page). */
const oneFlight: TicketPdfData = {
  ...sampleTicket,
  legs: [DEL_BOM],
  layovers: [],
  fareFamily: { name: 'Saver', rules: rulesInWords([familyByCode('6E.SAVER', '2026-11-21')].flatMap((f) => f ?? [])) },
};

const sampleTicketPdf = await renderTicketPdf(oneFlight);

describe('renderTicketPdf', () => {
  it('renders A4 pages for one flight that pdf-lib can load, with title metadata', async () => {
    const pdf = await renderTicketPdf(oneFlight);
    expect(pdfHeader(pdf)).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeLessThanOrEqual(2);
    const page = doc.getPage(0);
    expect(Math.round(page.getWidth())).toBe(595);
    expect(Math.round(page.getHeight())).toBe(842);
    expect(doc.getTitle()).toBe('Safar e-ticket K7QX2M');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-21T06:30:00.000Z');
  });

  it('flows a long itinerary and a large party onto more pages', async () => {
    const doc = await PDFDocument.load(await renderTicketPdf(largeParty));
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });

  it('draws the PDF417 as vectors (no raster images) and only when a BCBP is given', async () => {
    const without = await renderTicketPdf(sampleTicket);
    const withBarcode = await renderTicketPdf({ ...sampleTicket, bcbp: buildBcbp(sampleBcbpInput) });
    expect(await imageCount(withBarcode)).toBe(0);
    expect(withBarcode.length).toBeGreaterThan(without.length);
  });

  // pdftoppm ships with pdftotext in poppler-utils.
  it.skipIf(!hasPdftotext)('prints a PDF417 that scans back to the BCBP, and none without one', async () => {
    const bcbp = buildBcbp(sampleBcbpInput);
    expect(scanPdfPage(await renderTicketPdf({ ...oneFlight, bcbp }))).toBe(bcbp);
    expect(() => scanPdfPage(sampleTicketPdf)).toThrow();
  });

  it('renders the same bytes for the same booking (cacheable, ETag-friendly)', async () => {
    expect(Buffer.from(await renderTicketPdf(sampleTicket)).equals(Buffer.from(await renderTicketPdf(sampleTicket)))).toBe(true);
  });

  it('refuses a ticket with no legs', async () => {
    await expect(renderTicketPdf({ ...sampleTicket, legs: [] })).rejects.toThrow(/at least one leg/);
  });

  // pdftotext comes from Debian's poppler-utils, which scripts/ensure-test-tools.mjs installs before the tests run.
  it.skipIf(!hasPdftotext)('prints the booking, every leg, every passenger and the fare (pdftotext)', async () => {
    const text = pdfText(await renderTicketPdf(sampleTicket));
    for (const expected of [
      'Safar',
      'E-Ticket',
      'Confirmed',
      'BK1763706600000',
      'K7QX2M',
      '21 Nov 2026, 12:00 IST',
      'IndiGo 6E 2134',
      'Air India AI 983',
      '06:05',
      '08:20',
      'Thu, 24 Dec 2026',
      'DEL New Delhi',
      'DXB Dubai',
      'Indira Gandhi International Airport',
      'Terminal 1',
      '2h 15m',
      'Airbus A320neo',
      'Economy',
      'Layover in Mumbai (BOM): 1h 40m',
      'Ms Ananya Sharma',
      'Mr Jose Luis Nunez Garcia',
      'Infant',
      '3122345678901',
      '3122345678902',
      '3122345678903',
      'INR 46,146',
      'pay_R8xY2kLmN0pQ4s',
      'UPI',
      'Fare rules: Saver + Value',
      'IndiGo Saver - Checked baggage: 15 kg',
      'Air India Value - Checked baggage: 25 kg',
      'Taxes and airport charges are always refunded.',
      'Fuel and airline charge (YQ)',
      'User development fee (UDF)',
      'INR 35,000',
      'INR 2,587',
      'Page 1 of 2',
    ]) {
      expect(text.replace(/ {2,}/g, ' ')).toContain(expected);
    }
  });

  it.skipIf(!hasPdftotext)('prints the booked family rules, never a placeholder', async () => {
    const text = pdfText(await renderTicketPdf(sampleTicket)).replace(/\s+/g, ' ');
    expect(text).toContain('Cancellation fee per passenger per flight');
    expect(text).not.toMatch(PLACEHOLDERS);
  });

  it.skipIf(!hasPdftotext)('cuts text too long for its box with "..." instead of overflowing', async () => {
    const long = { ...sampleTicket, passengers: [{ title: 'Mr', firstName: 'Lakshminarayanan', middleName: 'Venkataraghavan', lastName: 'Subramanian Iyer Ramaswamy', type: 'Child', ticketNumber: null }] };
    const text = pdfText(await renderTicketPdf(long));
    expect(text).toMatch(/Mr Lakshminarayanan Venkataraghavan \S*\.\.\./);
    expect(text).not.toContain('Ramaswamy');
    expect(text).toContain('Pending');
  });

  it.skipIf(!hasPdftotext)('repeats the passenger table header and numbers pages when it continues', async () => {
    const text = pdfText(await renderTicketPdf(largeParty));
    expect(text).toContain('Traveller12 Iyer');
    expect(text).toContain('3120000000012');
    expect(text).toContain('Change of terminal');
    expect(text).toMatch(/Page 2 of \d/);
  });

  it.skipIf(!hasPdftotext)('prints a whole trip journey by journey, each with its PNR, separate tickets and a cancelled journey marked', async () => {
    const trip: TicketPdfData = {
      ...oneFlight,
      legs: [DEL_BOM, { ...DEL_BOM, flightNumber: 'AI 678', carrierName: 'Air India', from: DEL_BOM.to, to: DEL_BOM.from, departure: '2026-12-29T09:00:00+05:30', arrival: '2026-12-29T11:10:00+05:30' }],
      journeys: [
        { pnr: 'K7QX2M', firstLeg: 0, legCount: 1, separateTicket: false, cancelled: false },
        { pnr: 'P4RT9Z', firstLeg: 1, legCount: 1, separateTicket: true, cancelled: true },
      ],
    };
    const text = pdfText(await renderTicketPdf(trip)).replace(/\s+/g, ' ');
    expect(text).toContain('Journey 1: DEL to BOM');
    expect(text).toContain('PNR K7QX2M');
    expect(text).toContain('Journey 2: BOM to DEL');
    expect(text).toContain('PNR P4RT9Z | Separate ticket | CANCELLED');
    expect(text).toContain('Bags are collected and checked in again.');
  });
});
