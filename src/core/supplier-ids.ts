// Supplier ids and the itinerary ids of their offers. No zod here: the Results screen's first load imports this.

/**
 * Who sells the seats of a booking: the embedded flight world, or Duffel (a remote supplier).
 * Every booking records its supplier; bookings made before suppliers are the world's.
 */
export const SUPPLIER_IDS = ['world', 'duffel'] as const;
export type SupplierId = (typeof SUPPLIER_IDS)[number];

/** A remote supplier's offer id inside a Safar itinerary id: `duffel-<offerId>`. */
const REMOTE_PREFIX = 'duffel-';
/** Duffel offer ids are `off_` + letters and digits; anything else is not an offer id. */
const OFFER_ID = /^[A-Za-z0-9_]{1,100}$/;

/**
 * The Safar itinerary id of a supplier's offer:
 * - a Duffel offer `off_0000A` is `duffel-off_0000A` (URL-safe: letters, digits, `_` and `-` only);
 * - a world itinerary keeps its own id.
 */
export function supplierItineraryId(supplier: SupplierId, offerId: string): string {
  if (supplier === 'world') return offerId;
  if (!OFFER_ID.test(offerId)) throw new Error(`Not a supplier offer id: ${offerId}`);
  return `${REMOTE_PREFIX}${offerId}`;
}

/**
 * Which supplier an itinerary id belongs to, and the supplier's offer id:
 * - `duffel-off_0000A` is Duffel's offer `off_0000A`;
 * - `duffel-` with no or a malformed offer id is null (not an itinerary of any supplier);
 * - every other id is the world's, unchanged.
 */
export function parseSupplierItineraryId(id: string): { supplier: SupplierId; offerId: string } | null {
  if (!id.startsWith(REMOTE_PREFIX)) return { supplier: 'world', offerId: id };
  const offerId = id.slice(REMOTE_PREFIX.length);
  return OFFER_ID.test(offerId) ? { supplier: 'duffel', offerId } : null;
}
