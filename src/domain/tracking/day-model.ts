/**
 * One UTC day of operations: aircraft rotations and every leg's delay or cancellation.
 *
 * Rotations: each aircraft (tail) flies a day of legs. At every airport, a departing leg takes
 * the aircraft of its carrier and type that became ready (arrival + minimum turn) most recently
 * — the tightest turn, as airlines plan them — or a fresh aircraft when none is ready.
 *
 * Delays, in departure order: departure delay = max(own primary delay, fog hold, inbound arrival
 * delay − turn slack), where slack = scheduled turn − minimum turn. The primary "late" share of
 * each carrier is calibrated per day (three fixed-point passes over the same uniforms), so that
 * after reactionary delay the carrier's arrival on-time share matches its OTP input.
 */
import { AIRCRAFT } from '../world/airlines';
import { isoDate } from '../world/time';
import type { World } from '../world/world';
import {
  cancelProbability,
  drawUniform,
  FOG_ADVANCE_CANCEL_MINUTES,
  FOG_AIRPORTS,
  FOG_END_LOCAL,
  FOG_NIGHT_SHARE,
  FOG_START_LOCAL,
  inFogWindow,
  isFogLeg,
  lateMinutes,
  onTimeTarget,
} from './delay-model';

export type DelayCause = 'none' | 'operational' | 'congestion' | 'reactionary' | 'fog';
const CAUSES: readonly DelayCause[] = ['none', 'operational', 'congestion', 'reactionary', 'fog'];

export interface DayModel {
  utcDay: number;
  size: number;
  /** Row of a flight by pattern index and local departure day, or undefined. */
  rowOf(patternIndex: number, localDay: number): number | undefined;
  pattern: Int32Array;
  localDay: Int32Array;
  /** Scheduled departure and arrival, UTC minutes since the epoch. */
  departure: Int32Array;
  arrival: Int32Array;
  cancelled: Uint8Array;
  /** Minutes; departure delay ≥ 0, arrival delay may be negative (early). */
  departureDelay: Int32Array;
  arrivalDelay: Int32Array;
  cause: Uint8Array;
  /** Row of the leg that brings this leg's aircraft, or -1 (first leg of the aircraft's day). */
  inbound: Int32Array;
  /** Scheduled turn minus minimum turn, minutes (0 when no inbound). */
  slack: Int32Array;
  /** Aircraft of the day (index into `tails`). */
  tail: Int32Array;
  tails: string[];
  /** When the delay (or cancellation) becomes known, UTC minutes. */
  knownAt: Int32Array;
  /** Was there dense fog in north India on the night before this UTC day's morning? */
  fogNight: boolean;
}

export function causeName(code: number): DelayCause {
  return CAUSES[code] ?? 'none';
}

const WIDEBODY = new Set(['B788', 'B789', 'A359', 'A333', 'B77W', 'A388']);

/** Minimum turn by aircraft: turboprops 20 min, narrowbodies 30, widebodies 75. */
function minimumTurn(aircraftId: string): number {
  if (AIRCRAFT[aircraftId]?.turboprop) return 20;
  return WIDEBODY.has(aircraftId) ? 75 : 30;
}

/** Registration prefix by the carrier's country (VT- for India). */
const REGISTRATION_PREFIX: Record<string, string> = {
  IN: 'VT-', AE: 'A6-', QA: 'A7-', OM: 'A4O-', SA: 'HZ-', KW: '9K-', BH: 'A9C-', SG: '9V-', TH: 'HS-', MY: '9M-', HK: 'B-',
  JP: 'JA', KR: 'HL', AU: 'VH-', LK: '4R-', NP: '9N-', BD: 'S2-', MV: '8Q-', ID: 'PK-', GB: 'G-', FR: 'F-', NL: 'PH-',
  DE: 'D-', CH: 'HB-', AT: 'OE-', IT: 'EI-', ES: 'EC-', TR: 'TC-', US: 'N', CA: 'C-',
};

function registration(world: World, carrier: string, n: number): string {
  const prefix = REGISTRATION_PREFIX[world.getAirline(carrier)?.country ?? ''] ?? '';
  const h = drawUniform(world.seed, `${carrier}|tail|${n}`, 0);
  if (prefix === 'N' || prefix === 'JA' || prefix === 'HL') return `${prefix}${100 + Math.floor(h * 899)}${String.fromCharCode(65 + (n % 26))}`;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let code = '';
  let x = Math.floor(h * 17576);
  for (let i = 0; i < 3; i++) {
    code = (letters[x % 26] ?? 'A') + code;
    x = Math.floor(x / 26);
  }
  return `${prefix}${code}`;
}

const cache = new WeakMap<World, Map<number, DayModel>>();
const MAX_DAYS = 12;

/**
 * The operations model of a UTC day (cached per world, a dozen days).
 * @example const day = dayModel(world, dayNumber('2026-12-24'))
 */
