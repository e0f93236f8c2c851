import { SEPARATE_TICKETS_WARNING } from '../../core/round-trip';
import type { PDFDocument } from 'pdf-lib';
import { CABIN_LABELS, type Layover, type Leg, type PriceBreakdown } from '../../core/search';
import { barcodeMatrix } from './barcode';
import { formatDuration, formatInstantIst, formatLocalDate, formatLocalTime } from './dates';
import { A4, COLORS, createDocument, type Fonts, Sheet } from './pdf-layout';
import { formatInr } from './text';

/** One flight of the ticket; a core `Leg` (from an itinerary snapshot) fits as it is. */
export type TicketLeg = Pick<Leg, 'carrier' | 'carrierName' | 'flightNumber' | 'from' | 'to' | 'departure' | 'arrival' | 'durationMinutes' | 'aircraft' | 'cabin'>;

/** A traveller on the ticket; the booking's `PassengerView` fits as it is. */
export interface TicketPassenger {
  title?: string | null;
  firstName: string;
  middleName?: string | null;
  lastName: string;
  /** "Adult" | "Child" | "Infant" (any case). */
  type: string;
  /** 13 digits (airline prefix + serial); null prints "Pending". */
  ticketNumber: string | null;
  /** The seats the airline confirmed, in words ("14C", or "BA117 14C, BA178 22A" over several flights); absent or empty: none printed. */
  seats?: string;
}

/** Everything the e-ticket prints. Plain data: amounts are whole rupees, times local ISO strings. */
export interface TicketPdfData {
  bookingId: string;
  pnr: string;
  /** When the booking was made or confirmed (ISO instant); printed in IST. */
  bookedAt: string;
  legs: TicketLeg[];
  /** Connections between consecutive legs, as in the itinerary. */
  layovers?: Layover[];
  passengers: TicketPassenger[];
  fare: PriceBreakdown;
  /** The fare line by line over every passenger and leg (base, YQ, each tax, GST…), whole rupees, adding up to the total; absent: base fare and taxes only. */
  fareLines?: { label: string; amount: number }[];
  /** The fare family booked: its name and its rules in words (baggage, seat, meal, change and cancellation fees, taxes). */
  fareFamily: { name: string; rules: string[] };
  payment: { id: string; method: string };
  contactEmail?: string | null;
  /** First passenger's first-leg BCBP: printed as a PDF417 when given. */
  bcbp?: string | null;
  /**
   * The journeys of a whole-trip booking (decision 0062), in travel order, each naming its legs
   * and PNR; absent or one: the legs print as one journey under the booking's PNR.
   */
  journeys?: TicketJourney[];
}

/** One journey of a whole-trip e-ticket. */
interface TicketJourney {
  pnr: string;
  firstLeg: number;
  legCount: number;
  /** On a ticket of its own apart from the previous journey (another airline). */
  separateTicket: boolean;
  cancelled: boolean;
}

const MARGIN = 40;
const RIGHT = A4.width - MARGIN;
const CONTENT = RIGHT - MARGIN;
const FOOTER_SPACE = 56;

const METHOD_LABELS: Record<string, string> = { card: 'Card', upi: 'UPI', razorpay: 'Razorpay', netbanking: 'Net banking', sandbox: 'Test payment' };
const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1).toLowerCase() : s);

/** Holds the current page and the y cursor; starts a new page when a block would not fit. */
class Flow {
  sheet: Sheet;
  top = 0;
  readonly sheets: Sheet[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly data: TicketPdfData,
  ) {
    this.sheet = this.addPage(true);
  }

