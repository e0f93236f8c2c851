import { useEffect, useState } from 'react';
import { announce } from '../../lib/announce';

/**
 * A search still unanswered after this long is shown as a wait on the airlines. The world answers in
 * milliseconds and never reaches it; a remote supplier (Duffel) takes seconds.
 */
export const PROGRESS_AFTER_MS = 1000;

/** Screen readers hear how long the wait has been every this many seconds (not every tick). */
const ANNOUNCE_EVERY_SECONDS = 10;

/**
 * Whole seconds a search has been waiting, once it has waited PROGRESS_AFTER_MS; null before that and
 * whenever `waiting` is false. A new `searchKey` starts the count again (the old search is cancelled).
 * @example const seconds = useSlowSearchSeconds(results.isPending, searchKey)
 */
export function useSlowSearchSeconds(waiting: boolean, searchKey: string): number | null {
  const [count, setCount] = useState<{ key: string; seconds: number } | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    let timer = window.setTimeout(tick, PROGRESS_AFTER_MS);
    function tick() {
      const elapsed = Date.now() - started;
      setCount({ key: searchKey, seconds: Math.floor(elapsed / 1000) });
      timer = window.setTimeout(tick, 1000 - (elapsed % 1000));
    }
    return () => {
      window.clearTimeout(timer);
      setCount(null);
    };
  }, [waiting, searchKey]);
  return waiting && count?.key === searchKey ? count.seconds : null;
}

/**
 * The Results list's wait on the airlines: laid over the loading cards (so nothing moves when it
 * appears or goes), the seconds so far on screen, and spoken through the app's live region when it
 * appears and every ANNOUNCE_EVERY_SECONDS after (the ticking counter itself is not read out).
 */
export function SearchProgress({ seconds }: { seconds: number }) {
  const announced = Math.floor(seconds / ANNOUNCE_EVERY_SECONDS);
  useEffect(() => {
    announce(announced === 0 ? 'Asking airlines for fares. This can take a few seconds.' : `Still asking airlines, ${announced * ANNOUNCE_EVERY_SECONDS} seconds so far.`);
  }, [announced]);
  return (
    <div className="card search-progress" data-testid="search-progress">
      <p className="search-progress-title">
        Asking airlines…{' '}
        <span className="search-progress-seconds" aria-hidden="true">
          {seconds} s
        </span>
      </p>
      <p className="muted small">Fares come straight from the airlines, so this can take a few seconds.</p>
      <div className="search-progress-bar" aria-hidden="true">
        <span />
      </div>
    </div>
  );
}
