// Renders Safar's app icons (PWA manifest, Apple touch icon, notification badge, shortcut icons)
// from the logo SVG with Debian's Chromium, into src/web/public/icons. Rerun after changing the
// logo: `node scripts/build-icons.mjs`. The PNGs are committed; nothing runs at install time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const OUT = 'src/web/public/icons';
const BLUE = '#0b5cad';
const PLANE = 'M50 30.5c0-2-1.6-3.5-3.5-3.5H37L26 12h-5l5.5 15H16l-3-4H9l2 8-2 8h4l3-4h10.5L21 50h5l11-15h9.5c1.9 0 3.5-1.6 3.5-3.5z';

// The logo: rounded square with the plane (purpose "any").
const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BLUE}"/><path fill="#fff" d="${PLANE}"/></svg>`;
// Maskable and Apple icons: full-bleed colour, plane inside the central 80 % safe zone.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/><g transform="translate(12.8 12.8) scale(0.6)"><path fill="#fff" d="${PLANE}"/></g></svg>`;
// Notification badge: the plane alone, white on transparent (Android tints it).
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="4 6 52 52"><path fill="#fff" d="${PLANE}"/></svg>`;
// Shortcut icons: a magnifier (Search) and a ticket (My trips) on the brand colour.
const search = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BLUE}"/><circle cx="28" cy="28" r="12" fill="none" stroke="#fff" stroke-width="5"/><path d="M37 37l11 11" stroke="#fff" stroke-width="6" stroke-linecap="round"/></svg>`;
const trips = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BLUE}"/><path fill="#fff" d="M12 20h40v8a4 4 0 0 0 0 8v8H12v-8a4 4 0 0 0 0-8z"/><path d="M38 22v20" stroke="${BLUE}" stroke-width="2.5" stroke-dasharray="3 3"/></svg>`;

const jobs = [
  ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({ name: `icon-${size}.png`, svg: logo, size })),
  { name: 'maskable-192.png', svg: fullBleed, size: 192 },
  { name: 'maskable-512.png', svg: fullBleed, size: 512 },
  { name: 'apple-touch-icon-180.png', svg: fullBleed, size: 180 },
  { name: 'badge-96.png', svg: badge, size: 96 },
  { name: 'shortcut-search-96.png', svg: search, size: 96 },
  { name: 'shortcut-trips-96.png', svg: trips, size: 96 },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const { name, svg, size } of jobs) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}" style="display:block"></body></html>`);
  await page.waitForFunction("document.images[0] && document.images[0].complete");
  writeFileSync(`${OUT}/${name}`, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
  console.log(`${OUT}/${name}`);
}
await browser.close();