  private addPage(first: boolean): Sheet {
    const sheet = new Sheet(this.doc.addPage([A4.width, A4.height]), this.fonts);
    this.sheets.push(sheet);
    const bandHeight = first ? 66 : 40;
    sheet.rect(0, 0, A4.width, bandHeight, { fill: COLORS.accent });
    if (first) {
      sheet.text('Safar', MARGIN, 38, { size: 26, font: 'bold', color: COLORS.white });
      sheet.text('Flights, booked right', MARGIN, 54, { size: 9, color: COLORS.accentSoft });
      sheet.text('E-Ticket', RIGHT, 36, { size: 20, font: 'bold', color: COLORS.white, align: 'right' });
      sheet.text('Electronic ticket itinerary and receipt', RIGHT, 53, { size: 9, color: COLORS.accentSoft, align: 'right' });
    } else {
      sheet.text('Safar', MARGIN, 26, { size: 16, font: 'bold', color: COLORS.white });
      sheet.text(`E-Ticket  |  PNR ${this.data.pnr}  (continued)`, RIGHT, 25, { size: 10, font: 'bold', color: COLORS.white, align: 'right' });
    }
    this.top = bandHeight + 16;
    return sheet;
  }

  ensure(height: number): void {
    if (this.top + height > A4.height - FOOTER_SPACE) this.sheet = this.addPage(false);
  }

  section(title: string, firstBlockHeight: number): void {
    this.ensure(24 + firstBlockHeight);
    this.sheet.text(title, MARGIN, this.top + 11, { size: 12, font: 'bold', color: COLORS.accent });
    this.sheet.line(MARGIN, this.top + 16, RIGHT, this.top + 16, { color: COLORS.accent, thickness: 1 });
    this.top += 24;
  }

  footers(): void {
    this.sheets.forEach((sheet, index) => {
      const y = A4.height - 30;
      sheet.line(MARGIN, y - 12, RIGHT, y - 12);
      sheet.text(`Safar e-ticket  |  Booking ${this.data.bookingId}  |  PNR ${this.data.pnr}`, MARGIN, y, { size: 8, color: COLORS.muted });
      sheet.text(`Page ${index + 1} of ${this.sheets.length}`, RIGHT, y, { size: 8, color: COLORS.muted, align: 'right' });
    });
  }
}

function summary(flow: Flow, data: TicketPdfData): void {
  const s = flow.sheet;
  const top = flow.top;
  s.rect(MARGIN, top, CONTENT, 54, { fill: COLORS.band, border: COLORS.border });
  const cell = CONTENT / 4;
  const x = (i: number) => MARGIN + 14 + cell * i;
  s.text('STATUS', x(0), top + 18, { size: 7, font: 'bold', color: COLORS.muted });
  s.rect(x(0), top + 26, 74, 18, { fill: COLORS.success });
  s.text('Confirmed', x(0) + 37, top + 39, { size: 10, font: 'bold', color: COLORS.white, align: 'center' });
  s.field('Booking ID', data.bookingId, x(1), top + 18, { size: 11, maxWidth: cell - 20 });
  s.field('PNR', data.pnr, x(2), top + 18, { size: 16, color: COLORS.accent });
  s.field('Booking date', formatInstantIst(data.bookedAt), x(3), top + 18, { size: 9.5, maxWidth: cell - 16 });
  for (let i = 1; i < 4; i += 1) s.line(MARGIN + cell * i, top + 10, MARGIN + cell * i, top + 44);
  flow.top += 54 + 16;
}

const LEG_HEIGHT = 112;

function endpoint(s: Sheet, leg: TicketLeg, side: 'from' | 'to', x: number, top: number): void {
  const align = side === 'from' ? 'left' : 'right';
  const airport = leg[side];
  const when = side === 'from' ? leg.departure : leg.arrival;
  s.text(formatLocalTime(when), x, top + 20, { size: 20, font: 'bold', align });
  s.text(formatLocalDate(when), x, top + 33, { size: 9, color: COLORS.muted, align });
  s.text(`${airport.code}  ${airport.city}`, x, top + 49, { size: 11, font: 'bold', align, maxWidth: 190 });
  s.text(airport.name, x, top + 61, { size: 8.5, align, maxWidth: 190 });
  s.text(airport.terminal ? `Terminal ${airport.terminal}` : 'Terminal: check with airline', x, top + 72, { size: 8.5, color: COLORS.muted, align });
}

