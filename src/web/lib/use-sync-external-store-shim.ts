/**
 * React 19 has useSyncExternalStore built in; the router (wouter) still imports the React 17
 * shim package for it. vite.config.ts points that import here, so the shim's code (and its
 * CommonJS wrapper) stays out of every page's first load.
 */
export { useSyncExternalStore } from 'react';
