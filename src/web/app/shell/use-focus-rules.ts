import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { focusHeading, pointerIsPressed, revealFocusRing, trackInputModality } from '../../lib/focus';

/** How long after a route change a screen may take to draw its heading (lazy code, first data). */
const HEADING_WAIT_MS = 10_000;

function screenHeading(main: HTMLElement): HTMLElement | null {
  for (const heading of main.querySelectorAll<HTMLElement>('h1')) {
    if (!heading.closest('[aria-busy="true"]')) return heading;
  }
  return null;
}

/**
 * On every route change focus moves to the new screen's level-one heading (tabindex -1), which
 * a screen reader reads out as the screen's name; it is never left on <body>. A screen whose
 * first frame is replaced (a loading heading, then the real one) keeps focus on its heading.
 * Focus the traveller has already moved into the new screen is left alone. The first page load
 * keeps the browser's own start (the skip link comes first).
 */
export function useRouteFocus(): void {
  const [pathname] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const before = document.activeElement;
    let focused: HTMLElement | null = null;
    const settle = () => {
      const active = document.activeElement;
      const lost = active === null || active === document.body || active === main;
      if (focused) {
        // Our heading was redrawn (first frame → screen): follow it; anything else is the traveller's choice.
        if (focused.isConnected || !lost) return;
      } else if (!lost && active !== before && main.contains(active)) {
        return stop();
      }
      const heading = screenHeading(main);
      if (heading && focusHeading(heading)) focused = heading;
    };
    const observer = new MutationObserver(settle);
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    settle();
    return stop;
  }, [pathname]);
}

/**
 * The sticky header's (and offline banner's) height as `--sticky-top` on <html>, which sets the
 * page's scroll-padding-top: a control focused by Tab never slides under them.
 */
export function useStickyTopInset(): void {
  useEffect(() => {
    trackInputModality();
    const root = document.documentElement;
    const measure = () => {
      let top = 0;
      for (const el of document.querySelectorAll<HTMLElement>('.site-header, .offline-banner')) top = Math.max(top, el.getBoundingClientRect().height);
      root.style.setProperty('--sticky-top', `${Math.ceil(top)}px`);
    };
    const resize = new ResizeObserver(measure);
    const watch = () => document.querySelectorAll('.site-header, .offline-banner').forEach((el) => resize.observe(el));
    watch();
    measure();
    // The offline banner comes and goes.
    const children = new MutationObserver(() => {
      watch();
      measure();
    });
    const shell = document.getElementById('root');
    if (shell) children.observe(shell, { childList: true });
    return () => {
      resize.disconnect();
      children.disconnect();
    };
  }, []);
}

/**
 * Whatever gets focus is shown whole, focus ring included, in every scrolling box around it and
 * in the page (clear of the sticky header and the floating buttons): after the browser's own
 * focus scrolling, which stops at the element's edge and is skipped by focus({ preventScroll }).
 */
export function useFocusInView(): void {
  useEffect(() => {
    let frame = 0;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || pointerIsPressed()) return;
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => {
        if (document.activeElement === target) revealFocusRing(target);
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}
