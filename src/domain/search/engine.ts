import { type DaySlice, PAIR_STRIDE } from '../schedule/expand';
import type { FlightPattern } from '../schedule/patterns';
import { dayNumber, localToUtcMinutes } from '../world/time';
import type { World } from '../world/world';
import { type ConnectionFacts, connectionFacts, connectsByIndex, maximumLayover, shortestConnection } from './mct';
import { queryRules, twoStopAllowed } from './rules';

/** One leg the engine chose: a pattern on a local departure day, times in UTC minutes. */
interface EngineLeg {
  pattern: number;
  localDay: number;
  departure: number;
  arrival: number;
}

export interface Candidate {
  legs: EngineLeg[];
  departure: number;
  arrival: number;
}

export interface EngineQuery {
  origin: string;
  destination: string;
  /** Local departure date at the origin, YYYY-MM-DD. */
  date: string;
  maxStops?: 0 | 1 | 2;
  /** Whether a flight-date (leaving at `departure`, UTC minutes) can sell the seats asked for. Default: all open. */
  isOpen?: (pattern: number, localDay: number, departure: number) => boolean;
  /** Reuse onward-flight answers across first legs (default). Off only to compare against the plain scan in tests. */
  reuseOnward?: boolean;
}

export interface EngineResult {
  candidates: Candidate[];
  /** Flights leaving the origin that day in any direction (for the empty-result reason). */
  originDepartures: number;
  /** Whether a candidate was dropped only because it was not open (sold out / no such cabin). */
  closedSeen: boolean;
}

/** Smallest MCT of any connection (domestic, same terminal): the scan window starts here. */
const MIN_MCT = 45;
const MAX_LAYOVER = 24 * 60;

const factsOf = new WeakMap<World, ConnectionFacts>();

function worldFacts(world: World): ConnectionFacts {
  let facts = factsOf.get(world);
  if (!facts) {
    facts = connectionFacts(world.patterns, world.airportIndex);
    factsOf.set(world, facts);
  }
  return facts;
}

/**
 * Direct, 1-stop and 2-stop itineraries leaving on the requested local date, with exact
 * MCT and layover limits, circuity pruning, hub pairs for 2-stop and per-via dominance
 * pruning (keep what no other beats on both departure and arrival). Pure in-memory:
 * no database access.
 * @example findItineraries(world, { origin: 'IXM', destination: 'IXJ', date: '2026-12-24' }).candidates
 */
