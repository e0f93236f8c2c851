import { useSyncExternalStore } from 'react';
import { apiFetch } from '../../lib/api';

/** The signed-in traveller, as the server's session says. */
export interface SessionUser {
  id: string;
  email: string;
}

export interface SessionState {
  user: SessionUser | null;
  /** 'loading' until the first answer from /api/auth/session (or its failure). */
  status: 'loading' | 'ready';
}

/**
 * Reads the user out of a /api/auth/session answer. Hand-written rather than zod because
 * this runs in the shell on every page, and zod would add ~26 kB to the first load.
 */
function parseSessionUser(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null || !('user' in body)) return null;
  const user: unknown = body.user;
  if (typeof user !== 'object' || user === null || !('id' in user) || !('email' in user)) return null;
  const { id, email } = user;
  return typeof id === 'string' && typeof email === 'string' ? { id, email } : null;
}

// A tiny external store rather than TanStack Query: the shell needs it on first paint,
// and the query library is loaded only by the screens that fetch.
let state: SessionState = { user: null, status: 'loading' };
const listeners = new Set<() => void>();
let loading: Promise<void> | undefined;

function setState(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/**
 * Asks the server who is signed in and updates every `useSession()` reader.
 * @example await refreshSession()
 */
export function refreshSession(): Promise<void> {
  const request = apiFetch<unknown>('/api/auth/session')
    .then((body) => {
      setState({ user: parseSessionUser(body), status: 'ready' });
    })
    .catch(() => {
      // Offline or server down: treat as signed out rather than spin forever.
      setState({ user: state.user, status: 'ready' });
    });
  loading = request;
  return request;
}

/**
 * Records the user a successful sign-in returned, without another round trip.
 * @example setSessionUser(response.user)
 */
export function setSessionUser(user: SessionUser | null): void {
  setState({ user, status: 'ready' });
}

/**
 * Ends the session on the server and forgets it here (even if the call fails).
 * @example await signOutSession()
 */
export async function signOutSession(): Promise<void> {
  try {
    await apiFetch<null>('/api/auth/logout', { method: 'POST', json: {} });
  } finally {
    setState({ user: null, status: 'ready' });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!loading) void refreshSession();
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/**
 * The current session for any component; loads `/api/auth/session` once per page load.
 * @example const { user, status, signOut } = useSession();
 */
export function useSession(): SessionState & { signOut(): Promise<void>; refresh(): Promise<void> } {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...snapshot, signOut: signOutSession, refresh: refreshSession };
}
