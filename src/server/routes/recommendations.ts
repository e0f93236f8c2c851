import { AppError } from '../../core/errors';
import { RecommendationsQuerySchema, RecommendationsSchema } from '../../core/recommendations';
import { recommend } from '../../domain/recommendations/recommendations';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { publicRoute } from '../route-guard';
import { pricingVia } from '../search/searcher';
import { resolveAirportText, unknownAirportMessage } from './resolve-airport';

const route = publicRoute({
  method: 'get',
  path: '/api/recommendations',
  operationId: 'listRecommendations',
  tags: ['Explore'],
  summary: 'Up to 4 destinations from an origin whose lowest all-in fare over the next 30 days is at or below the budget, with the saving against the route’s typical fare and the season there',
  description: 'Public. `from` defaults to DEL, `budget` (INR) to 20000. Prices are computed per origin at most every 5 minutes and shared by all travellers; while an origin is first priced the answer has `ready: false` and no destinations (ask again in a couple of seconds). With a remote supplier (Duffel) the fares are the last ones travellers\' searches found (all-in per traveller, any stops), each with `seenAt`; destinations no search has seen are left out, and the supplier is never asked.',
  request: { query: RecommendationsQuerySchema },
  responses: {
    200: json(RecommendationsSchema, 'Recommendations (possibly none within the budget)'),
    400: json(ErrorSchema, 'Unknown origin or a budget out of range'),
  },
});

/** GET /api/recommendations — the Home panel's smart recommendations. */
export function registerRecommendations(app: OpenApiApp) {
  app.openapi(route, async (c) => {
    const { database, world, inventory, clock, search, supplier } = c.get('deps');
    const query = c.req.valid('query');
    const origin = resolveAirportText(query.from) ?? '';
    if (!world.getAirport(origin)) throw new AppError('validation_failed', unknownAirportMessage(query.from), { from: unknownAirportMessage(query.from) });
    const knownFares = supplier.id === 'duffel' ? { knownFares: supplier.fares } : {};
    const answer = await recommend({ db: database.db, world, inventory, ...pricingVia(search), ...knownFares }, origin, query.budget, clock.now());
    c.header('Cache-Control', supplier.id === 'duffel' ? 'no-cache' : answer.ready ? 'public, max-age=60' : 'no-store');
    return c.json(answer, 200);
  });
}
