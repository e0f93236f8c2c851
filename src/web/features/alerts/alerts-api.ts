import type { AlertAnswer, AlertDeleted, AlertList, AlertsConfirmed, AlertsUnsubscribed, AlertView, CreateAlertBody } from '../../../core/alerts';
import type { PushKey } from '../../../core/notifications';
import { apiFetch } from '../../lib/api';
import { currentAccount } from '../../lib/use-session';
import { listWithOfflineCopy } from '../../lib/offline/offline-copy';
import { deleteRecord, saveRecords } from '../../lib/offline/offline-db';
import { sendOrQueue } from '../../lib/offline/offline-queue';
import { readStored, writeStored } from '../../lib/storage';

/**
 * Every price-alert call the web app makes (one module, so queued offline actions replay through
 * the same functions). A visitor without an account owns alerts through a secret token this
 * browser keeps under `safar:alert-owner` and sends as `X-Alert-Owner`; the server stores only
 * its hash. Creates carry an Idempotency-Key, so a replay never makes a second alert.
 */
const OWNER_TOKEN_KEY = 'safar:alert-owner';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let text = '';
  bytes.forEach((b) => (text += String.fromCharCode(b)));
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** This browser's owner token, if it has one. */
function ownerToken(): string | null {
  const token = readStored(OWNER_TOKEN_KEY);
  return token && TOKEN.test(token) ? token : null;
}

/** This browser's owner token, created (32 random bytes) on first use. */
function ensureOwnerToken(): string {
  const existing = ownerToken();
  if (existing) return existing;
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  writeStored(OWNER_TOKEN_KEY, token);
  return token;
}

/** Adopts the token from a secret manage link (the confirmation message), e.g. on another browser. */
export function adoptOwnerToken(token: string): boolean {
  if (!TOKEN.test(token)) return false;
  writeStored(OWNER_TOKEN_KEY, token);
  return true;
}

function ownerHeaders(create = false): Record<string, string> {
  const token = create ? ensureOwnerToken() : ownerToken();
  return token ? { 'X-Alert-Owner': token } : {};
}

/** A fresh Idempotency-Key (getRandomValues also works outside secure contexts). */
export function newIdempotencyKey(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(18)));
}

/** Kind of the price alerts in the traveller's offline copy (the Offline Data panel counts it). */
const ALERT_RECORD_KIND = 'alert';

/** Keeps one alert in the device's copy; the screen never waits for it. */
function keepOnDevice(alert: AlertView): void {
  void saveRecords(currentAccount(), ALERT_RECORD_KIND, [{ id: alert.id, data: alert }]).catch(() => {});
}

/**
 * The alerts of the signed-in traveller (all devices), or of this browser's token; none without
 * either. The list is kept on the device, and with no connection it comes from there.
 */
export async function listAlerts(signedIn: boolean): Promise<AlertView[]> {
  if (!signedIn && !ownerToken()) return [];
  return listWithOfflineCopy(
    ALERT_RECORD_KIND,
    async () => (await apiFetch<AlertList>('/api/price-alerts', { headers: ownerHeaders() })).alerts,
    (alert) => alert.id,
  );
}

/** Feature name of price-alert actions in the offline queue (and in OFFLINE_SYNCED_EVENT). */
const ALERTS_FEATURE = 'alerts';

const routeOf = (alert: { from: string; to: string }) => `${alert.from.toUpperCase()} → ${alert.to.toUpperCase()}`;

/**
 * Creates an alert; pass the same key again to replay safely. Offline it waits in the offline
 * queue with that key and the answer is null (it is sent on reconnect).
 */
export async function createAlert(body: CreateAlertBody, idempotencyKey: string, signedIn: boolean): Promise<AlertView | null> {
  const result = await sendOrQueue<AlertAnswer>({
    feature: ALERTS_FEATURE,
    label: `Price alert ${routeOf(body)}`,
    method: 'POST',
    path: '/api/price-alerts',
    body,
    headers: signedIn ? ownerHeaders() : ownerHeaders(true),
    idempotencyKey,
  });
  if (result.queued) return null;
  keepOnDevice(result.body.alert);
  return result.body.alert;
}

/** Turns an alert on or off; offline the change waits in the queue and the device's copy shows it already. */
export async function setAlertActive(alert: AlertView, active: boolean): Promise<AlertView> {
  const result = await sendOrQueue<AlertAnswer>({
    feature: ALERTS_FEATURE,
    label: `Turning ${active ? 'on' : 'off'} price alert ${routeOf(alert)}`,
    method: 'PATCH',
    path: `/api/price-alerts/${encodeURIComponent(alert.id)}`,
    body: { active },
    headers: ownerHeaders(),
    idempotencyKey: newIdempotencyKey(),
  });
  const updated = result.queued ? { ...alert, active } : result.body.alert;
  keepOnDevice(updated);
  return updated;
}

/** Deletes an alert; offline the delete waits in the queue and the alert leaves the device's copy at once. */
export async function deleteAlert(alert: AlertView): Promise<void> {
  await sendOrQueue<AlertDeleted>({
    feature: ALERTS_FEATURE,
    label: `Deleting price alert ${routeOf(alert)}`,
    method: 'DELETE',
    path: `/api/price-alerts/${encodeURIComponent(alert.id)}`,
    headers: ownerHeaders(),
    idempotencyKey: newIdempotencyKey(),
  });
  void deleteRecord(currentAccount(), ALERT_RECORD_KIND, alert.id).catch(() => {});
}

/** Confirms an address from the confirmation message's link. */
export function confirmAlertEmail(token: string): Promise<AlertsConfirmed> {
  return apiFetch<AlertsConfirmed>('/api/price-alerts/confirm', { method: 'POST', json: { token } });
}

/** Stops mail from the unsubscribe link. */
export function unsubscribeAlertEmail(token: string): Promise<AlertsUnsubscribed> {
  return apiFetch<AlertsUnsubscribed>('/api/price-alerts/unsubscribe', { method: 'POST', json: { token } });
}

function keyBytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether this browser can take Web Push now: a service worker is registered and the permission is not refused. */
export async function pushAvailable(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return false;
  if (Notification.permission === 'denied') return false;
  return (await navigator.serviceWorker.getRegistration()) !== undefined;
}

/**
 * Asks for the notification permission (call from a click) and subscribes this browser for
 * price-drop pushes. Returns false when the traveller says no.
 */
export async function subscribeToPush(signedIn: boolean): Promise<boolean> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiFetch<PushKey>('/api/push/key');
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  await apiFetch('/api/push/subscriptions', {
    method: 'POST',
    json: { endpoint: json.endpoint, keys: json.keys },
    headers: signedIn ? {} : ownerHeaders(true),
  });
  return true;
}
