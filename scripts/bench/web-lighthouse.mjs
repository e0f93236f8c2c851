// Lighthouse (mobile, simulated throttling) against the built app: Home and Results with a real search
// in the URL, three runs each, median of every figure. Also lists console errors Lighthouse saw.
// Usage: npm run bench web-lighthouse   (or: node scripts/bench/web-lighthouse.mjs [runs] after npm run build)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../ensure-test-tools.mjs';
import { median, startServer } from './lib.mjs';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3394);
const dir = mkdtempSync(path.join(tmpdir(), 'safar-lh-'));
// A fresh database's first start takes a while on a busy machine.
const server = await startServer({ PORT: String(port), DATA_DIR: dir }, { timeoutMs: 180_000 });

function isoDay(offsetDays) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

const pages = [
  { name: 'Home', url: `http://127.0.0.1:${port}/` },
  { name: 'Results', url: `http://127.0.0.1:${port}/result?from=DEL&to=BOM&date=${isoDay(14)}&cabin=economy&adults=1&children=0&infants=0` },
  { name: 'Explore', url: `http://127.0.0.1:${port}/explore` },
].filter((p) => !process.env.PAGES || process.env.PAGES.split(',').includes(p.name));

const rows = [];
let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  for (const page of pages) {
    const samples = [];
    const errors = new Set();
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const lhr = result.lhr;
      samples.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
        fcp: lhr.audits['first-contentful-paint'].numericValue ?? 0,
      });
      if (process.env.LH_VERBOSE) {
        const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
        console.error(JSON.stringify({ page: page.name, perf: samples.at(-1).performance, lcp: Math.round(samples.at(-1).lcp), tbt: Math.round(samples.at(-1).tbt), lcpElement: lcpItems.map((t) => (t.items ?? []).map((i) => i.node?.snippet ?? i.phase + ':' + Math.round(i.timing ?? 0))).flat() }));
      }
      for (const item of lhr.audits['errors-in-console']?.details?.items ?? []) errors.add(`${item.source}: ${item.description}`);
      for (const [id, audit] of Object.entries(lhr.audits)) {
        if (audit.score !== null && audit.score < 1 && (lhr.categories.accessibility.auditRefs.some((r) => r.id === id) || lhr.categories['best-practices'].auditRefs.some((r) => r.id === id)) && audit.scoreDisplayMode === 'binary') {
          const nodes = (audit.details?.items ?? []).map((item) => item.node?.snippet).filter(Boolean).slice(0, 3);
          errors.add(`audit failed: ${id} — ${audit.title}${nodes.length ? ` (${nodes.join(' ')})` : ''}`);
        }
      }
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    rows.push({ name: page.name, performance: pick('performance'), accessibility: pick('accessibility'), bestPractices: pick('bestPractices'), cls: pick('cls'), tbt: pick('tbt'), lcp: pick('lcp'), fcp: pick('fcp'), errors: [...errors] });
  }
} finally {
  await chrome?.kill();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`Lighthouse ${runs} runs per page, mobile, simulated throttling (median). Targets: perf ≥ 95, a11y 100, best-practices 100, CLS ≤ 0.02, TBT ≤ 150 ms.`);
console.log('page      perf  a11y  b-p   CLS     TBT ms  LCP ms  FCP ms');
for (const r of rows) {
  console.log(`${r.name.padEnd(9)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${r.cls.toFixed(3).padStart(6)}  ${Math.round(r.tbt).toString().padStart(6)}  ${Math.round(r.lcp).toString().padStart(6)}  ${Math.round(r.fcp).toString().padStart(6)}`);
  for (const e of r.errors) console.log(`  - ${e}`);
}
