import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only checks for any screen (decision 0050). After every key press the focused element
 * must be: a real element (never <body>), painted, inside the viewport, not covered by a sticky or
 * fixed element or a toast (document.elementsFromPoint at its corners and centre, and the toasts'
 * boxes against its focus ring), not cut off by a scrolling or clipping ancestor (ring included),
 * and — for controls — drawn with a focus indicator of at least 3:1 against the look it had
 * before it was focused (outline or ring against the background beside it, or a changed border
 * or background against the old one).
 *
 * @example
 *   const steps = await tabTo(page, page.getByRole('button', { name: 'Search Flights' }));
 *   await pressKey(page, 'Enter');
 */

export interface FocusState {
  /** "button "Search Flights"", for messages. */
  label: string;
  problems: string[];
  /** The indicator's best contrast (null for a heading focused by script, which needs no ring). */
  contrast: number | null;
}

interface CheckOptions {
  /** A heading or container focused by script (tabindex -1): no focus ring is required. */
  indicator?: boolean;
}

/** Records every focusable element's unfocused look, so the next focus can be compared with it. */
async function rememberUnfocusedLooks(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Look = { outline: string; shadow: string; border: string; background: string };
    const w = window as unknown as { __unfocusedLooks?: WeakMap<Element, Look> };
    const looks = (w.__unfocusedLooks ??= new WeakMap());
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';
    for (const el of document.querySelectorAll(selector)) {
      if (el === document.activeElement) continue;
      const s = getComputedStyle(el);
      looks.set(el, {
        outline: s.outlineStyle === 'none' ? 'none' : `${s.outlineWidth} ${s.outlineColor}`,
        shadow: s.boxShadow,
        border: s.borderTopColor,
        background: s.backgroundColor,
      });
    }
  });
}

