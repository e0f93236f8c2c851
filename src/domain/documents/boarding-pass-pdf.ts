import { CABIN_LABELS, type Cabin, type LegAirport } from '../../core/search';
import { barcodeMatrix } from './barcode';
import { boardingTimeFor, formatLocalDate, formatLocalTime } from './dates';
import { A4, COLORS, createDocument, Sheet } from './pdf-layout';

/** One passenger on one flight; the booking's `BoardingPassView` fits as it is. */
export interface BoardingPassPdfData {
  /** As printed, e.g. "Ms Ananya Sharma". */
  passengerName: string;
  /** Airline name, e.g. "IndiGo". */
  airline: string;
  flightNumber: string;
  from: LegAirport;
  to: LegAirport;
  /** Local departure with offset, e.g. "2026-12-24T06:05:00+05:30". */
  departure: string;
  arrival?: string | null;
  gate: string;
  seat: string;
  cabin: Cabin;
  pnr: string;
  sequence: number;
  /** The IATA BCBP string (see `buildBcbp`), printed as PDF417. */
  bcbp: string;
  /** Local "HH:MM"; when absent: departure − 45 min, or − 60 when `international`. */
  boardingTime?: string;
  international?: boolean;
  ticketNumber?: string | null;
  /** When the pass was issued (ISO instant): the PDF's creation date, so the same pass renders to the same bytes. */
  issuedAt?: string;
}

const MARGIN = 40;
const CARD_WIDTH = A4.width - 2 * MARGIN;
const CARD_HEIGHT = 334;
const STUB_WIDTH = 150;
const BAND = 50;

function boardingTime(pass: BoardingPassPdfData): string {
  return pass.boardingTime ?? boardingTimeFor(pass.departure, pass.international ?? false);
}

function mainPart(s: Sheet, pass: BoardingPassPdfData, top: number): void {
  const left = MARGIN + 18;
  const width = CARD_WIDTH - STUB_WIDTH - 36;
  s.field('Passenger', pass.passengerName.toUpperCase(), left, top + BAND + 20, { size: 15, maxWidth: width });

  // Route: codes big, cities under them, a line with the flight between.
  const routeTop = top + BAND + 52;
  const right = left + width;
  s.text(pass.from.code, left, routeTop + 36, { size: 40, font: 'bold', color: COLORS.accent });
  s.text(pass.to.code, right, routeTop + 36, { size: 40, font: 'bold', color: COLORS.accent, align: 'right' });
  s.text(pass.from.city, left, routeTop + 52, { size: 10, maxWidth: width / 2 - 50 });
  s.text(pass.to.city, right, routeTop + 52, { size: 10, align: 'right', maxWidth: width / 2 - 50 });
  const mid = left + width / 2;
  s.line(mid - 58, routeTop + 22, mid + 58, routeTop + 22, { color: COLORS.accent, thickness: 1.2, dash: [4, 3] });
  s.rect(mid + 56, routeTop + 19, 6, 6, { fill: COLORS.accent });
  s.text(pass.flightNumber, mid, routeTop + 14, { size: 10, font: 'bold', align: 'center' });
  s.text(pass.airline, mid, routeTop + 36, { size: 8.5, color: COLORS.muted, align: 'center', maxWidth: 120 });

  // Two rows of fields on a light band.
  const rowsTop = routeTop + 68;
  s.rect(left - 8, rowsTop - 6, width + 16, 84, { fill: COLORS.band });
  const col = width / 4;
  const x = (i: number) => left + col * i;
  s.field('Date', formatLocalDate(pass.departure), x(0), rowsTop + 8, { size: 11 });
  s.field('Departure', formatLocalTime(pass.departure), x(1) + 20, rowsTop + 8, { size: 14 });
  s.field('Boarding', boardingTime(pass), x(2), rowsTop + 8, { size: 14, color: COLORS.accent });
  s.field('Terminal', pass.from.terminal ?? '-', x(3), rowsTop + 8, { size: 14 });
  s.field('Gate', pass.gate, x(0), rowsTop + 48, { size: 14 });
  s.field('Seat', pass.seat, x(1) + 20, rowsTop + 48, { size: 18, color: COLORS.accent });
  s.field('Class', CABIN_LABELS[pass.cabin], x(2), rowsTop + 48, { size: pass.cabin === 'premium' ? 9.5 : 11, maxWidth: col + 12 });
  s.field('Seq', String(pass.sequence).padStart(3, '0'), x(3) + 20, rowsTop + 48, { size: 14 });
}

function stub(s: Sheet, pass: BoardingPassPdfData, top: number): void {
  const left = MARGIN + CARD_WIDTH - STUB_WIDTH + 14;
  const width = STUB_WIDTH - 28;
  s.line(left - 14, top + BAND, left - 14, top + CARD_HEIGHT, { color: COLORS.muted, dash: [3, 3] });
  s.field('Passenger', pass.passengerName.toUpperCase(), left, top + BAND + 20, { size: 9.5, maxWidth: width });
  s.field('From / To', `${pass.from.code}  >  ${pass.to.code}`, left, top + BAND + 56, { size: 13 });
  s.field('Flight', pass.flightNumber, left, top + BAND + 92, { size: 11 });
  s.field('Date', formatLocalDate(pass.departure), left, top + BAND + 126, { size: 9.5, maxWidth: width });
  s.field('Boarding', boardingTime(pass), left, top + BAND + 160, { size: 11, color: COLORS.accent });
  s.field('Gate', pass.gate, left, top + BAND + 194, { size: 11 });
  s.field('Seat', pass.seat, left + 62, top + BAND + 194, { size: 11, color: COLORS.accent });
  s.field('PNR', pass.pnr, left, top + BAND + 228, { size: 11 });
  s.field('Seq', String(pass.sequence).padStart(3, '0'), left + 62, top + BAND + 228, { size: 11 });
}

