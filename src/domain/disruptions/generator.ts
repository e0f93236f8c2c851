import { type Disruption, type FlightTimes, isExtraordinary, type ReasonCode } from '../../core/disruptions';
import { CABINS, type Cabin } from '../../core/search-options';
import { causeName, type DayModel, dayModel } from '../tracking/day-model';
import { drawUniform } from '../tracking/delay-model';
import { operationsStatusAt } from '../tracking/status';
import { AIRCRAFT } from '../world/airlines';
import { dayNumber, formatLocal, isoDate } from '../world/time';
import type { DatedFlight, World } from '../world/world';

/**
 * The disruptions of a flight-date, built on the delay model's day of operations
 * (src/domain/tracking/day-model.ts) so the tracker, the ticket and the disruption centre agree:
 *
 * - Cancellations are exactly the day model's cancelled legs. A fog cancellation (a fog hold
 *   over 3 h, cancelled in advance) is announced when the day model makes it known, 10 h before
 *   departure. Of the other cancellations a quarter are schedule changes announced 2–45 days
 *   ahead; the rest are operational, announced 6 h before, with a reason drawn per leg
 *   (technical, crew, weather — more in the monsoon —, airport operations, security).
 * - Delays are the day model's departure delays of 15 min or more, as the tracker shows them: at
 *   the moment the delay becomes known; a long operational delay first at half its length (to
 *   5 min) and in full halfway to departure. Reasons: a late inbound aircraft (with the reason of
 *   the first late flight of its chain), fog, air traffic (congestion), or the leg's drawn reason.
 * - Gate changes are the tracker's: the gate it shows before and after the late change, 25 min
 *   before the expected departure.
 * - On top of the operations, seeded per flight-date and independent of them: retimings (2 % of
 *   flight-dates, announced 3–60 days ahead, by 5 min steps, mostly later and mostly under an
 *   hour, one in ten 3–6 h), aircraft swaps (1.5 %, to another type of the same class in the
 *   operator's fleet: planned days ahead, or a technical swap hours ahead) and terminal changes
 *   (0.3 % of departures from airports with several terminals, days ahead). Cancelled flights
 *   get no swap, and a schedule-change cancellation no retiming.
 * - A retimed flight's operations happen around its new time: its cancellation, delays and gate
 *   change are the day model's, moved by the shift, and say the retimed schedule was in force;
 *   so do swaps and terminal changes announced after the retiming.
 *
 * Each disruption's `extraordinary` follows its root reason (see REASONS in core/disruptions).
 * Everything is a pure function of the world seed, the flight and its date.
 */

const MINUTE_MS = 60_000;
const DAY = 1440;

/** Share of the day model's non-fog cancellations that are schedule changes announced weeks ahead. */
const SCHEDULE_CHANGE_SHARE = 0.25;
/** Notice of a schedule-change cancellation, days (uniform). */
const SCHEDULE_CHANGE_NOTICE_DAYS = [2, 45] as const;
/** Share of flight-dates retimed in advance; notice in days. */
const RETIMING_SHARE = 0.02;
const RETIMING_NOTICE_DAYS = [3, 60] as const;
/** Share of flight-dates flown by another aircraft type; of those, planned (days ahead) rather than technical (hours ahead). */
const SWAP_SHARE = 0.015;
const PLANNED_SWAP_SHARE = 0.6;
/** Share of departures from multi-terminal airports moved to another terminal. */
const TERMINAL_CHANGE_SHARE = 0.003;

/** Operational reasons and their weights (monsoon months June–September: more weather). */
const OPERATIONAL_REASONS: readonly [ReasonCode, number, number][] = [
  // reason, weight in a normal month, weight in the monsoon
  ['technical', 0.35, 0.3],
  ['crew', 0.2, 0.15],
  ['weather', 0.12, 0.3],
  ['airport-operations', 0.31, 0.24],
  ['security', 0.02, 0.01],
];

/** Uniform streams of this module (the day model uses 0–7; the tracker's gates use their own key). */
const S = { reason: 21, scheduleChange: 22, notice: 23, retime: 24, retimeNotice: 25, retimeShift: 26, swap: 27, swapKind: 28, swapNotice: 29, swapType: 30, terminal: 31, terminalPick: 32, terminalNotice: 33 } as const;

/** The operational reason of a leg (its own drawn reason, by month). */
function operationalReason(seed: number, legKey: string, month: number): ReasonCode {
  const monsoon = month >= 6 && month <= 9;
  const total = OPERATIONAL_REASONS.reduce((sum, [, normal, wet]) => sum + (monsoon ? wet : normal), 0);
  let u = drawUniform(seed, legKey, S.reason) * total;
  for (const [reason, normal, wet] of OPERATIONAL_REASONS) {
    u -= monsoon ? wet : normal;
    if (u < 0) return reason;
  }
  return 'technical';
}

