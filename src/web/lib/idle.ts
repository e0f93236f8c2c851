/**
 * Runs `task` when the browser is next idle (after `delayMs`), or 200 ms later where there is no
 * requestIdleCallback (Safari). For work that must not compete with rendering: prefetches,
 * the service worker's registration.
 * @example whenIdle(() => void import('./heavy'), 300)
 */
export function whenIdle(task: () => void, delayMs = 0): void {
  const idle = 'requestIdleCallback' in window ? (cb: () => void) => window.requestIdleCallback(cb) : (cb: () => void) => window.setTimeout(cb, 200);
  window.setTimeout(() => idle(() => task()), delayMs);
}
