import { gzipSync } from 'node:zlib';
import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createOpenApiApp, json } from '../../src/server/openapi';
import { answerContract } from '../support/answer-contract';

/** An app with one route declaring `{ count: integer }` for 200, answering whatever `body` is. */
function appAnswering(body: unknown, init: { status?: number; gzip?: boolean } = {}) {
  const heard: string[] = [];
  const app = createOpenApiApp();
  app.use('*', answerContract(() => app, (message) => heard.push(message)));
  const route = createRoute({ method: 'get', path: '/api/things/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: json(z.object({ count: z.number().int() }), 'A thing') } });
  // Declared in the document, answered by a plain handler outside the declared types: that is what the check is for.
  app.openAPIRegistry.registerPath(route);
  app.get('/api/things/:id', () => {
    const text = JSON.stringify(body);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (init.gzip) headers['Content-Encoding'] = 'gzip';
    return new Response(init.gzip ? gzipSync(text) : text, { status: init.status ?? 200, headers });
  });
  app.get('/api/plain', (c) => c.json({ anything: true }));
  return { app, heard };
}

describe('the API tests check every 2xx JSON answer against its route schema', () => {
  it('lets an answer that matches through unchanged, compressed or not', async () => {
    for (const gzip of [false, true]) {
      const { app, heard } = appAnswering({ count: 3 }, { gzip });
      const res = await app.request('/api/things/1');
      expect(res.status).toBe(200);
      expect(heard).toEqual([]);
    }
  });

  it('turns an answer that does not match into a 500 that says where', async () => {
    const { app, heard } = appAnswering({ count: 'three' });
    const res = await app.request('/api/things/1');
    expect(res.status).toBe(500);
    expect(heard).toEqual([expect.stringContaining('GET /api/things/:id 200 does not match its schema: count:')]);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('count');
  });

  it('refuses a 2xx status the route does not declare', async () => {
    const { app, heard } = appAnswering({ count: 1 }, { status: 201 });
    expect((await app.request('/api/things/1')).status).toBe(500);
    expect(heard).toEqual(['GET /api/things/:id answered 201, which it does not declare']);
  });

  it('leaves errors and routes outside the document alone', async () => {
    const { app, heard } = appAnswering({ nothing: true }, { status: 404 });
    expect((await app.request('/api/things/1')).status).toBe(404);
    expect((await app.request('/api/plain')).status).toBe(200);
    expect(heard).toEqual([]);
  });
});