export function findItineraries(world: World, query: EngineQuery): EngineResult {
  const origin = world.airportIndex.get(query.origin);
  const destination = world.airportIndex.get(query.destination);
  const originAirport = origin === undefined ? undefined : world.airports[origin];
  if (origin === undefined || destination === undefined || !originAirport || origin === destination) {
    return { candidates: [], originDepartures: 0, closedSeen: false };
  }
  const maxStops = query.maxStops ?? 2;
  const isOpen = query.isOpen ?? null;
  const day = dayNumber(query.date);
  const t0 = localToUtcMinutes(originAirport.tz, day, 0);
  const t1 = localToUtcMinutes(originAirport.tz, day + 1, 0);
  const ctx = new SearchContext(world, isOpen, Math.floor(t0 / 1440), query.reuseOnward !== false);
  const rules = queryRules(world, origin, destination);
  const facts = worldFacts(world);

  const direct: Candidate[] = [];
  const oneStop: Candidate[] = [];
  const firstLegs: EngineLeg[] = [];
  let originDepartures = 0;

  for (let utcDay = Math.floor(t0 / 1440); utcDay <= Math.floor((t1 - 1) / 1440); utcDay++) {
    const slice = ctx.slice(utcDay);
    const end = slice.start[origin + 1] ?? 0;
    for (let r = slice.start[origin] ?? 0; r < end; r++) {
      const dep = slice.departure[r] ?? 0;
      if (dep < t0 || dep >= t1) continue;
      originDepartures++;
      const to = slice.destination[r] ?? 0;
      if (to !== destination && !rules.via1[to]) continue;
      const p = slice.pattern[r] ?? 0;
      const localDay = slice.localDay[r] ?? 0;
      if (!ctx.open(p, localDay, dep)) continue;
      const leg: EngineLeg = { pattern: p, localDay, departure: dep, arrival: slice.arrival[r] ?? 0 };
      if (to === destination) direct.push({ legs: [leg], departure: leg.departure, arrival: leg.arrival });
      else firstLegs.push(leg);
    }
  }

  if (maxStops >= 1) {
    for (const f1 of firstLegs) {
      const f2 = ctx.legOf(ctx.bestNext(f1.pattern, f1.localDay, f1.arrival, facts.to[f1.pattern] ?? -1, destination, Infinity));
      if (f2) oneStop.push({ legs: [f1, f2], departure: f1.departure, arrival: f2.arrival });
    }
  }
  const kept = [...direct, ...paretoByVia(oneStop, facts)];

  if (maxStops >= 2) {
    const frontier = frontierOf(kept);
    const twoStop: Candidate[] = [];
    const hubs: number[] = [];
    rules.hub.forEach((isHub, h) => {
      if (isHub) hubs.push(h);
    });
    // Second vias allowed after each first via, with the shortest possible time from landing at
    // the first via to landing at the destination through each, computed once per query.
    const secondVias = new Map<number, { h2: number; midBlock: number; lastBlock: number; shortest: number }[]>();
    for (const f1 of firstLegs) {
      const h1 = facts.to[f1.pattern] ?? -1;
      if (!rules.hub[h1]) continue;
      let vias = secondVias.get(h1);
      if (!vias) {
        vias = [];
        for (const h2 of hubs) {
          const midBlock = world.minBlock.get(h1 * PAIR_STRIDE + h2);
          const lastBlock = world.minBlock.get(h2 * PAIR_STRIDE + destination);
          if (h2 === origin || h2 === destination || midBlock === undefined || lastBlock === undefined || !twoStopAllowed(world, rules, h1, h2)) continue;
          vias.push({ h2, midBlock, lastBlock, shortest: MIN_MCT + midBlock + MIN_MCT + lastBlock });
        }
        secondVias.set(h1, vias);
      }
      // Anything arriving after what a direct/1-stop leaving no earlier reaches is dominated.
      let bound = frontier.bestArrivalLeavingFrom(f1.departure);
      for (const via of vias) {
        // Even the quickest connections through h2 would land too late: bestTwo would find nothing.
        if (f1.arrival + via.shortest >= bound) continue;
        const found = ctx.bestTwo(f1, h1, via.h2, destination, bound, via.midBlock, via.lastBlock);
        if (found) {
          twoStop.push({ legs: [f1, found[0], found[1]], departure: f1.departure, arrival: found[1].arrival });
          bound = Math.min(bound, found[1].arrival + 1);
        }
      }
    }
    kept.push(...paretoByVia(twoStop, facts));
  }
  return { candidates: kept, originDepartures, closedSeen: ctx.closedSeen };
}

/**
 * Per world, one slot per flight-date key (pattern × 16 local days around the query's), written
 * by the search whose generation is in the slot's stamp: whether the flight is open, and the
 * best onward flight found after it (see SearchContext.bestNext). A search takes a new
 * generation instead of clearing, so remembering costs a few array writes and no allocation.
 */
interface FlightScratch {
  /** generation × 2 + 1 when open, + 0 when closed. */
  open: Int32Array;
  /**
   * Three numbers per slot, side by side so one lookup touches one cache line: the generation,
   * the bound the onward scan ran with (NO_BOUND for none) and what it found
   * (day offset × ROW_BITS + row, or −1 for nothing).
   */
  next: Int32Array;
  generation: number;
}

/** Stands for an unbounded scan (arrival minutes stay far below it). */
const NO_BOUND = 0x7fffffff;
/** Rows of a day slice stay below 2²⁴; the day's offset from the search's first UTC day goes above. */
const ROW_BITS = 0x1000000;
/** Generations start again from 1 (after clearing) before generation × 2 + 1 would overflow. */
const LAST_GENERATION = 0x3fffffff;

const scratchOf = new WeakMap<World, FlightScratch>();

function flightScratch(world: World): FlightScratch {
  let scratch = scratchOf.get(world);
  if (!scratch) {
    const size = world.patterns.length * 16;
    scratch = { open: new Int32Array(size), next: new Int32Array(size * 3), generation: 0 };
    // Written once now, so no search pays the first touch of these pages.
    scratch.open.fill(0);
    scratch.next.fill(0);
    scratchOf.set(world, scratch);
  }
  return scratch;
}

function nextGeneration(scratch: FlightScratch): number {
  if (scratch.generation >= LAST_GENERATION) {
    scratch.open.fill(0);
    scratch.next.fill(0);
    scratch.generation = 0;
  }
  return ++scratch.generation;
}

class SearchContext {
  private readonly slices: (DaySlice | undefined)[] = [];
  closedSeen = false;
  /** Open flights and onward answers, this search's generation: see FlightScratch. */
  private readonly scratch: FlightScratch;
  private readonly generation: number;

  private readonly facts: ConnectionFacts;

