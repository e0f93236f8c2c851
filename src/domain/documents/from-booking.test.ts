import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BoardingPassView, BookingView, PassengerView } from '../../core/booking';
import { AppError } from '../../core/errors';
import type { BookingFare } from '../../core/fares';
import type { Leg } from '../../core/search';
import type { BoardingPassPdfData } from './boarding-pass-pdf';
import { ticketPdfDataFromBooking } from './from-booking';
import { BOM_DXB, DEL_BOM } from './test-fixtures';
import { hasPdftotext, pdfText } from '../../../tests/support/pdf';
import { renderTicketPdf, type TicketLeg, type TicketPassenger } from './ticket-pdf';

const legs: Leg[] = [
  { ...DEL_BOM, flightId: '6E2134@2026-12-24' },
  { ...BOM_DXB, flightId: 'AI983@2026-12-24' },
];

const booking: BookingView = {
  id: 'BK1763706600000',
  pnr: 'K7QX2M',
  status: 'confirmed',
  itinerary: {
    id: '6E2134@2026-12-24~AI983@2026-12-24:economy',
    legs,
    stops: 1,
    layovers: [{ airport: 'BOM', minutes: 100, changeOfTerminal: false }],
    durationMinutes: 440,
    departure: DEL_BOM.departure,
    arrival: BOM_DXB.arrival,
    arrivalDayOffset: 0,
    seatsLeft: null,
    price: { currency: 'INR', perPassenger: {}, total: { baseFare: 20_000, taxesAndFees: 3_000, total: 23_000 } },
    airlines: ['IndiGo', 'Air India'],
  },
  passengers: [
    { id: 'p1', title: 'Ms', firstName: 'Ananya', middleName: null, lastName: 'Sharma', dob: '1990-01-01', type: 'Adult', mobileNo: '9876543210', aadhaarMasked: null, ticketNumber: '3122345678901', cancelledAt: null },
  ],
  totalInr: 23_500,
  holdExpiresAt: '2026-11-21T06:40:00Z',
  createdAt: '2026-11-21T06:30:00Z',
  confirmedAt: '2026-11-21T06:33:00Z',
  paymentId: 'pay_1',
  paymentMethod: 'card',
  source: 'DEL',
  destination: 'DXB',
  date: '2026-12-24',
  fareFamily: null,
  changedFrom: null,
  displayStatus: 'Confirmed',
  creditPaise: 0,
  journeys: [],
};

const fare: BookingFare = { option: null, fares: [] };

describe('ticketPdfDataFromBooking', () => {
  it('maps a confirmed booking view, printing the charged total', () => {
    const data = ticketPdfDataFromBooking(booking, fare, { contactEmail: 'a@example.com' });
    expect(data).toMatchObject({ bookingId: 'BK1763706600000', pnr: 'K7QX2M', bookedAt: '2026-11-21T06:33:00Z', contactEmail: 'a@example.com', bcbp: null });
    expect(data.legs).toHaveLength(2);
    expect(data.fare).toEqual({ baseFare: 20_000, taxesAndFees: 3_500, total: 23_500 });
    expect(data.payment).toEqual({ id: 'pay_1', method: 'card' });
  });

  it.skipIf(!hasPdftotext)("prints each passenger's seats the airline confirmed on a Duffel booking, with the flight (pdftotext)", async () => {
    const second: PassengerView = { id: 'p2', title: 'Mr', firstName: 'Rohan', middleName: null, lastName: 'Sharma', dob: '1988-01-01', type: 'Adult', mobileNo: null, aadhaarMasked: null, ticketNumber: '3122345678902', cancelledAt: null };
    const duffel: BookingView = {
      ...booking,
      passengers: [...booking.passengers, second],
      supplier: {
        id: 'duffel',
        orderId: 'ord_1',
        bookingReference: 'RZPNX8',
        orderState: 'ordered',
        seats: [
          { passengerId: 'p1', legIndex: 1, seat: '22A', pricePaise: 0, confirmed: true },
          { passengerId: 'p1', legIndex: 0, seat: '14C', pricePaise: 120_000, confirmed: true },
          // A choice the airline has not confirmed is not printed.
          { passengerId: 'p2', legIndex: 0, seat: '14D', pricePaise: 120_000, confirmed: false },
        ],
      },
    };
    const data = ticketPdfDataFromBooking(duffel, fare);
    expect(data.passengers.map((p) => p.seats)).toEqual(['6E 2134 14C, AI 983 22A', '']);
    const text = pdfText(await renderTicketPdf(data));
    expect(text).toMatch(/SEAT/);
    expect(text).toMatch(/Ananya Sharma\s+Adult\s+6E 2134 14C, AI 983 22A\s+3122345678901/);
    expect(text).toMatch(/Rohan Sharma\s+Adult\s+-\s+3122345678902/);
    expect(text).not.toContain('14D');
    // A booking without confirmed seats prints no Seat column.
    expect(pdfText(await renderTicketPdf(ticketPdfDataFromBooking(booking, fare)))).not.toMatch(/SEAT/);
  });

  it('prints the stored fare summed by line and the booked family with its rules', () => {
    const line = (code: 'base' | 'yq' | 'gst', paise: number) => ({ code, kind: code === 'gst' ? ('tax' as const) : ('fare' as const), label: code, paise });
    const row = (passengerPosition: number, legIndex: number) => ({
      passengerPosition,
      passengerType: 'adult' as const,
      legIndex,
      familyCode: '6E.SAVER',
      lines: [line('base', 1_000_000), line('yq', 100_000), line('gst', 75_000)],
      totalPaise: 1_175_000,
      status: 'active' as const,
    });
    const data = ticketPdfDataFromBooking(booking, { option: null, fares: [row(0, 0), row(0, 1)] });
    expect(data.fareLines).toEqual([
      { label: 'Base fare', amount: 20_000 },
      { label: 'Fuel and airline charge (YQ)', amount: 2_000 },
      { label: 'GST', amount: 1_500 },
    ]);
    expect(data.fareFamily.rules).toEqual(['Taxes and airport charges are always refunded.']);
  });

  it('refuses a booking that is not confirmed with a 409', () => {
    expect(() => ticketPdfDataFromBooking({ ...booking, status: 'held' }, fare)).toThrow(AppError);
    try {
      ticketPdfDataFromBooking({ ...booking, status: 'expired' }, fare);
    } catch (error) {
      expect(error instanceof AppError && error.status).toBe(409);
    }
  });

  it('accepts the booking contract types as they are (checked by tsc)', () => {
    expectTypeOf<Leg>().toExtend<TicketLeg>();
    expectTypeOf<PassengerView>().toExtend<TicketPassenger>();
    expectTypeOf<BoardingPassView>().toExtend<BoardingPassPdfData>();
  });
});
