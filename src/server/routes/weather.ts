import { z } from '@hono/zod-openapi';
import { toErrorBody } from '../../core/errors';
import { WeatherReportSchema } from '../../core/weather';
import type { OpenApiApp } from '../openapi';
import { publicRoute } from '../route-guard';
import { weatherOf } from '../weather';
import { ErrorSchema, json } from './bookings';

const Params = z.object({
  code: z.string().regex(/^[A-Za-z]{3}$/, 'Use a three-letter airport code').openapi({ param: { name: 'code', in: 'path' }, example: 'GOI' }),
});

const forecastRoute = publicRoute({
  method: 'get',
  path: '/api/weather/{code}',
  summary: 'Seven days of weather for an airport: the OpenWeatherMap forecast (cached 30 min per city), else the 1991–2020 climate normals',
  description: 'Public: no sign-in needed. Days past the forecast range, or every day when the provider fails, are typical days from the normals (source "typical").',
  request: { params: Params },
  responses: {
    200: json(WeatherReportSchema, 'Forecast (or typical) days'),
    400: json(ErrorSchema, 'Not an airport code'),
    404: json(ErrorSchema, 'Not an airport Safar serves'),
  },
});

/** GET /api/weather/{code} — public. */
export function registerWeather(app: OpenApiApp) {
  app.openapi(forecastRoute, async (c) => {
    const { code } = c.req.valid('param');
    const report = await weatherOf(c.var.deps).forecast(code);
    if (!report) return c.json(toErrorBody('not_found', `Safar does not fly to ${code.toUpperCase()}`), 404);
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(report, 200);
  });
}
