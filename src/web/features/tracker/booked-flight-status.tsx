import { useEffect, useState } from 'react';
import type { FlightStatus } from '../../../core/tracking';
import { apiFetch } from '../../lib/api';
import { TrackFlightButton } from './track-flight-button';
import './booked-flight-status.css';

interface LegRef {
  flightNumber: string;
  /** "6E2174@2026-12-24". */
  flightId: string;
}

const STATUS_CLASS: Record<FlightStatus['status'], string> = {
  'On Time': 'ok',
  Arrived: 'ok',
  Delayed: 'warn',
  Boarding: 'info',
  Departed: 'info',
  Cancelled: 'danger',
};

function isoToday(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

function summary(status: FlightStatus): string {
  const parts: string[] = [status.status === 'Delayed' ? `Delayed ${status.delay ?? 0} min` : status.status];
  if (status.status !== 'Cancelled' && !status.arrived) {
    parts.push(`${status.departed ? 'left' : 'leaves'} ${status.actualDeparture.slice(11, 16)}`);
    if (status.gate) parts.push(`gate ${status.gate}${status.previousGate ? ` (was ${status.previousGate})` : ''}`);
  }
  if (status.arrived) parts.push(`landed ${status.actualArrival.slice(11, 16)}`);
  return parts.join(' · ');
}

/**
 * Live status of a booking's flights that fly from yesterday to two days ahead (later flights
 * have no news yet), with a Track Flight button for the full tracker.
 * @example <BookedFlightStatus legs={booking.itinerary.legs} />
 */
export function BookedFlightStatus({ legs }: { legs: readonly LegRef[] }) {
  const from = isoToday(-1);
  const to = isoToday(2);
  const current = legs.filter((leg) => {
    const date = leg.flightId.split('@')[1] ?? '';
    return date >= from && date <= to;
  });
  const key = current.map((leg) => leg.flightId).join(',');
  const [statuses, setStatuses] = useState<Record<string, FlightStatus>>({});
  useEffect(() => {
    if (!key) return;
    let live = true;
    const load = () => {
      for (const flightId of key.split(',')) {
        const [number, date] = flightId.split('@');
        apiFetch<FlightStatus>(`/api/flights/${encodeURIComponent(number ?? '')}/status?date=${date ?? ''}`)
          .then((status) => {
            if (live) setStatuses((all) => ({ ...all, [flightId]: status }));
          })
          .catch(() => {});
      }
    };
    load();
    const timer = window.setInterval(load, 60_000);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [key]);
  if (current.length === 0) return null;
  return (
    <div className="booked-status" aria-live="polite">
      <ul>
        {current.map((leg) => {
          const status = statuses[leg.flightId];
          return (
            <li key={leg.flightId}>
              <span className="booked-status-number">{leg.flightNumber}</span>{' '}
              {status ? <span className={`booked-status-text bs-${STATUS_CLASS[status.status]}`}>{summary(status)}</span> : <span className="small muted">Checking status…</span>}
            </li>
          );
        })}
      </ul>
      {current[0] ? <TrackFlightButton flightNumber={current[0].flightNumber} date={current[0].flightId.split('@')[1]} className="btn btn-small" /> : null}
    </div>
  );
}
