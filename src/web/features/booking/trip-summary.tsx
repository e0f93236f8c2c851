import type { ReactNode } from 'react';
import { SEPARATE_TICKETS_WARNING } from '../../../core/round-trip';
import type { Itinerary } from '../../../core/search';
import { type BookingJourney, journeyItinerary } from '../../../core/trip';
import { ItinerarySummary } from './itinerary-summary';
import './trip-summary.css';

/**
 * Every journey of a whole-trip booking (decision 0062), each with its legs and PNR, in travel
 * order; journeys on separate tickets carry the warning in words (separate check-in, bags
 * re-checked, no protection if the first flight is late). One journey: the itinerary alone.
 * @example <TripSummary itinerary={booking.itinerary} journeys={booking.journeys} />
 */
export function TripSummary({
  itinerary,
  journeys,
  headingLevel = 2,
  action,
}: {
  itinerary: Itinerary;
  journeys: readonly TripJourney[];
  headingLevel?: 2 | 3;
  /** Something to offer per journey (its Cancel button on the ticket). */
  action?: (index: number) => ReactNode;
}) {
  if (journeys.length < 2) return <ItinerarySummary itinerary={itinerary} headingLevel={headingLevel} />;
  const separate = journeys.some((j) => j.separateTicket);
  return (
    <div className="trip-summary">
      {separate ? <SeparateTicketsNote /> : null}
      <ol className="trip-journeys">
        {journeys.map((journey, index) => (
          <li key={`${journey.firstLeg}`} className={journey.cancelledAt ? 'trip-journey trip-journey-cancelled' : 'trip-journey'}>
            <p className="trip-journey-label">
              <span>Journey {index + 1}</span>
              {journey.pnr ? (
                <span>
                  PNR <strong className="trip-pnr">{journey.pnr}</strong>
                </span>
              ) : null}
              {journey.separateTicket ? <span className="trip-badge">Separate ticket</span> : null}
              {journey.cancelledAt ? <span className="trip-badge trip-badge-cancelled">Cancelled</span> : null}
              {action?.(index)}
            </p>
            <ItinerarySummary itinerary={journeyItinerary(itinerary, journey, index)} headingLevel={headingLevel} label={`Journey ${index + 1} flight details`} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** What a journey needs to be shown (a booking's journey, or one chosen on the booking screen before any PNR). */
export type TripJourney = Pick<BookingJourney, 'firstLeg' | 'legCount' | 'separateTicket'> & { pnr?: string; cancelledAt?: string | null };

/** The separate-tickets warning, shown at checkout and on the ticket. */
export function SeparateTicketsNote() {
  return (
    <div className="trip-separate" role="note" aria-label="Separate tickets">
      <p className="trip-separate-title">
        <strong>{SEPARATE_TICKETS_WARNING[0]}</strong>
      </p>
      <ul>
        {SEPARATE_TICKETS_WARNING.slice(1).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
