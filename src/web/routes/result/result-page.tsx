import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { SearchQuery } from '../../../core/search';
import type { Cabin } from '../../../core/search-options';
import { useDocumentTitle } from '../../components/page-title';
import { SEARCH_OFFLINE_MESSAGE, waitingForConnection } from '../../lib/offline/connection';
import { QueryScope } from '../../lib/query-scope';
import { airlinesOf, applyFilters, isSortKey, NO_FILTERS, type ResultFilters, SORT_LABELS, SORTS, sortItineraries, type SortKey } from '../../features/search/result-filters';
import { ResultsHead } from '../../features/search/results-head';
import { useSearchResults } from '../../features/search/search-api';
import { draftFromSearch, draftToParams, isRoundTripDraft, queryFromDraft, resultUrl } from '../../features/search/search-url';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { DisruptionBanners } from '../../features/disruptions/disruption-banners';
import { FareCalendar } from './fare-calendar';
import { FilterPanel } from './filter-panel';
import { FlightCard, FlightCardSkeleton } from './flight-card';
import { RoundTripResults } from './round-trip-results';
import { SearchProgress, useSlowSearchSeconds } from './search-progress';
import './result.css';
import { PAGE_SIZE, ShowMore } from './show-more';

// The form behind "Modify search" loads when the traveller opens it (or the search was refused).
const SearchForm = lazy(() => import('../../features/search/search-form').then((m) => ({ default: m.SearchForm })));
const NeedsConnection = lazy(() => import('../../lib/offline/needs-connection').then((m) => ({ default: m.NeedsConnection })));

export function ResultPage() {
  const search = useSearch();
  const draft = useMemo(() => draftFromSearch(search), [search]);
  return <QueryScope>{draft && isRoundTripDraft(draft) ? <RoundTripResults draft={draft} /> : <Results />}</QueryScope>;
}


function NoData({ reason }: { reason?: string | null }) {
  return (
    <div className="card empty-state" role="status">
      <p className="empty-title">No flights found. Please search for flights.</p>
      {reason ? <p className="muted">{reason}</p> : null}
      <Link href="/home" className="btn btn-primary">
        Search flights
      </Link>
    </div>
  );
}