  constructor(
    private readonly world: World,
    private readonly isOpen: ((pattern: number, localDay: number, departure: number) => boolean) | null,
    private readonly firstDay: number,
    private readonly reuseOnward: boolean,
  ) {
    this.facts = worldFacts(world);
    this.scratch = flightScratch(world);
    this.generation = nextGeneration(this.scratch);
  }

  slice(utcDay: number): DaySlice {
    const i = utcDay - this.firstDay;
    let s = i >= 0 ? this.slices[i] : undefined;
    if (!s) {
      s = this.world.daySlice(utcDay);
      if (i >= 0) this.slices[i] = s;
    }
    return s;
  }

  /**
   * A small-integer key for a flight-date (fast Map keys, nothing allocated), or −1 for a local
   * day too far from the query's, which is then simply not cached.
   */
  private flightKey(pattern: number, localDay: number): number {
    const offset = localDay - this.firstDay + 4;
    return offset >= 0 && offset < 16 ? pattern * 16 + offset : -1;
  }

  open(pattern: number, localDay: number, departure: number): boolean {
    if (!this.isOpen) return true;
    const key = this.flightKey(pattern, localDay);
    const marks = this.scratch.open;
    if (key >= 0) {
      const mark = marks[key] ?? 0;
      if (mark >> 1 === this.generation) return (mark & 1) === 1;
    }
    const result = this.isOpen(pattern, localDay, departure);
    if (key >= 0) marks[key] = this.generation * 2 + (result ? 1 : 0);
    if (!result) this.closedSeen = true;
    return result;
  }

  /**
   * The valid connecting flight from `via` to `to` after the inbound flight that arrives first
   * (exact MCT by terminals and domestic/international, layover limit), arriving before `bound`:
   * its position (see legOf), or −1. Positions, not legs: most answers are only compared.
   */
  bestNext(inPattern: number, inLocalDay: number, inArrival: number, via: number, to: number, bound: number): number {
    // `via` is the inbound flight's arrival airport and `to` the query's destination, so the
    // inbound flight alone identifies the question. Many first legs reach the same hub and scan
    // the same second legs, each asking for the same onward flight; an answer found under a
    // bound is exact for any smaller bound.
    const key = this.reuseOnward ? this.flightKey(inPattern, inLocalDay) : -1;
    const next = this.scratch.next;
    const slot = key * 3;
    const asked = bound === Infinity ? NO_BOUND : bound;
    if (key >= 0 && next[slot] === this.generation && asked <= (next[slot + 1] ?? 0)) {
      // The earlier scan covered every flight this one would look at: same answer, cut at `bound`.
      const found = next[slot + 2] ?? -1;
      return found >= 0 && this.arrivalOf(found) < bound ? found : -1;
    }
    const found = this.scanNext(inPattern, inArrival, via, to, bound);
    if (key >= 0) {
      next[slot] = this.generation;
      next[slot + 1] = asked;
      next[slot + 2] = found;
    }
    return found;
  }

  /** The leg at a position (day offset from the first UTC day × ROW_BITS + row in that day's slice), or null for −1. */
  legOf(found: number): EngineLeg | null {
    if (found < 0) return null;
    const offset = Math.floor(found / ROW_BITS);
    return legAt(this.slice(this.firstDay + offset), found - offset * ROW_BITS);
  }

  private arrivalOf(found: number): number {
    const offset = Math.floor(found / ROW_BITS);
    return this.slice(this.firstDay + offset).arrival[found - offset * ROW_BITS] ?? 0;
  }

  /** The earliest-arriving valid onward flight as a packed (day offset, row) position, or −1. */
  private scanNext(inPattern: number, inArrival: number, via: number, to: number, bound: number): number {
    const key = via * PAIR_STRIDE + to;
    const block = this.world.minBlock.get(key);
    if (block === undefined) return -1;
    const from = inArrival + MIN_MCT;
    const until = inArrival + MAX_LAYOVER;
    let found = -1;
    let bestArrival = bound;
    for (let utcDay = Math.floor(from / 1440); utcDay <= Math.floor(until / 1440); utcDay++) {
      const slice = this.slice(utcDay);
      const range = slice.pairs.get(key);
      if (!range) continue;
      let r = lowerBound(slice.departure, range[0], range[1], from);
      for (; r < range[1]; r++) {
        const dep = slice.departure[r] ?? 0;
        // Departures are sorted and no flight on the pair is quicker than `block`: nothing later can win.
        if (dep > until || dep + block >= bestArrival) break;
        const arr = slice.arrival[r] ?? 0;
        if (arr >= bestArrival) continue;
        const p = slice.pattern[r] ?? 0;
        if (!connectsByIndex(this.facts, inPattern, p, inArrival, dep)) continue;
        if (!this.open(p, slice.localDay[r] ?? 0, dep)) continue;
        found = (utcDay - this.firstDay) * ROW_BITS + r;
        bestArrival = arr;
      }
    }
    return found;
  }

