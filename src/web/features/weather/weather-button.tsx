import { CloudSun } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';

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
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    setOpen(next);
    // Focus goes back to the button that opened the dialog.
    if (!next) window.requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void import('./weather-dialog')}
      >
        <CloudSun aria-hidden="true" size={iconSize} />
        {label}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <WeatherDialog open={open} onOpenChange={change} code={code} city={city} date={date} />
        </Suspense>
      ) : null}
    </>
  );
}
