import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { BOOKING_REASONS, MAX_PASSENGERS, PASSENGER_MESSAGES } from '../../../core/booking';
import type { Itinerary, ItineraryPrice, SearchQuery } from '../../../core/search';
import { useDocumentTitle } from '../../components/page-title';
import { RequireAuth } from '../../features/auth/require-auth';
import { createBooking, newIdempotencyKey, priceChangeOf, quoteQuery } from '../../features/booking/booking-api';
import { BOOKING_FAILED, FLIGHT_UNAVAILABLE, bookingFailureOf } from '../../features/booking/booking-failure';
import { formatInr, localDate } from '../../lib/format';
import { TripSummary } from '../../features/booking/trip-summary';
import { offerJourneys } from '../../../core/search-wire';
import { supplierFareText } from '../../features/search/supplier-fare';
import { Modal } from '../../components/modal';
import { quoteMix, runningTotal, toPassengerInput, validateForm } from '../../features/booking/passenger-form';
import { GroupBookingButton } from '../../features/companion/group-booking-button';
import { FamilyPicker } from '../../features/fares/family-picker';
import { validateGstDetails } from '../../../core/gst';
import { GstDetailsFields, type GstDraft, emptyGst, toGstInput } from '../../features/personal-data/gst-details-fields';
import { setGstDetails } from '../../features/personal-data/personal-data-api';
import { useCurrency } from '../../lib/currency-context';
import { resultUrl } from '../../features/search/search-url';
import { WeatherButton } from '../../features/weather/weather-button';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import './book.css';
import { isTripState } from '../../features/booking/trip-price';
import { TripBookingForm } from './trip-booking-form';
import { PassengerList, usePassengerDrafts } from './passenger-list';
import { NeedsConnection } from '../../lib/offline/needs-connection';
import { QueryScope } from '../../lib/query-scope';
import { useOnline } from '../../lib/offline/connection';

interface BookState {
  itinerary: Itinerary;
  query?: SearchQuery;
  /** The fare family option chosen on the results card; absent: the cheapest. */
  fareFamily?: string;
}

function isBookState(value: unknown): value is BookState {
  if (typeof value !== 'object' || value === null || !('itinerary' in value)) return false;
  const itinerary: unknown = value.itinerary;
  return typeof itinerary === 'object' && itinerary !== null && 'id' in itinerary && 'legs' in itinerary && Array.isArray(itinerary.legs) && itinerary.legs.length > 0;
}

/**
 * The results URL for the search the traveller came from, so "back" shows the same list.
 * @example resultsHref(query) // '/result?from=DEL&to=BOM&date=2026-12-24&cabin=economy&adults=2&children=0&infants=0'
 */
function resultsHref(query: SearchQuery | undefined): string {
  return query ? resultUrl(query) : '/result';
}

/**
 * Booking (/result/book, signed-in only): the chosen flight from history state, one card per
 * passenger, the running total and Proceed to Payment, which holds the seats.
 * @example <Route path="/result/book" component={BookPage} />
 */
export function BookPage() {
  useDocumentTitle('Book Your Flight');
  return (
    <RequireAuth returnIf={(value) => isBookState(value) || isTripState(value)}>
      <QueryScope>
        <BookScreen />
      </QueryScope>
    </RequireAuth>
  );
}

function BookScreen() {
  const state: unknown = useHistoryState();
  // A whole trip (a round trip, or a Multi-City plan): every journey in one booking.
  if (isTripState(state)) return <TripBookingForm key={state.journeys.map((j) => j.itinerary.id).join('+')} state={state} />;
  if (!isBookState(state)) {
    return (
      <div className="container page book-empty">
        <div className="card book-empty-card">
          <h1>Book Your Flight</h1>
          <p>No flight selected for booking.</p>
          <Link href="/result" className="btn btn-primary">
            Back to Results
          </Link>
        </div>
      </div>
    );
  }
  const fareFamily = typeof state.fareFamily === 'string' ? state.fareFamily : null;
  return <BookingForm key={state.itinerary.id} itinerary={state.itinerary} query={state.query} initialFamily={fareFamily} />;
}

