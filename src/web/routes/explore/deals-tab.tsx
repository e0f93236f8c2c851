import { EXPLORE_MESSAGES, discountBadge, pickDeals, routeTitle } from '../../../core/explore';
import { knownPriceAge } from '../../../core/fare-age';
import type { ExploreRoute } from '../../../core/explore-schemas';
import { formatDay } from '../../lib/format';
import { useCurrency } from '../../lib/currency-context';
import { RouteArt } from '../../features/explore/route-art';

interface Props {
  routes: ExploreRoute[];
  loading: boolean;
  onBook(route: ExploreRoute): void;
  /** When the catalogue arrived (ms): the age of a last-known fare is read against it. */
  now: number;
}

/**
 * "Today's Best Deals": the routes whose lowest fare of the next 30 days is furthest below
 * their typical fare, with the real saving and the typical price struck through.
 */
export function DealsTab({ routes, loading, onBook, now }: Props) {
  const { format } = useCurrency();
  const deals = pickDeals(routes);
  return (
    <section aria-labelledby="deals-title">
      <h2 id="deals-title" className="deals-title">
        {EXPLORE_MESSAGES.dealsTitle}
      </h2>
      <p className="muted">{EXPLORE_MESSAGES.dealsSubtitle}</p>
      {loading ? (
        <div className="skeleton skeleton-line" role="status" aria-label="Loading deals" />
      ) : deals.length === 0 ? (
        <p className="card deals-empty">No route is below its typical fare today. Check back tomorrow.</p>
      ) : (
        <ul className="deal-grid">
          {deals.map((route) => (
            <li key={route.id} className="card deal-card" data-testid="deal-card">
              <div className="deal-media">
                <RouteArt art={route.art} from={route.from} to={route.to} className="route-art" />
                <span className="deal-badge">{discountBadge(route.savingPercent)}</span>
              </div>
              <div className="route-body">
                <h3 className="route-title">{routeTitle(route)}</h3>
                <p className="deal-prices">
                  <strong className="deal-price">{format(route.price ?? 0)}</strong>{' '}
                  <s className="muted" aria-label={`Typical fare ${format(route.typicalPrice ?? 0)}`}>
                    {format(route.typicalPrice ?? 0)}
                  </s>
                </p>
                <p className="muted small">
                  {route.seenAt !== undefined ? 'Lowest fare a search has seen' : 'Lowest non-stop fare'}, on {route.priceDate ? formatDay(route.priceDate) : 'a date in the next 30 days'}
                  {route.seenAt ? ` (${knownPriceAge(route.seenAt, now) ?? ''})` : ''}; typical fare is the median of the next 60 days.
                </p>
                <button type="button" className="btn btn-primary" onClick={() => onBook(route)} aria-label={`${EXPLORE_MESSAGES.bookNow}: ${routeTitle(route)}`}>
                  {EXPLORE_MESSAGES.bookNow}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
