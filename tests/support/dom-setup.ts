// Setup of the component tests (src/**/*.test.tsx, jsdom): IndexedDB for the offline copy, the
// browser APIs jsdom does not implement, and a clean document after each test.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no media queries, no scrolling and no second window.
// eslint-disable-next-line @typescript-eslint/unbound-method -- only checks whether jsdom defines it
window.matchMedia ??= (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
window.scrollTo = () => {};
window.open = () => null;
// eslint-disable-next-line @typescript-eslint/unbound-method -- only checks whether jsdom defines it
Element.prototype.scrollIntoView ??= () => {};
