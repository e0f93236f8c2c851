import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { registerWebApp } from './web';

describe('web app serving', () => {
  let dir: string;
  const app = new Hono<AppEnv>();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'safar-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Safar</title>');
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    registerWebApp(app, dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves hashed assets with a year of caching', async () => {
    const res = await app.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await app.request('/assets/gone-xyz.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<!doctype html>');
  });

  it('answers client routes with index.html', async () => {
    for (const route of ['/', '/result', '/some-unknown-path']) {
      const res = await app.request(route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Safar</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });
});
