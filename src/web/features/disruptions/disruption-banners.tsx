import { useQuery } from '@tanstack/react-query';
import { CloudFog, TriangleAlert } from 'lucide-react';
import { bannersQuery } from './disruptions-api';
import './disruptions.css';

/**
 * Banners of airlines and airports in disruption (fog nights at Delhi, an airline cancelling many
 * flights), for Results (the searched date and airports) and Explore (today, every airport).
 * Nothing shows while loading, on failure, or when all is well.
 * @example <DisruptionBanners date={query.date} airports={[query.from, query.to]} />
 */
export function DisruptionBanners({ date = null, airports = [] }: { date?: string | null; airports?: readonly string[] }) {
  const answer = useQuery(bannersQuery(date, airports));
  const banners = answer.data?.banners ?? [];
  if (banners.length === 0) return null;
  return (
    <ul className="disruption-banners" aria-label="Disruptions" data-testid="disruption-banners">
      {banners.map((banner) => (
        <li key={banner.id} className="disruption-banner">
          {banner.kind === 'fog' ? <CloudFog aria-hidden="true" size={18} /> : <TriangleAlert aria-hidden="true" size={18} />}
          <p>{banner.sentence}</p>
        </li>
      ))}
    </ul>
  );
}
