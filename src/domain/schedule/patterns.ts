/**
 * A flight pattern, stored the way the industry's SSIM does: one line per carrier +
 * flight number with local times, arrival day offset, validity and a days-of-operation
 * mask. Internally every dated instance is computed in UTC minutes.
 */
export interface FlightPattern {
  /** Index in World.patterns. */
  index: number;
  carrier: string;
  number: number;
  /** Carrier + number, e.g. "6E2134" (unique per world). */
  key: string;
  from: string;
  to: string;
  fromTerminal: string | null;
  toTerminal: string | null;
  /** Local departure time, minutes after midnight at the origin. */
  departureLocal: number;
  /** Local arrival time at the destination on the pattern's reference date (for display of the pattern). */
  arrivalLocal: number;
  arrivalDayOffset: number;
  blockMinutes: number;
  /** Day numbers (days since 1970-01-01), inclusive. */
  validFrom: number;
  validTo: number;
  /** Bit 0 = Monday … bit 6 = Sunday, on the local departure date. */
  daysMask: number;
  aircraft: string;
  /** Crosses a border (affects MCT, taxes and fares). */
  international: boolean;
  distanceKm: number;
}

export const EVERY_DAY = 0b1111111;
