/**
 * Toasts without shipping the toast library in the first page load: the first
 * call loads sonner and mounts its Toaster, and every call waits for that.
 */
import type * as SonnerModule from 'sonner';
import { whenIdle } from './idle';

type Sonner = typeof SonnerModule;
type Options = Parameters<Sonner['toast']['success']>[1];

let library: Promise<Sonner> | undefined;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const wanters = new Set<() => void>();

/** The toaster host subscribes here and renders the Toaster once a toast is wanted. */
export function onToastWanted(listener: () => void): () => void {
  wanters.add(listener);
  if (library) listener();
  return () => wanters.delete(listener);
}

export function toasterMounted(): void {
  markMounted();
}

export function loadToastLibrary(): Promise<Sonner> {
  if (!library) {
    library = import('sonner');
    // A failed fetch (offline before prefetch) may be retried by the next toast.
    library.catch(() => {
      library = undefined;
    });
    wanters.forEach((listener) => listener());
  }
  return library;
}

function show(kind: 'success' | 'error' | 'warning' | 'info' | 'message', message: string, options?: Options): void {
  void Promise.all([loadToastLibrary(), mounted]).then(([{ toast }]) => {
    if (kind === 'message') toast(message, options);
    else toast[kind](message, options);
  });
}

/**
 * Fetches the toast library once the page is idle, so a toast can still appear
 * after the connection drops (the offline warning needs exactly that).
 */
export function prefetchToasts(delayMs = 300): void {
  whenIdle(() => void loadToastLibrary().catch(() => {}), delayMs);
}

export const notify = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
  warning: (message: string, options?: Options) => show('warning', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
  message: (message: string, options?: Options) => show('message', message, options),
};
