import { z } from '@hono/zod-openapi';
import { AppError } from '../../core/errors';
import { ExploreCatalogueSchema, FavoritesSchema, RouteDetailsSchema, RouteIdSchema } from '../../core/explore-schemas';
import { addFavoriteRoute, listFavoriteRoutes, removeFavoriteRoute } from '../../domain/explore/favorites';
import { cachedExploreCatalogue, type ExploreDeps, exploreRouteDetails } from '../../domain/explore/routes';
import { currentUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { publicRoute, travellerRoute } from '../route-guard';
import { pricingVia } from '../search/searcher';

const RouteParams = z.object({ id: RouteIdSchema.openapi({ example: 'lhr-cdg' }) });
const ROUTE_NOT_FOUND = 'Route not found';

const catalogueRoute = publicRoute({
  method: 'get',
  path: '/api/explore/routes',
  operationId: 'listExploreRoutes',
  tags: ['Explore'],
  summary: "Explore's routes with the lowest non-stop all-in fare of the next 30 days and the typical fare (open)",
  description:
    'Public. Every route in the schedule with its lowest non-stop all-in fare over the next 30 days and its typical fare. With a remote supplier (Duffel) the fares are the last ones travellers\' searches found (all-in per traveller, any stops), each route with `seenAt` (null: not seen yet); the supplier is never asked for them.',
  responses: { 200: json(ExploreCatalogueSchema, 'Catalogue in popularity order') },
});

const detailsRoute = publicRoute({
  method: 'get',
  path: '/api/explore/routes/{id}',
  operationId: 'getExploreRoute',
  tags: ['Explore'],
  summary: 'One route from the schedule: aircraft, first and last departures, terminals, airlines with baggage and cancellation (open)',
  description: "Public. The schedule's facts about one route (id like `del-bom`); an unknown route answers 404. With a remote supplier (Duffel) the route's fares are last-known, as in the catalogue.",
  request: { params: RouteParams },
  responses: { 200: json(RouteDetailsSchema, 'Route details'), 404: json(ErrorSchema, 'No such route') },
});

const listFavoritesRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/explore/favorites',
  operationId: 'listFavoriteRoutes',
  tags: ['Explore'],
  summary: "The signed-in traveller's favourite routes",
  description: 'Signed-in traveller only. The route ids the traveller marked as favourite.',
  responses: { 200: json(FavoritesSchema, 'Favourite route ids in catalogue order'), 401: json(ErrorSchema, 'Not signed in') },
});

const putFavoriteRoute = travellerRoute({ idIsPublic: true }, {
  method: 'put',
  path: '/api/explore/favorites/{id}',
  operationId: 'addFavoriteRoute',
  tags: ['Explore'],
  summary: 'Marks a route as favourite (idempotent)',
  description: "Signed-in traveller only. Adds the route to the traveller's own favourites; marking it twice changes nothing.",
  request: { params: RouteParams },
  responses: {
    200: json(FavoritesSchema, 'Favourites after the change'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such route'),
  },
});

const deleteFavoriteRoute = travellerRoute({ idIsPublic: true }, {
  method: 'delete',
  path: '/api/explore/favorites/{id}',
  operationId: 'removeFavoriteRoute',
  tags: ['Explore'],
  summary: 'Unmarks a favourite route (idempotent)',
  description: "Signed-in traveller only. Removes the route from the traveller's own favourites; unmarking it twice changes nothing.",
  request: { params: RouteParams },
  responses: {
    200: json(FavoritesSchema, 'Favourites after the change'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such route'),
  },
});

/** The world's live fares may be a minute old; a remote supplier's last-known fares change with each traveller's search. */
const CACHE_CONTROL = { world: 'public, max-age=60', duffel: 'no-cache' } as const;

/** Explore prices from the world's fare model, or from a remote supplier's last-known fares (never asking it). */
function exploreDeps({ world, inventory, database, search, supplier }: AppDeps): ExploreDeps {
  return { db: database.db, world, inventory, ...pricingVia(search), ...(supplier.id === 'duffel' ? { knownFares: supplier.fares } : {}) };
}

/**
 * Explore: the route catalogue and details are open to everyone; favourites
 * belong to the signed-in traveller and are keyed by their session (the path names a public
 * catalogue route), so nobody can name another traveller's list.
 */
export function registerExplore(app: OpenApiApp) {
  app.openapi(catalogueRoute, async (c) => {
    const deps = c.get('deps');
    const catalogue = await cachedExploreCatalogue(exploreDeps(deps), deps.clock.now());
    c.header('Cache-Control', CACHE_CONTROL[deps.supplier.id]);
    return c.json(catalogue, 200);
  });

  app.openapi(detailsRoute, async (c) => {
    const deps = c.get('deps');
    const details = await exploreRouteDetails(exploreDeps(deps), c.req.valid('param').id, deps.clock.now());
    if (!details) throw new AppError('not_found', ROUTE_NOT_FOUND);
    c.header('Cache-Control', CACHE_CONTROL[deps.supplier.id]);
    return c.json(details, 200);
  });

  app.openapi(listFavoritesRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ routeIds: await listFavoriteRoutes(c.get('deps').database.db, currentUser(c).id) }, 200);
  });

  app.openapi(putFavoriteRoute, async (c) => {
    const db = c.get('deps').database.db;
    const userId = currentUser(c).id;
    if (!(await addFavoriteRoute(db, userId, c.req.valid('param').id))) throw new AppError('not_found', ROUTE_NOT_FOUND);
    c.header('Cache-Control', 'no-store');
    return c.json({ routeIds: await listFavoriteRoutes(db, userId) }, 200);
  });

  app.openapi(deleteFavoriteRoute, async (c) => {
    const db = c.get('deps').database.db;
    const userId = currentUser(c).id;
    if (!(await removeFavoriteRoute(db, userId, c.req.valid('param').id))) throw new AppError('not_found', ROUTE_NOT_FOUND);
    c.header('Cache-Control', 'no-store');
    return c.json({ routeIds: await listFavoriteRoutes(db, userId) }, 200);
  });
}
