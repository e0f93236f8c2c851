/**
 * Focus management shared by every screen and dialog (decision 0050):
 * - how the traveller last acted (keyboard or pointer), so timed moves never pull a keyboard
 *   or screen-reader user away from where they are;
 * - keeping a focused element inside its scrolling container's visible area, clear of that
 *   container's sticky header and footer;
 * - moving focus to a screen's main heading.
 */

export type InputModality = 'keyboard' | 'pointer';

let modality: InputModality = 'pointer';
let pressing = false;
let tracking = false;

/** Starts listening once (capture phase, so no handler can hide an event from it). */
export function trackInputModality(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('keydown', (event) => {
    // Modifier-only presses (a screenshot shortcut, Ctrl+C) are not navigation.
    if (!['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) modality = 'keyboard';
  }, true);
  document.addEventListener('pointerdown', () => {
    modality = 'pointer';
    pressing = true;
  }, true);
  const release = () => {
    pressing = false;
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  // A click without a pointer press (detail 0) comes from the keyboard or a screen reader's "activate".
  document.addEventListener('click', (event) => {
    if (event.detail === 0) modality = 'keyboard';
  }, true);
}

export function lastInputModality(): InputModality {
  return modality;
}

/**
 * True between a pointer's press and its release. Focus that arrives then came from the press
 * itself: the element is under the pointer already, and scrolling it would move it away before
 * the release, so the click would land on something else.
 */
export function pointerIsPressed(): boolean {
  return pressing;
}

/** True when focus is inside `container` and the traveller is using the keyboard (or a screen reader). */
export function keyboardFocusWithin(container: Element | null): boolean {
  const active = document.activeElement;
  return modality === 'keyboard' && container !== null && active !== null && container.contains(active);
}

function px(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * How much of `container`'s scrollport its own sticky children cover at the top and bottom
 * (a dialog's sticky title bar or action bar), measured now.
 */
function stickyInsets(container: HTMLElement, except: Element): { top: number; bottom: number } {
  const box = container.getBoundingClientRect();
  let top = 0;
  let bottom = 0;
  for (const el of container.querySelectorAll<HTMLElement>('*')) {
    if (el.contains(except)) continue;
    const style = getComputedStyle(el);
    if (style.position !== 'sticky') continue;
    const rect = el.getBoundingClientRect();
    if (rect.height === 0) continue;
    if (style.top !== 'auto') top = Math.max(top, rect.bottom - box.top);
    else if (style.bottom !== 'auto') bottom = Math.max(bottom, box.bottom - rect.top);
  }
  return { top, bottom };
}

/** Room kept around a focused element so its focus ring (3 px outline, 2 px offset) shows too. */
const FOCUS_RING_ROOM = 8;

/**
 * Scrolls `container` (a scrolling dialog or panel) the least amount that shows all of `element`
 * and its focus ring below the container's sticky header and above its sticky footer.
 * Needed where focus is moved with `preventScroll` (Radix's focus trap wraps Tab that way).
 */
export function revealWithin(element: HTMLElement, container: HTMLElement): void {
  if (container.scrollHeight <= container.clientHeight) return;
  const style = getComputedStyle(container);
  const insets = stickyInsets(container, element);
  const box = container.getBoundingClientRect();
  const viewTop = box.top + container.clientTop + Math.max(insets.top, px(style.scrollPaddingTop)) + FOCUS_RING_ROOM;
  const viewBottom = box.top + container.clientTop + container.clientHeight - Math.max(insets.bottom, px(style.scrollPaddingBottom)) - FOCUS_RING_ROOM;
  const rect = element.getBoundingClientRect();
  let delta = 0;
  if (rect.top < viewTop) delta = rect.top - viewTop;
  else if (rect.bottom > viewBottom) delta = Math.min(rect.bottom - viewBottom, rect.top - viewTop);
  if (delta !== 0) container.scrollTop += delta;
}

function scrolls(overflow: string): boolean {
  return overflow === 'auto' || overflow === 'scroll';
}

/** The focus ring's reach outside a control (3 px outline, 2 px offset), plus a pixel. */
const RING = 6;

/**
 * Scrolls every scrolling ancestor of `element` (the page last) the least amount that shows the
 * element with its focus ring, inside each one's scroll-padding. The browser's own focus scrolling
 * stops at the element's border box, so a ring at a scrolling strip's edge would be cut off.
 */
export function revealFocusRing(element: Element): void {
  let pinned = false;
  for (let box = element.parentElement; box && box !== document.body && box !== document.documentElement; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.position === 'fixed' || style.position === 'sticky') pinned = true;
    const x = scrolls(style.overflowX) && box.scrollWidth > box.clientWidth;
    const y = scrolls(style.overflowY) && box.scrollHeight > box.clientHeight;
    if (!x && !y) continue;
    const b = box.getBoundingClientRect();
    const r = element.getBoundingClientRect();
    if (x) {
      const left = b.left + box.clientLeft + px(style.scrollPaddingLeft) + RING;
      const right = b.left + box.clientLeft + box.clientWidth - px(style.scrollPaddingRight) - RING;
      if (r.left < left) box.scrollLeft += r.left - left;
      else if (r.right > right) box.scrollLeft += Math.min(r.right - right, r.left - left);
    }
    if (y) {
      const top = b.top + box.clientTop + px(style.scrollPaddingTop) + RING;
      const bottom = b.top + box.clientTop + box.clientHeight - px(style.scrollPaddingBottom) - RING;
      if (r.top < top) box.scrollTop += r.top - top;
      else if (r.bottom > bottom) box.scrollTop += Math.min(r.bottom - bottom, r.top - top);
    }
  }
  // Inside the sticky header, a sticky panel or a dialog, scrolling the page would not help.
  if (pinned) return;
  const root = getComputedStyle(document.documentElement);
  const r = element.getBoundingClientRect();
  const top = px(root.scrollPaddingTop);
  const bottom = document.documentElement.clientHeight - px(root.scrollPaddingBottom);
  if (bottom - top < r.height) return;
  if (r.top < top) window.scrollBy(0, r.top - top);
  else if (r.bottom > bottom) window.scrollBy(0, Math.min(r.bottom - bottom, r.top - top));
}

/**
 * Focuses a heading (made focusable by script only, tabindex -1) without a page jump; the
 * screen reader reads it, so the traveller hears where they are.
 */
export function focusHeading(heading: HTMLElement | null): boolean {
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}
