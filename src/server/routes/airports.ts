import { z } from '@hono/zod-openapi';
import { suggestAirports } from '../../domain/world/airports';
import { type OpenApiApp, ErrorSchema } from '../openapi';
import { AirportSuggestionsSchema } from '../../core/search';
import { publicRoute } from '../route-guard';

const Query = z.object({
  q: z.string().max(64, 'Search text must be at most 64 characters').optional().openapi({ example: 'bom' }),
  limit: z.coerce.number({ message: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(20, 'Limit must be at most 20').default(8),
});

const route = publicRoute({
  method: 'get',
  path: '/api/airports',
  operationId: 'listAirports',
  tags: ['Search'],
  summary: 'Airport suggestions: exact code, city prefix, alternative names, name contains',
  description: 'Public. Up to `limit` airports (8 by default, at most 20) matching the typed text, best match first; popular airports when the text is empty.',
  request: { query: Query },
  responses: {
    200: { description: 'Ranked suggestions (popular airports when q is empty)', content: { 'application/json': { schema: AirportSuggestionsSchema } } },
    400: { description: 'Bad limit or text', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export function registerAirports(app: OpenApiApp) {
  app.openapi(route, (c) => {
    const { q, limit } = c.req.valid('query');
    const airports = suggestAirports(q ?? '', limit).map(({ code, name, city, country }) => ({ code, name, city, country }));
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ airports }, 200);
  });
}