function legCard(flow: Flow, leg: TicketLeg, index: number, count: number): void {
  flow.ensure(LEG_HEIGHT);
  const s = flow.sheet;
  const top = flow.top;
  s.rect(MARGIN, top, CONTENT, LEG_HEIGHT - 10, { border: COLORS.border });
  s.rect(MARGIN, top, CONTENT, 24, { fill: COLORS.accentSoft });
  const label = count > 1 ? `Flight ${index + 1} of ${count}:  ` : '';
  s.text(`${label}${leg.carrierName}  ${leg.flightNumber}`, MARGIN + 12, top + 16, { size: 10, font: 'bold', maxWidth: 300 });
  s.text(`${CABIN_LABELS[leg.cabin]}  |  ${leg.aircraft}`, RIGHT - 12, top + 16, { size: 9, color: COLORS.muted, align: 'right', maxWidth: 200 });
  endpoint(s, leg, 'from', MARGIN + 12, top + 28);
  endpoint(s, leg, 'to', RIGHT - 12, top + 28);
  const mid = MARGIN + CONTENT / 2;
  s.text(formatDuration(leg.durationMinutes), mid, top + 45, { size: 10, font: 'bold', align: 'center' });
  s.line(mid - 60, top + 53, mid + 60, top + 53, { color: COLORS.accent, thickness: 1.2 });
  s.rect(mid - 62, top + 51, 4, 4, { fill: COLORS.accent });
  s.rect(mid + 58, top + 51, 4, 4, { fill: COLORS.accent });
  s.text('Non-stop', mid, top + 67, { size: 8.5, color: COLORS.muted, align: 'center' });
  flow.top += LEG_HEIGHT;
}

function layoverStrip(flow: Flow, layover: Layover, city: string): void {
  flow.ensure(30);
  const s = flow.sheet;
  s.rect(MARGIN + 40, flow.top - 4, CONTENT - 80, 22, { fill: COLORS.band });
  const terminal = layover.changeOfTerminal ? '  |  Change of terminal: allow extra time' : '';
  s.text(`Layover in ${city} (${layover.airport}): ${formatDuration(layover.minutes)}${terminal}`, MARGIN + CONTENT / 2, flow.top + 10, {
    size: 9,
    font: 'bold',
    color: layover.changeOfTerminal ? COLORS.accent : COLORS.text,
    align: 'center',
  });
  flow.top += 28;
}

/** The strip that opens a journey of a whole trip: its number, route, PNR and what sets it apart. */
function journeyStrip(flow: Flow, data: TicketPdfData, journey: TicketJourney, index: number): void {
  flow.ensure(30 + LEG_HEIGHT);
  const s = flow.sheet;
  const first = data.legs[journey.firstLeg];
  const last = data.legs[journey.firstLeg + journey.legCount - 1];
  s.rect(MARGIN, flow.top - 4, CONTENT, 22, { fill: COLORS.band });
  const route = first && last ? `${first.from.code} to ${last.to.code}` : '';
  const marks = [journey.separateTicket ? 'Separate ticket' : '', journey.cancelled ? 'CANCELLED' : ''].filter(Boolean).join('  |  ');
  s.text(`Journey ${index + 1}: ${route}`, MARGIN + 12, flow.top + 10, { size: 10, font: 'bold', maxWidth: 260 });
  s.text(`PNR ${journey.pnr}${marks ? `  |  ${marks}` : ''}`, RIGHT - 12, flow.top + 10, { size: 10, font: 'bold', color: journey.cancelled ? COLORS.muted : COLORS.accent, align: 'right', maxWidth: 260 });
  flow.top += 28;
}

const ROW = 19;

