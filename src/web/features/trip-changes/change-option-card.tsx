import { journeyItineraries } from '../../../core/search-wire';
import type { ChangeOption } from '../../../core/trip-changes';
import { arrivalTime, formatDay, formatDuration, formatPaise, localTime } from '../../lib/format';

/**
 * One flight the booking may change to: times, flights, new fare, change fee + fare difference =
 * due now, whether a lower fare comes back, and why the change is free (Safar's window, or after
 * a disruption move). A remote supplier's option says the airline's terms instead (its change total, the
 * conversion, Safar's fee rule, money it pays back to the original payment) and until when the airline holds
 * the price. A remote supplier's round trip option is the whole trip: the card shows the changed `journey`'s
 * new flight and names the journey kept.
 * @example <ChangeOptionCard option={option} disabled={false} onChoose={() => choose(option)} />
 */
export function ChangeOptionCard({ option, disabled, busy, onChoose, journey = null }: { option: ChangeOption; disabled: boolean; busy: boolean; onChoose(): void; journey?: number | null }) {
  const { quote } = option;
  const trip = journey === null ? [] : journeyItineraries(option.itinerary);
  const itinerary = (trip.length > 1 && journey !== null ? trip[journey] : undefined) ?? option.itinerary;
  const kept = itinerary === option.itinerary ? [] : trip.filter((j) => j !== itinerary);
  const flights = itinerary.legs.map((leg) => leg.flightNumber).join(', ');
  const stops = itinerary.stops === 0 ? 'Non-stop' : `${itinerary.stops} stop${itinerary.stops > 1 ? 's' : ''}`;
  const times = `${localTime(itinerary.departure)} – ${arrivalTime(itinerary.departure, itinerary.arrival)}`;
  const lower = quote.fareDifferencePaise < 0;
  return (
    <li className="card change-option" data-testid="change-option">
      <div className="change-option-flight">
        <p className="change-option-times">{times}</p>
        <p className="muted small">
          {flights} · {formatDuration(itinerary.durationMinutes)} · {stops}
        </p>
        {kept.map((j) => (
          <p key={j.departure} className="muted small change-option-kept">
            Kept as booked: {j.legs.map((leg) => leg.flightNumber).join(', ')} {j.legs[0]?.from.code} → {j.legs.at(-1)?.to.code}, {formatDay(j.departure.slice(0, 10))} at {localTime(j.departure)}
          </p>
        ))}
      </div>
      <dl className="change-option-money">
        <div>
          <dt>New fare</dt>
          <dd>{formatPaise(quote.newTotalPaise)}</dd>
        </div>
        <div>
          <dt>Change fee</dt>
          <dd>{formatPaise(quote.changeFeePaise)}</dd>
        </div>
        <div>
          <dt>Fare difference</dt>
          <dd>{formatPaise(quote.fareDifferencePaise)}</dd>
        </div>
        <div className="change-option-due">
          <dt>Due now</dt>
          <dd>{formatPaise(quote.duePaise)}</dd>
        </div>
      </dl>
      {quote.supplier && (
        <div className="change-option-notes" data-testid="change-option-airline">
          <p className="change-option-note">{quote.supplier.terms}.</p>
          {quote.refundPaise > 0 && <p className="change-option-note" data-testid="change-option-money-back">The airline pays back {formatPaise(quote.refundPaise)} to your original payment.</p>}
          <p className="change-option-note">
            The airline holds this price until {new Date(quote.supplier.expiresAt).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })}.
          </p>
        </div>
      )}
      {!quote.supplier && (lower || quote.freeWindowApplies || quote.disruptionFree) && (
        <div className="change-option-notes">
          {lower && (
            <p className="change-option-note">
              {quote.refundPaise > 0 ? `${formatPaise(quote.refundPaise)} of the lower fare comes back to you.` : 'Lower fares are not refunded.'}
            </p>
          )}
          {quote.freeWindowApplies && <p className="change-option-note">No change fee: Safar's free change window (Safar's policy).</p>}
          {quote.disruptionFree && <p className="change-option-note">{quote.disruptionFree}</p>}
        </div>
      )}
      <button type="button" className="btn btn-primary change-option-action" disabled={disabled} onClick={onChoose} aria-label={`Change to ${flights} at ${localTime(itinerary.departure)}, ${formatPaise(quote.duePaise)} due`}>
        {busy ? 'Changing…' : 'Change to this flight'}
      </button>
    </li>
  );
}
