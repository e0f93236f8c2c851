import { BellRing } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useDialogButton } from '../../components/use-dialog-button';
import type { Itinerary, SearchQuery } from '../../../core/search';

const PriceAlertsDialog = lazy(() => import('./price-alerts-dialog').then((m) => ({ default: m.PriceAlertsDialog })));

/**
 * A result card's Price Alert button: opens the Price Alerts dialog pre-filled with the card's
 * route, date, passengers and current all-in price (the dialog's code loads on first open).
 */
export function PriceAlertButton({ itinerary, query }: { itinerary: Itinerary; query: SearchQuery }) {
  const { open, mounted, button, show, onOpenChange } = useDialogButton();
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-small btn-ghost"
        aria-haspopup="dialog"
        onClick={show}
      >
        <BellRing aria-hidden="true" size={16} />
        Price Alert
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <PriceAlertsDialog
            open={open}
            onOpenChange={onOpenChange}
            prefill={{
              from: query.from,
              to: query.to,
              date: query.date,
              cabin: query.cabin,
              adults: query.adults,
              children: query.children,
              infants: query.infants,
              currentPrice: itinerary.price.total.total,
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
