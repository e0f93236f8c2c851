import type { SearchQuery } from '../../../core/search';
import type { SearchDraft } from '../../../core/search-draft';
import { type Cabin, CABINS, MAX_SEATS_PER_BOOKING } from '../../../core/search-options';

export { draftFromSearch, draftToParams, EMPTY_DRAFT, SEARCH_FIELDS, type SearchDraft, type SearchField } from '../../../core/search-draft';

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

/** Same search on another day (fare calendar clicks). */
export function withDate(query: SearchQuery, date: string): SearchQuery {
  return { ...query, date };
}

/** Same search in another cabin (the Class filter re-searches). */
export function withCabin(query: SearchQuery, cabin: Cabin): SearchQuery {
  return { ...query, cabin };
}

/**
 * Today's date in the traveller's time zone as YYYY-MM-DD (the date input's minimum).
 * @example localIsoDate(new Date(2026, 10, 21)) // "2026-11-21"
 */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const AIRPORT_CODE = /^[A-Z]{3}$/;
const DIGIT = /^\d$/;

/**
 * The search a results URL names when it is in the form the search form writes (airport codes,
 * an ISO date, a known class, one-digit counts), read without the validation library so the page
 * can draw its summary and fare calendar before the answer arrives. Anything else gives null, and
 * the server's answer supplies the query. Past dates are left to the server to refuse.
 * @example queryFromDraft({ from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'economy', adults: '1', children: '0', infants: '0' })
 * // { from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'economy', adults: 1, children: 0, infants: 0 }
 */
export function queryFromDraft(draft: SearchDraft): SearchQuery | null {
  const { from, to, date, cabin } = draft;
  if (!AIRPORT_CODE.test(from) || !AIRPORT_CODE.test(to) || from === to) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  if (!(CABINS as readonly string[]).includes(cabin)) return null;
  if (![draft.adults, draft.children, draft.infants].every((v) => DIGIT.test(v))) return null;
  const adults = Number(draft.adults);
  const children = Number(draft.children);
  const infants = Number(draft.infants);
  if (adults < 1 || adults + children > MAX_SEATS_PER_BOOKING || infants > adults) return null;
  return { from, to, date, cabin: cabin as Cabin, adults, children, infants };
}
