import { Route } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';

const MultiCityDialog = lazy(() => import('./multi-city-dialog'));

/** Home's Multi-City button: opens the Multi-City Trip Planner (its code loads on first click). */
export function MultiCityButton({ origin }: { origin: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-large"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void import('./multi-city-dialog')}
      >
        <Route aria-hidden="true" size={18} />
        Multi-City
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MultiCityDialog
            open={open}
            origin={origin}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) window.requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
