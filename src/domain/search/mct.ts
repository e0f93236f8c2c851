import { selfTransferMinimum } from '../../core/round-trip';
import type { DatedFlight } from '../world/world';

/**
 * Minimum connection time in minutes at an airport (facts file): domestic same terminal 45
 * (60–75 at DEL/BOM/BLR), DEL T1↔T3 150, domestic→international 90–120,
 * international→domestic 120–180, international→international 60–90.
 * @example minimumConnection('DEL', '1', '3', false, false) // 150
 */
export function minimumConnection(airport: string, arrivalTerminal: string | null, departureTerminal: string | null, inboundInternational: boolean, outboundInternational: boolean): number {
  const changeTerminal = arrivalTerminal !== departureTerminal;
  const big = airport === 'DEL' || airport === 'BOM' || airport === 'BLR';
  if (airport === 'DEL' && changeTerminal && (arrivalTerminal === '1' || departureTerminal === '1') && (arrivalTerminal === '3' || departureTerminal === '3')) return 150;
  if (!inboundInternational && !outboundInternational) {
    if (changeTerminal) return airport === 'BOM' ? 120 : 90;
    return airport === 'DEL' ? 75 : big ? 60 : 45;
  }
  if (!inboundInternational && outboundInternational) return big ? 120 : 90;
  if (inboundInternational && !outboundInternational) return big ? 180 : 120;
  return changeTerminal ? 90 : 60;
}

/** Longest layover offered: 6 h when both legs are domestic, else 24 h. */
export function maximumLayover(inboundInternational: boolean, outboundInternational: boolean): number {
  return inboundInternational || outboundInternational ? 24 * 60 : 6 * 60;
}

/**
 * The shortest connection Safar offers, in minutes: the airport's MCT when one airline flies both
 * flights; between two airlines (separate tickets, a self-transfer) never less than Safar's
 * self-transfer minimum (3 h domestic, more with a terminal change or abroad: core/round-trip.ts).
 * @example shortestConnection('DEL', '3', '3', false, false, false) // 180
 */
export function shortestConnection(airport: string, arrivalTerminal: string | null, departureTerminal: string | null, inboundInternational: boolean, outboundInternational: boolean, sameAirline: boolean): number {
  const mct = minimumConnection(airport, arrivalTerminal, departureTerminal, inboundInternational, outboundInternational);
  if (sameAirline) return mct;
  return Math.max(mct, selfTransferMinimum({ international: inboundInternational || outboundInternational, changeOfTerminal: arrivalTerminal !== departureTerminal }));
}

/**
 * Whether `outbound` can follow `inbound` (same airport, the shortest connection Safar offers met, layover within bounds).
 * @example isValidConnection(first, second)
 */
export function isValidConnection(inbound: DatedFlight, outbound: DatedFlight): boolean {
  if (inbound.to !== outbound.from) return false;
  const gap = (outbound.departureUtc.getTime() - inbound.arrivalUtc.getTime()) / 60_000;
  const least = shortestConnection(inbound.to, inbound.toTerminal, outbound.fromTerminal, inbound.international, outbound.international, inbound.carrier === outbound.carrier);
  return gap >= least && gap <= maximumLayover(inbound.international, outbound.international);
}

/**
 * Every pattern's connection facts as small integers and the MCT of every combination, so the
 * engine checks a connection without comparing strings. The table is filled by calling
 * `minimumConnection` itself, so `connectsByIndex` agrees with it by construction.
 */
export interface ConnectionFacts {
  /** Arrival airport index of each pattern. */
  to: Int32Array;
  international: Uint8Array;
  /** Per inbound pattern: its offset into `mct` (arrival airport kind, arrival terminal, international). */
  inbound: Int32Array;
  /** Per outbound pattern: its offset within an inbound row (departure terminal, international). */
  outbound: Int32Array;
  mct: Int32Array;
  /** The same table for a self-transfer (two airlines): `shortestConnection` with sameAirline false. */
  selfTransfer: Int32Array;
  /** Carrier index of each pattern. */
  carrier: Int32Array;
}

/** The only airports whose MCT differs from the general rule; any other code stands for the rest. */
const SPECIAL_AIRPORTS = ['DEL', 'BOM', 'BLR', ''];

/**
 * @example const facts = connectionFacts(world.patterns, world.airportIndex)
 */
export function connectionFacts(patterns: readonly { to: string; carrier: string; fromTerminal: string | null; toTerminal: string | null; international: boolean }[], airportIndex: ReadonlyMap<string, number>): ConnectionFacts {
  const terminals: (string | null)[] = [null];
  const code = (t: string | null) => {
    let c = terminals.indexOf(t);
    if (c < 0) c = terminals.push(t) - 1;
    return c;
  };
  for (const p of patterns) {
    code(p.fromTerminal);
    code(p.toTerminal);
  }
  const t = terminals.length;
  const mct = new Int32Array(SPECIAL_AIRPORTS.length * t * t * 4);
  const selfTransfer = new Int32Array(mct.length);
  SPECIAL_AIRPORTS.forEach((airport, kind) => {
    for (let at = 0; at < t; at++) {
      for (let dt = 0; dt < t; dt++) {
        for (let flags = 0; flags < 4; flags++) {
          const i = ((kind * t + at) * t + dt) * 4 + flags;
          mct[i] = shortestConnection(airport, terminals[at] ?? null, terminals[dt] ?? null, flags >= 2, flags % 2 === 1, true);
          selfTransfer[i] = shortestConnection(airport, terminals[at] ?? null, terminals[dt] ?? null, flags >= 2, flags % 2 === 1, false);
        }
      }
    }
  });
  const n = patterns.length;
  const carriers = new Map<string, number>();
  const facts: ConnectionFacts = { to: new Int32Array(n), international: new Uint8Array(n), inbound: new Int32Array(n), outbound: new Int32Array(n), mct, selfTransfer, carrier: new Int32Array(n) };
  patterns.forEach((p, i) => {
    let c = carriers.get(p.carrier);
    if (c === undefined) {
      c = carriers.size;
      carriers.set(p.carrier, c);
    }
    facts.carrier[i] = c;
    const special = SPECIAL_AIRPORTS.indexOf(p.to);
    const kind = special >= 0 ? special : SPECIAL_AIRPORTS.length - 1;
    facts.to[i] = airportIndex.get(p.to) ?? -1;
    facts.international[i] = p.international ? 1 : 0;
    facts.inbound[i] = (kind * t + code(p.toTerminal)) * t * 4 + (p.international ? 2 : 0);
    facts.outbound[i] = code(p.fromTerminal) * 4 + (p.international ? 1 : 0);
  });
  return facts;
}

/** `connects` by pattern index: MCT by terminals and domestic/international (self-transfer minimum between airlines), and the layover limit. */
export function connectsByIndex(f: ConnectionFacts, pin: number, pout: number, arrival: number, departure: number): boolean {
  const gap = departure - arrival;
  if (gap > maximumLayover(f.international[pin] === 1, f.international[pout] === 1)) return false;
  const table = f.carrier[pin] === f.carrier[pout] ? f.mct : f.selfTransfer;
  return gap >= (table[(f.inbound[pin] ?? 0) + (f.outbound[pout] ?? 0)] ?? 0);
}
