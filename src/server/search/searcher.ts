import type { SearchQuery } from '../../core/search';
import type { InventoryView } from '../../domain/inventory/view';
import { searchAnswerJson } from '../../domain/search/search-flights';
import type { World } from '../../domain/world/world';
import { type AnswerEncoding, encodeAnswer } from './encode';

/** A finished search answer: the JSON of a SearchResponse, encoded for the wire. */
export interface SearchAnswer {
  bytes: Uint8Array;
  encoding: AnswerEncoding;
}

/**
 * Computes search answers: in the serving thread (`inThreadSearcher`) or in worker threads
 * (`createSearchPool`). Both give the same bytes for the same query, time and inventory. The
 * caller has loaded the query's inventory dates into the view first.
 */
export interface Searcher {
  answer(query: SearchQuery, now: Date, encoding: AnswerEncoding): Promise<SearchAnswer>;
  close(): Promise<void>;
}

/**
 * Answers in the calling thread (tests, and SEARCH_WORKERS=0).
 * @example const searcher = inThreadSearcher(world, inventory); await searcher.answer(query, now, 'br')
 */
export function inThreadSearcher(world: World, inventory: InventoryView): Searcher {
  return {
    answer: (query, now, encoding) => Promise.resolve(encodeAnswer(searchAnswerJson(world, inventory, query, now), encoding)),
    close: () => Promise.resolve(),
  };
}
