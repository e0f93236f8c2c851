import { queryOptions } from '@tanstack/react-query';
import type { InsightsAnswer, WeatherReportWire } from '../../../core/weather';
import { apiFetch } from '../../lib/api';

/** Query keys and fetchers of the weather endpoints. */
export const weatherKeys = {
  forecast: (code: string, from: string) => ['weather', code, from] as const,
  insights: (code: string, date: string) => ['destination-insights', code, date] as const,
};

export function forecastQuery(code: string, from: string) {
  return queryOptions({
    queryKey: weatherKeys.forecast(code, from),
    queryFn: () => apiFetch<WeatherReportWire>(`/api/weather/${encodeURIComponent(code)}?from=${encodeURIComponent(from)}`),
    staleTime: 10 * 60_000,
  });
}

export function insightsQuery(code: string, date: string) {
  return queryOptions({
    queryKey: weatherKeys.insights(code, date),
    queryFn: () => apiFetch<InsightsAnswer>(`/api/destinations/${encodeURIComponent(code)}/insights?date=${encodeURIComponent(date)}`),
    staleTime: 60 * 60_000,
  });
}
