/**
 * Search answers (serialised and encoded) keyed by query string, valid while the inventory view's version and
 * the minute (fares move with time to departure) are unchanged. Popular searches repeat a lot;
 * this skips the engine, pricing and JSON for them.
 * @example const cache = new SearchResultCache(500); cache.get('?from=DEL&to=BOM&date=2026-12-24', inventory.version, now)
 */
export class SearchResultCache<T = string> {
  private readonly entries = new Map<string, { stamp: string; body: T }>();

  constructor(private readonly capacity: number) {}

  private static stamp(version: number, now: Date): string {
    return `${version}@${Math.floor(now.getTime() / 60_000)}`;
  }

  get(key: string, version: number, now: Date): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== SearchResultCache.stamp(version, now)) return undefined;
    // Refresh the LRU position.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: number, now: Date, body: T): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { stamp: SearchResultCache.stamp(version, now), body });
  }
}
