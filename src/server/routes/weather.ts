import { z } from '@hono/zod-openapi';
import { toErrorBody } from '../../core/errors';
import { IsoDateSchema } from '../../core/search';
import { InsightsAnswerSchema, WeatherReportSchema } from '../../core/weather';
import { eventsNear } from '../../domain/weather/events';
import { destinationInsight } from '../../domain/weather/insights';
import { climateFor } from '../../domain/weather/normals';
import { indiaToday } from '../../domain/world/time';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { publicRoute } from '../route-guard';
import { weatherOf } from '../weather';

const Params = z.object({
  code: z.string().regex(/^[A-Za-z]{3}$/, 'Use a three-letter airport code').openapi({ param: { name: 'code', in: 'path' }, example: 'GOI' }),
});

const forecastRoute = publicRoute({
  method: 'get',
  path: '/api/weather/{code}',
  operationId: 'getWeather',
  tags: ['Weather'],
  summary: 'Seven days of weather for an airport: the OpenWeatherMap forecast (cached 30 min per city), else typical monthly weather (approximate, or from a cited table)',
  description: 'Public: no sign-in needed. `from` (e.g. the travel date) starts the 7 days later than today. Days past the forecast range, or every day when the provider fails, are typical days (source "typical"); `climate` says where those come from: approximate values, or a cited published table with its period and kind.',
  request: { params: Params, query: z.object({ from: IsoDateSchema.optional().openapi({ example: '2026-12-24' }) }) },
  responses: {
    200: json(WeatherReportSchema, 'Forecast (or typical) days'),
    400: json(ErrorSchema, 'Not an airport code'),
    404: json(ErrorSchema, 'Not an airport Safar serves'),
  },
});

const insightsRoute = publicRoute({
  method: 'get',
  path: '/api/destinations/{code}/insights',
  operationId: 'getDestinationInsights',
  tags: ['Weather'],
  summary: 'Best time to visit (from typical monthly weather and the fare model) and local events near the travel date',
  description: "Public. The best time to visit the airport's city (from typical monthly weather and the fare model) and local events near the optional travel date `date`.",
  request: { params: Params, query: z.object({ date: IsoDateSchema.optional().openapi({ example: '2026-12-24' }) }) },
  responses: {
    200: json(InsightsAnswerSchema, 'Destination insight and events'),
    400: json(ErrorSchema, 'Not an airport code or not a date'),
    404: json(ErrorSchema, 'Not an airport Safar serves'),
  },
});

/** GET /api/weather/{code} and GET /api/destinations/{code}/insights — public. */
export function registerWeather(app: OpenApiApp) {
  app.openapi(forecastRoute, async (c) => {
    const { code } = c.req.valid('param');
    const report = await weatherOf(c.get('deps')).forecast(code, c.req.valid('query').from);
    if (!report) return c.json(toErrorBody('not_found', `Safar does not fly to ${code.toUpperCase()}`), 404);
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(report, 200);
  });

  app.openapi(insightsRoute, (c) => {
    const { code } = c.req.valid('param');
    const date = c.req.valid('query').date ?? indiaToday(c.get('deps').clock.now());
    const climate = climateFor(code);
    const insight = destinationInsight(code, date);
    if (!climate || !insight) return c.json(toErrorBody('not_found', `Safar does not fly to ${code.toUpperCase()}`), 404);
    const { events, window } = eventsNear(code, date);
    const { airport } = climate;
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(
      {
        airport: { code: airport.code, city: airport.city, country: airport.country },
        date,
        insight,
        events,
        eventsWindow: window,
        climate: climate.credit,
      },
      200,
    );
  });
}
