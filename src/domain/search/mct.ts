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
 * Whether `outbound` can follow `inbound` (same airport, MCT met, layover within bounds).
 * @example isValidConnection(first, second)
 */
export function isValidConnection(inbound: DatedFlight, outbound: DatedFlight): boolean {
  if (inbound.to !== outbound.from) return false;
  const gap = (outbound.departureUtc.getTime() - inbound.arrivalUtc.getTime()) / 60_000;
  const mct = minimumConnection(inbound.to, inbound.toTerminal, outbound.fromTerminal, inbound.international, outbound.international);
  return gap >= mct && gap <= maximumLayover(inbound.international, outbound.international);
}
