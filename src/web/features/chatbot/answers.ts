import type { AssistantRefund, AssistantTrip, AssistantTrips } from '../../../core/assistant-schemas';
import { formatDay, formatInr, localTime } from '../../lib/format';
import type { Intent } from './intents';

export interface BotLink {
  label: string;
  href: string;
}

export interface BotReply {
  text: string;
  links: BotLink[];
}

/** What the bot knows when it answers: nothing about anyone for a visitor. */
export interface AnswerContext {
  signedIn: boolean;
  /** The signed-in traveller's own trips (null for visitors or when they could not be loaded). */
  trips: AssistantTrips | null;
  /** The largest real saving on Explore's routes today, when known. */
  bestSavingPercent: number | null;
}

export const WELCOME = "Hi! I'm Safar's help assistant. Ask me about booking, payments, tracking, refunds, baggage, check-in or deals.";

export const QUICK_QUESTIONS = ['How do I book a flight?', 'How can I track my flight?', 'When will I get my refund?', 'What is the baggage allowance?', 'Where is my ticket?'] as const;

const LINKS = {
  search: { label: 'Search flights', href: '/home' },
  tracking: { label: 'Flight Tracking in Explore', href: '/explore#flight-tracking' },
  deals: { label: 'Best Deals in Explore', href: '/explore?tab=deals' },
  routes: { label: 'Popular Routes in Explore', href: '/explore' },
  profile: { label: 'Your profile and bookings', href: '/profile' },
  login: { label: 'Sign in', href: '/login' },
} satisfies Record<string, BotLink>;

function tripLine(trip: AssistantTrip): string {
  const terminal = trip.departureTerminal ? `, Terminal ${trip.departureTerminal}` : '';
  return `${trip.fromCity} (${trip.fromCode}) → ${trip.toCity} (${trip.toCode}) on ${formatDay(trip.departure.slice(0, 10))}: ${trip.airline} ${trip.flightNumber} departs ${localTime(trip.departure)}${terminal}. PNR ${trip.pnr}.`;
}

/** "Status now: Delayed by 25 minutes, leaving about 06:30 from gate A12." */
function liveLine(trip: AssistantTrip): string {
  const live = trip.live;
  if (!live) return '';
  const delay = live.status === 'Delayed' && live.delay ? ` by ${live.delay} minutes` : '';
  const leaving = live.status === 'Delayed' ? `, leaving about ${localTime(live.estimatedDeparture)}` : '';
  const gate = live.gate ? ` from gate ${live.gate}` : '';
  return ` Status now: ${live.status}${delay}${leaving}${gate}.`;
}

function trackLink(trip: AssistantTrip): BotLink {
  return { label: `Track ${trip.flightNumber}`, href: `/explore?track=${encodeURIComponent(trip.flightNumber.replace(/\s+/g, ''))}#flight-tracking` };
}

function ticketLink(trip: AssistantTrip): BotLink {
  return { label: 'Open the ticket', href: `/ticket/${encodeURIComponent(trip.bookingId)}` };
}

const REFUND_STATE: Record<AssistantRefund['state'], (r: AssistantRefund) => string> = {
  processing: (r) => `being processed back to your ${r.method === 'upi' ? 'UPI account' : 'card or bank'}`,
  refunded: (r) => `sent on ${formatDay(r.updatedAt.slice(0, 10))}; your bank shows it within 5-7 business days`,
  'on-hold': () => 'on hold with our support team, who will finish it by hand',
};

function refundLine(r: AssistantRefund): string {
  return `Booking PNR ${r.pnr} (${r.fromCode} → ${r.toCode}): ${formatInr(r.amountInr)} ${REFUND_STATE[r.state](r)}.`;
}

/** Check-in opens 48 hours before departure at most airlines Safar sells (24 hours at a few). */
function checkinLine(trip: AssistantTrip): string {
  const opens = new Date(Date.parse(trip.departure) - 48 * 3_600_000);
  const offset = trip.departure.slice(19);
  const local = new Date(opens.getTime() + offsetMinutes(offset) * 60_000).toISOString();
  return `For ${trip.airline} ${trip.flightNumber} (PNR ${trip.pnr}), online check-in opens about ${formatDay(local.slice(0, 10))} at ${local.slice(11, 16)} and closes 60 minutes before departure.`;
}

function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The bot's answer to a topic: the canned facts for everyone, and, for a signed-in traveller,
 * their own next trip, ticket and refunds. A visitor is never told anything about a booking.
 * @example replyFor('refund', { signedIn: false, trips: null, bestSavingPercent: null }).text
 */
