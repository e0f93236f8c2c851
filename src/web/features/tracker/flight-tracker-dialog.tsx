import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plane, Radar } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type FlightStatus, parseFlightNumber, TRACKER_MESSAGES, type TrackingEntry, toTrackingEntry, trackingToast } from '../../../core/tracking';
import { arrivalTime } from '../../lib/format';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { NeedsConnection } from '../../lib/offline/needs-connection';
import { isNetworkFailure } from '../../lib/offline/offline-copy';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import { Modal } from '../../components/modal';
import '../booking/forms.css';
import type { FlightTrackerDialogProps } from './index';
import { fetchFlightStatus, fetchServerHistory, flightStatusQuery, pendingTrackings, readLocalHistory, recordLocalHistory, recordServerHistory } from './tracker-api';
import './tracker.css';

const WorldMap = lazy(() => import('./world-map').then((m) => ({ default: m.WorldMap })));

/** Live status needs the server: said in place when the tracker has no connection. */
const TRACKER_OFFLINE = "You're offline. Live flight status needs an internet connection.";

/** "06:05" from a local ISO time with offset. */
const hhmm = (iso: string) => iso.slice(11, 16);
/** "Sat 21 Nov" from a local ISO date or date-time. */
function dayLabel(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  return date.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

function todayLocal(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

const STATUS_CLASS: Record<FlightStatus['status'], string> = {
  'On Time': 'ok',
  Arrived: 'ok',
  Delayed: 'warn',
  Boarding: 'info',
  Departed: 'info',
  Cancelled: 'danger',
};

function TimeRow({ label, scheduled, actual, happened, cancelled, departure }: { label: string; scheduled: string; actual: string; happened: boolean; cancelled: boolean; departure?: string }) {
  const moved = hhmm(actual) !== hhmm(scheduled) || actual.slice(0, 10) !== scheduled.slice(0, 10);
  return (
    <div className="tr-time">
      <dt>{label}</dt>
      <dd>
        <span className={moved && !cancelled ? 'tr-struck' : undefined}>
          <span className="visually-hidden">Scheduled </span>
          {departure ? arrivalTime(departure, scheduled) : hhmm(scheduled)}
        </span>
        {moved && !cancelled ? (
          <span className="tr-new">
            {' '}
            <span className="visually-hidden">{happened ? 'Actual ' : 'Expected '}</span>
            {hhmm(actual)}
            {actual.slice(0, 10) !== scheduled.slice(0, 10) ? ` (${dayLabel(actual)})` : ''}
          </span>
        ) : null}
        <span className="tr-time-note small muted">{cancelled ? 'Cancelled' : happened ? 'Actual' : moved ? 'Expected' : 'Scheduled'}</span>
      </dd>
    </div>
  );
}

function StatusCard({ status }: { status: FlightStatus }) {
  const cancelled = status.status === 'Cancelled';
  const airborne = status.status === 'Departed';
  return (
    <section className="tr-card" aria-labelledby="tr-card-title">
      <div className="tr-card-head">
        <div>
          <h3 id="tr-card-title" className="tr-card-title">
            {status.flightNumber} <span className="muted">· {status.airline}</span>
          </h3>
          <p className="tr-route small muted">
            {status.origin.city} ({status.origin.code}) → {status.destination.city} ({status.destination.code}) · {dayLabel(status.date)}
          </p>
        </div>
        <span className={`tr-badge tr-${STATUS_CLASS[status.status]}`}>{status.status}</span>
      </div>
      <p className="tr-reason">
        {status.status === 'Delayed' ? `Delayed by ${status.delay ?? 0} min: ` : null}
        {status.reason.charAt(0).toUpperCase() + status.reason.slice(1)}
      </p>
      <Suspense fallback={<div className="tracker-map tr-map-loading" aria-hidden="true" />}>
        <WorldMap origin={status.origin} destination={status.destination} fraction={status.routeFraction} showAircraft={!cancelled} />
      </Suspense>
      <div className="tr-progress-row">
        <span className="small muted">{status.origin.code}</span>
        <div className="tr-progress" role="progressbar" aria-label="Journey progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={status.progress}>
          <span style={{ width: `${status.progress}%` }} />
        </div>
        <span className="small muted">{status.destination.code}</span>
      </div>
      <dl className="tr-grid">
        <TimeRow label="Departure" scheduled={status.scheduledDeparture} actual={status.actualDeparture} happened={status.departed} cancelled={cancelled} />
        <TimeRow label="Arrival" scheduled={status.scheduledArrival} actual={status.actualArrival} happened={status.arrived} cancelled={cancelled} departure={status.scheduledDeparture} />
        <div>
          <dt>Terminal</dt>
          <dd>{status.terminal ?? '—'}</dd>
        </div>
        <div>
          <dt>Gate</dt>
          <dd>
            {status.gate ?? (cancelled ? '—' : 'Opens ~1 h before departure')}
            {status.previousGate ? <span className="small muted"> (changed from {status.previousGate})</span> : null}
          </dd>
        </div>
        <div>
          <dt>Aircraft</dt>
          <dd>
            {status.aircraft} <span className="small muted">{status.registration}</span>
          </dd>
        </div>
        {airborne ? (
          <div>
            <dt>Altitude · speed</dt>
            <dd>
              {status.altitude?.toLocaleString('en-IN')} ft · {status.speed} km/h
            </dd>
          </div>
        ) : null}
        {status.weather.origin || status.weather.destination ? (
          <div className="tr-wide">
            <dt>Weather</dt>
            <dd>
              {status.weather.origin ? `${status.origin.city} ${Math.round(status.weather.origin.temp)}°C, ${status.weather.origin.condition}` : null}
              {status.weather.origin && status.weather.destination ? ' · ' : null}
              {status.weather.destination ? `${status.destination.city} ${Math.round(status.weather.destination.temp)}°C, ${status.weather.destination.condition}` : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="tr-inbound">
        <h4>
          <Plane aria-hidden="true" size={16} /> Where is my plane?
        </h4>
        {status.inbound ? (
          <p className="small">
            {status.registration} comes from {status.inbound.from.city} ({status.inbound.from.code}) as {status.inbound.flightNumber}: {status.inbound.status}
            {status.inbound.status === 'Arrived' ? `, landed ${hhmm(status.inbound.expectedArrival)}` : `, expected ${hhmm(status.inbound.expectedArrival)}`}
            {status.inbound.expectedArrival !== status.inbound.scheduledArrival ? ` (scheduled ${hhmm(status.inbound.scheduledArrival)})` : ''}. The turn allows{' '}
            {status.inbound.slackMinutes} min of slack.
          </p>
        ) : (
          <p className="small">This is {status.registration}’s first flight of the day: it is already at {status.origin.city}.</p>
        )}
      </div>
    </section>
  );
}

/** The Flight Tracker modal's content (loaded lazily through ./index), with the query cache it reads. */
export function FlightTrackerDialogContent(props: FlightTrackerDialogProps) {
  return (
    <QueryScope>
      <TrackerDialog {...props} />
    </QueryScope>
  );
}

/** Said in place when a flight could not be tracked for want of a connection; a queued one until it is sent. */
interface OfflineNote {
  text: string;
  queued: string | null;
}

function TrackerDialog({ open, onOpenChange, initialFlightNumber, initialDate }: FlightTrackerDialogProps) {
  const { user, status: sessionStatus } = useSession();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState((initialFlightNumber ?? '').toUpperCase());
  const [date, setDate] = useState<string | undefined>(initialDate);
  const [error, setError] = useState<string | null>(null);
  /** The flight whose status is shown (its canonical number and date). */
  const [tracked, setTracked] = useState<{ flightNumber: string; date: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [localHistory, setLocalHistory] = useState<TrackingEntry[]>(readLocalHistory);
  const [offlineNote, setOfflineNote] = useState<OfflineNote | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const started = useRef(false);
  // The element that opened the dialog gets focus back when it closes.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);
  }
  const signedIn = user !== null;
  const account = user?.id ?? 'anon';

  // While open, the status follows the clock (the server answers per minute).
  const result = useQuery({
    ...flightStatusQuery(tracked?.flightNumber ?? '', tracked?.date ?? ''),
    enabled: open && tracked !== null,
    refetchInterval: 60_000,
  });
  // Recent Searches on the server, and the flights tracked offline waiting to be recorded: read
  // again on every opening, and by the offline sync once the queue is sent (SYNCED_QUERIES).
  const serverHistory = useQuery({ queryKey: queryKeys.tracker.history(account), queryFn: fetchServerHistory, enabled: open && signedIn, staleTime: 0 });
  const pendingQuery = useQuery({ queryKey: queryKeys.tracker.pending(account), queryFn: pendingTrackings, enabled: open && signedIn, staleTime: 0 });
  const pending = signedIn ? (pendingQuery.data ?? []) : [];

  const track = useCallback(
    async (flightNumber: string, onDate: string | undefined) => {
      const typed = flightNumber.trim().toUpperCase();
      if (!typed) {
        setError(TRACKER_MESSAGES.flightNumberRequired);
        notify.error(TRACKER_MESSAGES.flightNumberRequired);
        inputRef.current?.focus();
        return;
      }
      if (!parseFlightNumber(typed)) {
        setError(TRACKER_MESSAGES.flightNumberFormat);
        notify.error(TRACKER_MESSAGES.flightNumberFormat);
        inputRef.current?.focus();
        return;
      }
      setError(null);
      setOfflineNote(null);
      setBusy(true);
      try {
        const status = await fetchFlightStatus(typed, onDate);
        queryClient.setQueryData(queryKeys.flightStatus(status.flightNumber, status.date), status);
        setTracked({ flightNumber: status.flightNumber, date: status.date });
        setNumber(status.flightNumber);
        const toast = trackingToast(status);
        notify[toast.kind](toast.message);
        if (signedIn) {
          const recorded = await recordServerHistory(status.flightNumber, status.date).catch(() => null);
          if (recorded && !recorded.queued) queryClient.setQueryData(queryKeys.tracker.history(account), recorded.body.entries);
          else if (recorded) void queryClient.invalidateQueries({ queryKey: queryKeys.tracker.all });
        } else setLocalHistory(recordLocalHistory(toTrackingEntry(status)));
      } catch (failure) {
        if (isNetworkFailure(failure)) {
          // Live status needs the server; the search itself can wait for the connection.
          setTracked(null);
          if (signedIn) {
            const recorded = await recordServerHistory(typed, onDate).catch(() => null);
            if (recorded?.queued) queryClient.setQueryData<string[]>(queryKeys.tracker.pending(account), (list = []) => [...list.filter((n) => n !== typed), typed]);
            setOfflineNote(
              recorded?.queued
                ? { text: `${TRACKER_OFFLINE} ${typed} is in Recent Searches and will be tracked when you're back online.`, queued: typed }
                : { text: TRACKER_OFFLINE, queued: null },
            );
          } else setOfflineNote({ text: `${TRACKER_OFFLINE} Reconnect to track ${typed}.`, queued: null });
          return;
        }
        const message = failure instanceof ApiError ? (failure.fields.flightNumber ?? failure.message) : 'Something went wrong. Please try again.';
        setError(message);
        notify.error(message);
        inputRef.current?.focus();
      } finally {
        setBusy(false);
      }
    },
    [signedIn, account, queryClient],
  );

  // Opened from a result card: track that flight at once (again on every opening).
  useEffect(() => {
    if (!open) started.current = false;
    if (!open || !initialFlightNumber || sessionStatus !== 'ready' || started.current) return;
    started.current = true;
    void track(initialFlightNumber, initialDate);
  }, [open, initialFlightNumber, initialDate, sessionStatus, track]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void track(number, date);
  };

  // A flight queued offline stops being "waiting" once the sync has recorded it.
  const note = offlineNote && (offlineNote.queued === null || pending.includes(offlineNote.queued)) ? offlineNote.text : null;
  const errorId = 'tracker-number-error';
  const today = todayLocal();
  const history = signedIn ? (serverHistory.data ?? []) : localHistory;
  return (
    <Modal open={open} onOpenChange={onOpenChange} className="tracker-modal" returnFocusTo={opener} title="Flight Tracker" description="Live status, gate and where the aircraft is, for any flight in Safar's schedule.">
      <div className="tracker">
        <form className="tr-form" onSubmit={submit} noValidate aria-busy={busy}>
          <div className="bk-field tr-number">
            <label htmlFor="tracker-number">Flight number</label>
            <input
              ref={inputRef}
              id="tracker-number"
              name="flightNumber"
              value={number}
              placeholder="e.g. 6E 2174"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={16}
              aria-invalid={error ? 'true' : 'false'}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setNumber(event.target.value.toUpperCase());
                setDate(undefined);
                if (error) setError(null);
              }}
            />
          </div>
          <button type="submit" className="btn btn-primary tr-submit" disabled={busy}>
            <Radar aria-hidden="true" size={18} />
            {busy ? 'Tracking…' : 'Track Flight'}
          </button>
          {error ? (
            <p id={errorId} className="bk-error tr-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
        <div aria-live="polite" className="tr-result">
          {note ? <NeedsConnection message={note} /> : null}
          {tracked && result.data ? <StatusCard status={result.data} /> : null}
        </div>
        <section className="tr-recent" aria-labelledby="tr-recent-title">
          <h3 id="tr-recent-title">Recent Searches</h3>
          {pending.length > 0 ? (
            <ul className="tr-pending" aria-label="Waiting to sync">
              {[...pending].reverse().map((flightNumber) => (
                <li key={flightNumber} className="tr-recent-item tr-recent-pending">
                  <span className="tr-recent-number">{flightNumber}</span>
                  <span className="small muted">Waiting to sync: tracked when you're back online</span>
                </li>
              ))}
            </ul>
          ) : null}
          {history.length === 0 && pending.length === 0 ? (
            <p className="small muted">Flights you track appear here{signedIn ? ' on every device you sign in on' : ' in this browser'}.</p>
          ) : history.length === 0 ? null : (
            <ul>
              {history.map((entry) => (
                <li key={entry.flightNumber}>
                  <button
                    type="button"
                    className="tr-recent-item"
                    onClick={() => {
                      const onDate = entry.date >= today ? entry.date : undefined;
                      setNumber(entry.flightNumber);
                      setDate(onDate);
                      void track(entry.flightNumber, onDate);
                    }}
                  >
                    <span className="tr-recent-number">{entry.flightNumber}</span>
                    <span className="small muted">
                      {entry.origin.code} → {entry.destination.code} · {dayLabel(entry.date)}
                    </span>
                    <span className={`tr-badge tr-small tr-${STATUS_CLASS[entry.status]}`}>{entry.status}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}
