import { useCallback, useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage';

export type Theme = 'light' | 'dark';
const KEY = 'theme';

function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The saved choice, else the system preference (spec section 4). */
function initialTheme(): Theme {
  const saved = readStored(KEY);
  return saved === 'dark' || saved === 'light' ? saved : systemTheme();
}

function currentTheme(): Theme {
  const applied = document.documentElement.dataset.theme;
  return applied === 'dark' || applied === 'light' ? applied : initialTheme();
}

const listeners = new Set<() => void>();

function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0f1720' : '#0b5cad');
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current theme and a toggle that saves every change. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, (): Theme => 'light');
  const toggleTheme = useCallback(() => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    writeStored(KEY, next);
    applyTheme(next);
  }, []);
  return { theme, toggleTheme };
}
