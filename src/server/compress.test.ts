import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { createRoute, z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressAnswers } from './compress';
import { sendStored } from './idempotency';

const BIG = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}`, note: 'Priced in rupees, all taxes included' })) };
const BIG_TEXT = JSON.stringify(BIG);
/** A keyed route whose stored answer (a 409 here) is BIG. */
const storedRoute = createRoute({
  method: 'get',
  path: '/stored',
  responses: { 409: { description: 'Stored', content: { 'application/json': { schema: z.object({ items: z.array(z.object({ id: z.number(), name: z.string(), note: z.string() })) }) } } } },
});

function testApp() {
  const app = new Hono();
  app.use('*', compressAnswers());
  app.get('/big', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/', { append: true });
    c.header('Set-Cookie', 'b=2; Path=/', { append: true });
    return c.json(BIG, 201);
  });
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/no-transform', (c) => c.json(BIG, 200, { 'Cache-Control': 'no-transform' }));
  app.get('/no-transform-header', (c) => {
    c.header('Cache-Control', 'private, no-transform');
    return c.json(BIG);
  });
  app.get('/encoded', (c) => c.body(new TextEncoder().encode('already'), 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }));
  app.get('/pdf', (c) => c.body(new TextEncoder().encode('%PDF'.padEnd(4000, ' ')), 200, { 'Content-Type': 'application/pdf' }));
  app.get('/stored', (c) => sendStored(c, storedRoute, { status: 409, body: BIG, replayed: true }));
  app.get('/tagged', (c) => c.json(BIG, 200, { ETag: '"v1"', Vary: 'Origin' }));
  return app;
}

describe('answer compression', () => {
  const app = testApp();

  it('sends Brotli when accepted, else gzip, with the status, cookies and a Vary header kept', async () => {
    const br = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(201);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(br.headers.get('content-type')).toContain('application/json');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BIG_TEXT);

    const gz = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG_TEXT);
  });

  it('encodes a stored idempotent answer like any JSON answer, with its own status and the replay header', async () => {
    const res = await app.request('/stored', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(409);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(BIG_TEXT);
    const plain = await app.request('/stored');
    expect(plain.headers.get('content-type')).toContain('application/json');
    expect(await plain.text()).toBe(BIG_TEXT);
  });

  it('leaves the body as it is without Accept-Encoding, for small bodies, refused encodings and HEAD', async () => {
    for (const [path, accept] of [
      ['/big', undefined],
      ['/big', 'br;q=0, gzip;q=0'],
      ['/small', 'br'],
    ] as const) {
      const res = await app.request(path, { headers: accept ? { 'Accept-Encoding': accept } : {} });
      expect(res.headers.get('content-encoding'), `${path} ${accept}`).toBeNull();
      expect(await res.text()).toBe(path === '/big' ? BIG_TEXT : '{"ok":true}');
      if (accept) expect(res.headers.get('vary'), `${path} ${accept}`).toBe('Accept-Encoding');
    }
    const head = await app.request('/big', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('does not touch no-transform answers, answers already encoded, or binary types', async () => {
    const headers = { 'Accept-Encoding': 'br' };
    expect((await app.request('/no-transform', { headers })).headers.get('content-encoding')).toBeNull();
    const set = await app.request('/no-transform-header', { headers });
    expect(set.headers.get('content-encoding')).toBeNull();
    expect(await set.text()).toBe(BIG_TEXT);
    const encoded = await app.request('/encoded', { headers });
    expect(encoded.headers.get('content-encoding')).toBe('br');
    expect(await encoded.text()).toBe('already');
    expect((await app.request('/pdf', { headers })).headers.get('content-encoding')).toBeNull();
  });

  it('weakens a strong ETag and adds to an existing Vary', async () => {
    const res = await app.request('/tagged', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(res.headers.get('vary')).toBe('Origin, Accept-Encoding');
  });

  it('goes out over HTTP with a Content-Length, not chunked', async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        request({ port, host: '127.0.0.1', path: '/big', headers: { 'Accept-Encoding': 'br' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (chunk: Buffer) => chunks.push(chunk));
          r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(brotliDecompressSync(res.body).toString()).toBe(BIG_TEXT);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
