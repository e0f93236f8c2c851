import { Link } from 'wouter';
import { useDocumentTitle } from '../../components/page-title';

export function NotFoundPage() {
  useDocumentTitle('Flight Not Found');
  return (
    <div className="container page not-found">
      <svg className="not-found-art" viewBox="0 0 200 120" aria-hidden="true" focusable="false">
        <path d="M10 100 Q100 10 190 100" fill="none" stroke="var(--border-strong)" strokeWidth="3" strokeDasharray="6 8" />
        <g transform="translate(100 46) rotate(8)">
          <path fill="var(--accent)" d="M22 0c0-2-1.6-3.5-3.5-3.5H9L-2-18h-5l5.5 15H-12l-3-4h-4l2 8-2 8h4l3-4h10.5L-7 20h5L9 5h9.5C20.4 5 22 3.4 22 1.5z" />
        </g>
      </svg>
      <h1>Flight Not Found</h1>
      <p className="muted">This page has taken off without us. Let's get you back on course.</p>
      <Link className="btn btn-primary" href="/">
        Back to Home
      </Link>
    </div>
  );
}