/** Everything wrong with the focused element right now (an empty list when all is well). */
async function focusState(page: Page, options: CheckOptions = {}): Promise<FocusState> {
  return page.evaluate(
    ({ wantIndicator }) => {
      type Rgba = [number, number, number, number];
      type Look = { outline: string; shadow: string; border: string; background: string };
      const problems: string[] = [];
      const el = document.activeElement;
      if (!(el instanceof HTMLElement || el instanceof SVGElement) || el === document.body || el === document.documentElement) {
        return { label: el ? el.tagName.toLowerCase() : 'nothing', problems: ['focus is on <body> (lost)'], contrast: null };
      }
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const label = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name || (el as HTMLInputElement).name || ''}"`;

      // --- colours ---
      function parse(color: string): Rgba | null {
        const rgb = color.match(/rgba?\(([^)]+)\)/);
        if (rgb?.[1]) {
          const p = rgb[1].split(/[\s,/]+/).filter(Boolean).map(Number);
          return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
        }
        const srgb = color.match(/color\(srgb ([^)]+)\)/);
        if (srgb?.[1]) {
          const p = srgb[1].split(/[\s/]+/).filter(Boolean).map(Number);
          return [(p[0] ?? 0) * 255, (p[1] ?? 0) * 255, (p[2] ?? 0) * 255, p[3] ?? 1];
        }
        return null;
      }
      const over = (top: Rgba, under: Rgba): Rgba => {
        const a = top[3];
        return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
      };
      const lum = (c: Rgba) => {
        const f = (v: number) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
      };
      const ratio = (a: Rgba, b: Rgba) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
        return (x + 0.05) / (y + 0.05);
      };
      /** The colour painted behind `start` (its ancestors' backgrounds, composited). */
      function backdrop(start: Element | null): Rgba {
        const layers: Rgba[] = [];
        for (let node = start; node; node = node.parentElement) {
          const c = parse(getComputedStyle(node).backgroundColor);
          if (c && c[3] > 0) {
            layers.push(c);
            if (c[3] >= 1) break;
          }
        }
        let color: Rgba = [255, 255, 255, 1];
        for (const layer of layers.reverse()) color = over(layer, color);
        return color;
      }

      // --- painted and in the viewport ---
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1 || style.visibility === 'hidden' || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
        problems.push(`not visible (${Math.round(rect.width)}×${Math.round(rect.height)})`);
      }
      const outlineWidth = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) || 0;
      const ringOut = Math.max(0, outlineWidth + (parseFloat(style.outlineOffset) || 0));
      const ring = { left: rect.left - ringOut, top: rect.top - ringOut, right: rect.right + ringOut, bottom: rect.bottom + ringOut };
      const vw = document.documentElement.clientWidth;
      const vh = document.documentElement.clientHeight;
      if (rect.top < -0.5 || rect.left < -0.5 || rect.bottom > vh + 0.5 || rect.right > vw + 0.5) {
        problems.push(`outside the viewport (${Math.round(rect.left)},${Math.round(rect.top)}–${Math.round(rect.right)},${Math.round(rect.bottom)} in ${vw}×${vh})`);
      }

      // --- cut off by a clipping or scrolling ancestor (the ring included) ---
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const s = getComputedStyle(node);
        const clipsX = s.overflowX !== 'visible';
        const clipsY = s.overflowY !== 'visible';
        if (!clipsX && !clipsY) continue;
        const b = node.getBoundingClientRect();
        const left = b.left + node.clientLeft;
        const top = b.top + node.clientTop;
        const right = left + node.clientWidth;
        const bottom = top + node.clientHeight;
        const cut: string[] = [];
        if (clipsY && ring.top < top - 0.5) cut.push('top');
        if (clipsY && ring.bottom > bottom + 0.5) cut.push('bottom');
        if (clipsX && ring.left < left - 0.5) cut.push('left');
        if (clipsX && ring.right > right + 0.5) cut.push('right');
        if (cut.length > 0) problems.push(`clipped at the ${cut.join(', ')} by ${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`);
        if (s.position === 'fixed') break;
      }

      // --- covered by sticky or fixed elements, or toasts ---
      const pinned = (node: Element | null): Element | null => {
        for (let n = node; n && n !== document.body; n = n.parentElement) {
          const p = getComputedStyle(n).position;
          if (p === 'fixed' || p === 'sticky' || n.hasAttribute('data-sonner-toast')) return n;
        }
        return null;
      };
      // The centre, each edge's middle (2 px in) and each corner's inside (20 % in, which stays
      // within rounded corners and circles: hit testing follows border-radius).
      const edge = Math.min(2, rect.width / 4, rect.height / 4);
      const [cx, cy] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
      const [dx, dy] = [rect.width * 0.2, rect.height * 0.2];
      const points: [number, number][] = [
        [cx, cy],
        [cx, rect.top + edge],
        [cx, rect.bottom - edge],
        [rect.left + edge, cy],
        [rect.right - edge, cy],
        [rect.left + dx, rect.top + dy],
        [rect.right - dx, rect.top + dy],
        [rect.left + dx, rect.bottom - dy],
        [rect.right - dx, rect.bottom - dy],
      ];
      const coverers = new Set<string>();
      for (const [x, y] of points) {
        if (x < 0 || y < 0 || x > vw || y > vh) continue;
        for (const hit of document.elementsFromPoint(x, y)) {
          if (hit === el || el.contains(hit) || hit.contains(el)) break;
          const pin = pinned(hit);
          // Something pinned that is not one of the focused element's own pinned ancestors.
          if (pin && !pin.contains(el)) {
            coverers.add(`${pin.tagName.toLowerCase()}.${[...pin.classList].join('.')}`);
            break;
          }
        }
      }
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const t = toast.getBoundingClientRect();
        if (t.height > 0 && t.left < ring.right && t.right > ring.left && t.top < ring.bottom && t.bottom > ring.top) coverers.add('a toast');
      }
      if (coverers.size > 0) problems.push(`covered by ${[...coverers].join(', ')}`);

      // --- the focus indicator ---
      let contrast: number | null = null;
      // A heading or region focused by script (tabindex -1) is not a control: it needs no ring.
      const scriptOnly = el.getAttribute('tabindex') === '-1' && !el.matches('a[href], button, input, select, textarea, summary');
      if (wantIndicator && !scriptOnly) {
        const looks = (window as unknown as { __unfocusedLooks?: WeakMap<Element, Look> }).__unfocusedLooks;
        const before = looks?.get(el);
        const candidates: number[] = [];
        const outside = backdrop(el.parentElement);
        const own = over(parse(style.backgroundColor) ?? [0, 0, 0, 0], outside);
        if (outlineWidth >= 1 && (!before || before.outline === 'none' || before.outline !== `${style.outlineWidth} ${style.outlineColor}`)) {
          const c = parse(style.outlineColor);
          const offset = parseFloat(style.outlineOffset) || 0;
          // An outline drawn outside meets the background beside the control; one drawn inside, the control's own.
          if (c) candidates.push(ratio(over(c, offset >= 0 ? outside : own), offset >= 0 ? outside : own));
        }
        if (style.boxShadow !== 'none' && (!before || before.shadow !== style.boxShadow)) {
          for (const m of style.boxShadow.matchAll(/(rgba?\([^)]+\)|color\([^)]+\))/g)) {
            const c = m[1] ? parse(m[1]) : null;
            if (c && c[3] > 0) candidates.push(Math.max(ratio(over(c, outside), outside), ratio(over(c, own), own)));
          }
        }
        if (before) {
          const b0 = parse(before.border);
          const b1 = parse(style.borderTopColor);
          if (b0 && b1 && parseFloat(style.borderTopWidth) >= 1) candidates.push(ratio(over(b1, outside), over(b0, outside)));
          const g0 = parse(before.background);
          const g1 = parse(style.backgroundColor);
          if (g0 && g1) candidates.push(ratio(over(g1, outside), over(g0, outside)));
        }
        contrast = candidates.length > 0 ? Math.max(...candidates) : 1;
        if (contrast < 3) {
          const now = `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, shadow ${style.boxShadow}, border ${style.borderTopColor}, background ${style.backgroundColor}`;
          const then = before ? `outline ${before.outline}, shadow ${before.shadow}, border ${before.border}, background ${before.background}` : 'not seen';
          const state = `:focus ${el.matches(':focus')}, :focus-visible ${el.matches(':focus-visible')}, :focus-within ${el.matches(':focus-within')}, document.hasFocus ${document.hasFocus()}`;
          problems.push(`focus indicator contrast ${contrast.toFixed(2)}:1 (needs 3:1); focused: ${now}; unfocused: ${then}; ${state}`);
        }
      }
      return { label, problems, contrast };
    },
    { wantIndicator: options.indicator !== false },
  );
}

