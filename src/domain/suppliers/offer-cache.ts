import type { SupplierOffer, SupplierSearchResult } from './supplier';

/**
 * Offers a remote supplier answered, kept until each one expires, and whole search answers kept for a
 * short time so a repeat search (back, refresh, a second tab) answers without asking the supplier again:
 * - an offer is found by id until its `expiresAt` (an expired offer is gone);
 * - a search answer is found by its key for `searchTtlMs`, and never after its earliest-expiring offer expired;
 * - the cache holds at most `maxSearches` answers (oldest first out); offers go with the answers that brought them.
 */
export class OfferCache {
  readonly #searchTtlMs: number;
  readonly #maxSearches: number;
  readonly #now: () => number;
  readonly #searches = new Map<string, { result: SupplierSearchResult; until: number; at: number }>();
  readonly #offers = new Map<string, { offer: SupplierOffer; until: number; search: string }>();

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
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#offers.delete(id);
      return undefined;
    }
    return entry.offer;
  }

  /** Replaces a known offer after pricing it again (a new total or expiry). */
  remember(offer: SupplierOffer): void {
    const until = Date.parse(offer.expiresAt);
    if (!(until > this.#now())) {
      this.#offers.delete(offer.id);
      return;
    }
    const search = this.#offers.get(offer.id)?.search ?? '';
    this.#offers.set(offer.id, { offer, until, search });
  }
}
