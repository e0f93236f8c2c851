import { AlertTriangle, ArrowRight, Check, Tag } from 'lucide-react';
import { lazy, type RefObject, Suspense, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type BookJourneysState, SEPARATE_TICKETS_WARNING, specialReturnRuleTexts } from '../../../core/round-trip';
import type { Itinerary, SearchQuery } from '../../../core/search';
import { journeyItineraries } from '../../../core/search-wire';
import type { Cabin } from '../../../core/search-options';
import { travelDayText, travellersText } from '../../../core/search-draft';
import { useDocumentTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api';
import { useCurrency } from '../../lib/currency-context';
import { SEARCH_OFFLINE_MESSAGE, waitingForConnection } from '../../lib/offline/connection';
import { airlinesOf, applyFilters, formatDuration, isSortKey, localTime, NO_FILTERS, type ResultFilters, SORT_LABELS, SORTS, sortItineraries, type SortKey } from '../../features/search/result-filters';
import { ResultsHead } from '../../features/search/results-head';
import { cheapestRoundTrip, pairPrice, specialReturnText } from '../../features/search/round-trip-pairs';
import { canContinue, initialSelection, selectionReducer } from '../../features/search/round-trip-selection';
import { type RoundTripResults as Answer, useRoundTripResults } from '../../features/search/search-api';
import { draftToParams, queryFromDraft, returnDateOf, roundTripResultUrl, type SearchDraft } from '../../features/search/search-url';
import { PriceAlertButton } from '../../features/alerts/price-alert-button';
import { FareCalendar } from './fare-calendar';
import { FilterPanel } from './filter-panel';
import { FlightCardSkeleton } from './flight-card';
import { SearchProgress, useSlowSearchSeconds } from './search-progress';
import { supplierFareText } from '../../features/search/supplier-fare';
import { PAGE_SIZE, ShowMore } from './show-more';

const SearchForm = lazy(() => import('../../features/search/search-form').then((m) => ({ default: m.SearchForm })));
const NeedsConnection = lazy(() => import('../../lib/offline/needs-connection').then((m) => ({ default: m.NeedsConnection })));


type Direction = 'outbound' | 'inbound';

/** "Non-stop", "1 stop via HYD". */
function stopsText(itinerary: Itinerary): string {
  if (itinerary.stops === 0) return 'Non-stop';
  return `${itinerary.stops} stop${itinerary.stops === 1 ? '' : 's'} via ${itinerary.layovers.map((l) => l.airport).join(', ')}`;
}

/** Whether an itinerary's own legs are on separate tickets (different airlines connecting: a self-transfer). */
function selfTransfer(itinerary: Itinerary): boolean {
  return itinerary.legs.some((leg) => leg.carrier !== itinerary.legs[0]?.carrier);
}

/** The one-way query of each direction, as the booking screen takes it. */
function journeyQueries(answer: Answer): [SearchQuery, SearchQuery] {
  const { from, to, date, cabin, adults, children, infants, returnDate } = answer.query;
  const out: SearchQuery = { from, to, date, cabin, adults, children, infants };
  return [out, { ...out, from: to, to: from, date: returnDate }];
}

/**
 * A round trip's results (/result?…&tripType=roundTrip&returnDate=…). Domestic: the outbound and
 * return lists side by side (stacked, numbered steps on a phone), each with its own sort and
 * filters. International: combined itineraries, the outbound first (with its cheapest round-trip
 * total), then the return with round-trip totals. The chosen pair, its combined all-in total for
 * everyone, a special return fare and a separate-tickets warning sit in a sticky summary whose
 * Continue opens /result/book with the journeys.
 */
export function RoundTripResults({ draft }: { draft: SearchDraft }) {
  const [, navigate] = useLocation();
  useDocumentTitle(`Round trip ${draft.from.toUpperCase()} to ${draft.to.toUpperCase()}`);
  const results = useRoundTripResults(draft);
  const data = useDeferredValue(results.data);
  const searchKey = draftToParams(draft);
  const slowSeconds = useSlowSearchSeconds(results.isPending && results.fetchStatus === 'fetching', searchKey);
  const [modifyOpened, setModifyOpened] = useState(false);
  const urlQuery = useMemo(() => queryFromDraft(draft), [draft]);
  const query = data ? journeyQueries(data)[0] : results.isError ? undefined : (urlQuery ?? undefined);
  const returnDate = data?.query.returnDate ?? returnDateOf(draft);

  function go(next: SearchQuery, nextReturn: string) {
    navigate(roundTripResultUrl(next, nextReturn < next.date ? next.date : nextReturn));
  }

  const fieldErrors = results.error instanceof ApiError ? [...new Set(Object.values(results.error.fields))].filter((m) => m !== results.error?.message) : [];

  return (
    <div className="container page results-page round-trip-page">
      <ResultsHead query={query} returnDate={returnDate} />
      <details className="modify-search" open={results.isError ? true : undefined} onToggle={(event) => event.currentTarget.open && setModifyOpened(true)}>
        <summary>Modify search</summary>
        {modifyOpened || results.isError ? (
          <Suspense fallback={<div className="skeleton modify-search-skeleton" />}>
            <SearchForm key={`${searchKey}:${results.isError ? 'refused' : ''}`} submitLabel="Update Search" initial={{ draft }} initialErrors={results.error instanceof ApiError ? results.error.fields : undefined} />
          </Suspense>
        ) : null}
      </details>

      {waitingForConnection(results) ? (
        <div className="card empty-state">
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
          {query && returnDate ? (
            <div className="rt-calendars">
              <FareCalendar key={`out-${query.from}-${query.to}-${query.cabin}-${query.date.slice(0, 7)}`} title="Fare calendar: outbound" idPrefix="out-" query={query} onPick={(date) => go({ ...query, date }, returnDate)} />
              <FareCalendar
                key={`ret-${query.to}-${query.from}-${query.cabin}-${returnDate.slice(0, 7)}`}
                title="Fare calendar: return"
                idPrefix="ret-"
                minDate={query.date}
                query={{ ...query, from: query.to, to: query.from, date: returnDate }}
                onPick={(date) => go(query, date)}
              />
            </div>
          ) : null}
          {!data ? (
            <div className="card-list-pending">
              {slowSeconds !== null ? <SearchProgress seconds={slowSeconds} /> : null}
              <ul className="card-list" aria-busy="true">
                {Array.from({ length: 3 }, (_, i) => (
                  <li key={i}>
                    <FlightCardSkeleton />
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            data.combined ? (
              <CombinedOffers key={searchKey} answer={data} combined={data.combined} />
            ) : (
              <Trip key={searchKey} answer={data} onCabin={(cabin) => query && returnDate && go({ ...query, cabin }, returnDate)} onContinue={(state) => navigate('/result/book', { state })} />
            )
          )}
        </>
      )}
    </div>
  );
}

function Trip({ answer, onCabin, onContinue }: { answer: Answer; onCabin(cabin: Cabin): void; onContinue(state: BookJourneysState): void }) {
  const combined = answer.market === 'international';
  const [selection, dispatch] = useReducer(selectionReducer, combined ? 'combined' : 'lists', initialSelection);
  const [outQuery, backQuery] = journeyQueries(answer);
  const outbound = answer.outbound.itineraries;
  const inbound = answer.inbound.itineraries;
  const chosenOut = outbound.find((it) => it.id === selection.outboundId) ?? null;
  const chosenBack = inbound.find((it) => it.id === selection.inboundId) ?? null;
  const pairs = (out: Itinerary) => (inboundId: string) => {
    const back = inbound.find((it) => it.id === inboundId);
    return back ? pairPrice(out, back, answer.query).allowed : false;
  };
  // The cheapest pair on offer: what a price alert watches before a pair is chosen.
  const lowestInr = useMemo(() => {
    let best: number | null = null;
    for (const out of outbound) {
      const price = cheapestRoundTrip(out, inbound, answer.query);
      if (price !== null && (best === null || price < best)) best = price;
    }
    return best;
  }, [outbound, inbound, answer.query]);
  // Returns that may follow the chosen outbound (all of them before one is chosen).
  const returnable = useMemo(() => (chosenOut ? inbound.filter((back) => pairPrice(chosenOut, back, answer.query).allowed) : inbound), [chosenOut, inbound, answer.query]);

  // In combined mode a step replaces the other's list: focus goes to the new step's heading
  // (never left on <body>), after the traveller picked or asked to change the outbound.
  const focusRequest = useRef<Direction | null>(null);
  const setFocusStep = (direction: Direction) => {
    focusRequest.current = direction;
  };
  useEffect(() => {
    const direction = focusRequest.current;
    if (!direction) return;
    focusRequest.current = null;
    document.getElementById(direction === 'inbound' ? 'ret-list-title' : 'out-list-title')?.focus();
  }, [selection.step, selection.outboundId]);

  function pickOutbound(it: Itinerary) {
    dispatch({ type: 'pickOutbound', id: it.id, pairs: pairs(it) });
    if (combined) setFocusStep('inbound');
  }

  const outboundList = (
    <JourneyList
      direction="outbound"
      step={1}
      heading={`Outbound · ${outQuery.from} to ${outQuery.to}`}
      day={outQuery.date}
      itineraries={outbound}
      reason={answer.outbound.reason}
      cabin={outQuery.cabin}
      chosenId={selection.outboundId}
      onPick={pickOutbound}
      onCabin={onCabin}
      priceOf={combined ? (it) => ({ inr: cheapestRoundTrip(it, inbound, answer.query), label: 'round trip from' }) : undefined}
      passengers={answer.query}
    />
  );
  const inboundList = (
    <JourneyList
      direction="inbound"
      step={2}
      heading={`Return · ${backQuery.from} to ${backQuery.to}`}
      day={backQuery.date}
      itineraries={returnable}
      reason={answer.inbound.reason ?? (returnable.length === 0 ? 'No return leaves 3 hours or more after your outbound lands. Choose an earlier outbound or a later return date.' : null)}
      cabin={backQuery.cabin}
      chosenId={selection.inboundId}
      onPick={(it) => dispatch({ type: 'pickInbound', id: it.id })}
      onCabin={onCabin}
      priceOf={combined && chosenOut ? (it) => ({ inr: pairPrice(chosenOut, it, answer.query).totalInr, label: 'round trip' }) : undefined}
      specialWith={chosenOut}
      passengers={answer.query}
    />
  );

  return (
    <>
      {combined ? (
        <div className="rt-combined">
          {selection.step === 'outbound' || !chosenOut ? (
            outboundList
          ) : (
            <>
              <section className="card rt-chosen" aria-labelledby="rt-chosen-out">
                <h2 id="rt-chosen-out" className="rt-step-title">
                  <span className="rt-step" aria-hidden="true">
                    <Check size={16} />
                  </span>
                  Outbound chosen · {outQuery.from} to {outQuery.to}, {travelDayText(outQuery.date)}
                </h2>
                <JourneyLine itinerary={chosenOut} />
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => {
                    dispatch({ type: 'changeOutbound' });
                    setFocusStep('outbound');
                  }}
                >
                  Change outbound
                </button>
              </section>
              {inboundList}
            </>
          )}
        </div>
      ) : (
        <div className="rt-lists">
          {outboundList}
          {inboundList}
        </div>
      )}
      <Summary answer={answer} outbound={chosenOut} inbound={chosenBack} lowestInr={lowestInr} ready={canContinue(selection)} onContinue={() => {
          if (!chosenOut || !chosenBack) return;
          const pair = pairPrice(chosenOut, chosenBack, answer.query);
          onContinue({
            journeys: [
              { itinerary: chosenOut, query: outQuery },
              { itinerary: chosenBack, query: backQuery },
            ],
            specialReturn: pair.special,
            separateTickets: pair.separateTickets,
          });
        }} />
    </>
  );
}

interface JourneyListProps {
  direction: Direction;
  step: number;
  heading: string;
  day: string;
  itineraries: readonly Itinerary[];
  reason: string | null;
  cabin: Cabin;
  chosenId: string | null;
  onPick(itinerary: Itinerary): void;
  onCabin(cabin: Cabin): void;
  /** The price an option shows instead of its one-way total (international: round-trip totals). */
  priceOf?: ((itinerary: Itinerary) => { inr: number | null; label: string }) | undefined;
  /** The chosen outbound, to flag returns that make a special return fare with it. */
  specialWith?: Itinerary | null;
  passengers?: SearchQuery | Answer['query'];
}

/** One direction's list: its own sort and filters, a page at a time, each flight a Select button. */
function JourneyList({ direction, step, heading, day, itineraries, reason, cabin, chosenId, onPick, onCabin, priceOf, specialWith, passengers }: JourneyListProps) {
  const { format } = useCurrency();
  const [filters, setFilters] = useState<ResultFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortKey>('best');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const prefix = direction === 'outbound' ? 'out-' : 'ret-';
  const airlines = useMemo(() => airlinesOf(itineraries), [itineraries]);
  const shown = useMemo(() => sortItineraries(applyFilters(itineraries, filters), sort), [itineraries, filters, sort]);
  const visible = shown.slice(0, limit);
  const titleId = `${prefix}list-title`;
  const travellers = passengers ? passengers.adults + passengers.children + passengers.infants : 1;
  return (
    <section className="rt-list" aria-labelledby={titleId}>
      <h2 id={titleId} className="rt-step-title" tabIndex={-1}>
        <span className="rt-step" aria-hidden="true">
          {step}
        </span>
        <span>
          {heading}
          <span className="rt-step-day">{travelDayText(day)}</span>
        </span>
      </h2>
      <FilterPanel
        idPrefix={prefix}
        title={direction === 'outbound' ? 'Outbound filters' : 'Return filters'}
        foldable
        airlines={airlines}
        cabin={cabin}
        applied={filters}
        onApply={(next, nextCabin) => {
          setFilters(next);
          setLimit(PAGE_SIZE);
          if (nextCabin !== cabin) onCabin(nextCabin);
        }}
        onClear={() => setFilters(NO_FILTERS)}
      />
      <div className="list-toolbar">
        <p className="list-count" aria-live="polite">
          {shown.length} of {itineraries.length} flights
        </p>
        <label className="sort">
          <span>Sort by</span>
          <select
            value={sort}
            aria-label={`Sort ${direction === 'outbound' ? 'outbound' : 'return'} flights`}
            onChange={(event) => {
              setSort(isSortKey(event.target.value) ? event.target.value : 'best');
              setLimit(PAGE_SIZE);
            }}
          >
            {SORTS.map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {itineraries.length === 0 ? (
        <div className="card empty-state" role="status">
          <p className="empty-title">No flights found</p>
          {reason ? <p className="muted">{reason}</p> : null}
        </div>
      ) : shown.length === 0 ? (
        <div className="card empty-state" role="status">
          <p className="empty-title">No flights found</p>
          <p className="muted">Try adjusting your filters to see more results</p>
          <button type="button" className="btn" onClick={() => setFilters(NO_FILTERS)}>
            Clear All
          </button>
        </div>
      ) : (
        <>
          <ul className="rt-options">
            {visible.map((it) => {
              const chosen = it.id === chosenId;
              const price = priceOf?.(it);
              const special = specialWith && passengers ? pairPrice(specialWith, it, passengers).special : null;
              const numbers = it.legs.map((leg) => leg.flightNumber).join(' + ');
              const label = `${chosen ? 'Selected' : 'Select'} ${direction === 'outbound' ? 'outbound' : 'return'} ${numbers}, ${localTime(it.departure)} to ${localTime(it.arrival)}`;
              return (
                <li key={it.id} className={chosen ? 'rt-option chosen' : 'rt-option'}>
                  <div className="rt-option-main">
                    <p className="rt-airline">
                      {it.airlines.join(' · ')} <span className="fc-numbers">{numbers}</span>
                    </p>
                    <JourneyTimes itinerary={it} />
                    {selfTransfer(it) ? (
                      <p className="rt-warning small">
                        <AlertTriangle aria-hidden="true" size={14} /> Separate tickets: self-transfer{it.layovers[0] ? ` in ${it.layovers[0].airport}` : ''}
                      </p>
                    ) : null}
                    {special ? (
                      <p className="rt-special small">
                        <Tag aria-hidden="true" size={14} /> {specialReturnText(special, specialWith?.airlines[0] ?? special.airline, format)}
                      </p>
                    ) : null}
                  </div>
                  <div className="rt-option-price">
                    {price ? (
                      <>
                        <span className="small muted">{price.label}</span>
                        <span className="fc-amount">{price.inr === null ? '—' : format(price.inr)}</span>
                      </>
                    ) : (
                      <span className="fc-amount">{format(it.price.total.total)}</span>
                    )}
                    <span className="small muted">{travellers > 1 ? `Total for ${travellers} travellers` : 'All-in price'}</span>
                    <button type="button" className={chosen ? 'btn btn-primary rt-select' : 'btn rt-select'} aria-pressed={chosen} aria-label={label} onClick={() => onPick(it)}>
                      {chosen ? (
                        <>
                          <Check aria-hidden="true" size={16} /> Selected
                        </>
                      ) : (
                        'Select'
                      )}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <ShowMore shown={visible.length} total={shown.length} noun="flights" onMore={() => setLimit(limit + PAGE_SIZE)} />
        </>
      )}
    </section>
  );
}

/**
 * A remote supplier's round trip (decision 0069): the airline prices the outbound and the return as one
 * ticket, so each option is one combined itinerary of both journeys, with its all-in price in rupees for
 * everyone (the airline's currency converted with the rate named, Safar's fee included), its fare brand and
 * conditions, and Book, which opens /result/book with the whole offer (one booking of two journeys).
 */
function CombinedOffers({ answer, combined }: { answer: Answer; combined: NonNullable<Answer['combined']> }) {
  const { format, currency } = useCurrency();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [outQuery, backQuery] = journeyQueries(answer);
  const offers = combined.itineraries;
  const visible = offers.slice(0, limit);
  return (
    <section className="rt-list rt-offers" aria-labelledby="rt-offers-title">
      <h2 id="rt-offers-title" className="rt-step-title" tabIndex={-1}>
        <span>
          Round trips · {outQuery.from} to {outQuery.to} and back
          <span className="rt-step-day">
            {travelDayText(outQuery.date)} – {travelDayText(backQuery.date)}
          </span>
        </span>
      </h2>
      <p className="small muted">The airline sells each of these as one ticket for both journeys, at one price.</p>
      <p className="list-count" aria-live="polite">
        {offers.length} round trip{offers.length === 1 ? '' : 's'}
      </p>
      {offers.length === 0 ? (
        <div className="card empty-state" role="status">
          <p className="empty-title">No flights found</p>
          {combined.reason ? <p className="muted">{combined.reason}</p> : null}
        </div>
      ) : (
        <>
          <ul className="rt-options">
            {visible.map((offer) => {
              const [out, back] = journeyItineraries(offer);
              const numbers = (it: Itinerary | undefined) => (it ? it.legs.map((leg) => leg.flightNumber).join(' + ') : '');
              const headingId = `rt-offer-${offer.id.replace(/[^A-Za-z0-9]/g, '-')}`;
              const fare = offer.supplier;
              return (
                <li key={offer.id} className="rt-option rt-offer">
                  <div className="rt-option-main">
                    <h3 id={headingId} className="rt-airline">
                      {offer.airlines.join(' · ')} <span className="fc-numbers">{numbers(out)} · {numbers(back)}</span>
                    </h3>
                    {[out, back].map((journey, index) =>
                      journey ? (
                        <div key={index} className="rt-offer-journey">
                          <p className="small muted">
                            {index === 0 ? 'Outbound' : 'Return'} · {journey.legs[0]?.from.code} to {journey.legs[journey.legs.length - 1]?.to.code}, {travelDayText(journey.departure.slice(0, 10))}
                          </p>
                          <JourneyTimes itinerary={journey} />
                        </div>
                      ) : null,
                    )}
                    {fare ? (
                      <p className="rt-offer-fare small">
                        Fare: <strong>{fare.fareBrand ?? fare.owner}</strong> · {supplierFareText(fare)}
                      </p>
                    ) : null}
                  </div>
                  <div className="rt-option-price">
                    <span className="fc-amount">{format(offer.price.total.total)}</span>
                    <span className="small muted">Round trip, all-in, {travellersText(answer.query)}</span>
                    {currency !== 'INR' ? <span className="small muted">Charged in INR</span> : null}
                    {fare ? (
                      <span className="fc-supplier small muted">
                        {fare.conversion ? `Airline fare ${fare.conversion.from} converted at ₹${fare.conversion.rate} (${fare.conversion.source}, ${fare.conversion.asOf}); ` : ''}
                        includes Safar fee {format(fare.feeInr)}
                      </span>
                    ) : null}
                    <Link href="/result/book" state={{ itinerary: offer, query: combined.query }} className="btn btn-primary rt-select" aria-describedby={headingId}>
                      Book
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
          <ShowMore shown={visible.length} total={offers.length} noun="round trips" onMore={() => setLimit(limit + PAGE_SIZE)} />
        </>
      )}
    </section>
  );
}

function JourneyTimes({ itinerary }: { itinerary: Itinerary }) {
  return (
    <p className="rt-times">
      <span className="fc-time">{localTime(itinerary.departure)}</span>
      <span className="rt-mid small muted">
        {formatDuration(itinerary.durationMinutes)} · {stopsText(itinerary)}
      </span>
      <span className="fc-time">
        {localTime(itinerary.arrival)}
        {itinerary.arrivalDayOffset > 0 ? <sup className="fc-plus">+{itinerary.arrivalDayOffset}</sup> : null}
      </span>
    </p>
  );
}

/** A chosen journey in one line: airline, numbers, times. */
function JourneyLine({ itinerary }: { itinerary: Itinerary }) {
  const numbers = itinerary.legs.map((leg) => leg.flightNumber).join(' + ');
  return (
    <p className="rt-line">
      <span>
        {itinerary.airlines.join(' · ')} <span className="fc-numbers">{numbers}</span>
      </span>{' '}
      <span>
        {localTime(itinerary.departure)} <ArrowRight aria-label="to" size={14} className="inline-icon" /> {localTime(itinerary.arrival)}
      </span>
    </p>
  );
}

/**
 * The sticky summary's height as `--sticky-bottom` on <html> while it is shown, which sets the
 * page's scroll-padding-bottom: a flight focused by Tab never slides under it.
 */
function useStickyBottomInset(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--sticky-bottom', `${Math.ceil(el.getBoundingClientRect().height) + 16}px`);
    // (Measured once where there is no ResizeObserver.)
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(el);
    measure();
    return () => {
      resize?.disconnect();
      root.style.removeProperty('--sticky-bottom');
    };
  }, [ref]);
}

/**
 * The sticky summary: the chosen pair, the combined all-in total, the special return fare and its
 * rules, separate tickets, Continue, and the Price Alert button (the same as a one-way card's),
 * watching the round trip at the chosen pair's total, or the cheapest pair's before one is chosen.
 */
function Summary({ answer, outbound, inbound, lowestInr, ready, onContinue }: { answer: Answer; outbound: Itinerary | null; inbound: Itinerary | null; lowestInr: number | null; ready: boolean; onContinue(): void }) {
  const { format, currency } = useCurrency();
  const pair = outbound && inbound ? pairPrice(outbound, inbound, answer.query) : null;
  const { from, to, date, returnDate, cabin, adults, children, infants } = answer.query;
  const watchInr = pair?.totalInr ?? lowestInr;
  const airlineName = outbound?.airlines[0] ?? '';
  const box = useRef<HTMLElement>(null);
  useStickyBottomInset(box);
  return (
    <section ref={box} className="rt-summary card" aria-labelledby="rt-summary-title">
      <div className="rt-summary-trip">
        <h2 id="rt-summary-title" className="visually-hidden">
          Your round trip
        </h2>
        <div className="rt-summary-journey">
          <span className="small muted">Outbound</span>
          {outbound ? <JourneyLine itinerary={outbound} /> : <p className="rt-line muted">Choose an outbound flight</p>}
        </div>
        <div className="rt-summary-journey">
          <span className="small muted">Return</span>
          {inbound ? <JourneyLine itinerary={inbound} /> : <p className="rt-line muted">Choose a return flight</p>}
        </div>
      </div>
      <div className="rt-summary-total">
        {pair ? (
          <>
            <span className="fc-amount" aria-live="polite">
              {format(pair.totalInr)}
            </span>
            <span className="small muted">Round trip, all-in, {travellersText(answer.query)}</span>
            {pair.special ? (
              <span className="rt-special small">
                <Tag aria-hidden="true" size={14} /> {specialReturnText(pair.special, airlineName, format)}
              </span>
            ) : null}
            {currency !== 'INR' ? <span className="small muted">Charged in INR</span> : null}
          </>
        ) : (
          <span className="small muted">Choose both flights to see the round-trip total</span>
        )}
        <div className="rt-summary-actions">
          {watchInr !== null ? <PriceAlertButton prefill={{ from, to, date, returnDate, cabin, adults, children, infants, currentPrice: watchInr }} /> : null}
          <button type="button" className="btn btn-primary" disabled={!ready} onClick={onContinue}>
            Continue
          </button>
        </div>
      </div>
      {pair?.special ? (
        <details className="rt-rules small">
          <summary>Return fare rules</summary>
          <ul>
            {specialReturnRuleTexts(pair.special.rules, airlineName).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {pair?.separateTickets ? (
        <details className="rt-warning rt-separate small">
          <summary>
            <AlertTriangle aria-hidden="true" size={14} /> <strong>Separate tickets:</strong> separate check-in, bags re-checked, no protection if the first flight is late
          </summary>
          <ul>
            {SEPARATE_TICKETS_WARNING.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