export function dayModel(world: World, utcDay: number): DayModel {
  let days = cache.get(world);
  if (!days) {
    days = new Map();
    cache.set(world, days);
  }
  const hit = days.get(utcDay);
  if (hit) {
    days.delete(utcDay);
    days.set(utcDay, hit);
    return hit;
  }
  const model = buildDayModel(world, utcDay);
  if (days.size >= MAX_DAYS) {
    const oldest = days.keys().next().value;
    if (oldest !== undefined) days.delete(oldest);
  }
  days.set(utcDay, model);
  return model;
}

/** Dense fog in north India on a local (IST) date: a seeded draw inside the fog window. */
function isFogNight(seed: number, date: string): boolean {
  return inFogWindow(date) && drawUniform(seed, `fog|${date}`, 0) < FOG_NIGHT_SHARE;
}

/** Uniform streams per leg. */
const U_CANCEL = 1;
const U_LATE = 2;
const U_LENGTH = 3;
const U_ENROUTE = 4;
const U_CAUSE = 5;
const U_REVEAL = 6;
const U_FOG = 7;

function buildDayModel(world: World, utcDay: number): DayModel {
  const slice = world.daySlice(utcDay);
  const n = slice.pattern.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (slice.departure[a] ?? 0) - (slice.departure[b] ?? 0) || a - b);
  const index = new Map<number, number>();
  const key = (pattern: number, localDay: number) => pattern * 65536 + (localDay & 0xffff);
  for (let i = 0; i < n; i++) index.set(key(slice.pattern[i] ?? 0, slice.localDay[i] ?? 0), i);

  // Rotations.
  const inbound = new Int32Array(n).fill(-1);
  const slack = new Int32Array(n);
  const tail = new Int32Array(n);
  const tails: string[] = [];
  const tailCount = new Map<string, number>();
  const pools = new Map<string, { ready: number; row: number; tail: number }[]>();
  for (const i of order) {
    const p = world.patterns[slice.pattern[i] ?? 0];
    if (!p) continue;
    const dep = slice.departure[i] ?? 0;
    const poolKey = `${p.from}|${p.carrier}|${p.aircraft}`;
    const pool = pools.get(poolKey);
    let best = -1;
    if (pool) {
      for (let j = 0; j < pool.length; j++) {
        const candidate = pool[j];
        if (candidate && candidate.ready <= dep && (best < 0 || candidate.ready > (pool[best]?.ready ?? 0))) best = j;
      }
    }
    const chosen = best >= 0 && pool ? pool.splice(best, 1)[0] : undefined;
    if (chosen) {
      inbound[i] = chosen.row;
      tail[i] = chosen.tail;
      slack[i] = dep - chosen.ready;
    } else {
      const count = (tailCount.get(p.carrier) ?? 0) + 1;
      tailCount.set(p.carrier, count);
      tail[i] = tails.length;
      tails.push(registration(world, p.carrier, Number(`${utcDay % 1000}${count}`)));
    }
    const arrivalKey = `${p.to}|${p.carrier}|${p.aircraft}`;
    const arrivalPool = pools.get(arrivalKey) ?? [];
    arrivalPool.push({ ready: (slice.arrival[i] ?? 0) + minimumTurn(p.aircraft), row: i, tail: tail[i] ?? 0 });
    pools.set(arrivalKey, arrivalPool);
  }

  // Per-leg inputs.
  const seed = world.seed;
  const legKey: string[] = new Array<string>(n);
  const target = new Float64Array(n);
  const cancelDraw = new Uint8Array(n);
  const fogHold = new Int32Array(n);
  const carrierGroup: string[] = new Array<string>(n);
  const perCarrier = new Map<string, number>();
  const fogNight = isFogNight(seed, isoDate(utcDay));
  for (let i = 0; i < n; i++) {
    const p = world.patterns[slice.pattern[i] ?? 0];
    if (!p) continue;
    const date = isoDate(slice.localDay[i] ?? 0);
    legKey[i] = `${p.key}@${date}`;
    target[i] = onTimeTarget(p.carrier, date, p.from, p.to);
    cancelDraw[i] = drawUniform(seed, legKey[i] ?? '', U_CANCEL) < cancelProbability(p.from, p.to, date) ? 1 : 0;
    perCarrier.set(p.carrier, (perCarrier.get(p.carrier) ?? 0) + 1);
    // Dense fog holds departures from, and arrivals into, north-India airports until 08:00 local.
    if (fogNight && isFogLeg(p.from, p.to, date)) {
      const extra = 10 + Math.floor(drawUniform(seed, legKey[i] ?? '', U_FOG) * 50);
      let hold = 0;
      if (FOG_AIRPORTS.has(p.from) && p.departureLocal >= FOG_START_LOCAL && p.departureLocal < FOG_END_LOCAL) hold = FOG_END_LOCAL - p.departureLocal + extra;
      if (FOG_AIRPORTS.has(p.to) && p.arrivalLocal >= FOG_START_LOCAL && p.arrivalLocal < FOG_END_LOCAL) hold = Math.max(hold, FOG_END_LOCAL - p.arrivalLocal + extra);
      fogHold[i] = hold;
    }
  }
  // Carriers with few legs a day share one calibration group (a per-day fit on 3 legs is noise).
  for (let i = 0; i < n; i++) {
    const p = world.patterns[slice.pattern[i] ?? 0];
    carrierGroup[i] = p && (perCarrier.get(p.carrier) ?? 0) >= 40 ? p.carrier : 'other';
  }

  const cancelled = new Uint8Array(n);
  const departureDelay = new Int32Array(n);
  const arrivalDelay = new Int32Array(n);
  const cause = new Uint8Array(n);
  const factor = new Map<string, number>();
  const lateU = new Float64Array(n);
  const lengthU = new Float64Array(n);
  const enrouteU = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lateU[i] = drawUniform(seed, legKey[i] ?? '', U_LATE);
    lengthU[i] = drawUniform(seed, legKey[i] ?? '', U_LENGTH);
    enrouteU[i] = drawUniform(seed, legKey[i] ?? '', U_ENROUTE);
  }

  const pass = () => {
    const late = new Map<string, [number, number, number]>(); // operated, late, target late
    for (const i of order) {
      const p = world.patterns[slice.pattern[i] ?? 0];
      if (!p) continue;
      const group = carrierGroup[i] ?? 'other';
      const k = factor.get(group) ?? 1;
      const fog = fogHold[i] ?? 0;
      if (cancelDraw[i] || fog > FOG_ADVANCE_CANCEL_MINUTES) {
        cancelled[i] = 1;
        cause[i] = fog > FOG_ADVANCE_CANCEL_MINUTES ? 4 : 1;
        departureDelay[i] = 0;
        arrivalDelay[i] = 0;
        continue;
      }
      cancelled[i] = 0;
      const q = Math.min(0.95, (1 - (target[i] ?? 0.8)) * k);
      const u = lengthU[i] ?? 0;
      const primary = (lateU[i] ?? 1) < q ? lateMinutes(u, fog > 0 ? 'fog' : 'normal') : Math.floor(u * u * 12);
      const from = inbound[i] ?? -1;
      const reactionary = from >= 0 && !cancelled[from] ? (arrivalDelay[from] ?? 0) - (slack[i] ?? 0) : 0;
      let delay = primary;
      let why = primary >= 15 ? (drawUniform(seed, legKey[i] ?? '', U_CAUSE) < 0.35 ? 2 : 1) : 0;
      if (fog > delay) {
        delay = fog;
        why = 4;
      }
      if (reactionary > delay) {
        delay = reactionary;
        why = reactionary >= 15 ? 3 : why;
      }
      const block = p.blockMinutes;
      const enroute = Math.round(((enrouteU[i] ?? 0.5) - 0.6) * Math.min(20, block / 6));
      departureDelay[i] = delay;
      arrivalDelay[i] = delay + enroute;
      cause[i] = why;
      const row = late.get(group) ?? [0, 0, 0];
      row[0] += 1;
      if (delay + enroute > 15) row[1] += 1;
      row[2] += 1 - (target[i] ?? 0.8);
      late.set(group, row);
    }
    return late;
  };

  for (let iteration = 0; iteration < 4; iteration++) {
    const late = pass();
    if (iteration === 3) break;
    for (const [group, [operated, lateCount, targetLate]] of late) {
      if (operated === 0) continue;
      const measured = Math.max(lateCount / operated, 0.005);
      const want = targetLate / operated;
      factor.set(group, Math.min(3, Math.max(0.1, (factor.get(group) ?? 1) * (want / measured))));
    }
  }

  // When each leg's news becomes known.
  const knownAt = new Int32Array(n);
  for (const i of order) {
    const dep = slice.departure[i] ?? 0;
    const c = cause[i] ?? 0;
    if (cancelled[i]) knownAt[i] = dep - (c === 4 ? 600 : 360);
    else if (c === 4) knownAt[i] = dep - 600;
    else if (c === 3) knownAt[i] = Math.min(dep - 30, knownAt[inbound[i] ?? 0] ?? dep - 180);
    else knownAt[i] = dep - 180 + Math.floor(drawUniform(seed, legKey[i] ?? '', U_REVEAL) * 150);
  }

  return {
    utcDay,
    size: n,
    rowOf: (patternIndex, localDay) => index.get(key(patternIndex, localDay)),
    pattern: slice.pattern,
    localDay: slice.localDay,
    departure: slice.departure,
    arrival: slice.arrival,
    cancelled,
    departureDelay,
    arrivalDelay,
    cause,
    inbound,
    slack,
    tail,
    tails,
    knownAt,
    fogNight,
  };
}
