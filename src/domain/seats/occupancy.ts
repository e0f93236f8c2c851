import type { SeatMap, SeatState } from '../../core/seats';
import { createRng, hashString } from '../schedule/rng';

/** Seats in a cabin's map. */
const seatCount = (map: SeatMap) => map.rows.reduce((n, r) => n + r.seats.length, 0);

/**
 * The order in which the flight world's other travellers fill a cabin, fixed per flight-date and
 * cabin (seeded by the flight id):
 * - seats the airline blocks (the last row's aisle seats by the rear galley, in cabins of 60 seats
 *   or more) come first, so they count among the seats sold;
 * - travellers come as parties of one (55 %), two (30 %) or three (15 %), each party on neighbouring
 *   seats of one block when it can (families together);
 * - a lone traveller takes a window or aisle seat before a middle one;
 * - front rows fill earlier; exit and extra-legroom rows (which cost more) later.
 * The first n seats of this order, skipping seats Safar passengers hold, are the n other travellers'.
 * With `atLeast`, placing stops once that many seats are ordered: the answer is then a prefix of
 * the whole order (the draws up to that point are the same), which is all a seat map needs.
 */
export function fillOrder(map: SeatMap, seed: string, atLeast = Infinity): { order: string[]; blocked: number } {
  const rng = createRng(hashString(seed));
  const total = seatCount(map);
  const order: string[] = [];
  const used = new Set<string>();
  const last = map.rows[map.rows.length - 1];
  if (total >= 60 && last) {
    for (const s of last.seats) {
      if (s.kind === 'aisle' && order.length < 2) {
        order.push(`${last.row}${s.letter}`);
        used.add(`${last.row}${s.letter}`);
      }
    }
  }
  const blocked = order.length;
  // Runs of seats per row and block, with a fixed cost per seat.
  const runs: { codes: string[]; cost: number[] }[] = [];
  map.rows.forEach((r, rowIndex) => {
    const front = rowIndex / Math.max(1, map.rows.length);
    for (const block of map.blocks) {
      const seats = block.flatMap((letter) => r.seats.filter((s) => s.letter === letter));
      runs.push({
        codes: seats.map((s) => `${r.row}${s.letter}`),
        cost: seats.map((s) => front + (s.kind === 'middle' ? 0.6 : s.kind === 'aisle' ? 0.05 : 0) + (s.tags.includes('exit') || s.tags.includes('xl') ? 0.35 : 0)),
      });
    }
  });
  // Seat codes by index, so the placement loop compares numbers and allocates nothing per candidate.
  const codes = runs.flatMap((r) => r.codes);
  const taken = new Uint8Array(codes.length);
  const runStart: number[] = [];
  let at = 0;
  for (const run of runs) {
    runStart.push(at);
    at += run.codes.length;
  }
  codes.forEach((c, i) => {
    if (used.has(c)) taken[i] = 1;
  });
  let placed = used.size;
  while (placed < total && order.length < atLeast) {
    const draw = rng.next();
    const size = draw < 0.55 ? 1 : draw < 0.85 ? 2 : 3;
    let bestAt = -1;
    let bestCost = Infinity;
    runs.forEach((run, r) => {
      const base = runStart[r] ?? 0;
      for (let start = 0; start + size <= run.codes.length; start++) {
        let free = true;
        let sum = 0;
        for (let k = 0; k < size; k++) {
          if (taken[base + start + k]) {
            free = false;
            break;
          }
          sum += run.cost[start + k] ?? 0;
        }
        if (!free) continue;
        const cost = sum / size + rng.next() * 0.35;
        if (cost < bestCost) {
          bestCost = cost;
          bestAt = base + start;
        }
      }
    });
    // No run of this size is left: the rest go one by one, front to back.
    const count = bestAt >= 0 ? size : 1;
    if (bestAt < 0) bestAt = taken.indexOf(0);
    if (bestAt < 0) break;
    for (let k = 0; k < count; k++) {
      const code = codes[bestAt + k];
      if (code === undefined) continue;
      order.push(code);
      taken[bestAt + k] = 1;
      placed += 1;
    }
  }
  return { order, blocked };
}

const ORDERS = new Map<string, { order: string[]; blocked: number }>();
const ORDER_CACHE_SIZE = 4000;

/**
 * fillOrder, remembered for the most recent flight-dates (a seat map is asked for many times), at
 * least `atLeast` seats long (or whole): a remembered prefix that is too short is made again longer.
 */
export function cachedFillOrder(map: SeatMap, flightId: string, atLeast = Infinity): { order: string[]; blocked: number } {
  const key = `${flightId}|${map.cabin}`;
  const hit = ORDERS.get(key);
  if (hit && hit.order.length >= Math.min(atLeast, seatCount(map))) {
    ORDERS.delete(key);
    ORDERS.set(key, hit);
    return hit;
  }
  // A little more than asked, so a few more seats sold do not make it again at once.
  const made = fillOrder(map, key, atLeast === Infinity ? Infinity : atLeast + 12);
  ORDERS.delete(key);
  ORDERS.set(key, made);
  if (ORDERS.size > ORDER_CACHE_SIZE) {
    const oldest = ORDERS.keys().next().value;
    if (oldest !== undefined) ORDERS.delete(oldest);
  }
  return made;
}

/**
 * Each seat's state on a flight-date: Safar passengers' seats are `held` (a live hold) or `safar`
 * (bought); of the rest, the first `others` seats of the fill order are the other travellers'
 * (`blocked` for the airline's blocked seats at its head, `taken` after), and the remaining seats are free.
 * @example seatStates(map, order, 10, new Map([['12A', 'held']])).get('12A') // 'held'
 */
export function seatStates(map: SeatMap, fill: { order: readonly string[]; blocked: number }, others: number, safar: ReadonlyMap<string, 'held' | 'safar'>): Map<string, SeatState> {
  const states = new Map<string, SeatState>();
  for (const r of map.rows) for (const s of r.seats) states.set(`${r.row}${s.letter}`, 'free');
  for (const [seat, state] of safar) if (states.has(seat)) states.set(seat, state);
  let placed = 0;
  for (let i = 0; i < fill.order.length && placed < others; i++) {
    const seat = fill.order[i];
    if (seat === undefined || safar.has(seat)) continue;
    states.set(seat, i < fill.blocked ? 'blocked' : 'taken');
    placed += 1;
  }
  return states;
}
