import type { SearchQuery, SearchResponse } from '../../core/search';

/**
 * Search answers for identical queries, valid while the inventory view's version
 * and the minute (fares move with time to departure) are unchanged. Popular searches are
 * repeated a lot; this skips the engine and pricing for them. Entries are shared: never mutate them.
 * @example const cache = new SearchResultCache(500); cache.get(query, inventory.version, now)
 */
export class SearchResultCache {
  private readonly entries = new Map<string, { stamp: string; body: SearchResponse }>();

  constructor(private readonly capacity: number) {}

  private static key(query: SearchQuery): string {
    return `${query.from}|${query.to}|${query.date}|${query.cabin}|${query.adults}|${query.children}|${query.infants}`;
  }

  private static stamp(version: number, now: Date): string {
    return `${version}@${Math.floor(now.getTime() / 60_000)}`;
  }

  get(query: SearchQuery, version: number, now: Date): SearchResponse | undefined {
    const key = SearchResultCache.key(query);
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== SearchResultCache.stamp(version, now)) return undefined;
    // Refresh the LRU position.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(query: SearchQuery, version: number, now: Date, body: SearchResponse): void {
    const key = SearchResultCache.key(query);
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { stamp: SearchResultCache.stamp(version, now), body });
  }
}
