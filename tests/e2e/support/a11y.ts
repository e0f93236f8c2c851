import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with the list of violations when axe finds any WCAG 2.x A/AA problem on the page. */
export async function expectNoAxeViolations(page: Page) {
  // Screens load lazily: scan the screen, not its loading skeleton (every screen has a level-one
  // heading; the skeleton that stands in for a screen while its code loads is a busy status).
  await page
    .waitForFunction(() => document.querySelector('main h1') !== null && document.querySelector('main > .page[aria-busy="true"]') === null, undefined, { timeout: 7_000 })
    .catch(() => undefined);
  // Let finite animations and transitions settle (a toast sliding in, a dialog fading): axe reads
  // colours as painted, and a half-faded element fails contrast. Endless ones (skeleton shimmer) are skipped.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => (animation.effect?.getComputedTiming().endTime ?? Infinity) !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * axe in the light theme, then the dark one, then back to light. Open toasts are waited out first
 * (unless `toasts: 'keep'`). During the scans transitions are cut short (reduced motion: a theme
 * switch fades every button's colours) and nothing is skipped by `content-visibility` (a card
 * skipped off screen starts its restyle only when axe reads it, half-way colours failing contrast).
 * @example await scanLightAndDark(page)
 */
export async function scanLightAndDark(page: Page, { toasts = 'wait' }: { toasts?: 'wait' | 'keep' } = {}): Promise<void> {
  if (toasts === 'wait') await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Everything rendered while axe reads it: content the browser skips off screen keeps the styles
  // of the theme it was last painted in.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.setAttribute('data-axe-scan', '');
    style.textContent = '* { content-visibility: visible !important; }';
    document.head.append(style);
  });
  try {
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expectNoAxeViolations(page);
  } finally {
    await page.evaluate(() => {
      document.documentElement.setAttribute('data-theme', 'light');
      document.querySelector('style[data-axe-scan]')?.remove();
    });
    await page.emulateMedia({ reducedMotion: null });
  }
}
