import type { SearchQuery } from '../../../core/search';

export { draftFromSearch, draftToParams, EMPTY_DRAFT, isRoundTripDraft, queryFromDraft, returnDateOf, SEARCH_FIELDS, searchApiPath, type SearchDraft, type SearchField } from '../../../core/search-draft';

/**
 * The results URL for a validated search, so a results page can be reloaded, shared and bookmarked.
 * @example resultUrl({ from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'economy', adults: 2, children: 0, infants: 1 })
 * // "/result?from=BOM&to=DEL&date=2026-12-24&cabin=economy&adults=2&children=0&infants=1"
 */
export function resultUrl(query: SearchQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    from: query.from,
    to: query.to,
    date: query.date,
    cabin: query.cabin,
    adults: String(query.adults),
    children: String(query.children),
    infants: String(query.infants),
    ...extra,
  });
  return `/result?${params.toString()}`;
}

/**
 * Today's date in the traveller's time zone as YYYY-MM-DD (the date input's minimum).
 * @example localIsoDate(new Date(2026, 10, 21)) // "2026-11-21"
 */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The results URL of a validated round trip: the one-way URL plus the trip type and return date.
 * @example roundTripResultUrl(query, '2026-12-28') // "/result?from=BOM&…&infants=0&tripType=roundTrip&returnDate=2026-12-28"
 */
export function roundTripResultUrl(query: SearchQuery, returnDate: string, extra: Record<string, string> = {}): string {
  return resultUrl(query, { tripType: 'roundTrip', returnDate, ...extra });
}
