import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { FamilyOption } from '../../../core/fares';
import type { Itinerary, SearchQuery } from '../../../core/search';
import { quoteQuery } from '../booking/booking-api';
import { useCurrency } from '../../lib/currency-context';
import { cabinBagText, cancelText, changeText, checkedBagText, mealText, seatText } from './family-terms';
import './fares.css';

interface Props {
  itinerary: Itinerary;
  query: SearchQuery;
}

const ROWS: { label: string; text(option: FamilyOption): string }[] = [
  { label: 'Checked bag', text: checkedBagText },
  { label: 'Cabin bag', text: cabinBagText },
  { label: 'Seat', text: seatText },
  { label: 'Meal', text: mealText },
  { label: 'Change', text: changeText },
  { label: 'Cancellation', text: cancelText },
];

/**
 * Every fare family of an itinerary side by side (a results card's "View fares"): the price for
 * all travellers in the selected currency, baggage, seat, meal, change and cancellation, and a
 * Book button per family that opens the booking screen with that family chosen. Priced by the
 * quote the booking screen uses, for the searched passengers.
 * @example <FamilyPanel itinerary={itinerary} query={query} />
 */
export default function FamilyPanel({ itinerary, query }: Props) {
  const { currency, format } = useCurrency();
  const mix = { adults: query.adults, children: query.children, infants: query.infants };
  const quote = useQuery(quoteQuery(itinerary.id, mix));
  const travellers = mix.adults + mix.children + mix.infants;

  if (quote.isPending) {
    return (
      <div className="fam-loading" role="status">
        <span className="visually-hidden">Loading fare options…</span>
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line short" />
      </div>
    );
  }
  if (quote.isError) {
    return (
      <div className="fam-failed" role="alert">
        <p>Fare options could not be loaded. {quote.error.message}</p>
        <button type="button" className="btn btn-small" onClick={() => void quote.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <ul className="fam-grid" aria-label="Fare options">
        {quote.data.families.map((option) => (
          <li key={option.id} className="fam-col">
            <h4 className="fam-name">{option.name}</h4>
            <p className="fam-price">
              <strong>{format(option.totalInr)}</strong>
              <span className="small muted">{travellers > 1 ? ` for ${travellers} travellers` : ' all-in'}</span>
            </p>
            <dl className="fam-facts">
              {ROWS.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.text(option)}</dd>
                </div>
              ))}
            </dl>
            <Link href="/result/book" state={{ itinerary, query, fareFamily: option.id }} className="btn btn-primary fam-book">
              Book {option.name}
            </Link>
          </li>
        ))}
      </ul>
      <p className="small muted fam-note">
        Prices include taxes and fees{currency !== 'INR' ? ' and are charged in INR' : ''}. Change and cancellation fees are per passenger if made today; the
        booking screen shows each family&apos;s fees by time before departure. Taxes and airport charges are always refunded.
      </p>
    </>
  );
}
