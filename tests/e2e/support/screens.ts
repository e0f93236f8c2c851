import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** Where screenshots go: E2E_SCREENSHOTS=1 → test-results/screens, any other value names the folder; unset → none. */
const folder = (): string | null => {
  const value = process.env.E2E_SCREENSHOTS;
  if (!value) return null;
  return value === '1' ? 'test-results/screens' : value;
};

/**
 * Screenshots at phone and desktop widths (390 and 1280 px), light and dark, for a person to look at:
 * `<name>-<width>-<theme>.png`. Only when E2E_SCREENSHOTS is set (they add time to a run). The page's
 * theme and size are put back afterwards.
 * @example await shoot(page, 'ticket')
 */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = folder();
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const theme = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  for (const next of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), next);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // One frame for the layout to settle at the new width.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      await page.screenshot({ path: `${dir}/${name}-${width}-${next}.png`, fullPage: options.fullPage ?? true });
    }
  }
  await page.evaluate((t) => (t === null ? document.documentElement.removeAttribute('data-theme') : document.documentElement.setAttribute('data-theme', t)), theme);
  await page.setViewportSize(size);
}
