import { useQueries } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { BOOKING_REASONS, PASSENGER_MESSAGES } from '../../../core/booking';
import { type BookJourneysState, specialReturnRuleTexts } from '../../../core/round-trip';
import { Modal } from '../../components/modal';
import { createBooking, newIdempotencyKey, priceChangeOf, quoteQuery } from '../../features/booking/booking-api';
import { BOOKING_FAILED, FLIGHT_UNAVAILABLE, bookingFailureOf } from '../../features/booking/booking-failure';
import { quoteMix, runningTotal, toPassengerInput, validateForm } from '../../features/booking/passenger-form';
import { TripSummary } from '../../features/booking/trip-summary';
import { tripItinerary, tripJourneys, tripPrice } from '../../features/booking/trip-price';
import { resultUrl } from '../../features/search/search-url';
import { ApiError } from '../../lib/api';
import { useCurrency } from '../../lib/currency-context';
import { formatInr, localDate } from '../../lib/format';
import { PassengerList, usePassengerDrafts } from './passenger-list';
import { NeedsConnection } from '../../lib/offline/needs-connection';
import { useOnline } from '../../lib/offline/connection';
import { notify } from '../../lib/toast';

type Problem = { kind: 'price-changed'; oldTotal: number; newTotal: number } | { kind: 'sold-out'; message: string } | { kind: 'unavailable'; message: string } | null;

/**
 * Booking a whole trip (/result/book with `{ journeys }` state, decision 0062): every journey
 * with its fare, the passengers once, one total (a special return's discount shown as such) and
 * one Proceed to Payment that holds every seat of every journey or none.
 * @example <TripBookingForm state={state} />
 */
