import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../../../core/product';
import { useTheme } from '../../lib/use-theme';
import { loadToastLibrary, onToastWanted, toasterMounted } from '../../lib/toast';

type Sonner = Awaited<ReturnType<typeof loadToastLibrary>>;

/** The library's own distance from the window's top edge (desktop, and below 600 px). */
const TOP_OFFSET = 24;
const MOBILE_TOP_OFFSET = 16;
const MOBILE_MAX_WIDTH = 600;
/** Clear space kept between a toast and the focused control's focus ring. */
const GAP = 8;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) => a.top < b.bottom && a.bottom > b.top && a.left < b.right && a.right > b.left;

/**
 * Where the toasts' top edge must be so they do not cover the focused control: null for the
 * usual place (top right), else just below the control (or just above it when there is no room).
 */
function clearTop(section: HTMLElement): number | null {
  const list = section.querySelector<HTMLElement>('[data-sonner-toaster]');
  const active = document.activeElement;
  if (!list || !(active instanceof HTMLElement) || active === document.body || section.contains(active)) return null;
  const rects = [...section.querySelectorAll<HTMLElement>('[data-sonner-toast]')].map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
  if (rects.length === 0) return null;
  const listTop = list.getBoundingClientRect().top;
  const union = {
    top: Math.min(...rects.map((r) => r.top)) - listTop,
    bottom: Math.max(...rects.map((r) => r.bottom)) - listTop,
    left: Math.min(...rects.map((r) => r.left)),
    right: Math.max(...rects.map((r) => r.right)),
  };
  const at = (top: number): Box => ({ top: union.top + top, bottom: union.bottom + top, left: union.left, right: union.right });
  const r = active.getBoundingClientRect();
  const focus = { top: r.top - GAP, bottom: r.bottom + GAP, left: r.left - GAP, right: r.right + GAP };
  const home = window.innerWidth <= MOBILE_MAX_WIDTH ? MOBILE_TOP_OFFSET : TOP_OFFSET;
  if (!overlaps(at(home), focus)) return null;
  const below = focus.bottom - union.top;
  if (below + union.bottom <= window.innerHeight - GAP) return Math.round(below);
  const above = focus.top - union.bottom;
  if (above + union.top >= 0) return Math.round(above);
  return null;
}

/**
 * Toasts never cover the focused control: when one would, the whole stack moves below (or above)
 * it, and goes back once focus leaves. The toasts stay in the library's one live region.
 */
function useToastsClearOfFocus(section: HTMLElement | null): number | null {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (!section) return;
    let frame = 0;
    const place = () => {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => setTop(clearTop(section)));
    };
    const observer = new MutationObserver(place);
    observer.observe(section, { subtree: true, childList: true, attributeFilter: ['data-visible', 'data-mounted', 'data-expanded'] });
    document.addEventListener('focusin', place);
    section.addEventListener('transitionend', place);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place);
    return () => {
      window.cancelAnimationFrame(frame);
      observer.disconnect();
      document.removeEventListener('focusin', place);
      section.removeEventListener('transitionend', place);
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [section]);
  return top;
}

function MountedToaster({ sonner }: { sonner: Sonner }) {
  const { theme } = useTheme();
  const [section, setSection] = useState<HTMLElement | null>(null);
  const top = useToastsClearOfFocus(section);
  // Effects run child-first, so the Toaster has subscribed before this fires.
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    <sonner.Toaster
      ref={setSection}
      position="top-right"
      duration={TOAST_DURATION_MS}
      theme={theme}
      richColors
      closeButton
      {...(top === null ? {} : { offset: { top }, mobileOffset: { top } })}
    />
  );
}

/**
 * Toasts top-right, closing after 3000 ms, moved aside while they would cover the focused
 * control. The library arrives after the first paint; if it cannot be fetched (offline), the
 * page carries on without toasts.
 */
export function ToasterHost() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(
    () =>
      onToastWanted(() => {
        loadToastLibrary().then(setSonner, () => {});
      }),
    [],
  );
  return sonner ? <MountedToaster sonner={sonner} /> : null;
}
