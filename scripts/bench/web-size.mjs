// Home page initial JavaScript: every script the browser fetches to render / (until the network is idle,
// before the idle-time prefetch of the toast library), in the bytes the server sends a browser that
// accepts gzip (the build's Zopfli copies), with the Brotli figure beside it.
/* global window */
import { request } from 'node:http';
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../ensure-test-tools.mjs';
import { startServer } from './lib.mjs';

/** Bytes on the wire for `url` when the browser accepts only `encoding` (no decoding). */
function sentBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (chunk) => (n += chunk.length));
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
    req.end();
  });
}
const sizes = (list, encoding) => Promise.all(list.map((s) => sentBytes(s.url, encoding)));
const sum = (values) => values.reduce((a, b) => a + b, 0);
const sent = async (list, encoding) => sum(await sizes(list, encoding));

const dir = mkdtempSync(path.join(tmpdir(), 'safar-web-'));
const port = Number(process.env.BENCH_PORT ?? 3392);
// A fresh database's first start takes a while on a busy machine.
const server = await startServer({ PORT: String(port), DATA_DIR: dir }, { timeoutMs: 180_000 });
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const results = `/result?from=DEL&to=BOM&date=${day}&cabin=economy&adults=1&children=0&infants=0`;
  // Explore's own share: scripts the home page did not load, plus its API answers (the catalogue).
  const homeScripts = new Set();
  for (const route of ['/', results, '/about', '/explore']) {
    const page = await browser.newPage();
    // Hold back the idle-time prefetch so it is measured separately.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const scripts = [];
    const data = [];
    // Bodies are read before the page closes (reading one after would fail).
    const reads = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type === 'script') reads.push(res.body().then((body) => scripts.push({ url: res.url(), body })));
      else if ((type === 'fetch' || type === 'xhr') && res.url().includes('/api/')) reads.push(res.body().then((body) => data.push({ url: res.url(), body }), () => {}));
    });
    await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
    await Promise.all(reads);
    // The toast library is fetched when the first toast shows (on Results: "Found N flights"), not to render.
    const toast = scripts.filter((s) => s.body.includes('data-sonner-toaster'));
    const toastKb = (await sent(toast, 'gzip')) / 1024;
    scripts.splice(0, scripts.length, ...scripts.filter((s) => !toast.includes(s)));
    const gzipSizes = await sizes(scripts, 'gzip');
    const total = sum(gzipSizes);
    const brotli = await sent(scripts, 'br');
    const raw = scripts.reduce((sum, s) => sum + s.body.length, 0);
    console.log(`${(route === results ? '/result?{search}' : route).padEnd(17)} initial JS: ${(total / 1024).toFixed(1)} kB gzip (${(brotli / 1024).toFixed(1)} kB Brotli, ${(raw / 1024).toFixed(1)} kB raw) in ${scripts.length} files${toastKb ? ` (+ ${toastKb.toFixed(1)} kB toast library on the first toast)` : ''}${route === '/' || route === results ? ' — target ≤ 100 kB gzip' : ''}`);
    if (route === '/') scripts.forEach((s) => homeScripts.add(s.url));
    if (route === '/explore') {
      const own = scripts.filter((s) => !homeScripts.has(s.url));
      const ownKb = (await sent(own, 'gzip')) / 1024;
      const dataKb = (await sent(data, 'gzip')) / 1024;
      console.log(`${''.padEnd(17)} Explore's own: ${ownKb.toFixed(1)} kB gzip JS in ${own.length} files + ${dataKb.toFixed(1)} kB gzip data = ${(ownKb + dataKb).toFixed(1)} kB — target ≤ 60 kB`);
    }
    if (process.env.VERBOSE) scripts.forEach((s, i) => console.log(`    ${((gzipSizes[i] ?? 0) / 1024).toFixed(1).padStart(6)} kB  ${s.url.split('/').pop()}`));
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
