import type { SupplierOffer, SupplierSearchResult, SupplierSeatMap } from './supplier';

/**
 * Offers a remote supplier answered, kept until each one expires, and whole search answers kept for a
 * short time so a repeat search (back, refresh, a second tab) answers without asking the supplier again:
 * - an offer is found by id until its `expiresAt`; `seen` finds it after that too, to tell an expired offer from a sold-out one;
 * - a search answer is found by its key for `searchTtlMs`, and never after its earliest-expiring offer expired;
 * - the cache holds at most `maxSearches` answers (oldest first out); offers go with the answers that brought them;
 * - an offer's seat maps are kept until the offer expires (at most `maxSearches` offers' maps, oldest first out), so the
 *   map a traveller chose from is the one the choice is checked against.
 */
export class OfferCache {
  readonly #searchTtlMs: number;
  readonly #maxSearches: number;
  readonly #now: () => number;
  readonly #searches = new Map<string, { result: SupplierSearchResult; until: number; at: number }>();
  readonly #offers = new Map<string, { offer: SupplierOffer; until: number; search: string }>();
  readonly #seatMaps = new Map<string, { maps: SupplierSeatMap[]; until: number }>();

  constructor(options: { searchTtlMs?: number; maxSearches?: number; now?: () => number } = {}) {
    this.#searchTtlMs = options.searchTtlMs ?? 60_000;
    this.#maxSearches = options.maxSearches ?? 200;
    this.#now = options.now ?? Date.now;
  }

  /** A search answer still fresh for `key`, with when it was asked; undefined when none. */
  search(key: string): { result: SupplierSearchResult; at: number } | undefined {
    const entry = this.#searches.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#searches.delete(key);
      return undefined;
    }
    return { result: entry.result, at: entry.at };
  }

  /** Keeps a search answer under `key` and each of its offers until it expires. */
  put(key: string, result: SupplierSearchResult): void {
    const now = this.#now();
    let earliest = now + this.#searchTtlMs;
    for (const offer of result.offers) {
      const until = Date.parse(offer.expiresAt);
      if (!(until > now)) continue;
      earliest = Math.min(earliest, until);
      this.#offers.set(offer.id, { offer, until, search: key });
    }
    this.#searches.delete(key);
    this.#searches.set(key, { result, until: earliest, at: now });
    while (this.#searches.size > this.#maxSearches) {
      const oldest = this.#searches.keys().next().value;
      if (oldest === undefined) break;
      this.#searches.delete(oldest);
      for (const [id, entry] of this.#offers) if (entry.search === oldest) this.#offers.delete(id);
    }
  }

  /** An offer seen in a search, until it expires. */
  offer(id: string): SupplierOffer | undefined {
    const entry = this.#offers.get(id);
    return entry && entry.until > this.#now() ? entry.offer : undefined;
  }

  /** An offer as it was last seen, expired or not, while its search answer is kept (to tell "expired" from "sold out"). */
  seen(id: string): SupplierOffer | undefined {
    return this.#offers.get(id)?.offer;
  }

  /** Replaces a known offer after pricing it again (a new total or expiry). */
  remember(offer: SupplierOffer): void {
    const until = Date.parse(offer.expiresAt);
    const search = this.#offers.get(offer.id)?.search ?? '';
    this.#offers.set(offer.id, { offer, until, search });
  }

  /** The seat maps kept for an offer, until it expires; undefined when none. */
  seatMaps(offerId: string): SupplierSeatMap[] | undefined {
    const entry = this.#seatMaps.get(offerId);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#seatMaps.delete(offerId);
      return undefined;
    }
    return entry.maps;
  }

  /** Keeps an offer's seat maps until `expiresAt` (the offer's expiry). */
  putSeatMaps(offerId: string, maps: SupplierSeatMap[], expiresAt: string): void {
    this.#seatMaps.delete(offerId);
    this.#seatMaps.set(offerId, { maps, until: Date.parse(expiresAt) });
    while (this.#seatMaps.size > this.#maxSearches) {
      const oldest = this.#seatMaps.keys().next().value;
      if (oldest === undefined) break;
      this.#seatMaps.delete(oldest);
    }
  }
}