/** Aircraft classes a swap stays within: turboprops, narrowbodies, widebodies. */
const WIDEBODY = new Set(['B788', 'B789', 'A359', 'A333', 'B77W', 'A388']);
function aircraftClass(id: string): 'turboprop' | 'narrowbody' | 'widebody' {
  if (AIRCRAFT[id]?.turboprop) return 'turboprop';
  return WIDEBODY.has(id) ? 'widebody' : 'narrowbody';
}

const fleets = new WeakMap<World, Map<string, string[]>>();

/** The aircraft types a carrier flies anywhere in the world's schedule, sorted. */
export function fleetOf(world: World, carrier: string): string[] {
  let byCarrier = fleets.get(world);
  if (!byCarrier) {
    const sets = new Map<string, Set<string>>();
    for (const p of world.patterns) sets.set(p.carrier, (sets.get(p.carrier) ?? new Set()).add(p.aircraft));
    byCarrier = new Map([...sets].map(([code, set]) => [code, [...set].sort()]));
    fleets.set(world, byCarrier);
  }
  return byCarrier.get(carrier) ?? [];
}

function seatsOf(aircraftId: string): Partial<Record<Cabin, number>> {
  return { ...(AIRCRAFT[aircraftId]?.layout ?? {}) };
}

interface Context {
  world: World;
  flight: DatedFlight;
  day: DayModel;
  row: number;
  legKey: string;
  /** Minutes the schedule in force is moved from the pattern's (a retiming's shift, else 0). */
  shift: number;
}

/**
 * The reason of a day-model row: fog, air traffic (congestion), a late inbound aircraft, or the
 * leg's drawn operational reason; and the root reason: for a late inbound, the reason of the
 * first leg of the aircraft's chain that was late for its own reason (a late inbound when the
 * chain starts with a leg only a few minutes late).
 */
function reasonOfRow(world: World, day: DayModel, row: number): { reason: ReasonCode; rootReason: ReasonCode } {
  const own = (r: number): ReasonCode | null => {
    const cause = causeName(day.cause[r] ?? 0);
    if (cause === 'fog') return 'fog';
    if (cause === 'congestion') return 'atc';
    if (cause === 'reactionary') return 'late-inbound';
    if (cause === 'none') return null;
    const p = world.patterns[day.pattern[r] ?? 0];
    const date = isoDate(day.localDay[r] ?? 0);
    return operationalReason(world.seed, `${p?.key ?? ''}@${date}`, Number(date.slice(5, 7)));
  };
  const reason = own(row) ?? 'late-inbound';
  if (reason !== 'late-inbound') return { reason, rootReason: reason };
  let r = day.inbound[row] ?? -1;
  for (let hops = 0; r >= 0 && hops < 32; hops++) {
    const root = own(r);
    if (root !== 'late-inbound') return { reason, rootReason: root ?? 'late-inbound' };
    r = day.inbound[r] ?? -1;
  }
  return { reason, rootReason: 'late-inbound' };
}

/** Times of a leg shifted by `minutes` (local at each end). */
function timesOf(ctx: Context, minutes: number): FlightTimes {
  const origin = ctx.world.getAirport(ctx.flight.from);
  const destination = ctx.world.getAirport(ctx.flight.to);
  const dep = ctx.flight.departureUtc.getTime() / MINUTE_MS + minutes;
  const arr = ctx.flight.arrivalUtc.getTime() / MINUTE_MS + minutes;
  return { departure: formatLocal(dep, origin?.tz ?? 'UTC'), arrival: formatLocal(arr, destination?.tz ?? 'UTC') };
}

const instant = (utcMinutes: number) => new Date(Math.round(utcMinutes) * MINUTE_MS).toISOString();
const round5 = (minutes: number) => Math.round(minutes / 5) * 5;
/** An integer in [min, max] from a uniform. */
const between = (u: number, [min, max]: readonly [number, number]) => min + Math.floor(u * (max - min + 1));

/** The common fields; `scheduled` is the schedule in force: the retimed one once a retiming is announced. */
function base(ctx: Context, kind: string, step: number, announcedAtMinutes: number, reason: ReasonCode, rootReason: ReasonCode = reason, shift = ctx.shift) {
  const { flight } = ctx;
  return {
    id: `${flight.flightId}|${kind}|${step}`,
    flightId: flight.flightId,
    flightNumber: flight.flightNumber,
    from: flight.from,
    to: flight.to,
    announcedAt: instant(announcedAtMinutes),
    scheduled: timesOf(ctx, shift),
    reason,
    rootReason,
    extraordinary: isExtraordinary(rootReason),
  };
}

