import { useQueries } from '@tanstack/react-query';
import type { FlightStatus } from '../../../core/tracking';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
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
  // Each flight's status, following the clock (the server answers per minute).
  const statuses = useQueries({
    queries: current.map((leg) => {
      const [number = '', date = ''] = leg.flightId.split('@');
      return {
        queryKey: queryKeys.flightStatus(number, date),
        queryFn: () => apiFetch<FlightStatus>(`/api/flights/${encodeURIComponent(number)}/status?date=${date}`),
        refetchInterval: 60_000,
      };
    }),
  });
  if (current.length === 0) return null;
  return (
    <div className="booked-status" aria-live="polite">
      <ul>
        {current.map((leg, i) => {
          const status = statuses[i]?.data;
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
