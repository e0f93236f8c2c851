import { useCallback, useEffect, useRef, useState } from 'react';
import { onAnnounce, type Politeness } from '../lib/announce';

/** Empties the region first, so the same words said twice are read twice. */
const REFILL_MS = 60;

/**
 * A visually hidden live region that exists from the first render, and a `say` that puts text in
 * it. Use inside dialogs: Radix hides everything outside an open modal from screen readers, the
 * shell's region included.
 * @example const { region, say } = useLiveRegion('assertive'); say('Enter a valid card number'); return <>{region}…</>;
 */
export function useLiveRegion(politeness: Politeness = 'polite') {
  const [text, setText] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const say = useCallback((message: string) => {
    setText('');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setText(message), REFILL_MS);
  }, []);
  const region = (
    // aria-live without a status or alert role: the region is invisible plumbing, not a landmark
    // of the screen (and an empty alert would be one more "alert" on every page).
    <div className="visually-hidden" aria-live={politeness} aria-atomic="true" data-live-region="">
      {text}
    </div>
  );
  return { region, say };
}

/** The shell's live regions: what `announce()` says anywhere in the app is read from here. */
export function LiveAnnouncer() {
  const polite = useLiveRegion('polite');
  const assertive = useLiveRegion('assertive');
  const { say: sayPolite } = polite;
  const { say: sayAssertive } = assertive;
  useEffect(() => onAnnounce((message, politeness) => (politeness === 'assertive' ? sayAssertive : sayPolite)(message)), [sayPolite, sayAssertive]);
  return (
    <>
      {polite.region}
      {assertive.region}
    </>
  );
}