/** Is the leg's cancellation a schedule change announced weeks ahead (a share of the day model's non-fog cancellations)? */
function isScheduleChangeCancellation(ctx: Context): boolean {
  const { day, row } = ctx;
  return day.cancelled[row] === 1 && causeName(day.cause[row] ?? 0) !== 'fog' && drawUniform(ctx.world.seed, ctx.legKey, S.scheduleChange) < SCHEDULE_CHANGE_SHARE;
}

/**
 * The day's cancellation, delays and gate change of a leg, from the day model and the tracker,
 * moved by the retiming's shift when the flight was retimed (operations happen around the
 * schedule in force).
 */
function fromOperations(ctx: Context): Disruption[] {
  const { world, day, row, flight, shift } = ctx;
  const seed = world.seed;
  const departure = day.departure[row] ?? 0;
  const knownAt = (day.knownAt[row] ?? departure) + shift;
  const cause = causeName(day.cause[row] ?? 0);
  if (day.cancelled[row]) {
    if (cause === 'fog') return [{ ...base(ctx, 'cancellation', 1, knownAt, 'fog'), kind: 'cancellation' }];
    if (isScheduleChangeCancellation(ctx)) {
      const days = between(drawUniform(seed, ctx.legKey, S.notice), SCHEDULE_CHANGE_NOTICE_DAYS);
      return [{ ...base(ctx, 'cancellation', 1, departure - days * DAY, 'schedule-change'), kind: 'cancellation' }];
    }
    const { reason } = reasonOfRow(world, day, row);
    return [{ ...base(ctx, 'cancellation', 1, knownAt, reason), kind: 'cancellation' }];
  }
  const out: Disruption[] = [];
  const delay = day.departureDelay[row] ?? 0;
  const offBlock = departure + delay;
  if (delay >= 15) {
    const { reason, rootReason } = reasonOfRow(world, day, row);
    // As the tracker shows it: a long operational delay first at half its length, in full halfway to departure.
    const staged = (cause === 'operational' || cause === 'congestion') && delay > 45;
    const steps: [number, number][] = staged ? [[knownAt, round5(delay / 2)], [Math.ceil((knownAt + offBlock + shift - 40) / 2), delay]] : [[knownAt, delay]];
    let n = 0;
    for (const [at, minutes] of steps) {
      if (minutes < 15) continue;
      n += 1;
      out.push({ ...base(ctx, 'delay', n, at, reason, rootReason), kind: 'delay', delayMinutes: minutes, expected: timesOf(ctx, shift + minutes) });
    }
  }
  // The tracker's late gate change, read from the tracker itself just after it happens.
  const after = operationsStatusAt(world, flight, new Date((offBlock - 20) * MINUTE_MS));
  if (after.previousGate !== null && after.gate !== null) {
    out.push({ ...base(ctx, 'gate-change', 1, offBlock + shift - 25, 'airport-operations'), kind: 'gate-change', fromGate: after.previousGate, toGate: after.gate });
  }
  return out;
}

/** A retiming of the flight-date, or null (seeded; announced 3–60 days ahead). */
function retimingOf(ctx: Context): Extract<Disruption, { kind: 'retiming' }> | null {
  const { world, flight, legKey } = ctx;
  const seed = world.seed;
  if (drawUniform(seed, legKey, S.retime) >= RETIMING_SHARE) return null;
  const departure = flight.departureUtc.getTime() / MINUTE_MS;
  const days = between(drawUniform(seed, legKey, S.retimeNotice), RETIMING_NOTICE_DAYS);
  const u = drawUniform(seed, legKey, S.retimeShift);
  // 70 % later; size: 60 % up to 1 h, 30 % 1–3 h, 10 % 3–6 h, in 5-min steps.
  const later = u < 0.7;
  const v = later ? u / 0.7 : (u - 0.7) / 0.3;
  const size = v < 0.6 ? 5 + 5 * Math.floor((v / 0.6) * 12) : v < 0.9 ? 60 + 5 * Math.floor(((v - 0.6) / 0.3) * 24) : 180 + 5 * Math.floor(((v - 0.9) / 0.1) * 36);
  const shift = later ? size : -size;
  return { ...base(ctx, 'retiming', 1, departure - days * DAY, 'schedule-change', 'schedule-change', 0), kind: 'retiming', shiftMinutes: shift, expected: timesOf(ctx, shift) };
}

