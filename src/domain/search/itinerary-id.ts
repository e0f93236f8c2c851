import { CABINS, type Cabin } from '../../core/search';

export { formatItineraryId } from '../../core/search-wire';

const FLIGHT_ID = /^[A-Z0-9]{2}\d{1,5}@\d{4}-\d{2}-\d{2}$/;

export interface ParsedItineraryId {
  flightIds: string[];
  cabin: Cabin;
}

/**
 * Parses an itinerary id; null when it is malformed (1–3 legs, known cabin).
 * @example parseItineraryId('6E2134@2026-12-24:economy') // { flightIds: ['6E2134@2026-12-24'], cabin: 'economy' }
 */
export function parseItineraryId(id: string): ParsedItineraryId | null {
  if (typeof id !== 'string' || id.length > 200) return null;
  const colon = id.lastIndexOf(':');
  if (colon < 0) return null;
  const cabin = CABINS.find((c) => c === id.slice(colon + 1));
  if (!cabin) return null;
  const flightIds = id.slice(0, colon).split('~');
  if (flightIds.length < 1 || flightIds.length > 3 || !flightIds.every((f) => FLIGHT_ID.test(f))) return null;
  return { flightIds, cabin };
}
