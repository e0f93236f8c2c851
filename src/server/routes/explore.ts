import { z } from '@hono/zod-openapi';
import { AppError } from '../../core/errors';
import { ExploreCatalogueSchema, FavoritesSchema, RouteDetailsSchema, RouteIdSchema } from '../../core/explore-schemas';
import { addFavoriteRoute, listFavoriteRoutes, removeFavoriteRoute } from '../../domain/explore/favorites';
import { cachedExploreCatalogue, exploreRouteDetails } from '../../domain/explore/routes';
import { currentUser } from '../auth/require-user';
import type { OpenApiApp } from '../openapi';
import { publicRoute, travellerRoute } from '../route-guard';
import { pricingVia } from '../search/searcher';
import { ErrorSchema, json } from './bookings';

const RouteParams = z.object({ id: RouteIdSchema.openapi({ example: 'lhr-cdg' }) });
const ROUTE_NOT_FOUND = 'Route not found';

const catalogueRoute = publicRoute({
  method: 'get',
  path: '/api/explore/routes',
  summary: "Explore's routes with the lowest non-stop all-in fare of the next 30 days and the typical fare (open)",
  responses: { 200: json(ExploreCatalogueSchema, 'Catalogue in popularity order') },
});

const detailsRoute = publicRoute({
  method: 'get',
  path: '/api/explore/routes/{id}',
  summary: 'One route from the schedule: aircraft, first and last departures, terminals, airlines with baggage and cancellation (open)',
  request: { params: RouteParams },
  responses: { 200: json(RouteDetailsSchema, 'Route details'), 404: json(ErrorSchema, 'No such route') },
});

const listFavoritesRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/explore/favorites',
  summary: "The signed-in traveller's favourite routes",
  responses: { 200: json(FavoritesSchema, 'Favourite route ids in catalogue order'), 401: json(ErrorSchema, 'Not signed in') },
});

const putFavoriteRoute = travellerRoute({ idIsPublic: true }, {
  method: 'put',
  path: '/api/explore/favorites/{id}',
  summary: 'Marks a route as favourite (idempotent)',
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
  summary: 'Unmarks a favourite route (idempotent)',
  request: { params: RouteParams },
  responses: {
    200: json(FavoritesSchema, 'Favourites after the change'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such route'),
  },
});

/**
 * Explore: the route catalogue and details are open to everyone; favourites
 * belong to the signed-in traveller and are keyed by their session (the path names a public
 * catalogue route), so nobody can name another traveller's list.
 */
export function registerExplore(app: OpenApiApp) {
  app.openapi(catalogueRoute, async (c) => {
    const { world, inventory, database, clock, search } = c.get('deps');
    const catalogue = await cachedExploreCatalogue({ db: database.db, world, inventory, ...pricingVia(search) }, clock.now());
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(catalogue, 200);
  });

  app.openapi(detailsRoute, async (c) => {
    const { world, inventory, database, clock, search } = c.get('deps');
    const details = await exploreRouteDetails({ db: database.db, world, inventory, ...pricingVia(search) }, c.req.valid('param').id, clock.now());
    if (!details) throw new AppError('not_found', ROUTE_NOT_FOUND);
    c.header('Cache-Control', 'public, max-age=60');
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
