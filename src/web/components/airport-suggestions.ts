// No query library and no zod (a hand-written shape check instead) because this ships with the
// home page's first load.
import type { AirportSuggestion } from '../../core/search';
import { ApiError, apiFetch } from '../lib/api';

export type { AirportSuggestion };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isSuggestion(value: unknown): value is AirportSuggestion {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    typeof value.name === 'string' &&
    typeof value.city === 'string' &&
    typeof value.country === 'string'
  );
}

/**
 * Checks the shape of a GET /api/airports answer and keeps the well-formed entries.
 * @example parseAirports({ airports: [{ code: 'BOM', name: 'Chhatrapati Shivaji Maharaj Intl', city: 'Mumbai', country: 'India' }] })
 */
export function parseAirports(body: unknown): AirportSuggestion[] {
  if (!isRecord(body) || !Array.isArray(body.airports)) return [];
  return body.airports.filter(isSuggestion);
}

/**
 * Airports matching what the traveller typed (city, alternative name, airport name or code).
 * Throws an AbortError when `signal` aborts; answers [] on any server problem so typing never breaks.
 * @example const list = await fetchAirportSuggestions('bombay', controller.signal)
 */
export async function fetchAirportSuggestions(text: string, signal: AbortSignal, limit = 8): Promise<AirportSuggestion[]> {
  const params = new URLSearchParams({ q: text.trim(), limit: String(limit) });
  try {
    return parseAirports(await apiFetch<unknown>(`/api/airports?${params.toString()}`, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.code !== 'network') return [];
    throw error;
  }
}

/** How a picked airport reads in the input, e.g. "Mumbai (BOM)". */
export function airportLabel(airport: Pick<AirportSuggestion, 'city' | 'code'>): string {
  return `${airport.city} (${airport.code})`;
}

/**
 * The airport code in a label the form wrote, so a picked value survives round trips.
 * @example codeFromLabel('Mumbai (BOM)') // "BOM"
 */
export function codeFromLabel(text: string): string | null {
  const match = /\(([A-Za-z]{3})\)\s*$/.exec(text.trim());
  return match?.[1] ? match[1].toUpperCase() : null;
}
