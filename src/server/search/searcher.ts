import type { ExploreRoute } from '../../core/explore-schemas';
import type { SearchQuery } from '../../core/search';
import { priceCatalogueRoutes } from '../../domain/explore/routes';
import { type LowestFaresQuery, lowestFaresByDate } from '../../domain/fares/calendar';
import type { InventoryView } from '../../domain/inventory/view';
import { type PricedDestination, priceDestinationsFrom } from '../../domain/recommendations/recommendations';
import { searchAnswerJson } from '../../domain/search/search-flights';
import type { World } from '../../domain/world/world';
import { type AnswerEncoding, encodeAnswer } from '../encoding';

/** A finished search answer: the JSON of a CompactSearchResponse, encoded for the wire. */
export interface SearchAnswer {
  bytes: Uint8Array;
  encoding: AnswerEncoding;
}

/** Work that runs many searches at once: Explore's route cards, recommended destinations, a fare calendar's days. */
export type PricingTask =
  | { kind: 'exploreRoutes'; now: number }
  | { kind: 'destinations'; origin: string; now: number }
  | { kind: 'lowestFares'; query: LowestFaresQuery; now: number };

interface PricingResults {
  exploreRoutes: ExploreRoute[];
  destinations: PricedDestination[];
  lowestFares: (number | null)[];
}

export type PricingResult<T extends PricingTask> = PricingResults[T['kind']];

/**
 * Computes search answers and pricing tasks: in the serving thread (`inThreadSearcher`) or in
 * worker threads (`createSearchPool`). Both give the same result for the same input, time and
 * inventory. The caller has loaded the inventory dates the work reads into the view first.
 */
export interface Searcher {
  answer(query: SearchQuery, now: Date, encoding: AnswerEncoding): Promise<SearchAnswer>;
  price<T extends PricingTask>(task: T): Promise<PricingResult<T>>;
  close(): Promise<void>;
}

/**
 * Runs a pricing task in the calling thread (a worker's, or the serving thread's without workers).
 * @example await runPricingTask(world, inventory, { kind: 'destinations', origin: 'DEL', now: Date.now() })
 */
export async function runPricingTask<T extends PricingTask>(world: World, inventory: InventoryView, task: T): Promise<PricingResult<T>> {
  const now = new Date(task.now);
  const t: PricingTask = task;
  switch (t.kind) {
    case 'exploreRoutes':
      return (await priceCatalogueRoutes(world, inventory, now)) as PricingResult<T>;
    case 'destinations':
      return (await priceDestinationsFrom(world, inventory, t.origin, now)) as PricingResult<T>;
    case 'lowestFares':
      return (await lowestFaresByDate(world, inventory, t.query, now)) as PricingResult<T>;
  }
}

/**
 * Answers in the calling thread (tests, and SEARCH_WORKERS=0).
 * @example const searcher = inThreadSearcher(world, inventory); await searcher.answer(query, now, 'br')
 */
export function inThreadSearcher(world: World, inventory: InventoryView): Searcher {
  return {
    answer: (query, now, encoding) => Promise.resolve(encodeAnswer(searchAnswerJson(world, inventory, query, now), encoding)),
    price: (task) => runPricingTask(world, inventory, task),
    close: () => Promise.resolve(),
  };
}

/**
 * The pricing hooks of the Explore, recommendations and fare-calendar deps, sending their many
 * searches to the searcher (worker threads in the server) instead of the serving thread; none
 * without a searcher.
 * @example cachedExploreCatalogue({ db, world, inventory, ...pricingVia(deps.search) }, now)
 */
export function pricingVia(searcher: Searcher | undefined) {
  if (!searcher) return {};
  return {
    priceRoutes: (now: Date) => searcher.price({ kind: 'exploreRoutes', now: now.getTime() }),
    priceDestinations: (origin: string, now: Date) => searcher.price({ kind: 'destinations', origin, now: now.getTime() }),
    lowestFares: (query: LowestFaresQuery, now: Date) => searcher.price({ kind: 'lowestFares', query, now: now.getTime() }),
  };
}
