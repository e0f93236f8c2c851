/** The Safar mark: a plane in the accent colour. */
export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--accent)" />
        <path
          fill="var(--on-accent)"
          d="M50 30.5c0-2-1.6-3.5-3.5-3.5H37L26 12h-5l5.5 15H16l-3-4H9l2 8-2 8h4l3-4h10.5L21 50h5l11-15h9.5c1.9 0 3.5-1.6 3.5-3.5z"
        />
      </svg>
      <span className="logo-word">Safar</span>
    </span>
  );
}