/** The passengers with their e-ticket numbers; a Seat column when the airline confirmed any passenger's seat. */
function passengerTable(flow: Flow, passengers: TicketPassenger[]): void {
  const withSeats = passengers.some((p) => p.seats);
  // #, Passenger, Type, (Seat,) E-ticket number.
  const columns = withSeats ? [MARGIN + 10, MARGIN + 36, MARGIN + 210, MARGIN + 262, MARGIN + 410] : [MARGIN + 10, MARGIN + 36, MARGIN + 300, MARGIN + 380];
  const ticketColumn = columns.at(-1) ?? 0;
  const header = (s: Sheet, top: number) => {
    s.rect(MARGIN, top, CONTENT, 20, { fill: COLORS.band });
    const titles = withSeats ? ['#', 'Passenger', 'Type', 'Seat', 'E-ticket number'] : ['#', 'Passenger', 'Type', 'E-ticket number'];
    titles.forEach((h, i) => s.text(h.toUpperCase(), columns[i] ?? 0, top + 13, { size: 7.5, font: 'bold', color: COLORS.muted }));
  };
  flow.section('Passengers', 40);
  header(flow.sheet, flow.top);
  flow.top += 20;
  passengers.forEach((p, i) => {
    if (flow.top + ROW > A4.height - FOOTER_SPACE) {
      flow.ensure(20 + ROW);
      header(flow.sheet, flow.top);
      flow.top += 20;
    }
    const s = flow.sheet;
    const name = [p.title, p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
    s.text(String(i + 1), columns[0] ?? 0, flow.top + 13, { size: 10, color: COLORS.muted });
    s.text(name, columns[1] ?? 0, flow.top + 13, { size: 10, font: 'bold', maxWidth: withSeats ? 168 : 255 });
    s.text(capitalise(p.type), columns[2] ?? 0, flow.top + 13, { size: 10 });
    if (withSeats) s.text(p.seats || '-', columns[3] ?? 0, flow.top + 13, { size: 9, font: 'bold', maxWidth: 142 });
    s.text(p.ticketNumber ?? 'Pending', ticketColumn, flow.top + 13, { size: 10, font: p.ticketNumber ? 'mono' : 'regular' });
    s.line(MARGIN, flow.top + ROW, RIGHT, flow.top + ROW);
    flow.top += ROW;
  });
  flow.top += 14;
}

function fareAndPayment(flow: Flow, data: TicketPdfData): void {
  const fareRows = data.fareLines ?? [
    { label: 'Base fare', amount: data.fare.baseFare },
    { label: 'Taxes and fees', amount: data.fare.taxesAndFees },
  ];
  const height = Math.max(76, fareRows.length * 13 + 46);
  flow.section('Fare and payment', height);
  const s = flow.sheet;
  const top = flow.top;
  const half = MARGIN + CONTENT / 2;
  s.field('Payment ID', data.payment.id, MARGIN, top + 8, { size: 10, maxWidth: CONTENT / 2 - 20 });
  s.field('Paid by', METHOD_LABELS[data.payment.method.toLowerCase()] ?? capitalise(data.payment.method), MARGIN, top + 36, { size: 10 });
  if (data.contactEmail) s.field('Sent to', data.contactEmail, MARGIN, top + 64, { size: 10, maxWidth: CONTENT / 2 - 20 });
  const row = (label: string, amount: number, y: number, bold = false) => {
    s.text(label, half + 12, y, { size: bold ? 11 : 10, font: bold ? 'bold' : 'regular' });
    s.text(formatInr(amount), RIGHT - 12, y, { size: bold ? 12 : 10, font: 'bold', align: 'right', color: bold ? COLORS.accent : COLORS.text });
  };
  s.rect(half, top, CONTENT / 2, height, { border: COLORS.border });
  fareRows.forEach((r, i) => row(r.label, r.amount, top + 18 + i * 13));
  const rule = top + 18 + (fareRows.length - 1) * 13 + 11;
  s.line(half + 12, rule, RIGHT - 12, rule);
  row('Total paid', data.fare.total, rule + 18, true);
  flow.top += height + 16;
}

/** The booked family's rules in words, one bullet each, continuing onto a new page when needed. */
function fareRules(flow: Flow, data: TicketPdfData): void {
  flow.section(`Fare rules: ${data.fareFamily.name}`, 40);
  for (const rule of data.fareFamily.rules) {
    flow.ensure(36);
    const last = flow.sheet.paragraph(`-  ${rule}`, MARGIN, flow.top + 9, CONTENT, { size: 8, lineGap: 1.5 });
    flow.top = last + 2;
  }
  flow.top += 12;
}

function notes(flow: Flow, data: TicketPdfData): void {
  const barcodeWidth = data.bcbp ? 190 : 0;
  flow.section('Good to know', data.bcbp ? 96 : 80);
  const s = flow.sheet;
  const width = CONTENT - barcodeWidth - (data.bcbp ? 20 : 0);
  const lines = [
    'Web check-in opens 48 hours and closes 1 hour before departure. Carry this e-ticket and a valid government photo ID.',
    'Reach the airport at least 2 hours before a domestic flight and 3 hours before an international flight.',
  ];
  if (data.journeys?.some((j) => j.separateTicket)) lines.push(SEPARATE_TICKETS_WARNING.join(' '));
  let top = flow.top + 8;
  for (const line of lines) top = s.paragraph(`-  ${line}`, MARGIN, top, width, { size: 8.5, lineGap: 2 }) + 13;
  let bottom = top;
  if (data.bcbp) {
    const x = RIGHT - barcodeWidth;
    const drawn = s.barcode(barcodeMatrix(data.bcbp, 'pdf417'), x + 6, flow.top + 4, barcodeWidth - 12, 54);
    s.text('Boarding pass barcode: first passenger, first flight', x + barcodeWidth / 2, flow.top + drawn.height + 12, { size: 7, color: COLORS.muted, align: 'center' });
    bottom = Math.max(bottom, flow.top + drawn.height + 24);
  }
  flow.top = bottom + 8;
}

/**
 * Renders the A4 e-ticket: header, status and booking reference, every leg with layovers,
 * passengers with 13-digit ticket numbers (and their confirmed seats, when the airline confirmed any), the fare line by line in INR, payment, notes and the
 * booked fare family's rules in words.
 * Continues onto further pages for long itineraries or large parties.
 * @example
 * const pdf = await renderTicketPdf({ bookingId: 'BK1763706600000', pnr: 'K7QX2M', bookedAt: '2026-11-21T06:30:00Z',
 *   legs: itinerary.legs, layovers: itinerary.layovers, passengers, fare: itinerary.price.total,
 *   payment: { id: 'pay_Q1w2e3', method: 'upi' } });
 * // pdf: Uint8Array starting "%PDF-"
 */
export async function renderTicketPdf(data: TicketPdfData): Promise<Uint8Array> {
  if (data.legs.length === 0) throw new Error('A ticket needs at least one leg');
  const { doc, fonts } = await createDocument(`Safar e-ticket ${data.pnr}`, new Date(data.bookedAt));
  doc.setSubject(`E-Ticket for booking ${data.bookingId}, PNR ${data.pnr}`);
  const flow = new Flow(doc, fonts, data);
  summary(flow, data);
  flow.section('Itinerary', LEG_HEIGHT);
  // A whole trip prints journey by journey, each under its PNR; one journey prints its legs alone.
  const journeys = data.journeys && data.journeys.length > 1 ? data.journeys : [{ pnr: data.pnr, firstLeg: 0, legCount: data.legs.length, separateTicket: false, cancelled: false }];
  journeys.forEach((journey, j) => {
    if (journeys.length > 1) journeyStrip(flow, data, journey, j);
    const legs = data.legs.slice(journey.firstLeg, journey.firstLeg + journey.legCount);
    // The itinerary's layovers run journey by journey: none between journeys.
    const layovers = data.layovers?.slice(journey.firstLeg - j, journey.firstLeg - j + Math.max(0, journey.legCount - 1));
    legs.forEach((leg, i) => {
      legCard(flow, leg, i, legs.length);
      const layover = layovers?.[i];
      if (layover && i < legs.length - 1) layoverStrip(flow, layover, leg.to.city);
    });
  });
  flow.top += 6;
  passengerTable(flow, data.passengers);
  fareAndPayment(flow, data);
  notes(flow, data);
  fareRules(flow, data);
  flow.footers();
  return doc.save();
}
