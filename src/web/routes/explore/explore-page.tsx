import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import {
  EXPLORE_MESSAGES,
  EXPLORE_PRICE_FILTERS,
  EXPLORE_PRICE_LABELS,
  EXPLORE_SORT_LABELS,
  EXPLORE_SORTS,
  EXPLORE_STATS,
  type ExploreView,
  applyExploreView,
  isExplorePriceFilter,
  isExploreSort,
  hasMoreRoutes,
  parseExploreParams,
  routeSharePath,
  routesFoundLabel,
  visibleCount,
} from '../../../core/explore';
import type { ExploreRoute } from '../../../core/explore-schemas';
import { useDocumentTitle } from '../../components/page-title';
import { useSession } from '../../lib/use-session';
import { shareRoute, useBookRoute } from '../../features/explore/book-route';
import { fetchCatalogue } from '../../features/explore/explore-api';
import { queryKeys } from '../../lib/query-keys';
import { useFavorites } from '../../features/explore/use-favorites';
import { QueryScope } from '../../lib/query-scope';
import { DealsTab } from './deals-tab';
import { FlightTrackingBox } from './flight-tracking-box';
import { DisruptionBanners } from '../../features/disruptions/disruption-banners';
import { RouteCard, RouteCardSkeleton } from './route-card';
import { RouteDetailsDialog } from './route-details-dialog';
import './explore.css';
import { PAGE_OFFLINE_MESSAGE, waitingForConnection } from '../../lib/offline/connection';
import { NeedsConnection } from '../../lib/offline/needs-connection';

export function ExplorePage() {
  useDocumentTitle('Explore');
  return (
    <QueryScope>
      <ExploreScreen />
    </QueryScope>
  );
}

/** Keeps the open route in the address bar, so the link opens the same details. */
function replaceRouteParam(routeId: string | null) {
  const url = new URL(window.location.href);
  if (routeId) url.searchParams.set('route', routeId);
  else url.searchParams.delete('route');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

function ExploreScreen() {
  const search = useSearch();
  const initial = useMemo(() => parseExploreParams(search), [search]);
  const { user, status } = useSession();
  const [tab, setTab] = useState<'routes' | 'deals'>(initial.tab);
  const [view, setView] = useState<ExploreView>(initial.view);
  const [loadMoreClicks, setLoadMoreClicks] = useState(0);
  const [openRouteId, setOpenRouteId] = useState<string | null>(initial.routeId);
  const catalogue = useQuery({ queryKey: queryKeys.explore.catalogue, queryFn: fetchCatalogue, staleTime: 60_000 });
  const { favorites, toggle } = useFavorites(user, status === 'ready');
  const book = useBookRoute();

  const routes = useMemo(() => catalogue.data?.routes ?? [], [catalogue.data]);
  const listed = useMemo(() => applyExploreView(routes, view), [routes, view]);
  const shown = listed.slice(0, visibleCount(loadMoreClicks));
  const openRoute = routes.find((r) => r.id === openRouteId) ?? null;

  const updateView = (patch: Partial<ExploreView>) => {
    setView((current) => ({ ...current, ...patch }));
    // A new search, sort or filter starts again from the first page.
    setLoadMoreClicks(0);
  };
  const openDetails = (route: ExploreRoute | null) => {
    setOpenRouteId(route?.id ?? null);
    replaceRouteParam(route?.id ?? null);
  };
  const share = (route: ExploreRoute) => void shareRoute(route, `${window.location.origin}${routeSharePath(route.id)}`);

  return (
    <div className="explore">
      <section className="explore-hero">
        <div className="container">
          <h1>{EXPLORE_MESSAGES.title}</h1>
          <p className="lead">{EXPLORE_MESSAGES.subtitle}</p>
          <ul className="explore-stats" aria-label="Safar in numbers">
            {EXPLORE_STATS.map((s) => (
              <li key={s.label} className="explore-stat">
                <span className="explore-stat-value">{s.value}</span>
                <span className="explore-stat-label">{s.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="container">
        <DisruptionBanners />
        <FlightTrackingBox initialNumber={initial.track} />
      </div>
      <div className="container explore-main">
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value === 'deals' ? 'deals' : 'routes')}>
          <Tabs.List className="explore-tabs" aria-label="Explore">
            <Tabs.Trigger value="routes" className="explore-tab">
              {EXPLORE_MESSAGES.routesTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="deals" className="explore-tab">
              {EXPLORE_MESSAGES.dealsTab}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="routes" className="explore-panel">
            <div className="explore-controls" role="search">
              <label className="explore-search">
                <span className="visually-hidden">Search destinations</span>
                <Search aria-hidden="true" size={18} />
                <input
                  type="search"
                  placeholder={EXPLORE_MESSAGES.searchPlaceholder}
                  value={view.search}
                  onChange={(event) => updateView({ search: event.target.value })}
                />
              </label>
              <div className="explore-select">
                <label htmlFor="explore-sort">Sort by</label>
                <select id="explore-sort" value={view.sort} onChange={(event) => isExploreSort(event.target.value) && updateView({ sort: event.target.value })}>
                  {EXPLORE_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {EXPLORE_SORT_LABELS[s]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="explore-select">
                <label htmlFor="explore-price">Price</label>
                <select id="explore-price" value={view.price} onChange={(event) => isExplorePriceFilter(event.target.value) && updateView({ price: event.target.value })}>
                  {EXPLORE_PRICE_FILTERS.map((p) => (
                    <option key={p} value={p}>
                      {EXPLORE_PRICE_LABELS[p]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {waitingForConnection(catalogue) ? (
              <div className="card explore-error">
                <NeedsConnection message={PAGE_OFFLINE_MESSAGE} />
                <button type="button" className="btn btn-primary" onClick={() => void catalogue.refetch()}>
                  Try again
                </button>
              </div>
            ) : catalogue.isError ? (
              <div className="card explore-error" role="alert">
                <p>Could not load the routes. Check your connection and try again.</p>
                <button type="button" className="btn btn-primary" onClick={() => void catalogue.refetch()}>
                  Try again
                </button>
              </div>
            ) : catalogue.data ? (
              <>
                <p className="explore-count" role="status">
                  {routesFoundLabel(listed.length)}
                </p>
                <ul className="route-grid">
                  {shown.map((route) => (
                    <RouteCard
                      key={route.id}
                      route={route}
                      favorite={favorites.has(route.id)}
                      onToggleFavorite={() => toggle(route.id)}
                      onShare={() => share(route)}
                      onBook={() => book(route)}
                      onDetails={() => openDetails(route)}
                      now={catalogue.dataUpdatedAt}
                    />
                  ))}
                </ul>
                {hasMoreRoutes(listed.length, shown.length) ? (
                  <div className="explore-more">
                    <button type="button" className="btn btn-ghost btn-large" onClick={() => setLoadMoreClicks((n) => n + 1)}>
                      {EXPLORE_MESSAGES.loadMore}
                    </button>
                  </div>
                ) : null}
              </>
            ) : (
              <ul className="route-grid" role="status" aria-busy="true" aria-label="Loading routes">
                {Array.from({ length: 6 }, (_, i) => (
                  <RouteCardSkeleton key={i} />
                ))}
              </ul>
            )}
          </Tabs.Content>
          <Tabs.Content value="deals" className="explore-panel">
            <DealsTab routes={routes} loading={catalogue.isPending} onBook={book} now={catalogue.dataUpdatedAt} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
      <RouteDetailsDialog route={openRoute} onOpenChange={(open) => !open && openDetails(null)} onBook={book} />
    </div>
  );
}
