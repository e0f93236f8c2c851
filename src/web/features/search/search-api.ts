// Fetcher, query options and hook side by side for the Results screen (which runs inside QueryScope).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cabin, CompactRoundTripResponse, CompactSearchResponse, FareCalendar, RoundTripMarket, SearchResponse } from '../../../core/search';
import { expandSearchResponse } from '../../../core/search-wire';
import { ApiError, apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { draftToParams, EMPTY_DRAFT, searchApiPath, type SearchDraft } from './search-url';

/**
 * GET /api/search for a draft read from the URL (the server validates and answers 400 with
 * fields), expanded from the compact answer into full itineraries.
 * @example const { itineraries } = await fetchSearch(draft)
 */
async function fetchSearch(draft: SearchDraft, signal?: AbortSignal): Promise<SearchResponse> {
  return expandSearchResponse(await apiFetch<CompactSearchResponse>(`/api/search?${draftToParams(draft)}`, signal ? { signal } : {}));
}

/**
 * The supplier's refusals (the `reason` of a 503 from a remote supplier) that an automatic retry cannot
 * help: a time-out or a rate limit retried at once only doubles the traveller's wait.
 */
const SUPPLIER_REFUSALS = new Set(['rateLimited', 'timeout', 'unavailable', 'misconfigured']);

/** Whether a failed search is asked once more on its own: not for the traveller's input (4xx) nor a supplier's refusal. */
function retrySearch(failures: number, error: Error): boolean {
  if (!(error instanceof ApiError)) return failures < 1;
  const refused = (error.status >= 400 && error.status < 500) || (error.reason !== undefined && SUPPLIER_REFUSALS.has(error.reason));
  return failures < 1 && !refused;
}

function searchQueryOptions(draft: SearchDraft) {
  return queryOptions({
    queryKey: queryKeys.search(draftToParams(draft)),
    queryFn: ({ signal }) => fetchSearch(draft, signal),
    retry: retrySearch,
  });
}

/** Results for the search in the URL; disabled when there is none. */
export function useSearchResults(draft: SearchDraft | null) {
  return useQuery({ ...searchQueryOptions(draft ?? EMPTY_DRAFT), enabled: draft !== null });
}

/** A round trip's answer, each direction expanded. */
export interface RoundTripResults {
  query: CompactRoundTripResponse['query'];
  market: RoundTripMarket;
  outbound: SearchResponse;
  inbound: SearchResponse;
  /** A remote supplier's round-trip offers, each both journeys as one ticket; absent with the flight world. */
  combined?: SearchResponse;
}

async function fetchRoundTrip(draft: SearchDraft, signal?: AbortSignal): Promise<RoundTripResults> {
  const answer = await apiFetch<CompactRoundTripResponse>(searchApiPath(draft), signal ? { signal } : {});
  const results: RoundTripResults = { query: answer.query, market: answer.market, outbound: expandSearchResponse(answer.outbound), inbound: expandSearchResponse(answer.inbound) };
  if (answer.combined) results.combined = expandSearchResponse(answer.combined);
  return results;
}

/** Both directions of the round trip in the URL (GET /api/search/round-trip); disabled when there is none. */
export function useRoundTripResults(draft: SearchDraft | null) {
  const d = draft ?? EMPTY_DRAFT;
  return useQuery({
    queryKey: queryKeys.roundTripSearch(draftToParams(d)),
    queryFn: ({ signal }) => fetchRoundTrip(d, signal),
    enabled: draft !== null,
    retry: retrySearch,
  });
}

export interface FareCalendarRequest {
  from: string;
  to: string;
  /** YYYY-MM */
  month: string;
  cabin: Cabin;
}

/**
 * GET /api/fares/calendar: the lowest all-in adult fare per day of a month for a route.
 * @example await fetchFareCalendar({ from: 'BOM', to: 'DEL', month: '2026-12', cabin: 'economy' })
 */
function fetchFareCalendar(request: FareCalendarRequest, signal?: AbortSignal): Promise<FareCalendar> {
  const params = new URLSearchParams({ ...request });
  return apiFetch<FareCalendar>(`/api/fares/calendar?${params.toString()}`, signal ? { signal } : {});
}

function fareCalendarQueryOptions(request: FareCalendarRequest) {
  return queryOptions({
    queryKey: queryKeys.fareCalendar(request.from, request.to, request.month, request.cabin),
    queryFn: ({ signal }) => fetchFareCalendar(request, signal),
  });
}

export function useFareCalendar(request: FareCalendarRequest) {
  return useQuery(fareCalendarQueryOptions(request));
}
