import { ChevronDown } from 'lucide-react';
import { lazy, useState } from 'react';
import { Link } from 'wouter';
import { QuietLazy } from '../../components/quiet-lazy';
import type { Itinerary, SearchQuery } from '../../../core/search';
import { PriceAlertButton } from '../../features/alerts/price-alert-button';
import { GroupBookingButton } from '../../features/companion/group-booking-button';
import { useCurrency } from '../../lib/currency-context';
import { formatDuration, localTime } from '../../features/search/result-filters';
import { WeatherButton } from '../../features/weather/weather-button';
import { TrackFlightButton } from '../../features/tracker/track-flight-button';

// The families side by side load when a traveller first opens them (Results' first load stays small).
const loadPanel = () => import('../../features/fares/family-panel');
const FamilyPanel = lazy(loadPanel);

/** "Non-stop", "1 stop via HYD", "2 stops via HYD, BLR". */
function stopsText(itinerary: Itinerary): string {
  if (itinerary.stops === 0) return 'Non-stop';
  const via = itinerary.layovers.map((l) => l.airport).join(', ');
  return `${itinerary.stops} stop${itinerary.stops === 1 ? '' : 's'}${via ? ` via ${via}` : ''}`;
}

function travellers(query: SearchQuery): number {
  return query.adults + query.children + query.infants;
}

/**
 * One itinerary: times and price largest, then route, duration, stops and layovers, airlines,
 * aircraft and seats left; Book Now passes the itinerary and query to /result/book in history state
 * (the cheapest fare family); View fares opens every family side by side, each with its own Book.
 * @example <FlightCard itinerary={it} query={response.query} />
 */
export function FlightCard({ itinerary, query }: { itinerary: Itinerary; query: SearchQuery }) {
  const { currency, format } = useCurrency();
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const headingId = `flight-${itinerary.id.replace(/[^A-Za-z0-9]/g, '-')}`;
  const count = travellers(query);
  const perAdult = itinerary.price.perPassenger.adult?.total;
  const numbers = itinerary.legs.map((leg) => leg.flightNumber).join(' + ');
  const aircraft = [...new Set(itinerary.legs.map((leg) => leg.aircraft))].join(', ');
  const [faresOpen, setFaresOpen] = useState(false);
  const panelId = `${headingId}-fares`;
  return (
    <article className="card flight-card" aria-labelledby={headingId}>
      <div className="fc-main">
        <h3 id={headingId} className="fc-airline">
          {itinerary.airlines.join(' · ')} <span className="fc-numbers">{numbers}</span>
        </h3>
        <div className="fc-times">
          <div className="fc-end">
            <span className="fc-time">{localTime(itinerary.departure)}</span>
            <span className="fc-code" title={first ? `${first.from.name}, ${first.from.city}` : undefined}>
              {first?.from.code}
            </span>
          </div>
          <div className="fc-middle">
            <span className="fc-duration">{formatDuration(itinerary.durationMinutes)}</span>
            <span className="fc-line" aria-hidden="true" />
            <span className={itinerary.stops === 0 ? 'fc-stops nonstop' : 'fc-stops'}>{stopsText(itinerary)}</span>
          </div>
          <div className="fc-end fc-arrive">
            <span className="fc-time">
              {localTime(itinerary.arrival)}
              {itinerary.arrivalDayOffset > 0 ? (
                <sup className="fc-plus" title={`Arrives ${itinerary.arrivalDayOffset} day${itinerary.arrivalDayOffset === 1 ? '' : 's'} later`}>
                  +{itinerary.arrivalDayOffset}
                </sup>
              ) : null}
            </span>
            <span className="fc-code" title={last ? `${last.to.name}, ${last.to.city}` : undefined}>
              {last?.to.code}
            </span>
          </div>
        </div>
        {itinerary.layovers.length > 0 ? (
          <ul className="fc-layovers small muted">
            {itinerary.layovers.map((layover, index) => (
              <li key={`${layover.airport}-${index}`}>
                {formatDuration(layover.minutes)} layover in {layover.airport}
                {layover.changeOfTerminal ? ' (change of terminal)' : ''}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="fc-meta small muted">
          {aircraft}
          {itinerary.seatsLeft !== null ? (
            <span className="fc-seats">
              {' · '}
              {itinerary.seatsLeft} seat{itinerary.seatsLeft === 1 ? '' : 's'} left
            </span>
          ) : null}
        </p>
      </div>
      <div className="fc-price">
        <span className="fc-amount">{format(itinerary.price.total.total)}</span>
        {count > 1 ? (
          <>
            <span className="small muted">Total for {count} travellers</span>
            {perAdult !== undefined ? <span className="small muted">{format(perAdult)} per adult</span> : null}
          </>
        ) : (
          <span className="small muted">All-in price</span>
        )}
        {currency !== 'INR' ? <span className="fc-inr small muted">Charged in INR</span> : null}
        {itinerary.supplier ? (
          <span className="fc-supplier small muted">
            {itinerary.supplier.conversion
              ? `Airline fare ${itinerary.supplier.conversion.from} converted at ₹${itinerary.supplier.conversion.rate} (${itinerary.supplier.conversion.source}, ${itinerary.supplier.conversion.asOf}); `
              : ''}
            includes Safar fee {format(itinerary.supplier.feeInr)}
          </span>
        ) : null}
        <Link href="/result/book" state={{ itinerary, query }} className="btn btn-primary fc-book">
          Book Now
        </Link>
        <button
          type="button"
          className="btn btn-small btn-ghost fc-fares"
          aria-expanded={faresOpen}
          aria-controls={panelId}
          onClick={() => setFaresOpen((open) => !open)}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
        >
          View fares <ChevronDown aria-hidden="true" size={16} className="fc-chevron" />
        </button>
      </div>
      <div id={panelId} className="fc-families" hidden={!faresOpen}>
        {faresOpen ? (
          <QuietLazy
            fallback={<p className="small muted" role="status">Loading fare options…</p>}
            failed={<p className="small muted" role="alert">Fare options could not be loaded. Check your connection and try again.</p>}
          >
            <FamilyPanel itinerary={itinerary} query={query} />
          </QuietLazy>
        ) : null}
      </div>
      <div className="fc-later">
        {last ? (
          <WeatherButton code={last.to.code} city={last.to.city} date={itinerary.arrival.slice(0, 10)} label="Weather & Travel Insights" className="btn btn-small btn-ghost" />
        ) : null}
        <GroupBookingButton itinerary={itinerary} query={query} className="btn btn-small btn-ghost" />
        <PriceAlertButton
          prefill={{ from: query.from, to: query.to, date: query.date, cabin: query.cabin, adults: query.adults, children: query.children, infants: query.infants, currentPrice: itinerary.price.total.total }}
        />
        {first ? <TrackFlightButton flightNumber={first.flightNumber} date={first.flightId.split('@')[1]} /> : null}
      </div>
    </article>
  );
}

/** Placeholder card while results load (skeletons, not a spinner). */
export function FlightCardSkeleton() {
  return (
    <div className="card flight-card skeleton-card" aria-hidden="true">
      <div className="fc-main">
        <div className="skeleton skeleton-line" style={{ width: '45%' }} />
        <div className="skeleton" style={{ height: 40, width: '85%', marginBottom: 12 }} />
        <div className="skeleton skeleton-line short" />
      </div>
      <div className="fc-price">
        <div className="skeleton" style={{ height: 32, width: 110 }} />
        <div className="skeleton" style={{ height: 44, width: 120 }} />
      </div>
    </div>
  );
}
