import { Plane } from 'lucide-react';
import type { Itinerary } from '../../../core/search';
import { CABIN_LABELS } from '../../../core/search-options';
import { formatDay, formatDuration, localDate, localTime } from '../../lib/format';
import './itinerary-summary.css';

/**
 * Every leg of an itinerary with its times, airports and the layovers between them.
 * Used by the booking, payment and ticket screens so a traveller always sees the same picture.
 * @example <ItinerarySummary itinerary={booking.itinerary} headingLevel={3} />
 */
export function ItinerarySummary({ itinerary, headingLevel = 2, label = 'Flight details' }: { itinerary: Itinerary; headingLevel?: 2 | 3; label?: string }) {
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  if (!first || !last) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const stopsLabel = itinerary.stops === 0 ? 'Non-stop' : `${itinerary.stops} stop${itinerary.stops > 1 ? 's' : ''}`;
  return (
    <section className="itin" aria-label={label}>
      <div className="itin-head">
        <Heading className="itin-title">
          {first.from.code} → {last.to.code}
        </Heading>
        <p className="itin-meta muted">
          {formatDay(localDate(itinerary.departure))} · {formatDuration(itinerary.durationMinutes)} · {stopsLabel} · {CABIN_LABELS[first.cabin]}
        </p>
      </div>
      <ol className="itin-legs">
        {itinerary.legs.map((leg, index) => {
          const layover = index > 0 ? itinerary.layovers[index - 1] : undefined;
          const dayOffset = localDate(leg.arrival) !== localDate(leg.departure);
          return (
            <li key={leg.flightId}>
              {layover && (
                <p className="itin-layover">
                  {formatDuration(layover.minutes)} layover in {layover.airport}
                  {layover.changeOfTerminal ? ' · change of terminal' : ''}
                </p>
              )}
              <div className="itin-leg">
                <div className="itin-airline">
                  <Plane aria-hidden="true" size={16} />
                  <span className="itin-carrier">{leg.carrierName}</span>
                  <span className="muted">{leg.flightNumber}</span>
                  <span className="muted small">{leg.aircraft}</span>
                </div>
                <div className="itin-times">
                  <div className="itin-point">
                    <span className="itin-time">{localTime(leg.departure)}</span>
                    <span className="itin-code">{leg.from.code}</span>
                    <span className="itin-place muted small">
                      {leg.from.city}
                      {leg.from.terminal ? ` · T${leg.from.terminal}` : ''}
                    </span>
                  </div>
                  <div className="itin-line" aria-hidden="true">
                    <span className="muted small">{formatDuration(leg.durationMinutes)}</span>
                  </div>
                  <div className="itin-point itin-point-end">
                    <span className="itin-time">
                      {localTime(leg.arrival)}
                      {dayOffset && <sup className="itin-plus">+1</sup>}
                    </span>
                    <span className="itin-code">{leg.to.code}</span>
                    <span className="itin-place muted small">
                      {leg.to.city}
                      {leg.to.terminal ? ` · T${leg.to.terminal}` : ''}
                    </span>
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
