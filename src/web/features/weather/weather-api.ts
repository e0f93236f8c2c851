import { queryOptions } from '@tanstack/react-query';
import type { InsightsAnswer, WeatherReportWire } from '../../../core/weather';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Fetchers of the weather endpoints. */

export function forecastQuery(code: string, from: string) {
  return queryOptions({
    queryKey: queryKeys.weather.forecast(code, from),
    queryFn: () => apiFetch<WeatherReportWire>(`/api/weather/${encodeURIComponent(code)}?from=${encodeURIComponent(from)}`),
    staleTime: 10 * 60_000,
  });
}

export function insightsQuery(code: string, date: string) {
  return queryOptions({
    queryKey: queryKeys.weather.insights(code, date),
    queryFn: () => apiFetch<InsightsAnswer>(`/api/destinations/${encodeURIComponent(code)}/insights?date=${encodeURIComponent(date)}`),
    staleTime: 60 * 60_000,
  });
}