export function TripBookingForm({ state }: { state: BookJourneysState }) {
  const [, navigate] = useLocation();
  const { currency, format } = useCurrency();
  const itineraries = state.journeys.map((j) => j.itinerary);
  const firstQuery = state.journeys[0]?.query;
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const submission = useRef<{ body: string; key: string } | null>(null);
  const travelDate = localDate(itineraries[0]?.departure ?? '');
  const drafts = usePassengerDrafts(firstQuery, travelDate);
  const { passengers, setErrors } = drafts;
  const mix = quoteMix(runningTotal(itineraries[0]?.price ?? { currency: 'INR', perPassenger: {}, total: { baseFare: 0, taxesAndFees: 0, total: 0 } }, passengers).counts);
  const priced = mix.adults + mix.children + mix.infants > 0;
  const quotes = useQueries({ queries: state.journeys.map((j) => ({ ...quoteQuery(j.itinerary.id, mix, j.fareFamily ?? null), enabled: priced })) });
  const price = tripPrice(itineraries, quotes.map((q) => q.data?.price), passengers);
  const pricing = price.total === null;
  const all = tripItinerary(itineraries);
  const journeys = tripJourneys(itineraries);
  const backHref = firstQuery ? resultUrl(firstQuery) : '/result';
  const online = useOnline();


  const fail = (error: unknown) => {
    const moved = priceChangeOf(error);
    if (moved) return setProblem({ kind: 'price-changed', ...moved });
    if (error instanceof ApiError && error.reason === BOOKING_REASONS.soldOut) return setProblem({ kind: 'sold-out', message: error.message });
    const failure = bookingFailureOf(error);
    if (failure === 'unavailable') {
      notify.error(error instanceof Error ? error.message : FLIGHT_UNAVAILABLE);
      return setProblem({ kind: 'unavailable', message: error instanceof Error ? error.message : FLIGHT_UNAVAILABLE });
    }
    if (failure === 'passengers' && error instanceof ApiError) {
      setErrors(error.fields);
      notify.error(PASSENGER_MESSAGES.formToast);
      return;
    }
    notify.error(failure === 'other' && error instanceof Error ? error.message : BOOKING_FAILED);
  };

  const submit = async (acceptPriceChange: boolean, quotedTotal: number) => {
    const body = {
      journeys: state.journeys.map((j, i) => {
        const family = quotes[i]?.data?.fareFamily ?? j.fareFamily;
        return { itineraryId: j.itinerary.id, ...(family ? { fareFamily: family } : {}) };
      }),
      passengers: passengers.map(toPassengerInput),
      quotedTotal,
      ...(acceptPriceChange ? { acceptPriceChange: true } : {}),
    };
    const bodyText = JSON.stringify(body);
    if (submission.current?.body !== bodyText) submission.current = { body: bodyText, key: newIdempotencyKey() };
    setSubmitting(true);
    try {
      const { booking } = await createBooking(body, submission.current.key);
      navigate('/payment', { state: { bookingId: booking.id } });
    } catch (error) {
      setSubmitting(false);
      fail(error);
    }
  };

  const proceed = () => {
    const result = validateForm(passengers, travelDate);
    if (!result.ok) {
      setErrors(result.fields);
      notify.error(PASSENGER_MESSAGES.formToast);
      window.requestAnimationFrame(() => document.querySelector<HTMLElement>('.book-page [aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    if (price.total === null) {
      notify.error('The fares are still being priced. Please try again in a moment.');
      return;
    }
    void submit(false, price.total);
  };

  const offer = price.offer;
  const airlineName = offer ? (itineraries[0]?.legs[0]?.carrierName ?? offer.airline) : '';

  return (
    <div className="container page book-page">
      <h1>Book Your Trip</h1>
      <form
        className="book-layout"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          proceed();
        }}
      >
        <div className="book-main">
          <div className="card">{all ? <TripSummary itinerary={all} journeys={journeys} /> : null}</div>
          {offer ? (
            <div className="card book-special" role="note" aria-label="Return fare">
              <p>
                <strong>
                  {formatInr(offer.discountPaise / 100)} less as a return on {airlineName}
                </strong>
              </p>
              <ul>
                {specialReturnRuleTexts(offer.rules, airlineName).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <h2 className="book-section-title">Passenger details</h2>
          <p className="muted small">Entered once for every journey of the trip.</p>
          <PassengerList drafts={drafts} travelDate={travelDate} />
        </div>
        <aside className="card book-total" aria-label="Price summary">
          <h2 className="book-section-title">Fare summary</h2>
          <ul className="book-lines">
            {state.journeys.map((j, i) => {
              const first = j.itinerary.legs[0];
              const last = j.itinerary.legs[j.itinerary.legs.length - 1];
              const quote = quotes[i]?.data;
              const family = quote?.families.find((f) => f.id === quote.fareFamily)?.name;
              const amount = price.journeys[i];
              return (
                <li key={j.itinerary.id}>
                  <span>
                    Journey {i + 1}: {first?.from.code} → {last?.to.code}
                    {family ? <span className="muted small"> · {family}</span> : null}
                  </span>
                  <span>{amount === null || amount === undefined ? 'Pricing…' : format(amount)}</span>
                </li>
              );
            })}
            {offer ? (
              <li>
                <span>Return fare on {airlineName}</span>
                <span>− {format(offer.discountPaise / 100)}</span>
              </li>
            ) : null}
          </ul>
          <p className="book-total-line" aria-live="polite" aria-busy={pricing}>
            <span>Total</span>
            <strong data-testid="running-total">{price.total === null ? 'Pricing…' : format(price.total)}</strong>
          </p>
          <p className="muted small book-charged">
            All-in fare for every journey incl. taxes and fees, paid once. Charged in INR{currency === 'INR' || price.total === null ? '' : `: ${formatInr(price.total)}`}.
          </p>
          {!online && <NeedsConnection />}
          <button type="submit" className="btn btn-primary btn-large book-proceed" disabled={submitting || !online} aria-busy={submitting}>
            {submitting ? 'Holding your seats...' : 'Proceed to Payment'}
          </button>
        </aside>
      </form>

      <Modal open={problem?.kind === 'price-changed'} title="The fare has changed" description="The fare has changed since you searched." dismissible={false} onOpenChange={(open) => !open && setProblem(null)}>
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

      <Modal
        open={problem?.kind === 'sold-out' || problem?.kind === 'unavailable'}
        title={problem?.kind === 'sold-out' ? 'Seats sold out' : 'Flight no longer available'}
        description={problem?.kind === 'sold-out' || problem?.kind === 'unavailable' ? problem.message : undefined}
        onOpenChange={(open) => !open && setProblem(null)}
      >
        <p>Nothing was held. Please choose another flight for that journey.</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={() => navigate(backHref)}>
            Back to results
          </button>
        </div>
      </Modal>
    </div>
  );
}
