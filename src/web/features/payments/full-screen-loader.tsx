import { useEffect, useRef } from 'react';
import './full-screen-loader.css';

/**
 * Covers the screen while money or seats are in flight, so nothing can be clicked twice. It takes
 * focus while it shows (the control that started it is covered), so a screen reader reads what
 * is happening, and gives it back to that control when it goes, if the control is still there.
 * @example <FullScreenLoader text="Processing payment..." />
 */
export function FullScreenLoader({ text }: { text: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const own = box.current;
    own?.focus({ preventScroll: true });
    return () => {
      // Back to the control that started it, if it is still there (a checkout opening next returns there too).
      const active = document.activeElement;
      if (before?.isConnected && (active === null || active === document.body || active === own)) before.focus({ preventScroll: true });
    };
  }, []);
  return (
    <div className="fs-loader" role="status" aria-live="assertive">
      <div className="fs-loader-box" ref={box} tabIndex={-1}>
        <span className="fs-loader-spinner" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}
