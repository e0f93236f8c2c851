import { CloudSun } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useDialogButton } from '../../components/use-dialog-button';

const WeatherDialog = lazy(() => import('./weather-dialog'));

interface Props {
  /** Destination airport code. */
  code: string;
  /** Destination city, for the dialog's subtitle. */
  city: string;
  /** Travel date (YYYY-MM-DD, local at the destination). */
  date: string;
  label: string;
  className: string;
  iconSize?: number;
}

/**
 * Opens the Weather & Travel Insights dialog for a destination; the dialog's code loads on first click.
 * @example <WeatherButton code="GOI" city="Goa" date="2026-12-24" label="Weather Insights" className="btn" />
 */
export function WeatherButton({ code, city, date, label, className, iconSize = 16 }: Props) {
  const { open, mounted, button, show, onOpenChange } = useDialogButton();
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={show}
        onPointerEnter={() => void import('./weather-dialog')}
      >
        <CloudSun aria-hidden="true" size={iconSize} />
        {label}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <WeatherDialog open={open} onOpenChange={onOpenChange} code={code} city={city} date={date} />
        </Suspense>
      ) : null}
    </>
  );
}
