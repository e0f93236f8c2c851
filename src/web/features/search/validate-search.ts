// Loaded on demand by the search form: zod and the schema stay out of the home page's first load.
import { roundTripQuerySchema, searchQuerySchema, type SearchQuery } from '../../../core/search';
import { SEARCH_FIELDS, type SearchDraft, type SearchField } from './search-url';

export type SearchErrors = Partial<Record<SearchField, string>>;
/** A valid search: the one-way query (a round trip's outbound) and, for a round trip, its return date. */
export type SearchValidation = { ok: true; query: SearchQuery; returnDate?: string } | { ok: false; errors: SearchErrors };

function isSearchField(value: unknown): value is SearchField {
  return typeof value === 'string' && (SEARCH_FIELDS as readonly string[]).includes(value);
}

/**
 * Validates a form or URL draft with the same schema as GET /api/search (or, for a round trip,
 * GET /api/search/round-trip), so both give the same messages. Keeps the first message per field.
 * @example validateSearch({ ...EMPTY_DRAFT, from: 'BOM' }, '2026-11-21') // { ok: false, errors: { to: 'Destination is required', date: 'Departure date is required' } }
 */
export function validateSearch(draft: SearchDraft, today: string): SearchValidation {
  if (draft.tripType === 'roundTrip') {
    const result = roundTripQuerySchema(today).safeParse(draft);
    if (result.success) {
      const { tripType: _tripType, returnDate, ...query } = result.data;
      return { ok: true, query, returnDate };
    }
    return { ok: false, errors: firstMessages(result.error.issues) };
  }
  const result = searchQuerySchema(today).safeParse(draft);
  if (result.success) return { ok: true, query: result.data };
  return { ok: false, errors: firstMessages(result.error.issues) };
}

function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): SearchErrors {
  const errors: SearchErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isSearchField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