/** Fails, naming the element and every problem, unless the focused element passes every check. */
export async function expectFocusVisible(page: Page, options: CheckOptions = {}, step = ''): Promise<FocusState> {
  // The settled state counts: smooth scrolling, a toast moving aside and Chromium's date fields
  // (focus passes from the input to its inner parts a moment later) take a few frames.
  let state = await focusState(page, options);
  for (let tries = 0; state.problems.length > 0 && tries < 10; tries += 1) {
    await page.waitForTimeout(100);
    state = await focusState(page, options);
  }
  expect(state.problems, `${step ? `${step}: ` : ''}focused ${state.label}`).toEqual([]);
  return state;
}

/**
 * Presses a key (Tab, Shift+Tab, Enter, ArrowDown…) and checks the focused element afterwards.
 * Scrolling that follows focus is smooth in some places: the check waits for it to settle.
 */
export async function pressKey(page: Page, key: string, options: CheckOptions = {}): Promise<FocusState> {
  await rememberUnfocusedLooks(page);
  await page.keyboard.press(key);
  // Let focus-driven scrolling and redraws settle (two frames).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return expectFocusVisible(page, options, key);
}

export interface TabResult {
  /** Tab presses it took. */
  presses: number;
  /** Every element passed on the way, in order. */
  path: string[];
}

/**
 * Presses Tab (checking focus at every press) until `target` has focus; fails after `max` presses.
 * A target that has focus already is reached with no press.
 * @example const { presses } = await tabTo(page, page.getByRole('button', { name: 'Pay' }));
 */
export async function tabTo(page: Page, target: Locator, { max = 80, shift = false } = {}): Promise<TabResult> {
  const path: string[] = [];
  await expect(target).toBeAttached();
  // Already there (a screen may have moved focus to it): one more Tab would move past it.
  if (await target.evaluate((el) => el === document.activeElement)) return { presses: 0, path };
  for (let presses = 1; presses <= max; presses += 1) {
    const state = await pressKey(page, shift ? 'Shift+Tab' : 'Tab');
    path.push(state.label);
    if (await target.evaluate((el) => el === document.activeElement)) return { presses, path };
  }
  throw new Error(`tabTo: not reached after ${max} presses; passed ${path.join(' → ')}`);
}

/** The text that reached any live region on the page since `watchLiveRegions` was called. */
export async function watchLiveRegions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __liveText?: string[]; __liveObserver?: MutationObserver };
    w.__liveText = [];
    w.__liveObserver?.disconnect();
    const isLive = (node: Node | null): boolean => {
      for (let n = node instanceof Element ? node : (node?.parentElement ?? null); n; n = n.parentElement) {
        const live = n.getAttribute('aria-live');
        const role = n.getAttribute('role');
        if ((live && live !== 'off') || role === 'status' || role === 'alert' || role === 'log') return true;
      }
      return false;
    };
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target;
        if (!isLive(target)) continue;
        const text = (target instanceof Element ? target.textContent : target.parentElement?.textContent) ?? '';
        if (text.trim()) w.__liveText?.push(text.replace(/\s+/g, ' ').trim());
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    w.__liveObserver = observer;
  });
}

/** Waits until text matching `pattern` has been put into a live region that already existed. */
export async function expectAnnounced(page: Page, pattern: RegExp, timeout = 10_000): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __liveText?: string[] }).__liveText ?? []), { timeout, message: `a live region says ${pattern}` })
    .toContainEqual(expect.stringMatching(pattern));
}
