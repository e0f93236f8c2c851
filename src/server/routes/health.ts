import { z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { OpenApiApp } from '../openapi';
import { publicRoute } from '../route-guard';
import { SUPPLIER_IDS } from '../../core/suppliers';

const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['pglite', 'postgres']),
  /** Who sells the seats: the embedded flight world, or Duffel (DUFFEL_ACCESS_TOKEN set). */
  supplier: z.enum(SUPPLIER_IDS),
});

const route = publicRoute({
  method: 'get',
  path: '/api/health',
  operationId: 'getHealth',
  tags: ['Health'],
  summary: 'Liveness and database reachability',
  description: 'Public. 200 when the server answers and its database is reachable, 503 with the same body shape otherwise.',
  responses: {
    200: { description: 'The server and its database answer', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'The database does not answer', content: { 'application/json': { schema: HealthSchema } } },
  },
});

export function registerHealth(app: OpenApiApp) {
  app.openapi(route, async (c) => {
    const { database, supplier } = c.get('deps');
    try {
      await database.db.execute(sql`select 1`);
      return c.json({ status: 'ok' as const, db: database.kind, supplier: supplier.id }, 200);
    } catch {
      return c.json({ status: 'error' as const, db: database.kind, supplier: supplier.id }, 503);
    }
  });
}
