import type { InvoiceLines } from '../personal-data/tax-invoices';
import { formatInstantIst } from './dates';
import { A4, COLORS, createDocument, Sheet } from './pdf-layout';

/** Everything the tax invoice prints; amounts are integer paise. */
export interface InvoicePdfData {
  number: string;
  issuedAt: string;
  bookingId: string;
  pnr: string;
  recipient: { gstin: string; name: string; address: string };
  lines: InvoiceLines;
  serviceFeePaise: number;
  serviceGstPaise: number;
  collectedForAirlinePaise: number;
  totalPaise: number;
}

const MARGIN = 40;
const RIGHT = A4.width - MARGIN;
const CONTENT = RIGHT - MARGIN;

const GROUPING = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Paise as "INR 1,234.50" (Indian digit grouping). */
const formatPaise = (paise: number) => `INR ${GROUPING.format(paise / 100)}`;

/**
 * Renders the tax invoice for a booking: Safar's own supply (its service and the GST on it) and,
 * apart from it, what was collected on the airline's behalf (airfare, the airline's GST, charges).
 * @example const pdf = await renderInvoicePdf(data) // Uint8Array starting "%PDF-"
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const { doc, fonts } = await createDocument(`Tax invoice ${data.number}`, new Date(data.issuedAt));
  const s = new Sheet(doc.addPage([A4.width, A4.height]), fonts);
  const { lines } = data;
  s.rect(0, 0, A4.width, 66, { fill: COLORS.accent });
  s.text('Safar', MARGIN, 38, { size: 26, font: 'bold', color: COLORS.white });
  s.text('Tax invoice', RIGHT, 36, { size: 20, font: 'bold', color: COLORS.white, align: 'right' });
  s.text('Original for recipient', RIGHT, 53, { size: 9, color: COLORS.accentSoft, align: 'right' });

  let top = 92;
  s.field('Invoice number', data.number, MARGIN, top, { size: 12 });
  s.field('Invoice date', formatInstantIst(data.issuedAt), MARGIN + 170, top, { size: 10 });
  s.field('Booking / PNR', `${data.bookingId} / ${data.pnr}`, MARGIN + 340, top, { size: 10, maxWidth: CONTENT - 340 });
  top += 40;

  const half = CONTENT / 2 - 10;
  s.text('SUPPLIER', MARGIN, top, { size: 7, font: 'bold', color: COLORS.muted });
  s.text('RECIPIENT (BUSINESS TRAVELLER)', MARGIN + half + 20, top, { size: 7, font: 'bold', color: COLORS.muted });
  s.text(lines.supplier.name, MARGIN, top + 14, { size: 11, font: 'bold', maxWidth: half });
  s.text(data.recipient.name, MARGIN + half + 20, top + 14, { size: 11, font: 'bold', maxWidth: half });
  s.text(`GSTIN: ${lines.supplier.gstin}`, MARGIN, top + 28, { size: 9.5 });
  s.text(`GSTIN: ${data.recipient.gstin}`, MARGIN + half + 20, top + 28, { size: 9.5 });
  const a = s.paragraph(lines.supplier.address, MARGIN, top + 42, half, { size: 9, color: COLORS.muted });
  const b = s.paragraph(data.recipient.address, MARGIN + half + 20, top + 42, half, { size: 9, color: COLORS.muted });
  top = Math.max(a, b) + 14;
  s.text(`Place of supply: ${lines.placeOfSupply}`, MARGIN + half + 20, top, { size: 9 });
  top += 24;

  // Safar's own supply.
  s.text("Safar's service", MARGIN, top, { size: 12, font: 'bold', color: COLORS.accent });
  s.line(MARGIN, top + 5, RIGHT, top + 5, { color: COLORS.accent, thickness: 1 });
  top += 20;
  const cols = [MARGIN, MARGIN + 250, MARGIN + 320, MARGIN + 410, RIGHT];
  const heads = ['Description', 'SAC', 'Taxable value', lines.taxType === 'IGST' ? `IGST ${lines.service.gstPercent}%` : `CGST+SGST ${lines.service.gstPercent}%`, 'Amount'];
  heads.forEach((h, i) => s.text(h.toUpperCase(), cols[i] ?? MARGIN, top, { size: 7, font: 'bold', color: COLORS.muted, align: i >= 2 ? 'right' : 'left' }));
  // Right-aligned columns end where the next begins.
  const rightEdge = (i: number) => (i === 4 ? RIGHT : (cols[i + 1] ?? RIGHT) - 10);
  top += 14;
  s.text(lines.service.description, cols[0] ?? MARGIN, top, { size: 9.5, maxWidth: 240 });
  s.text(lines.service.sac, cols[1] ?? MARGIN, top, { size: 9.5 });
  s.text(formatPaise(lines.service.taxablePaise), rightEdge(2), top, { size: 9.5, align: 'right' });
  s.text(formatPaise(lines.service.gstPaise), rightEdge(3), top, { size: 9.5, align: 'right' });
  s.text(formatPaise(data.serviceFeePaise + data.serviceGstPaise), RIGHT, top, { size: 9.5, font: 'bold', align: 'right' });
  top += 8;
  s.line(MARGIN, top, RIGHT, top);
  top += 14;
  s.text('Total for Safar\'s service (taxable value + GST)', MARGIN, top, { size: 10, font: 'bold' });
  s.text(formatPaise(data.serviceFeePaise + data.serviceGstPaise), RIGHT, top, { size: 10, font: 'bold', align: 'right' });
  top += 30;

  // Collected for the airline: not Safar's supply.
  s.text("Collected on the airline's behalf", MARGIN, top, { size: 12, font: 'bold', color: COLORS.accent });
  s.line(MARGIN, top + 5, RIGHT, top + 5, { color: COLORS.accent, thickness: 1 });
  top += 20;
  const air = lines.airline;
  s.text(`${air.names.join(', ')}  |  ${air.route}  |  ${air.travelDate}  |  ${air.passengers} passenger${air.passengers === 1 ? '' : 's'}  |  ${air.cabin}`, MARGIN, top, { size: 9.5, maxWidth: CONTENT });
  top += 16;
  for (const line of lines.collected) {
    s.text(line.label, MARGIN, top, { size: 9.5 });
    s.text(formatPaise(line.paise), RIGHT, top, { size: 9.5, align: 'right' });
    top += 15;
  }
  s.line(MARGIN, top - 6, RIGHT, top - 6);
  top += 6;
  s.text("Total collected on the airline's behalf", MARGIN, top, { size: 10, font: 'bold' });
  s.text(formatPaise(data.collectedForAirlinePaise), RIGHT, top, { size: 10, font: 'bold', align: 'right' });
  top += 28;

  s.rect(MARGIN, top, CONTENT, 30, { fill: COLORS.band, border: COLORS.border });
  s.text('Total paid for this booking', MARGIN + 12, top + 19, { size: 11, font: 'bold' });
  s.text(formatPaise(data.totalPaise), RIGHT - 12, top + 19, { size: 12, font: 'bold', align: 'right', color: COLORS.accent });
  top += 50;

  const notes = [
    data.serviceFeePaise === 0
      ? 'Safar charges no convenience fee on this booking, so the taxable value of its service and the GST on it are nil.'
      : `Safar's convenience fee is taxed at ${lines.service.gstPercent}% GST.`,
    "The airfare, the airline's GST and the airport and government charges were collected as the airline's pure agent and paid to the airline; they are not part of the value of Safar's supply. The airline's own GST invoice is the record of its GST, which it may send to the GSTIN above.",
    'Whether tax is payable on reverse charge: No.',
  ];
  for (const note of notes) top = s.paragraph(note, MARGIN, top, CONTENT, { size: 8.5, color: COLORS.muted }) + 14;

  s.line(MARGIN, A4.height - 42, RIGHT, A4.height - 42);
  s.text(`Safar tax invoice ${data.number}  |  Booking ${data.bookingId}`, MARGIN, A4.height - 30, { size: 8, color: COLORS.muted });
  return doc.save();
}