function Results() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const draft = useMemo(() => draftFromSearch(search), [search]);
  // The route in the title makes tabs and bookmarks of different searches tell apart.
  useDocumentTitle(draft?.from && draft.to ? `Flights ${draft.from.toUpperCase()} to ${draft.to.toUpperCase()}` : 'Flight Results');
  const searchKey = draft ? draftToParams(draft) : '';
  const sortParam = new URLSearchParams(search).get('sort');
  const sort: SortKey = isSortKey(sortParam) ? sortParam : 'best';
  const results = useSearchResults(draft);
  // A search that keeps the airlines busy for seconds (a remote supplier) shows how long it has waited.
  const slowSeconds = useSlowSearchSeconds(results.isPending && results.fetchStatus === 'fetching', searchKey);
  // The list renders in the background (React yields between cards), so a long answer never blocks input.
  const data = useDeferredValue(results.data);
  const routeKey = draft ? `${draft.from}-${draft.to}` : '';
  const [filterState, setFilterState] = useState<{ route: string; filters: ResultFilters }>({ route: routeKey, filters: NO_FILTERS });
  // Filters belong to a route: a new route starts unfiltered (another day or class keeps them).
  const filters = filterState.route === routeKey ? filterState.filters : NO_FILTERS;

  const [modifyOpened, setModifyOpened] = useState(false);
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!data || toasted.current === searchKey) return;
    toasted.current = searchKey;
    if (data.itineraries.length > 0) notify.success(`Found ${data.itineraries.length} flights from ${data.query.from} to ${data.query.to}!`);
  }, [data, searchKey]);

  const airlines = useMemo(() => (data ? airlinesOf(data.itineraries) : []), [data]);
  const shown = useMemo(() => (data ? sortItineraries(applyFilters(data.itineraries, filters), sort) : []), [data, filters, sort]);
  // Long lists render a page at a time (a busy route has ~200 itineraries); any new list starts at one page.
  const listKey = `${searchKey}|${sort}|${JSON.stringify(filters)}`;
  const [paging, setPaging] = useState({ key: listKey, limit: PAGE_SIZE });
  const limit = paging.key === listKey ? paging.limit : PAGE_SIZE;
  const visible = shown.slice(0, limit);

  function go(query: SearchQuery) {
    navigate(resultUrl(query, sort === 'best' ? {} : { sort }));
  }

  function setSort(next: SortKey) {
    const params = new URLSearchParams(search);
    if (next === 'best') params.delete('sort');
    else params.set('sort', next);
    navigate(`/result?${params.toString()}`, { replace: true });
  }

  // Field messages show under the form's fields; the alert lists only those that differ from its headline.
  const fieldErrors = results.error instanceof ApiError ? [...new Set(Object.values(results.error.fields))].filter((m) => m !== results.error?.message) : [];
  // What the URL already says is drawn at once (summary, fare calendar); the answer's own query wins once it arrives.
  const urlQuery = useMemo(() => (draft ? queryFromDraft(draft) : null), [draft]);
  const query = data?.query ?? (results.isError ? undefined : (urlQuery ?? undefined));

  return (
    <div className="container page results-page">
      <ResultsHead query={query} />
      {urlQuery ? <DisruptionBanners date={urlQuery.date} airports={[urlQuery.from, urlQuery.to]} /> : null}

      {draft ? (
        <details className="modify-search" open={results.isError ? true : undefined} onToggle={(event) => event.currentTarget.open && setModifyOpened(true)}>
          <summary>Modify search</summary>
          {modifyOpened || results.isError ? (
            <Suspense fallback={<div className="skeleton modify-search-skeleton" />}>
              <SearchForm key={`${searchKey}:${results.isError ? 'refused' : ''}`} submitLabel="Update Search" initial={{ draft }} initialErrors={results.error instanceof ApiError ? results.error.fields : undefined} />
            </Suspense>
          ) : null}
        </details>
      ) : null}

      {!draft ? (
        <NoData />
      ) : waitingForConnection(results) ? (
        <div className="card empty-state">
          {/* The message is plain text until its icon's code arrives (from the service worker's cache). */}
          <Suspense fallback={<p className="needs-connection" role="status">{SEARCH_OFFLINE_MESSAGE}</p>}>
            <NeedsConnection message={SEARCH_OFFLINE_MESSAGE} />
          </Suspense>
          <button type="button" className="btn btn-primary" onClick={() => void results.refetch()}>
            Try again
          </button>
        </div>
      ) : results.isError ? (
        <div className="card empty-state" role="alert">
          <p className="empty-title">{results.error.message}</p>
          {fieldErrors.length > 0 ? (
            <ul className="error-list">
              {fieldErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          {results.error instanceof ApiError && results.error.status >= 400 && results.error.status < 500 ? (
            <p className="muted">Change the search above and try again.</p>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void results.refetch()}>
              Try again
            </button>
          )}
        </div>
      ) : (
        <>
          {query ? <FareCalendar key={`${query.from}-${query.to}-${query.cabin}-${query.date.slice(0, 7)}`} query={query} onPick={(date) => go({ ...query, date })} /> : null}
          {data && data.itineraries.length === 0 ? (
            <NoData reason={data.reason} />
          ) : (
            <div className="results-layout">
              <aside className="results-filters">
                <FilterPanel
                  key={routeKey}
                  airlines={airlines}
                  cabin={query?.cabin ?? 'economy'}
                  applied={filters}
                  onApply={(next: ResultFilters, cabin: Cabin) => {
                    setFilterState({ route: routeKey, filters: next });
                    if (query && cabin !== query.cabin) go({ ...query, cabin });
                  }}
                  onClear={() => setFilterState({ route: routeKey, filters: NO_FILTERS })}
                />
              </aside>
              <section className="results-list" aria-labelledby="list-title" aria-busy={results.isPending}>
                <div className="list-toolbar">
                  <h2 id="list-title" className="list-count" aria-live="polite">
                    {data ? `${shown.length} of ${data.itineraries.length} flights` : 'Searching flights…'}
                  </h2>
                  <label className="sort">
                    <span>Sort by</span>
                    <select value={sort} onChange={(event) => setSort(isSortKey(event.target.value) ? event.target.value : 'best')}>
                      {SORTS.map((key) => (
                        <option key={key} value={key}>
                          {SORT_LABELS[key]}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
                {!data ? (
                  <div className="card-list-pending">
                    {slowSeconds !== null ? <SearchProgress seconds={slowSeconds} /> : null}
                    <ul className="card-list">
                      {Array.from({ length: 4 }, (_, i) => (
                        <li key={i}>
                          <FlightCardSkeleton />
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : shown.length === 0 ? (
                  <div className="card empty-state" role="status">
                    <p className="empty-title">No flights found</p>
                    <p className="muted">Try adjusting your filters to see more results</p>
                    <button type="button" className="btn" onClick={() => setFilterState({ route: routeKey, filters: NO_FILTERS })}>
                      Clear All
                    </button>
                  </div>
                ) : (
                  <>
                    <ul className="card-list">
                      {visible.map((itinerary) => (
                        <li key={itinerary.id}>
                          <FlightCard itinerary={itinerary} query={data.query} />
                        </li>
                      ))}
                    </ul>
                    <ShowMore shown={visible.length} total={shown.length} noun="flights" onMore={() => setPaging({ key: listKey, limit: limit + PAGE_SIZE })} />
                  </>
                )}
              </section>
            </div>
          )}
        </>
      )}
    </div>
  );
}
