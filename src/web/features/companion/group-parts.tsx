import type { GroupFlight, Member, Share } from '../../../core/companion';
import { arrivalTime, formatDay, formatDuration, localDate, localTime } from '../../lib/format';

const SHARE_LABELS: Record<Share['status'], string> = { paid: 'Paid', pending: 'Pending', refunded: 'Refunded' };

/** A member's state: 'Confirmed' once they accepted (the organiser from the start), else 'Pending'. */
export function MemberStatus({ member }: { member: Pick<Member, 'status'> }) {
  return <span className={`tc-badge${member.status === 'confirmed' ? ' is-ok' : ''}`}>{member.status === 'confirmed' ? 'Confirmed' : 'Pending'}</span>;
}

/** A split entry's state: 'Paid', 'Pending' or 'Refunded'. */
export function ShareStatus({ status }: { status: Share['status'] }) {
  return <span className={`tc-badge${status === 'paid' ? ' is-ok' : ''}`}>{SHARE_LABELS[status]}</span>;
}

function minutesBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 60_000);
}

const terminal = (t: string | null) => (t ? `Terminal ${t.replace(/^T/i, '')}` : 'Terminal not announced');

/**
 * The flights of a group or shared trip: number, airline, airport-local times, cities and terminals.
 * @example <GroupFlights flights={group.flights} />
 */
export function GroupFlights({ flights }: { flights: readonly GroupFlight[] }) {
  return (
    <ol className="tc-flights">
      {flights.map((flight) => (
        <li key={`${flight.flightNumber}-${flight.departure}`} className="tc-flight">
          <p className="tc-flight-head">
            <strong>{flight.flightNumber}</strong> <span className="muted">{flight.airline}</span>
            <span className="muted small"> · {formatDay(localDate(flight.departure))} · {formatDuration(minutesBetween(flight.departure, flight.arrival))}</span>
          </p>
          <div className="tc-flight-ends">
            <p>
              <span className="tc-time">{localTime(flight.departure)}</span> {flight.from.city} ({flight.from.code})
              <span className="muted small tc-terminal">{terminal(flight.from.terminal)}</span>
            </p>
            <p>
              <span className="tc-time">{arrivalTime(flight.departure, flight.arrival)}</span> {flight.to.city} ({flight.to.code})
              <span className="muted small tc-terminal">{terminal(flight.to.terminal)}</span>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
