import type { BcbpInput } from './bcbp';
import type { BoardingPassPdfData } from './boarding-pass-pdf';
import { familyByCode } from '../fares/families/lookup';
import { rulesInWords } from '../fares/families/rules';
import type { TicketLeg, TicketPdfData } from './ticket-pdf';

/** Realistic sample documents for the tests (and for looking at the output by hand). */

export const DEL_BOM: TicketLeg = {
  carrier: '6E',
  carrierName: 'IndiGo',
  flightNumber: '6E 2134',
  from: { code: 'DEL', name: 'Indira Gandhi International Airport', city: 'New Delhi', terminal: '1' },
  to: { code: 'BOM', name: 'Chhatrapati Shivaji Maharaj International Airport', city: 'Mumbai', terminal: '2' },
  departure: '2026-12-24T06:05:00+05:30',
  arrival: '2026-12-24T08:20:00+05:30',
  durationMinutes: 135,
  aircraft: 'Airbus A320neo',
  cabin: 'economy',
};

export const BOM_DXB: TicketLeg = {
  carrier: 'AI',
  carrierName: 'Air India',
  flightNumber: 'AI 983',
  from: { code: 'BOM', name: 'Chhatrapati Shivaji Maharaj International Airport', city: 'Mumbai', terminal: '2' },
  to: { code: 'DXB', name: 'Dubai International Airport', city: 'Dubai', terminal: null },
  departure: '2026-12-24T10:00:00+05:30',
  arrival: '2026-12-24T11:55:00+04:00',
  durationMinutes: 205,
  aircraft: 'Boeing 787-8',
  cabin: 'economy',
};

export const sampleTicket: TicketPdfData = {
  bookingId: 'BK1763706600000',
  pnr: 'K7QX2M',
  bookedAt: '2026-11-21T06:30:00Z',
  legs: [DEL_BOM, BOM_DXB],
  layovers: [{ airport: 'BOM', minutes: 100, changeOfTerminal: false }],
  passengers: [
    { title: 'Ms', firstName: 'Ananya', middleName: null, lastName: 'Sharma', type: 'Adult', ticketNumber: '3122345678901' },
    { title: 'Mr', firstName: 'José', middleName: 'Luis', lastName: 'Núñez García', type: 'Adult', ticketNumber: '3122345678902' },
    { title: 'Ms', firstName: 'Zoë', middleName: null, lastName: 'Sharma', type: 'Infant', ticketNumber: '3122345678903' },
  ],
  fare: { baseFare: 38_940, taxesAndFees: 7_206, total: 46_146 },
  fareLines: [
    { label: 'Base fare', amount: 35_000 },
    { label: 'Fuel and airline charge (YQ)', amount: 3_940 },
    { label: 'User development fee (UDF)', amount: 1_800 },
    { label: 'Passenger service fee (PSF)', amount: 300 },
    { label: 'Aviation security fee (ASF)', amount: 472 },
    { label: 'Regional connectivity levy', amount: 100 },
    { label: 'Foreign taxes and charges', amount: 2_587 },
    { label: 'GST', amount: 1_947 },
  ],
  fareFamily: {
    name: 'Saver + Value',
    rules: rulesInWords(
      ['6E.SAVER', 'AI.VALUE-INTL'].flatMap((code) => familyByCode(code, '2026-11-21') ?? []),
      (code) => (code === '6E' ? 'IndiGo' : 'Air India'),
    ),
  },
  payment: { id: 'pay_R8xY2kLmN0pQ4s', method: 'upi' },
  contactEmail: 'ananya@example.com',
  bcbp: null,
};

export const sampleBcbpInput: BcbpInput = {
  lastName: 'Sharma',
  firstName: 'Ananya',
  passengerType: 'adult',
  issuedOn: '2026-11-21',
  legs: [{ pnr: 'K7QX2M', from: 'DEL', to: 'BOM', carrier: '6E', flightNumber: '6E 2134', date: '2026-12-24', cabin: 'economy', seat: '12C', sequence: 1, ticketNumber: '3122345678901' }],
};

export function sampleBoardingPass(bcbp: string): BoardingPassPdfData {
  return {
    passengerName: 'Ms Ananya Sharma',
    airline: 'IndiGo',
    flightNumber: '6E 2134',
    from: DEL_BOM.from,
    to: DEL_BOM.to,
    departure: DEL_BOM.departure,
    arrival: DEL_BOM.arrival,
    gate: 'A14',
    seat: '12C',
    cabin: 'economy',
    pnr: 'K7QX2M',
    sequence: 1,
    ticketNumber: '3122345678901',
    bcbp,
  };
}
