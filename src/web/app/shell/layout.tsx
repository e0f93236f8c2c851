import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { AppRoutes } from '../router';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';

// index.html draws the same skeleton before the script runs: keep the two alike.
function PageSkeleton() {
  return (
    <div className="container page" role="status" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
    </div>
  );
}

/** Every screen: skip link, header, the routed page, footer. */
export function Layout() {
  const [pathname] = useLocation();
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
    </>
  );
}
