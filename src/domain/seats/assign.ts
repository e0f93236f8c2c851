import type { SeatMap } from '../../core/seats';

export interface SeatParty {
  passengerId: string;
  type: 'adult' | 'child' | 'infant';
  /** May sit in an exit row (15 or over, no infant on the lap, conditions accepted). */
  exitEligible: boolean;
}

/** A seat of a map with where it sits: its row's index in the map, its block and its place in the block. */
interface Place {
  code: string;
  row: number;
  rowIndex: number;
  block: number;
  position: number;
  exit: boolean;
  kind: 'window' | 'middle' | 'aisle';
}

function placesOf(map: SeatMap): Place[] {
  const places: Place[] = [];
  map.rows.forEach((r, rowIndex) => {
    for (const seat of r.seats) {
      const block = map.blocks.findIndex((b) => b.includes(seat.letter));
      const position = map.blocks[block]?.indexOf(seat.letter) ?? 0;
      places.push({ code: `${r.row}${seat.letter}`, row: r.row, rowIndex, block, position, exit: seat.tags.includes('exit'), kind: seat.kind });
    }
  });
  return places;
}

/** Two seats are next to each other: same row, same block, neighbouring places (no aisle between). */
export function adjacent(map: SeatMap, a: string, b: string): boolean {
  const pa = parseSeat(a);
  const pb = parseSeat(b);
  if (!pa || !pb || pa.row !== pb.row) return false;
  for (const block of map.blocks) {
    const ia = block.indexOf(pa.letter);
    const ib = block.indexOf(pb.letter);
    if (ia >= 0 && ib >= 0) return Math.abs(ia - ib) === 1 && hasSeat(map, a) && hasSeat(map, b);
  }
  return false;
}

/** Row and letter of a seat code. @example parseSeat('12A') // { row: 12, letter: 'A' } */
function parseSeat(code: string): { row: number; letter: string } | null {
  const m = /^(\d{1,2})([A-HJ-Z])$/.exec(code);
  return m ? { row: Number(m[1]), letter: m[2] ?? '' } : null;
}

/** The map has this seat. */
export function hasSeat(map: SeatMap, code: string): boolean {
  const p = parseSeat(code);
  return p !== null && map.rows.some((r) => r.row === p.row && r.seats.some((s) => s.letter === p.letter));
}

/**
 * Free seats for a party, together when the cabin allows, each child next to an adult, nobody
 * ineligible in an exit row, never a taken or blocked seat; infants on a lap get none.
 * - `kept` are seats the party already holds: they stay, and the others are seated beside them.
 * - The party is seated as one run of neighbouring seats in a block when one is free (the frontmost
 *   such run, children and adults interleaved so each child has an adult beside it), else split
 *   into runs of an adult with the children it sits beside, else seat by seat.
 * - A passenger who is not exit-eligible never gets an exit-row seat; an eligible one only when no
 *   other seat will do (exit rows are offered, not imposed).
 * Returns passengerId → seat code; passengers it cannot seat (cabin full) are absent.
 * @example autoAssign(map, new Set(['1A']), [{ passengerId: 'p1', type: 'adult', exitEligible: true }]) // Map { 'p1' => '1B' }
 */
export function autoAssign(map: SeatMap, taken: ReadonlySet<string>, party: readonly SeatParty[], kept: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const places = placesOf(map);
  const result = new Map<string, string>();
  const used = new Set<string>(taken);
  for (const [pid, seat] of kept) {
    if (party.some((p) => p.passengerId === pid)) {
      result.set(pid, seat);
      used.add(seat);
    }
  }
  // An adult sits between two children where blocks have three seats or more, beside one where they have two.
  const kidsPerAdult = Math.min(2, Math.max(0, ...map.blocks.map((b) => b.length - 1)));
  const waiting = orderForRun(party.filter((p) => p.type !== 'infant' && !result.has(p.passengerId)), kidsPerAdult);
  if (waiting.length === 0) return result;

  const free = (p: Place) => !used.has(p.code);
  const fits = (p: Place, who: SeatParty | undefined) => who !== undefined && free(p) && (!p.exit || who.exitEligible);
  const byRowBlock = new Map<string, Place[]>();
  for (const p of places) {
    const key = `${p.rowIndex}|${p.block}`;
    const list = byRowBlock.get(key) ?? [];
    list.push(p);
    byRowBlock.set(key, list);
  }
  for (const list of byRowBlock.values()) list.sort((a, b) => a.position - b.position);
  const keptPlaces = places.filter((p) => [...result.values()].includes(p.code));

  /** The best run of `group.length` neighbouring free seats for the group (near kept seats, then from the front); null when none. */
  const findRun = (group: readonly SeatParty[]): Place[] | null => {
    let best: { run: Place[]; score: number } | null = null;
    for (const list of byRowBlock.values()) {
      for (let start = 0; start + group.length <= list.length; start++) {
        const run = list.slice(start, start + group.length);
        if (!run.every((p, i) => fits(p, group[i]) && (i === 0 || p.position === (run[i - 1]?.position ?? -9) + 1))) continue;
        const first = run[0];
        if (!first) continue;
        const near = keptPlaces.length === 0 ? 0 : Math.min(...keptPlaces.map((k) => Math.abs(k.rowIndex - first.rowIndex) * 10 + (k.block === first.block ? 0 : 5)));
        // Exit rows last: only when no other run is free (and only for the eligible).
        const exits = run.some((p) => p.exit) ? 1e7 : 0;
        const score = exits + near * 1000 + first.rowIndex * 10 + first.block;
        if (!best || score < best.score) best = { run, score };
      }
    }
    return best?.run ?? null;
  };
  const seatRun = (group: readonly SeatParty[]): boolean => {
    const run = findRun(group);
    if (!run) return false;
    run.forEach((p, i) => {
      const who = group[i];
      if (!who) return;
      result.set(who.passengerId, p.code);
      used.add(p.code);
      keptPlaces.push(p);
    });
    return true;
  };

  if (seatRun(waiting)) return result;
  // Split: each adult with the children beside it, then the remaining adults one by one.
  const children = waiting.filter((p) => p.type === 'child');
  const adults = waiting.filter((p) => p.type === 'adult');
  const groups: SeatParty[][] = [];
  for (const adult of adults) {
    const kids = children.splice(0, kidsPerAdult);
    groups.push(kids.length === 2 ? [kids[0], adult, kids[1]].filter((p): p is SeatParty => p !== undefined) : [adult, ...kids]);
  }
  // Children without an adult left to sit beside (more than an adult's neighbours) go one by one.
  for (const kid of children) groups.push([kid]);
  for (const group of groups) {
    if (seatRun(group)) continue;
    // Shrink: seat the group in halves, then one by one.
    for (const who of group) if (!result.has(who.passengerId)) seatRun([who]);
  }
  return result;
}

/** Adults and children interleaved so each child sits next to an adult in a run: each adult between up to two children (C A C C A C …). */
function orderForRun(pax: readonly SeatParty[], kidsPerAdult: number): SeatParty[] {
  const adults = pax.filter((p) => p.type === 'adult');
  const children = pax.filter((p) => p.type === 'child');
  const out: SeatParty[] = [];
  for (const adult of adults) {
    const kids = children.splice(0, kidsPerAdult);
    out.push(...kids.slice(0, 1), adult, ...kids.slice(1));
  }
  return [...out, ...children];
}
