import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders } from '../../tests/support/test-app';
import { needsBodyLimit } from './app';

describe('app shell API', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers health with the database kind', async () => {
    const res = await ctx.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'pglite', supplier: 'world' });
  });

  it('answers unknown API paths with a JSON 404 in the error format', async () => {
    const res = await ctx.app.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/api/no-such-thing');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths).toHaveProperty('/api/health');
  });

  it('sends security headers', async () => {
    const res = await ctx.app.request('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('sends HSTS only in production', async () => {
    expect((await ctx.app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const prod = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://safar.example' } });
    try {
      expect((await prod.app.request('/api/health')).headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await prod.close();
    }
  });

  describe('CSRF defence', () => {
    it('rejects a state-changing request from another origin', async () => {
      const res = await ctx.app.request('/api/anything', { method: 'POST', headers: jsonHeaders({ Origin: 'https://evil.example' }), body: '{}' });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    });

    it('rejects a state-changing request without an Origin', async () => {
      const res = await ctx.app.request('/api/anything', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(403);
    });

    it('rejects a form-encoded body even from our origin', async () => {
      const res = await ctx.app.request('/api/anything', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000' },
        body: 'a=1',
      });
      expect(res.status).toBe(415);
    });

    it('lets a same-origin JSON request through to routing', async () => {
      const res = await ctx.app.request('/api/anything', { method: 'POST', headers: jsonHeaders(), body: '{}' });
      expect(res.status).toBe(404);
    });

    it('accepts an Origin that matches the Host header', async () => {
      const res = await ctx.app.request('http://safar.test/api/anything', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://safar.test', Host: 'safar.test' },
        body: '{}',
      });
      expect(res.status).toBe(404);
    });
  });

  it('rejects an oversized body with 413 in the error format', async () => {
    const res = await ctx.app.request('/api/anything', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ big: 'x'.repeat(300_000) }) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });
});

describe('needsBodyLimit', () => {
  it('counts chunked bodies and refuses declared lengths over the limit; declared lengths within it need no counting', () => {
    expect(needsBodyLimit('POST', '512', undefined)).toBe(false);
    expect(needsBodyLimit('POST', undefined, undefined)).toBe(true);
    expect(needsBodyLimit('GET', undefined, undefined)).toBe(false);
    expect(needsBodyLimit('POST', String(256 * 1024), undefined)).toBe(false);
    expect(needsBodyLimit('POST', String(256 * 1024 + 1), undefined)).toBe(true);
    expect(needsBodyLimit('POST', 'abc', undefined)).toBe(true);
    expect(needsBodyLimit('POST', undefined, 'chunked')).toBe(true);
    expect(needsBodyLimit('GET', '300000', undefined)).toBe(true);
  });
});
