import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { EXPLORE_MESSAGES, routeTitle } from '../../../core/explore';
import { knownPriceAge } from '../../../core/fare-age';
import type { ExploreRoute, RouteDetails } from '../../../core/explore-schemas';
import { formatDuration } from '../../lib/format';
import { Modal } from '../../components/modal';
import { useCurrency } from '../../lib/currency-context';
import { fetchRouteDetails } from '../../features/explore/explore-api';
import { queryKeys } from '../../lib/query-keys';
import { RouteArt } from '../../features/explore/route-art';
import { FareRules } from '../../features/fares/fare-rules';

interface Props {
  route: ExploreRoute | null;
  onOpenChange(open: boolean): void;
  onBook(route: ExploreRoute): void;
}

function terminalsText(list: string[]): string {
  if (list.length === 0) return 'Single terminal';
  return list.map((t) => `Terminal ${t}`).join(', ');
}

function Sections({ details, now }: { details: RouteDetails; now: number }) {
  const { format } = useCurrency();
  const { route } = details;
  const age = knownPriceAge(route.seenAt, now);
  return (
    <>
      <section className="details-section" aria-labelledby="details-info">
        <h3 id="details-info">Flight Information</h3>
        <dl className="details-grid">
          <div>
            <dt>Duration</dt>
            <dd>{formatDuration(route.durationMinutes)} non-stop</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{route.price === null ? (age ? 'Fare not seen yet' : 'No non-stop fares on sale') : `from ${format(route.price)}${age ? `, ${age}` : ''}`}</dd>
          </div>
          <div>
            <dt>Rating</dt>
            <dd>
              <Star aria-hidden="true" size={14} fill="currentColor" className="details-star" /> {route.rating.toFixed(1)} / 5
            </dd>
          </div>
          <div>
            <dt>Aircraft</dt>
            <dd>{details.aircraft.join(', ')}</dd>
          </div>
        </dl>
      </section>
      <section className="details-section" aria-labelledby="details-schedule">
        <h3 id="details-schedule">Schedule</h3>
        <dl className="details-grid">
          <div>
            <dt>Departure</dt>
            <dd>
              First {details.firstDeparture}, last {details.lastDeparture} ({details.flightsPerWeek} flights a week)
            </dd>
          </div>
          <div>
            <dt>Arrival</dt>
            <dd>
              First {details.firstArrival}, last {details.lastArrival}
            </dd>
          </div>
          <div>
            <dt>Terminal</dt>
            <dd>
              {route.from}: {terminalsText(details.departureTerminals)} · {route.to}: {terminalsText(details.arrivalTerminals)}
            </dd>
          </div>
        </dl>
        <p className="muted small">Local times at each airport.</p>
      </section>
      <section className="details-section" aria-labelledby="details-airlines">
        <h3 id="details-airlines">Available Airlines</h3>
        <ul className="details-chips">
          {details.airlines.map((a) => (
            <li key={a.code}>
              {a.name} <span className="muted small">· {a.flightsPerWeek}/week</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="details-section" aria-labelledby="details-amenities">
        <h3 id="details-amenities">Amenities</h3>
        <ul className="details-chips">
          {details.amenities.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </section>
      <section className="details-section" aria-labelledby="details-important">
        <h3 id="details-important">Important Information</h3>
        <ul className="details-policies">
          {details.airlines.map((a) => (
            <li key={a.code}>
              <strong>{a.name}</strong>
              <span>
                <span className="details-label">Baggage:</span> {a.baggage}
              </span>
              <span>
                <span className="details-label">Cancellation:</span> {a.cancellation}
              </span>
              {a.families.map((family) => (
                <details key={family.code} className="details-family">
                  <summary>{family.name}: fare rules</summary>
                  <FareRules rules={family.rules} />
                </details>
              ))}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * The details modal of a route: every section filled from the schedule, with × and 'Close',
 * and 'Book This Route' (closes the modal and starts booking).
 */
export function RouteDetailsDialog({ route, onOpenChange, onBook }: Props) {
  const details = useQuery({
    queryKey: queryKeys.explore.details(route?.id ?? ''),
    queryFn: () => fetchRouteDetails(route?.id ?? ''),
    enabled: route !== null,
  });
  return (
    <Modal open={route !== null} title={route ? routeTitle(route) : ''} onOpenChange={onOpenChange} description={route?.description}>
      {route ? (
        <div className="route-details" data-testid="route-details">
          <RouteArt art={route.art} from={route.from} to={route.to} className="details-art" />
          {details.data ? (
            <Sections details={details.data} now={details.dataUpdatedAt} />
          ) : details.isError ? (
            <p role="alert">Could not load this route&apos;s schedule. Check your connection and try again.</p>
          ) : (
            <div aria-busy="true" role="status" className="details-loading">
              <span className="visually-hidden">Loading route details…</span>
              <div className="skeleton skeleton-line" />
              <div className="skeleton skeleton-line" />
              <div className="skeleton skeleton-line short" />
            </div>
          )}
          <div className="details-actions">
            <button type="button" className="btn btn-ghost" onClick={() => onOpenChange(false)}>
              {EXPLORE_MESSAGES.close}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                onOpenChange(false);
                onBook(route);
              }}
            >
              {EXPLORE_MESSAGES.bookThisRoute}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
