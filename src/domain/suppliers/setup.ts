import { DuffelSupplier } from './duffel/adapter';
import { LastKnownFares, recordingSearches, SearchBudget } from './last-known-fares';
import { OfferCache } from './offer-cache';
import type { FlightSupplier } from './supplier';

/**
 * Who sells the seats in this process, chosen once at start-up (decision 0064):
 * - the embedded flight world when no Duffel token is configured (every path as before);
 * - Duffel through the supplier seam when DUFFEL_ACCESS_TOKEN is set, with the offers it answered cached until they expire,
 *   every search's lowest all-in fare recorded in `fares` (last-known fares, decisions 0066 and 0071) and counted in the
 *   `budget` of searches per minute (SUPPLIER_SEARCHES_PER_MINUTE), which the asks no traveller waits on (the
 *   price-alert job's refreshes) must stay within.
 */
export type SupplierSetup = { id: 'world' } | { id: 'duffel'; api: FlightSupplier; offers: OfferCache; fares: LastKnownFares; budget: SearchBudget };

/** Searches per minute a remote supplier is asked for when SUPPLIER_SEARCHES_PER_MINUTE is not set. */
const DEFAULT_SUPPLIER_SEARCHES_PER_MINUTE = 30;

const WORLD_SUPPLIER: SupplierSetup = { id: 'world' };

/**
 * The supplier setup from configuration.
 * @example const supplier = createSupplierSetup({ DUFFEL_ACCESS_TOKEN: undefined, DUFFEL_API_URL: 'https://api.duffel.com' }) // { id: 'world' }
 */
export function createSupplierSetup(
  config: { DUFFEL_ACCESS_TOKEN?: string | undefined; DUFFEL_API_URL: string; SUPPLIER_SEARCHES_PER_MINUTE?: number | undefined },
  options: { log?: (entry: { method: string; path: string; status: number | null; ms: number; outcome: string; requestId: string | null }) => void; now?: () => number } = {},
): SupplierSetup {
  if (config.DUFFEL_ACCESS_TOKEN === undefined) return WORLD_SUPPLIER;
  const now = options.now ?? Date.now;
  const api = new DuffelSupplier({ token: config.DUFFEL_ACCESS_TOKEN, baseUrl: config.DUFFEL_API_URL, now, ...(options.log ? { log: options.log } : {}) });
  const fares = new LastKnownFares();
  const budget = new SearchBudget(config.SUPPLIER_SEARCHES_PER_MINUTE ?? DEFAULT_SUPPLIER_SEARCHES_PER_MINUTE, now);
  return { id: 'duffel', api: recordingSearches(api, fares, now, budget), offers: new OfferCache({ now }), fares, budget };
}