function drawPass(s: Sheet, pass: BoardingPassPdfData): void {
  const top = MARGIN;
  s.rect(MARGIN, top, CARD_WIDTH, CARD_HEIGHT, { border: COLORS.border, borderWidth: 1 });
  s.rect(MARGIN, top, CARD_WIDTH, BAND, { fill: COLORS.accent });
  s.text('Safar', MARGIN + 18, top + 32, { size: 22, font: 'bold', color: COLORS.white });
  s.text(pass.airline, MARGIN + 90, top + 31, { size: 11, color: COLORS.accentSoft, maxWidth: 200 });
  s.text('BOARDING PASS', MARGIN + CARD_WIDTH - 18, top + 24, { size: 14, font: 'bold', color: COLORS.white, align: 'right' });
  s.text(`${CABIN_LABELS[pass.cabin]}  |  PNR ${pass.pnr}`, MARGIN + CARD_WIDTH - 18, top + 39, { size: 9, color: COLORS.accentSoft, align: 'right' });
  mainPart(s, pass, top);
  stub(s, pass, top);

  // PDF417 under the main part: the symbol airport scanners read on paper.
  const mainWidth = CARD_WIDTH - STUB_WIDTH;
  const barcodeTop = top + CARD_HEIGHT - 76;
  const drawn = s.barcode(barcodeMatrix(pass.bcbp, 'pdf417'), MARGIN + 24, barcodeTop + 2, 235, 60);
  const noteX = MARGIN + 24 + drawn.width + 14;
  s.text('E-TICKET', noteX, barcodeTop + 10, { size: 7, font: 'bold', color: COLORS.muted });
  s.text(pass.ticketNumber ?? '-', noteX, barcodeTop + 22, { size: 9, font: 'mono' });
  s.paragraph('Gate closes 20 minutes before departure.', noteX, barcodeTop + 38, mainWidth - (noteX - MARGIN) - 14, { size: 7.5, color: COLORS.muted, lineGap: 2 });

  // Guidance under the card, as airlines print on A4 passes.
  const infoTop = top + CARD_HEIGHT + 28;
  s.line(MARGIN, infoTop - 12, MARGIN + CARD_WIDTH, infoTop - 12, { color: COLORS.muted, dash: [5, 4] });
  s.text('Fold or cut along the dashed line. Keep this pass until you reach your destination.', MARGIN, infoTop + 6, { size: 8, color: COLORS.muted });
  const notes = [
    `Boarding starts at ${boardingTime(pass)}, local time at ${pass.from.city}. Be at gate ${pass.gate} by then; the gate may change, so follow the airport screens.`,
    'Carry a valid government photo ID along with this boarding pass. Security screening can take time at busy hours.',
    'Cabin baggage: one bag and one personal item, within the airline\u2019s size and weight limits.',
  ];
  let y = infoTop + 30;
  s.text('Before you fly', MARGIN, y, { size: 11, font: 'bold', color: COLORS.accent });
  y += 18;
  for (const note of notes) y = s.paragraph(`-  ${note}`, MARGIN, y, CARD_WIDTH, { size: 9 }) + 15;
}

function isList(data: BoardingPassPdfData | readonly BoardingPassPdfData[]): data is readonly BoardingPassPdfData[] {
  return Array.isArray(data);
}

/**
 * Renders printable boarding passes: one A4 page per pass with the pass card at the top
 * (route, times, gate, seat, boarding time, PNR, sequence, PDF417 of the BCBP) and a tear-off stub.
 * @example
 * const pdf = await renderBoardingPassPdf({ passengerName: 'Ms Ananya Sharma', airline: 'IndiGo', flightNumber: '6E 2134',
 *   from, to, departure: '2026-12-24T06:05:00+05:30', gate: 'A14', seat: '12C', cabin: 'economy', pnr: 'K7QX2M',
 *   sequence: 1, bcbp: buildBcbp(input) });
 */
export async function renderBoardingPassPdf(data: BoardingPassPdfData | readonly BoardingPassPdfData[]): Promise<Uint8Array> {
  const passes = isList(data) ? data : [data];
  const first = passes[0];
  if (!first) throw new Error('Nothing to print: no boarding passes given');
  const { doc, fonts } = await createDocument(`Boarding pass ${first.flightNumber} ${first.from.code}-${first.to.code}`, first.issuedAt ? new Date(first.issuedAt) : undefined);
  doc.setSubject(`Boarding pass, PNR ${first.pnr}`);
  for (const pass of passes) drawPass(new Sheet(doc.addPage([A4.width, A4.height]), fonts), pass);
  return doc.save();
}
