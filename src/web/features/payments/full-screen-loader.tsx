import './full-screen-loader.css';

/**
 * Covers the screen while money or seats are in flight, so nothing can be clicked twice.
 * @example <FullScreenLoader text="Processing payment..." />
 */
export function FullScreenLoader({ text }: { text: string }) {
  return (
    <div className="fs-loader" role="status" aria-live="assertive">
      <div className="fs-loader-box">
        <span className="fs-loader-spinner" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}