  /** Best (earliest-arriving) h1 → h2 → destination continuation of `inbound`, arriving before `bound`. */
  bestTwo(inbound: EngineLeg, h1: number, h2: number, to: number, bound: number, midBlock: number, lastBlock: number): [EngineLeg, EngineLeg] | null {
    const key = h1 * PAIR_STRIDE + h2;
    const from = inbound.arrival + MIN_MCT;
    const until = inbound.arrival + MAX_LAYOVER;
    let best: EngineLeg | null = null;
    let bestLast = -1;
    let bestArrival = bound;
    for (let utcDay = Math.floor(from / 1440); utcDay <= Math.floor(until / 1440); utcDay++) {
      const slice = this.slice(utcDay);
      const range = slice.pairs.get(key);
      if (!range) continue;
      let r = lowerBound(slice.departure, range[0], range[1], from);
      for (; r < range[1]; r++) {
        const dep = slice.departure[r] ?? 0;
        if (dep > until || dep + midBlock + MIN_MCT + lastBlock >= bestArrival) break;
        const arr = slice.arrival[r] ?? 0;
        if (arr + MIN_MCT + lastBlock >= bestArrival) continue;
        const p = slice.pattern[r] ?? 0;
        if (!connectsByIndex(this.facts, inbound.pattern, p, inbound.arrival, dep)) continue;
        const localDay = slice.localDay[r] ?? 0;
        if (!this.open(p, localDay, dep)) continue;
        const last = this.bestNext(p, localDay, arr, h2, to, bestArrival);
        if (last >= 0) {
          best = { pattern: p, localDay, departure: dep, arrival: arr };
          bestLast = last;
          bestArrival = this.arrivalOf(last);
        }
      }
    }
    const last = this.legOf(bestLast);
    return best && last ? [best, last] : null;
  }
}

/** Exact connection rule: MCT by terminals and domestic/international (between two airlines, Safar's self-transfer minimum), and the layover limit. */
export function connects(inbound: FlightPattern, outbound: FlightPattern, arrival: number, departure: number): boolean {
  const gap = departure - arrival;
  if (gap > maximumLayover(inbound.international, outbound.international)) return false;
  return gap >= shortestConnection(inbound.to, inbound.toTerminal, outbound.fromTerminal, inbound.international, outbound.international, inbound.carrier === outbound.carrier);
}

function legAt(slice: DaySlice, r: number): EngineLeg {
  return { pattern: slice.pattern[r] ?? 0, localDay: slice.localDay[r] ?? 0, departure: slice.departure[r] ?? 0, arrival: slice.arrival[r] ?? 0 };
}

function lowerBound(values: Int32Array, lo: number, hi: number, target: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Per via airport (or via pair), keep the itineraries no other beats on both departure and arrival. */
function paretoByVia(candidates: Candidate[], facts: ConnectionFacts): Candidate[] {
  const groups = new Map<number, Candidate[]>();
  for (const c of candidates) {
    let via = 0;
    for (let i = 0; i < c.legs.length - 1; i++) via = via * PAIR_STRIDE + (facts.to[c.legs[i]?.pattern ?? 0] ?? 0) + 1;
    const group = groups.get(via);
    if (group) group.push(c);
    else groups.set(via, [c]);
  }
  const kept: Candidate[] = [];
  for (const group of groups.values()) {
    // Latest departure first; keep one when it arrives strictly earlier than every later-leaving one.
    group.sort((a, b) => b.departure - a.departure || a.arrival - b.arrival);
    let bestArrival = Infinity;
    for (const c of group) {
      if (c.arrival < bestArrival) {
        kept.push(c);
        bestArrival = c.arrival;
      }
    }
  }
  return kept;
}

/** Pareto frontier of (departure, arrival) for fast "is this dominated" bounds. */
function frontierOf(candidates: readonly Candidate[]) {
  const sorted = [...candidates].sort((a, b) => b.departure - a.departure);
  const departures: number[] = [];
  const bestArrival: number[] = [];
  let best = Infinity;
  for (const c of sorted) {
    best = Math.min(best, c.arrival);
    departures.push(c.departure);
    bestArrival.push(best);
  }
  return {
    /** Earliest arrival of any kept itinerary leaving at or after `departure`. */
    bestArrivalLeavingFrom(departure: number): number {
      // departures descending: find the last index with departures[i] >= departure.
      let lo = 0;
      let hi = departures.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((departures[mid] ?? 0) >= departure) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? Infinity : (bestArrival[lo - 1] ?? Infinity);
    },
  };
}
