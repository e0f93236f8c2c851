import { Clock, Heart, Share2, Star } from 'lucide-react';
import { EXPLORE_MESSAGES, routeTitle } from '../../../core/explore';
import { knownPriceAge } from '../../../core/fare-age';
import type { ExploreRoute } from '../../../core/explore-schemas';
import { formatDuration } from '../../lib/format';
import { useCurrency } from '../../lib/currency-context';
import { RouteArt } from '../../features/explore/route-art';

interface Props {
  route: ExploreRoute;
  favorite: boolean;
  onToggleFavorite(): void;
  onShare(): void;
  onBook(): void;
  onDetails(): void;
  /** When the catalogue arrived (ms): the age of a last-known fare is read against it. */
  now: number;
}

/** One route of the Popular Routes grid. */
export function RouteCard({ route, favorite, onToggleFavorite, onShare, onBook, onDetails, now }: Props) {
  const { format } = useCurrency();
  const title = routeTitle(route);
  // A remote supplier's fares are last-known: the card says how old, or that no search has seen one yet.
  const age = knownPriceAge(route.seenAt, now);
  return (
    <li className="card route-card" data-testid="route-card">
      <div className="route-media">
        <RouteArt art={route.art} from={route.from} to={route.to} className="route-art" />
        <div className="route-actions">
          <button
            type="button"
            className={`route-icon-btn${favorite ? ' is-on' : ''}`}
            aria-pressed={favorite}
            aria-label={`Favourite ${title}`}
            onClick={onToggleFavorite}
          >
            <Heart aria-hidden="true" size={18} fill={favorite ? 'currentColor' : 'none'} />
          </button>
          <button type="button" className="route-icon-btn" aria-label={`Share ${title}`} onClick={onShare}>
            <Share2 aria-hidden="true" size={18} />
          </button>
        </div>
        <span className="route-rating" aria-label={`Rated ${route.rating.toFixed(1)} out of 5`}>
          <Star aria-hidden="true" size={14} fill="currentColor" /> {route.rating.toFixed(1)}
        </span>
      </div>
      <div className="route-body">
        <h3 className="route-title">{title}</h3>
        <p className="muted small route-description">{route.description}</p>
        <div className="route-facts">
          <span className="route-price">
            {route.price === null ? (
              <span className="muted">{age ? 'Fare not seen yet' : 'No non-stop fares on sale'}</span>
            ) : (
              <>
                <span className="muted small">from </span>
                <strong>{format(route.price)}</strong>
                {age ? <span className="muted small route-seen"> · {age}</span> : null}
              </>
            )}
          </span>
          <span className="route-duration small">
            <Clock aria-hidden="true" size={14} /> {formatDuration(route.durationMinutes)}
          </span>
        </div>
        <div className="route-buttons">
          <button type="button" className="btn btn-primary btn-small" onClick={onBook} aria-label={`${EXPLORE_MESSAGES.quickBook}: ${title}`}>
            {EXPLORE_MESSAGES.quickBook}
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={onDetails} aria-label={`${EXPLORE_MESSAGES.viewDetails}: ${title}`}>
            {EXPLORE_MESSAGES.viewDetails}
          </button>
        </div>
      </div>
    </li>
  );
}

export function RouteCardSkeleton() {
  return (
    <li className="card route-card" aria-hidden="true">
      <div className="skeleton route-art" />
      <div className="route-body">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line short" />
      </div>
    </li>
  );
}
