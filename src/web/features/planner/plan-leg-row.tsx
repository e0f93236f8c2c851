import { Link } from 'wouter';
import type { PlanLeg } from '../../../core/planner';

export const hm = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
export const time = (iso: string) => iso.slice(11, 16);
export const dateLabel = (iso: string) => new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/**
 * One leg of a plan: cities, date and times, flight, price and a Book button that opens the
 * booking screen with the leg's itinerary (or "Departed" once it has left).
 * @example <PlanLegRow leg={leg} price={format(leg.price)} bookable onBook={close} />
 */
export function PlanLegRow({ leg, price, bookable, onBook }: { leg: PlanLeg; price: string; bookable: boolean; onBook?: () => void }) {
  return (
    <li className="mc-leg">
      <div>
        <strong>
          {leg.from} ({leg.fromCode}) → {leg.to} ({leg.toCode})
        </strong>
        <span className="small muted">
          {dateLabel(leg.departureTime)} · {time(leg.departureTime)}–{time(leg.arrivalTime)} · {hm(leg.duration)} · {leg.airline} {leg.flightNumber}
          {leg.layover ? ` · ${leg.layover}` : ' · Non-stop'}
        </span>
      </div>
      <span className="mc-leg-price">{price}</span>
      {bookable ? (
        <Link href="/result/book" state={{ itinerary: leg.itinerary }} className="btn btn-small btn-primary" onClick={onBook} aria-label={`Book ${leg.from} to ${leg.to}`}>
          Book
        </Link>
      ) : (
        <span className="small muted">Departed</span>
      )}
    </li>
  );
}
