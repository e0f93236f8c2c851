/**
 * Tells signed-in travellers about material changes to the flights they booked: a delay of
 * 15 min or more, then each further 30 min; a gate change inside the last 3 h before departure.
 * (A cancellation is told by the disruption centre's job, with the rights and choices.) Each change is one in-app notice and one email (through the outbox), recorded
 * once per traveller, flight, field and value (the notice's dedupe key), so several nodes and
 * repeated runs never send it twice.
 */
import { and, eq, gte, inArray, like, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { FlightStatus } from '../../core/tracking';
import type { Db } from '../../db/client';
import { bookingSegments, bookings, notifications } from '../../db/schema';
import { notify } from '../notifications/notify';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { World } from '../world/world';
import { flightStatusAt } from './tracker';

/** First delay notice at this many minutes late, then one per further step. */
const DELAY_FIRST_NOTICE = 15;
const DELAY_NEXT_STEP = 30;
/** Gate changes matter inside this many minutes before departure. */
const GATE_CHANGE_WINDOW = 180;

type ChangeField = 'delay' | 'gate' | 'cancelled';

export interface FlightChange {
  field: ChangeField;
  value: string;
  title: string;
  body: string;
}

const hhmm = (iso: string) => iso.slice(11, 16);

/**
 * The material changes in a status worth a notice, given the last delay already notified.
 * @example materialChanges(status, null, now) // [{ field: 'delay', value: '45', title: 'Flight 6E 2174 is delayed by 45 minutes', … }]
 */
export function materialChanges(status: FlightStatus, lastNotifiedDelay: number | null, now: Date): FlightChange[] {
  const n = status.flightNumber;
  const route = `${status.origin.city} → ${status.destination.city} on ${status.date}`;
  if (status.status === 'Cancelled') {
    return [
      {
        field: 'cancelled',
        value: 'cancelled',
        title: `Flight ${n} has been cancelled`,
        body: `${n} ${route} has been cancelled (${status.reason}). You are entitled to a full refund or a free change to another flight.`,
      },
    ];
  }
  if (status.departed) return [];
  const changes: FlightChange[] = [];
  const delay = status.delay ?? 0;
  const due = lastNotifiedDelay === null ? delay >= DELAY_FIRST_NOTICE : delay >= lastNotifiedDelay + DELAY_NEXT_STEP;
  if (status.status === 'Delayed' && due) {
    changes.push({
      field: 'delay',
      value: String(delay),
      title: `Flight ${n} is delayed by ${delay} minutes`,
      body: `${n} ${route} now leaves at ${hhmm(status.actualDeparture)} instead of ${hhmm(status.scheduledDeparture)}: ${status.reason}.`,
    });
  }
  const minutesToGo = (Date.parse(status.actualDeparture) - now.getTime()) / 60_000;
  if (status.gate && status.previousGate && minutesToGo <= GATE_CHANGE_WINDOW) {
    changes.push({
      field: 'gate',
      value: status.gate,
      title: `Flight ${n} now leaves from gate ${status.gate}`,
      body: `${n} ${route}: the gate changed from ${status.previousGate} to ${status.gate}${status.terminal ? `, terminal ${status.terminal}` : ''}. Departure ${hhmm(status.actualDeparture)}.`,
    });
  }
  return changes;
}

/** The notice key of a change: one per traveller, flight, field and value. */
const changeKey = (flightId: string, field: ChangeField, value: string) => `flight:${flightId}:${field}:${value}`;

/**
 * Checks the confirmed bookings flying from yesterday to two days ahead and queues notices for
 * material changes. Bookings are claimed with FOR UPDATE SKIP LOCKED, so nodes share the work.
 * @example await watchBookedFlights(db, world, clock)
 */
export async function watchBookedFlights(db: Db, world: World, clock: Clock, limit = 500): Promise<{ checked: number; notices: number }> {
  const now = clock.now();
  const today = dayNumber(indiaToday(now));
  const first = isoDate(today - 1);
  const last = isoDate(today + 2);
  return db.transaction(async (tx) => {
    const flightDate = sql<string>`split_part(${bookingSegments.flightId}, '@', 2)`;
    const candidates = tx
      .selectDistinct({ id: bookingSegments.bookingId })
      .from(bookingSegments)
      .where(and(gte(flightDate, first), lte(flightDate, last)));
    const claimed = await tx
      .select({ id: bookings.id, userId: bookings.userId, pnr: bookings.pnr })
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), inArray(bookings.id, candidates)))
      .orderBy(bookings.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return { checked: 0, notices: 0 };
    const segments = await tx
      .select({ bookingId: bookingSegments.bookingId, flightId: bookingSegments.flightId })
      .from(bookingSegments)
      .where(
        inArray(
          bookingSegments.bookingId,
          claimed.map((b) => b.id),
        ),
      );
    const byId = new Map(claimed.map((b) => [b.id, b]));
    let notices = 0;
    const seen = new Set<string>();
    for (const segment of segments) {
      const booking = byId.get(segment.bookingId);
      const flight = world.getFlight(segment.flightId);
      if (!booking || !flight) continue;
      // Two bookings of one traveller on one flight: one notice.
      const pair = `${booking.userId}|${segment.flightId}`;
      if (seen.has(pair)) continue;
      seen.add(pair);
      const status = flightStatusAt(world, flight, now);
      if (status.status === 'On Time' && !status.previousGate) continue;
      const [previous] = await tx
        .select({ last: sql<number | null>`max(split_part(${notifications.dedupeKey}, ':', 4)::int)` })
        .from(notifications)
        .where(and(eq(notifications.userId, booking.userId), like(notifications.dedupeKey, `${changeKey(segment.flightId, 'delay', '')}%`)));
      // A cancellation is told by the disruption job, with the traveller's rights and choices.
      for (const change of materialChanges(status, previous?.last ?? null, now).filter((c) => c.field !== 'cancelled')) {
        const result = await notify(tx, clock, {
          to: { userId: booking.userId },
          kind: 'flight-change',
          title: change.title,
          body: `${change.body} PNR ${booking.pnr}.`,
          url: `/ticket/${booking.id}`,
          data: { flightId: segment.flightId, field: change.field, value: change.value, bookingId: booking.id },
          dedupeKey: changeKey(segment.flightId, change.field, change.value),
          push: false,
        });
        if (result.created) notices += 1;
      }
    }
    return { checked: claimed.length, notices };
  });
}
