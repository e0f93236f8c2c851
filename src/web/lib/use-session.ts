import { useSyncExternalStore } from 'react';
import type { AuthUser, SessionAnswer } from '../../core/auth';
import { ApiError, apiFetch } from './api';
import { personalKey, readStored, removeStored, writeStored } from './storage';

/** Log Out's clean-up, loaded when needed (it is not part of any first paint). */
const wipePersonalData = (): Promise<void> => import('./offline/wipe-personal-data').then((m) => m.wipePersonalData());

/** The signed-in traveller, as the server's session says. */
export type SessionUser = AuthUser;

export interface SessionState {
  user: SessionUser | null;
  /** 'loading' until the first answer from /api/auth/session (or its failure). */
  status: 'loading' | 'ready';
}

// The last signed-in traveller, so an offline visit (no server to ask) still knows whose data
// this device holds. A personal key: Log Out removes it with everything else.
const CACHED_SESSION_KEY = personalKey('session');

function readCachedUser(): SessionUser | null {
  try {
    return parseSessionUser({ user: JSON.parse(readStored(CACHED_SESSION_KEY) ?? 'null') as unknown });
  } catch {
    return null;
  }
}

function cacheUser(user: SessionUser | null): void {
  if (user) writeStored(CACHED_SESSION_KEY, JSON.stringify(user));
}

// A device flag, not personal data, so the wipe keeps it until the server has been told.
const LOGOUT_PENDING_KEY = 'logoutPending';

async function finishPendingLogout(): Promise<void> {
  if (readStored(LOGOUT_PENDING_KEY) !== '1') return;
  await apiFetch<null>('/api/auth/logout', { method: 'POST', json: {} });
  removeStored(LOGOUT_PENDING_KEY);
}

/**
 * Whose offline data to read and write: the signed-in traveller's id, or `anon`.
 * @example await readRecords(currentAccount(), 'booking')
 */
export function currentAccount(): string {
  return (state.user ?? readCachedUser())?.id ?? 'anon';
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
function refreshSession(): Promise<void> {
  const request = finishPendingLogout()
    .then(() => apiFetch<SessionAnswer>('/api/auth/session'))
    .then(async (body) => {
      const user = parseSessionUser(body);
      const cached = readCachedUser();
      // Signed out (expired, or logged out in another tab) while this device still holds a
      // traveller's data: wipe it before anything is shown.
      if (cached && (!user || user.id !== cached.id)) await wipePersonalData().catch(() => {});
      cacheUser(user);
      setState({ user, status: 'ready' });
    })
    .catch((error: unknown) => {
      // No answer (offline, server down): the traveller last signed in on this device, so their
      // offline tickets and wallet stay available. Any other failure counts as signed out.
      const offline = error instanceof ApiError && (error.code === 'network' || error.status >= 500);
      setState({ user: offline ? (state.user ?? readCachedUser()) : state.user, status: 'ready' });
    });
  loading = request;
  return request;
}

/**
 * Records the user a successful sign-in returned, without another round trip.
 * @example setSessionUser(response.user)
 */
export function setSessionUser(user: SessionUser | null): void {
  const cached = readCachedUser();
  // Another traveller signs in on this device: the previous one's data goes first.
  if (cached && cached.id !== user?.id) void wipePersonalData().catch(() => {});
  cacheUser(user);
  setState({ user, status: 'ready' });
}

/**
 * Ends the session on the server and forgets it here (even if the call fails): every personal
 * item this device holds — cached session, passes, tickets, bookings, alerts, recent searches,
 * queued actions, cached PDFs — is wiped from every browser store.
 * @example await signOutSession()
 */
async function signOutSession(): Promise<void> {
  try {
    await apiFetch<null>('/api/auth/logout', { method: 'POST', json: {} });
  } catch (error) {
    // Logged out with no connection: the server still has the session, so end it on the next visit.
    if (error instanceof ApiError && error.code === 'network') writeStored(LOGOUT_PENDING_KEY, '1');
    throw error;
  } finally {
    // Signed out here first, so nothing reopens the traveller's data while it is being wiped.
    removeStored(CACHED_SESSION_KEY);
    setState({ user: null, status: 'ready' });
    await wipePersonalData().catch(() => {});
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