/** Aircraft swaps and terminal changes: seeded per flight-date, announced in advance (before or after a retiming). */
function fromPlans(ctx: Context, cancelled: boolean, retiming: Disruption | null): Disruption[] {
  const { world, flight, legKey } = ctx;
  const seed = world.seed;
  const departure = flight.departureUtc.getTime() / MINUTE_MS;
  /** Announced `notice` minutes before the departure in force then: the retimed one once the retiming is known. */
  const plan = (notice: number) => {
    const retimedAt = departure + ctx.shift - notice;
    return retiming && instant(retimedAt) >= retiming.announcedAt ? { at: retimedAt, shift: ctx.shift } : { at: departure - notice, shift: 0 };
  };
  const out: Disruption[] = [];
  if (!cancelled && drawUniform(seed, legKey, S.swap) < SWAP_SHARE) {
    const candidates = fleetOf(world, flight.carrier).filter((id) => id !== flight.aircraftId && aircraftClass(id) === aircraftClass(flight.aircraftId));
    const to = candidates[Math.floor(drawUniform(seed, legKey, S.swapType) * candidates.length)];
    if (to) {
      const planned = drawUniform(seed, legKey, S.swapKind) < PLANNED_SWAP_SHARE;
      const { at, shift } = plan(planned ? between(drawUniform(seed, legKey, S.swapNotice), [1, 14]) * DAY : between(drawUniform(seed, legKey, S.swapNotice), [60, 360]));
      const reason = planned ? 'schedule-change' : 'technical';
      const seatsBefore = seatsOf(flight.aircraftId);
      const seatsAfter = seatsOf(to);
      out.push({
        ...base(ctx, 'aircraft-swap', 1, at, reason, reason, shift),
        kind: 'aircraft-swap',
        fromAircraft: flight.aircraftId,
        toAircraft: to,
        toAircraftName: AIRCRAFT[to]?.name ?? to,
        seatsBefore,
        seatsAfter,
        cabinsLost: CABINS.filter((c) => (seatsBefore[c] ?? 0) > 0 && (seatsAfter[c] ?? 0) === 0),
      });
    }
  }
  const terminals = world.getAirport(flight.from)?.terminals ?? [];
  if (flight.fromTerminal !== null && terminals.length > 1 && drawUniform(seed, legKey, S.terminal) < TERMINAL_CHANGE_SHARE) {
    const others = terminals.filter((t) => t !== flight.fromTerminal);
    const to = others[Math.floor(drawUniform(seed, legKey, S.terminalPick) * others.length)];
    const { at, shift } = plan(between(drawUniform(seed, legKey, S.terminalNotice), [2, 10]) * DAY);
    if (to) out.push({ ...base(ctx, 'terminal-change', 1, at, 'airport-operations', 'airport-operations', shift), kind: 'terminal-change', fromTerminal: flight.fromTerminal, toTerminal: to });
  }
  return out;
}

/**
 * Every disruption of a dated flight, in the order they are announced.
 * @example disruptionsOf(world, world.getFlight('6E1000@2027-01-10')!)
 */
export function disruptionsOf(world: World, flight: DatedFlight): Disruption[] {
  const day = dayModel(world, Math.floor(flight.departureUtc.getTime() / (DAY * MINUTE_MS)));
  const row = day.rowOf(flight.pattern.index, dayNumber(flight.departureDate));
  if (row === undefined) throw new Error(`No row for ${flight.flightId}`);
  const original: Context = { world, flight, day, row, legKey: flight.flightId, shift: 0 };
  // A flight cancelled by a schedule change is not retimed first.
  const retiming = isScheduleChangeCancellation(original) ? null : retimingOf(original);
  const ctx: Context = { ...original, shift: retiming?.shiftMinutes ?? 0 };
  const operations = fromOperations(ctx);
  const cancelled = operations.some((d) => d.kind === 'cancellation');
  return [...(retiming ? [retiming] : []), ...operations, ...fromPlans(ctx, cancelled, retiming)].sort((a, b) => a.announcedAt.localeCompare(b.announcedAt) || a.id.localeCompare(b.id));
}

/**
 * The disruptions known at `now` (announced at or before it).
 * @example disruptionsKnownAt(world, flight, clock.now())
 */
export function disruptionsKnownAt(world: World, flight: DatedFlight, now: Date): Disruption[] {
  const at = now.toISOString();
  return disruptionsOf(world, flight).filter((d) => d.announcedAt <= at);
}

/**
 * Every disruption of the flights departing during a UTC day (for the measurement script and
 * the rate tests), with the dated flight of each.
 */
export function disruptionsOfDay(world: World, utcDay: number): { flight: DatedFlight; disruptions: Disruption[] }[] {
  const day = dayModel(world, utcDay);
  const out: { flight: DatedFlight; disruptions: Disruption[] }[] = [];
  for (let row = 0; row < day.size; row++) {
    const flight = world.flightOf(day.pattern[row] ?? 0, day.localDay[row] ?? 0);
    out.push({ flight, disruptions: disruptionsOf(world, flight) });
  }
  return out;
}
