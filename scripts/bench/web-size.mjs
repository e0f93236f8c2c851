// Home page initial JavaScript: every script the browser fetches to render / (until the network is idle,
// before the idle-time prefetch of the toast library), gzip-compressed as the server sends it.
/* global window */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../ensure-test-tools.mjs';
import { startServer } from './lib.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'safar-web-'));
const server = await startServer({ PORT: '3392', DATA_DIR: dir });
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const route of ['/', '/result', '/about']) {
    const page = await browser.newPage();
    // Hold back the idle-time prefetch so it is measured separately.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: await res.body() });
    });
    await page.goto(`http://127.0.0.1:3392${route}`, { waitUntil: 'networkidle' });
    const total = scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 6 }).length, 0);
    const raw = scripts.reduce((sum, s) => sum + s.body.length, 0);
    console.log(`${route.padEnd(8)} initial JS: ${(total / 1024).toFixed(1)} kB gzip (${(raw / 1024).toFixed(1)} kB raw) in ${scripts.length} files${route === '/' ? ' — target ≤ 100 kB' : ''}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
