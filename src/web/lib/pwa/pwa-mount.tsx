import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getPwaState, subscribePwa } from './pwa-state';

const PwaPrompts = lazy(() => import('./pwa-prompts').then((m) => ({ default: m.PwaPrompts })));

/**
 * The shell's mount point for the install prompt, the iPhone/iPad hint and the new-version
 * notice. Their code loads only when one of them has something to show.
 * @example <PwaMount /> // inside the app, once
 */
export function PwaMount() {
  const state = useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
  if (!state.installPrompt && !state.iosHint && !state.applyUpdate) return null;
  return (
    <Suspense fallback={null}>
      <PwaPrompts state={state} />
    </Suspense>
  );
}
