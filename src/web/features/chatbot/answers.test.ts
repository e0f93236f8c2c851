import { describe, expect, it } from 'vitest';
import type { AssistantTrips } from '../../../core/assistant-schemas';
import { replyFor } from './answers';
import { INTENTS } from './intents';

const trips: AssistantTrips = {
  nextTrip: {
    bookingId: 'BK1764000000000',
    pnr: 'K7PQ2M',
    fromCode: 'DEL',
    fromCity: 'New Delhi',
    toCode: 'BOM',
    toCity: 'Mumbai',
    flightNumber: '6E 2134',
    flightId: '6E2134@2026-12-24',
    airline: 'IndiGo',
    departure: '2026-12-24T06:05:00+05:30',
    departureTerminal: '1',
    passengerCount: 1,
    boardingPasses: 1,
    live: { status: 'Delayed', delay: 25, estimatedDeparture: '2026-12-24T06:30:00+05:30', gate: 'A12', terminal: '1' },
  },
  confirmedCount: 1,
  refunds: [{ bookingId: 'BK1763000000000', pnr: 'ZX9W3R', fromCode: 'BOM', toCode: 'GOI', amountInr: 4520, state: 'refunded', updatedAt: '2026-11-20T10:00:00.000Z', method: 'card' }],
};

describe('chatbot answers', () => {
  it('canned claims: 24/7 support, 5-7 business days, 1000+ routes, check-in 24-48 hours, booking steps', () => {
    const visitor = { signedIn: false, trips: null, bestSavingPercent: null };
    expect(replyFor('support', visitor).text).toContain('24/7');
    expect(replyFor('refund', visitor).text).toContain('5-7 business days');
    expect(replyFor('destinations', visitor).text).toContain('1000+ routes');
    expect(replyFor('checkin', visitor).text).toContain('24-48 hours before departure');
    expect(replyFor('booking', visitor).text).toBe(
      'To book a flight: on Home, enter your departure city, destination, date and passengers, click Search Flights, choose a flight and click Book Now.',
    );
    expect(replyFor('booking', visitor).links).toEqual([{ label: 'Search flights', href: '/home' }]);
    expect(replyFor('track', visitor).links[0]?.href).toBe('/explore#flight-tracking');
  });

  it("states today's real best saving, never a fixed one", () => {
    expect(replyFor('deals', { signedIn: false, trips: null, bestSavingPercent: 26 }).text).toContain('Up to 26% off');
    expect(replyFor('deals', { signedIn: false, trips: null, bestSavingPercent: null }).text).not.toMatch(/\d+%/);
  });

  it("grounds a signed-in traveller's answers in their own trip and refunds", () => {
    const context = { signedIn: true, trips, bestSavingPercent: null };
    const ticket = replyFor('ticket', context);
    expect(ticket.text).toContain('PNR K7PQ2M');
    expect(ticket.text).toContain('New Delhi (DEL) → Mumbai (BOM) on Thu, 24 Dec 2026');
    expect(ticket.text).toContain('Terminal 1');
    expect(ticket.links[0]).toEqual({ label: 'Open the ticket', href: '/ticket/BK1764000000000' });
    expect(replyFor('track', context).links[0]?.href).toBe('/explore?track=6E2134#flight-tracking');
    expect(replyFor('track', context).text).toContain('Status now: Delayed by 25 minutes, leaving about 06:30 from gate A12.');
    expect(replyFor('refund', context).text).toContain('Booking PNR ZX9W3R (BOM → GOI): ₹4,520 sent on Fri, 20 Nov 2026');
    expect(replyFor('checkin', context).text).toContain('opens about Tue, 22 Dec 2026 at 06:05');
  });

  it('never tells a visitor anything about a booking, whatever it is given', () => {
    for (const intent of [...INTENTS, 'generic' as const]) {
      const reply = replyFor(intent, { signedIn: false, trips, bestSavingPercent: null });
      expect(reply.text).not.toContain('K7PQ2M');
      expect(reply.text).not.toContain('ZX9W3R');
      expect(JSON.stringify(reply.links)).not.toContain('BK176');
    }
  });
});
