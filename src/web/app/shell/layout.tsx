import { Suspense, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { draftFromSearch, queryFromDraft, returnDateOf } from '../../../core/search-draft';
import { LiveAnnouncer } from '../../components/live-region';
import { ResultsFirstFrame } from '../../features/search/results-head';
import { AppRoutes } from '../router';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';
import { useFocusInView, useRouteFocus, useStickyTopInset } from './use-focus-rules';

// index.html draws the same skeleton before the script runs: keep the two alike. A results URL
// shows its heading and search at once (the server draws that into the page too).
function PageSkeleton() {
  const [pathname] = useLocation();
  const search = useSearch();
  const draft = pathname === '/result' ? draftFromSearch(search) : null;
  const query = draft ? queryFromDraft(draft) : null;
  if (draft && query) return <ResultsFirstFrame query={query} returnDate={returnDateOf(draft)} />;
  return (
    <div className="container page" role="status" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
    </div>
  );
}

/** Every screen: skip link, header, the routed page, footer, the app's live regions. */
export function Layout() {
  const [pathname] = useLocation();
  useStickyTopInset();
  useFocusInView();
  useRouteFocus();
  useEffect(() => {
    // Block body: scrollTo returns a Promise in recent Chromium, which React would call as a cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <OfflineBanner />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <AppRoutes />
        </Suspense>
      </main>
      <Footer />
      <LiveAnnouncer />
    </>
  );
}