export function replyFor(intent: Intent, context: AnswerContext): BotReply {
  const trips = context.signedIn ? context.trips : null;
  const next = trips?.nextTrip ?? null;
  switch (intent) {
    case 'booking':
      return {
        text: 'To book a flight: on Home, enter your departure city, destination, date and passengers, click Search Flights, choose a flight and click Book Now.',
        links: [LINKS.search],
      };
    case 'cancel':
      return {
        text: 'A booking still awaiting payment can be cancelled on its booking screen. For a paid ticket, the airline’s cancellation charge applies (capped at base fare + fuel charge for Indian airlines) and taxes and airport fees are always refunded; changes are free within 48 hours of booking when departure is 7+ days away.',
        links: [LINKS.profile],
      };
    case 'payment':
      return {
        text: 'You can pay by card or net banking through our payment provider, or by UPI with your UPI ID. The price shown is the all-in price, charged in INR; a payment is never taken twice.',
        links: [LINKS.search],
      };
    case 'track':
      return next
        ? { text: `Your next flight: ${tripLine(next)}${liveLine(next)} Open the Flight Tracker for its map and updates.`, links: [trackLink(next), LINKS.tracking] }
        : { text: "Track any flight in Explore's Flight Tracking section: enter the flight number, e.g. 6E 2134.", links: [LINKS.tracking] };
    case 'support':
      return {
        text: 'Safar support is here 24/7. I can answer questions on booking, cancellation, payments, tracking, refunds, baggage, check-in and deals; keep your PNR handy for anything about a booking.',
        links: context.signedIn ? [LINKS.profile] : [LINKS.login],
      };
    case 'refund': {
      const base = 'Refunds go back to your original payment method and take 5-7 business days (cards within 7 days by rule). Taxes and airport fees are always refunded.';
      if (trips && trips.refunds.length > 0) return { text: `${trips.refunds.slice(0, 3).map(refundLine).join(' ')} ${base}`, links: [LINKS.profile] };
      if (trips) return { text: `You have no refunds in progress. ${base}`, links: [LINKS.profile] };
      return { text: `${base} Sign in to see the refund state of your own bookings.`, links: [LINKS.login] };
    }
    case 'baggage':
      return {
        text: "On domestic economy fares most Indian airlines allow 15 kg checked and 7 kg cabin baggage; international allowances are 20–30 kg depending on the airline. Each route's details in Explore list the allowance per airline.",
        links: [LINKS.routes],
      };
    case 'checkin':
      return next
        ? { text: `${checkinLine(next)} Online check-in opens 24-48 hours before departure depending on the airline.`, links: [ticketLink(next)] }
        : { text: 'Online check-in opens 24-48 hours before departure, depending on the airline, and closes 60 minutes before domestic flights.', links: [LINKS.profile] };
    case 'deals':
      return {
        text:
          context.bestSavingPercent !== null && context.bestSavingPercent > 0
            ? `Up to ${context.bestSavingPercent}% off the typical fare on selected routes today. Best Deals in Explore shows them, with the typical price beside each.`
            : "Best Deals in Explore shows the routes whose fares are furthest below their typical price today.",
        links: [LINKS.deals],
      };
    case 'destinations':
      return {
        text: 'Safar covers 1000+ routes across India and to the Gulf, Asia, Europe and North America. Popular Routes in Explore lists favourites like Mumbai → Goa, New Delhi → Srinagar and London → Paris with live fares.',
        links: [LINKS.routes],
      };
    case 'ticket':
    case 'my-trip':
      if (next) {
        const passes = next.boardingPasses > 0 ? ` Your ${next.boardingPasses === 1 ? 'boarding pass is' : `${next.boardingPasses} boarding passes are`} in the wallet (bottom right).` : '';
        return { text: `${tripLine(next)}${liveLine(next)} Download the e-ticket from your Profile (Download Ticket) or open it now.${passes}`, links: [ticketLink(next), LINKS.profile] };
      }
      if (trips && trips.confirmedCount > 0) return { text: 'You have no upcoming trips. Tickets of your past bookings are in your Profile under Booking History.', links: [LINKS.profile] };
      if (trips) return { text: 'You have no bookings yet. Search for a flight to start planning your next trip.', links: [LINKS.search] };
      return { text: 'Your e-ticket and boarding passes are in your Profile after you book. Sign in to see your own trips.', links: [LINKS.login] };
    case 'generic':
      return {
        text: 'I can help with: booking a flight, cancellations, payments, flight tracking, refunds, baggage, check-in, deals and destinations. Try "How do I book a flight?"',
        links: [],
      };
  }
}