/** A price with no passenger type priced yet (a family other than the cheapest before its quote arrives). */
const NOT_PRICED: ItineraryPrice = { currency: 'INR', perPassenger: {}, total: { baseFare: 0, taxesAndFees: 0, total: 0 } };

type Problem = { kind: 'price-changed'; oldTotal: number; newTotal: number } | { kind: 'sold-out'; message: string } | { kind: 'unavailable' } | null;

function BookingForm({ itinerary, query, initialFamily }: { itinerary: Itinerary; query: SearchQuery | undefined; initialFamily: string | null }) {
  const [, navigate] = useLocation();
  const { currency, format } = useCurrency();
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [gstOn, setGstOn] = useState(false);
  const [gst, setGst] = useState<GstDraft>(emptyGst);
  const [gstErrors, setGstErrors] = useState<Record<string, string>>({});
  // One Idempotency-Key per distinct request body: a retry of the same submission reuses it,
  // so a lost response can never create a second hold; a changed body gets a fresh key.
  const submission = useRef<{ body: string; key: string } | null>(null);
  const travelDate = localDate(itinerary.departure);
  const drafts = usePassengerDrafts(query, travelDate);
  const { passengers, setErrors } = drafts;
  const queryClient = useQueryClient();
  // The family chosen by the traveller (here or on the results card); null: the cheapest.
  const [family, setFamily] = useState<string | null>(initialFamily);
  // The quote lists the fare families for the current mix and prices the chosen one. Types the
  // search did not price (a child or infant added to an adults-only search) and families other
  // than the cheapest are priced by it, with the pricing the hold charges.
  const searched = runningTotal(itinerary.price, passengers);
  const mix = quoteMix(searched.counts);
  // A remote supplier's offer has the airline's own fare, not Safar's families: nothing to quote.
  const quote = useQuery({ ...quoteQuery(itinerary.id, mix, family), enabled: !itinerary.supplier && mix.adults + mix.children + mix.infants > 0, placeholderData: keepPreviousData });
  const families = quote.data?.families ?? [];
  const cheapest = families[0]?.id ?? null;
  const chosen = family ?? cheapest;
  const upgraded = family !== null && family !== cheapest;
  const total = upgraded ? runningTotal(quote.data?.price ?? NOT_PRICED, passengers) : runningTotal(itinerary.price, passengers, quote.data?.price);
  // A family other than the cheapest is priced only by a quote for this very mix and family.
  const pricing = upgraded ? quote.isPlaceholderData || quote.isPending : total.unpriced.length > 0 && quote.isFetching;
  const familyName = itinerary.supplier ? (itinerary.supplier.fareBrand ?? undefined) : families.find((option) => option.id === chosen)?.name;
  const backHref = resultsHref(query);
  // A round trip sold as one ticket (a supplier's offer of two journeys) goes to where its first journey lands.
  const journeys = offerJourneys(itinerary);
  const destination = itinerary.legs[(journeys[0]?.legCount ?? itinerary.legs.length) - 1];


  const submit = async (acceptPriceChange: boolean, quotedTotal: number) => {
    const inputs = passengers.map(toPassengerInput);
    const body = { itineraryId: itinerary.id, passengers: inputs, quotedTotal, ...(chosen ? { fareFamily: chosen } : {}), ...(acceptPriceChange ? { acceptPriceChange: true } : {}) };
    const bodyText = JSON.stringify(body);
    if (submission.current?.body !== bodyText) submission.current = { body: bodyText, key: newIdempotencyKey() };
    setSubmitting(true);
    try {
      const { booking } = await createBooking(body, submission.current.key);
      if (gstOn) {
        // The seats are held either way; GST details can still be added on the ticket.
        await setGstDetails(booking.id, toGstInput(gst)).catch((error: unknown) =>
          notify.error(`GST details were not saved (${error instanceof Error ? error.message : 'try again'}). You can add them on your ticket.`),
        );
      }
      navigate('/payment', { state: { bookingId: booking.id } });
    } catch (error) {
      setSubmitting(false);
      fail(error);
    }
  };

  /** Tells the traveller why a hold (or the quote before it) did not go through. */
  const fail = (error: unknown) => {
    const change = priceChangeOf(error);
    if (change) {
      setProblem({ kind: 'price-changed', ...change });
      return;
    }
    if (error instanceof ApiError && error.reason === BOOKING_REASONS.soldOut) {
      setProblem({ kind: 'sold-out', message: error.message });
      return;
    }
    const failure = bookingFailureOf(error);
    if (failure === 'unavailable') {
      notify.error(FLIGHT_UNAVAILABLE);
      setProblem({ kind: 'unavailable' });
      return;
    }
    if (failure === 'passengers' && error instanceof ApiError) {
      setErrors(error.fields);
      notify.error(PASSENGER_MESSAGES.formToast);
      return;
    }
    notify.error(failure === 'other' && error instanceof Error ? error.message : BOOKING_FAILED);
  };

  const proceed = () => {
    const result = validateForm(passengers, travelDate);
    const gstResult = gstOn ? validateGstDetails(toGstInput(gst)) : null;
    setGstErrors(gstResult && !gstResult.ok ? gstResult.fields : {});
    if (gstResult && !gstResult.ok && result.ok) {
      notify.error(Object.values(gstResult.fields)[0] ?? 'Check the GST details');
      window.requestAnimationFrame(() => document.querySelector<HTMLElement>('.book-page [aria-invalid="true"]')?.focus());
      return;
    }
    if (!result.ok) {
      setErrors(result.fields);
      notify.error(PASSENGER_MESSAGES.formToast);
      // Move focus to the first field with a problem so keyboard and screen-reader users land on it.
      window.requestAnimationFrame(() => document.querySelector<HTMLElement>('.book-page [aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    void proceedPriced();
  };

  /** Holds at the total on screen; a type still unpriced (or a family still being priced) is quoted first, so that total is complete. */
  const proceedPriced = async () => {
    if (total.unpriced.length === 0 && !pricing) return submit(false, total.total);
    setSubmitting(true);
    try {
      const quoted = await queryClient.fetchQuery(quoteQuery(itinerary.id, mix, family));
      await submit(false, upgraded ? runningTotal(quoted.price, passengers).total : runningTotal(itinerary.price, passengers, quoted.price).total);
    } catch (error) {
      setSubmitting(false);
      fail(error);
    }
  };

  const counts = (['Adult', 'Child', 'Infant'] as const).filter((kind) => total.counts[kind] > 0);
  const online = useOnline();

  return (
    <div className="container page book-page">
      <h1>Book Your Flight</h1>
      <form
        className="book-layout"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          proceed();
        }}
      >
        <div className="book-main">
          <div className="card">
            <TripSummary itinerary={itinerary} journeys={journeys} />
          </div>
          {itinerary.supplier ? (
            <div className="card book-airline-fare">
              <p>
                Fare: <strong>{itinerary.supplier.fareBrand ?? itinerary.supplier.owner}</strong> · {supplierFareText(itinerary.supplier)}
              </p>
            </div>
          ) : families.length > 0 && chosen ? (
            <FamilyPicker families={families} value={chosen} onChange={setFamily} travellers={mix.adults + mix.children + mix.infants} />
          ) : quote.isError ? (
            <div className="card fam-pick-failed" role="alert">
              <p>
                Fare options could not be loaded. {quote.error.message}
              </p>
              <button type="button" className="btn btn-small" onClick={() => void quote.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            <div className="card fam-pick-loading" role="status">
              <span className="visually-hidden">Loading fare options…</span>
              <div className="skeleton skeleton-line" />
              <div className="skeleton skeleton-line short" />
            </div>
          )}
          <h2 className="book-section-title">Passenger details</h2>
          <PassengerList
            drafts={drafts}
            travelDate={travelDate}
            tools={
              <>
                <GroupBookingButton itinerary={itinerary} query={query} className="btn" iconSize={18} />
                {destination ? <WeatherButton code={destination.to.code} city={destination.to.city} date={destination.arrival.slice(0, 10)} label="Weather Insights" className="btn" iconSize={18} /> : null}
              </>
            }
          />
          {passengers.length >= MAX_PASSENGERS && <p className="muted small">At most {MAX_PASSENGERS} passengers per booking.</p>}
          <fieldset className="card pax-card">
            <legend className="pax-legend">
              <span>GST details for business travel</span>
            </legend>
            <label className="pd-gst-toggle">
              <input type="checkbox" checked={gstOn} onChange={(e) => setGstOn(e.target.checked)} /> Get a GST invoice for my business (optional)
            </label>
            {gstOn && (
              <GstDetailsFields
                idPrefix="book-gst"
                value={gst}
                errors={gstErrors}
                onChange={(field, value) => {
                  setGst((g) => ({ ...g, [field]: value }));
                  if (gstErrors[field]) setGstErrors(({ [field]: _drop, ...rest }) => rest);
                }}
              />
            )}
          </fieldset>
        </div>
        <aside className="card book-total" aria-label="Price summary">
          <h2 className="book-section-title">Fare summary</h2>
          {familyName ? (
            <p className="book-family">
              Fare: <strong>{familyName}</strong>
            </p>
          ) : null}
          <ul className="book-lines">
            {counts.map((kind) => {
              const fare = total.fares[kind];
              return (
                <li key={kind}>
                  <span>
                    {kind} × {total.counts[kind]}
                  </span>
                  <span>{fare !== null ? format(fare * total.counts[kind]) : pricing ? 'Pricing…' : 'Not priced yet'}</span>
                </li>
              );
            })}
          </ul>
          <p className="book-total-line" aria-live="polite" aria-busy={pricing}>
            <span>Total</span>
            <strong data-testid="running-total">{pricing ? 'Pricing…' : format(total.total)}</strong>
          </p>
          <p className="muted small book-charged">
            All-in fare incl. taxes and fees. Charged in INR{currency === 'INR' ? '' : `: ${formatInr(total.total)}`}.
            {total.unpriced.length > 0 && !pricing && ` The ${total.unpriced.join(' and ').toLowerCase()} fare is priced when you proceed.`}
          </p>
          {!online && <NeedsConnection />}
          <button type="submit" className="btn btn-primary btn-large book-proceed" disabled={submitting || !online} aria-busy={submitting}>
            {submitting ? 'Holding your seats...' : 'Proceed to Payment'}
          </button>
        </aside>
      </form>

      <Modal
        open={problem?.kind === 'price-changed'}
        title="The fare has changed"
        description="The fare has changed since you searched."
        dismissible={false}
        onOpenChange={(open) => !open && setProblem(null)}
      >
        {problem?.kind === 'price-changed' && (
          <>
            <dl className="book-price-change">
              <div>
                <dt>Old total</dt>
                <dd>
                  <s>{formatInr(problem.oldTotal)}</s>
                </dd>
              </div>
              <div>
                <dt>New total</dt>
                <dd>
                  <strong>{formatInr(problem.newTotal)}</strong>
                </dd>
              </div>
            </dl>
            {currency !== 'INR' && (
              <p className="muted small">
                About {format(problem.newTotal)}. Charged in INR.
              </p>
            )}
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => navigate(backHref)}>
                Back to results
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  const newTotal = problem.newTotal;
                  setProblem(null);
                  void submit(true, newTotal);
                }}
              >
                Accept {formatInr(problem.newTotal)}
              </button>
            </div>
          </>
        )}
      </Modal>

      <Modal open={problem?.kind === 'unavailable'} title="Flight no longer available" description={FLIGHT_UNAVAILABLE} onOpenChange={(open) => !open && setProblem(null)}>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={() => navigate(backHref)}>
            Back to results
          </button>
        </div>
      </Modal>

      <Modal open={problem?.kind === 'sold-out'} title="Seats sold out" description={problem?.kind === 'sold-out' ? problem.message : undefined} onOpenChange={(open) => !open && setProblem(null)}>
        <p>Another traveller took the last seats on this flight. Please choose another flight.</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={() => navigate(backHref)}>
            Back to results
          </button>
        </div>
      </Modal>
    </div>
  );
}
