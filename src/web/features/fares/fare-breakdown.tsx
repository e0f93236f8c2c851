import { useId } from 'react';
import type { PassengerView } from '../../../core/booking';
import type { PassengerLegFare } from '../../../core/fares';
import type { Itinerary } from '../../../core/search';
import { formatPaise } from '../../lib/format';
import './fares.css';

interface Props {
  fares: PassengerLegFare[];
  /** The legs, by leg index ("DEL → BOM · 6E 2134"). */
  itinerary: Pick<Itinerary, 'legs'>;
  /** The passengers by position; without them a passenger is called by type and number ("Adult 1"). */
  passengers?: Pick<PassengerView, 'title' | 'firstName' | 'middleName' | 'lastName'>[];
  headingLevel?: 3 | 4;
  /** What the sum of everything is called ("Total paid"); by default "Total for N passengers". */
  totalLabel?: string;
}

const TYPE_LABEL: Record<PassengerLegFare['passengerType'], string> = { adult: 'Adult', child: 'Child', infant: 'Infant' };
const STATUS_NOTE: Record<PassengerLegFare['status'], string | null> = { active: null, cancelled: 'Cancelled', changed: 'Moved to another flight' };

/** The fares of each passenger, in passenger order, each passenger's legs in leg order. */
function byPassenger(fares: PassengerLegFare[]): PassengerLegFare[][] {
  const groups = new Map<number, PassengerLegFare[]>();
  for (const fare of [...fares].sort((a, b) => a.passengerPosition - b.passengerPosition || a.legIndex - b.legIndex)) {
    const list = groups.get(fare.passengerPosition) ?? [];
    list.push(fare);
    groups.set(fare.passengerPosition, list);
  }
  return [...groups.values()];
}

/**
 * The fare line by line, per passenger and leg: base fare, fuel and airline charge (YQ), each
 * airport and government charge, GST and Safar's fee when there is one, each on its own line
 * with the leg's total, each passenger's total and the total for everyone.
 * @example <FareBreakdown fares={fare.fares} itinerary={booking.itinerary} passengers={booking.passengers} />
 */
export function FareBreakdown({ fares, itinerary, passengers = [], headingLevel = 3, totalLabel }: Props) {
  const Heading = `h${headingLevel}` as const;
  const idBase = useId();
  const groups = byPassenger(fares);
  const counters: Record<string, number> = {};
  const total = fares.reduce((sum, fare) => sum + fare.totalPaise, 0);
  return (
    <div className="fb">
      {groups.map((group) => {
        const first = group[0];
        if (!first) return null;
        const type = TYPE_LABEL[first.passengerType];
        counters[type] = (counters[type] ?? 0) + 1;
        const person = passengers[first.passengerPosition];
        const name = person ? [person.title, person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ') : `${type} ${counters[type]}`;
        const passengerTotal = group.reduce((sum, fare) => sum + fare.totalPaise, 0);
        const headingId = `${idBase}-p${first.passengerPosition}`;
        return (
          <section key={first.passengerPosition} className="fb-passenger" aria-labelledby={headingId}>
            <Heading id={headingId} className="fb-name">
              {name} <span className="muted fb-type">({type.toLowerCase()})</span>
            </Heading>
            <div className="fb-legs">
              {group.map((fare) => {
                const leg = itinerary.legs[fare.legIndex];
                const note = STATUS_NOTE[fare.status];
                return (
                  <table key={fare.legIndex} className="fb-table">
                    <caption>
                      {leg ? `${leg.from.code} → ${leg.to.code} · ${leg.flightNumber}` : `Flight ${fare.legIndex + 1}`}
                      {note ? <span className="fb-note"> · {note}</span> : null}
                    </caption>
                    <tbody>
                      {fare.lines.map((line) => (
                        <tr key={line.code} className={`fb-${line.kind}`}>
                          <th scope="row">{line.label}</th>
                          <td>{formatPaise(line.paise)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row">Flight total</th>
                        <td>{formatPaise(fare.totalPaise)}</td>
                      </tr>
                    </tfoot>
                  </table>
                );
              })}
            </div>
            {group.length > 1 ? (
              <p className="fb-sum">
                <span>Total for {name}</span> <strong>{formatPaise(passengerTotal)}</strong>
              </p>
            ) : null}
          </section>
        );
      })}
      <p className="fb-sum fb-grand">
        <span>{totalLabel ?? `Total for ${groups.length === 1 ? '1 passenger' : `${groups.length} passengers`}`}</span> <strong data-testid="breakdown-total">{formatPaise(total)}</strong>
      </p>
    </div>
  );
}
