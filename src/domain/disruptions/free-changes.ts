import type { Disruption } from '../../core/disruptions';
import type { ChangeQuote, PassengerLegFare } from '../../core/fares';
import { type Statement, fromJson, q } from '../../db/raw';
import { type ChangeInput, NotChangeableError, changeQuote } from '../refunds/rule';

/**
 * Free changes after a disruption move (issue 29: "a cancelled flight's booking keeps its
 * protected flight with free changes until departure"):
 * - A booking is protected when a disruption move made it: the centre's rebooking the traveller
 *   chose (`rebooked`) or Safar's automatic keep of the protected flight (`auto-kept`). A booking
 *   changed from a protected booking is protected too, in the same window.
 * - The window runs until the first departure of the booking the move made; there is none
 *   otherwise.
 * - Inside the window, changing flight (same city pair and cabin, as every change) costs nothing:
 *   no change fee, whatever the fare family says (a fare that cannot be changed, inside its
 *   cutoff, a closed band), and no fare difference either way. The new booking carries the fares
 *   paid (`carriedFares`), so nothing is paid and nothing is paid back.
 * - Inside the window, cancelling refunds everything paid, Safar's fee and add-ons included: the
 *   airline-cancelled rule, as CAR Section 3 Series M Part IV gives a full refund for the
 *   cancelled flight, which the move does not take away.
 * - A flight that has departed cannot be changed, window or not.
 * - Outside the window (at or after its end, or none), the fare family's rules apply unchanged.
 */

/** Why a change is free inside the window, in words: the airline cancelled the original flight, or changed it. */
export function freeChangeWords(kind: Disruption['kind']): string {
  return kind === 'cancellation' ? 'Free change: your original flight was cancelled by the airline' : 'Free change: the airline changed your original flight';
}

/** A booking's disruption window: until when, and the kind of change that opened it. */
export interface FreeChangeWindow {
  until: Date;
  kind: Disruption['kind'];
}

/**
 * Whether the window is open at `now` (strictly before its end).
 * @example windowOpen({ until: new Date('2026-12-10T04:30Z'), kind: 'cancellation' }, new Date('2026-12-09T10:00Z')) // true
 */
export function windowOpen(window: FreeChangeWindow | null, now: Date): window is FreeChangeWindow {
  return window !== null && now.getTime() < window.until.getTime();
}

/**
 * What changing these passenger-legs costs now, the window first (see the rule above): inside
 * it nothing, every line saying why; outside it the fare family's `changeQuote`.
 * Throws NotChangeableError for a departed leg (and whatever changeQuote throws outside the window).
 * @example freeChangeQuote({ bookedAt, legs, oldFares, newFares, now }, window).duePaise // 0
 */
export function freeChangeQuote(input: ChangeInput, window: FreeChangeWindow | null): ChangeQuote {
  if (!windowOpen(window, input.now)) return changeQuote(input);
  const words = freeChangeWords(window.kind);
  const lines = input.oldFares.map((fare) => {
    const leg = input.legs.find((candidate) => candidate.legIndex === fare.legIndex);
    if (!leg) throw new Error(`Passenger ${fare.passengerPosition}: the booking has no leg ${fare.legIndex}`);
    if (leg.departureUtc.getTime() <= input.now.getTime()) throw new NotChangeableError('departed', leg.legIndex, 'This flight has departed and can no longer be changed');
    return { passengerPosition: fare.passengerPosition, legIndex: fare.legIndex, changeFeePaise: 0, explanation: words };
  });
  const oldTotal = input.oldFares.reduce((sum, fare) => sum + fare.totalPaise, 0);
  return { lines, changeFeePaise: 0, oldTotalPaise: oldTotal, newTotalPaise: oldTotal, fareDifferencePaise: 0, duePaise: 0, refundPaise: 0, freeWindowApplies: false, disruptionFree: words };
}

/**
 * The fares a change inside the window carries to a new itinerary of `legCount` legs: each
 * passenger's fares as paid, leg for leg when the count is the same; otherwise all of a
 * passenger's lines on the first leg and empty fares (nothing paid) on the others, in the same
 * family. Every passenger's total is what they paid.
 * @example carriedFares(oldFares, 2)
 */
export function carriedFares(oldFares: readonly PassengerLegFare[], legCount: number): PassengerLegFare[] {
  const legsBefore = new Set(oldFares.map((f) => f.legIndex));
  if (legsBefore.size === legCount && [...legsBefore].every((legIndex) => legIndex < legCount)) return oldFares.map((f) => ({ ...f, status: 'active' }));
  const positions = [...new Set(oldFares.map((f) => f.passengerPosition))].sort((a, b) => a - b);
  return positions.flatMap((position) => {
    const mine = oldFares.filter((f) => f.passengerPosition === position).sort((a, b) => a.legIndex - b.legIndex);
    const first = mine[0];
    if (!first) return [];
    return Array.from({ length: legCount }, (_, legIndex): PassengerLegFare => ({
      passengerPosition: position,
      passengerType: first.passengerType,
      legIndex,
      familyCode: first.familyCode,
      lines: legIndex === 0 ? mine.flatMap((f) => f.lines) : [],
      totalPaise: legIndex === 0 ? mine.reduce((sum, f) => sum + f.totalPaise, 0) : 0,
      status: 'active',
    }));
  });
}

/**
 * A column (json, or null when the booking has no window) with the window of the booking whose
 * id is `bookingId`: the nearest booking in its change chain (itself, then the one it was changed
 * from, and so on) that a disruption move made, its first departure and the disruption's kind.
 * Read it with `windowFrom`.
 */
export function freeChangeWindowSql(bookingId: Statement): Statement {
  return q`(select json_build_object('until', m.itinerary->'legs'->0->>'departure', 'kind', d.kind)
      from (with recursive chain(id, changed_from, depth) as (
          select b.id, b.changed_from, 0 from bookings b where b.id = ${bookingId}
          union all
          select p.id, p.changed_from, c.depth + 1 from chain c join bookings p on p.id = c.changed_from where c.depth < 64
        ) select id, depth from chain) c
      join disruption_cases d on d.new_booking_id = c.id and d.state in ('rebooked', 'auto-kept')
      join bookings m on m.id = c.id
      order by c.depth limit 1)`;
}

/**
 * The window from `freeChangeWindowSql`'s column.
 * @example windowFrom(row.free_change_window)
 */
export function windowFrom(value: unknown): FreeChangeWindow | null {
  if (value === null || value === undefined) return null;
  const parsed = fromJson<{ until: string | null; kind: Disruption['kind'] } | null>(value);
  if (!parsed?.until) return null;
  return { until: new Date(parsed.until), kind: parsed.kind };
}
