import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftFromSearch, draftToParams, EMPTY_DRAFT } from '../core/search-draft';
import type { AppEnv } from './context';
import { registerWebApp } from './web';

const BIG = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i}"`).join(',')}];`;

describe('web app serving', () => {
  let dir: string;
  const app = new Hono<AppEnv>();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'safar-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Safar</title><main id="main"><div class="skeleton"></div></main>');
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'assets', 'big-abc123.js'), BIG);
    await writeFile(path.join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG));
    await writeFile(path.join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG));
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

  it('starts the Results screen\'s search request with the page: the same URL the screen fetches', async () => {
    const res = await app.request('/result?from=del&to=BOM&date=2026-12-24&adults=2&sort=price');
    expect(res.headers.get('link')).toBe('</api/search?from=del&to=BOM&date=2026-12-24&cabin=economy&adults=2&children=0&infants=0>; rel=preload; as=fetch; crossorigin');
    expect(res.headers.get('link')).toBe(`</api/search?${draftToParams(draftFromSearch('from=del&to=BOM&date=2026-12-24&adults=2') ?? EMPTY_DRAFT)}>; rel=preload; as=fetch; crossorigin`);
    // No search in the URL, or another screen: nothing to start.
    expect((await app.request('/result')).headers.get('link')).toBeNull();
    expect((await app.request('/home?from=DEL')).headers.get('link')).toBeNull();
  });

  it('draws a results URL\'s heading and search into the page, in place of the generic skeleton', async () => {
    const html = await (await app.request('/result?from=DEL&to=BOM&date=2026-12-24&adults=2&infants=1&cabin=business')).text();
    expect(html).toContain('<main id="main"><div class="container page results-page"><header class="results-head"><h1>Flight Results</h1>');
    expect(html).toContain('<span>Thu, 24 Dec 2026</span><span>2 adults, 1 infant</span><span>Business</span>');
    expect(html).not.toContain('<div class="skeleton"></div>');
    // A search the screen itself could not draw keeps the generic skeleton, and markup in the URL stays text.
    for (const url of ['/result', '/result?from=DEL&to=DEL&date=2026-12-24', '/result?from=%3Cb%3E&to=BOM&date=2026-12-24', '/home?from=DEL&to=BOM&date=2026-12-24']) {
      expect(await (await app.request(url)).text()).toContain('<main id="main"><div class="skeleton"></div></main>');
    }
  });

  it('sends the precompressed copy the browser accepts, Brotli first, else gzip, else the file itself', async () => {
    const br = await app.request('/assets/big-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BIG);
    const gz = await app.request('/assets/big-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG);
    const plain = await app.request('/assets/big-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG);
  });
});

describe('precompress-web script', () => {
  it('writes .br and .gz copies that decode to each file, and skips small files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'safar-precompress-'));
    try {
      await writeFile(path.join(dir, 'big.js'), BIG);
      await writeFile(path.join(dir, 'small.css'), 'a{}');
      await writeFile(path.join(dir, 'photo.png'), BIG);
      await promisify(execFile)(process.execPath, [path.resolve('scripts/precompress-web.mjs'), dir]);
      expect((await readdir(dir)).sort()).toEqual(['big.js', 'big.js.br', 'big.js.gz', 'photo.png', 'small.css']);
      expect(brotliDecompressSync(await readFile(path.join(dir, 'big.js.br'))).toString()).toBe(BIG);
      expect(gunzipSync(await readFile(path.join(dir, 'big.js.gz'))).toString()).toBe(BIG);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
