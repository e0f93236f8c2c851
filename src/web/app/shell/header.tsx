import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../../core/product';
import { useSession } from '../../lib/use-session';
import { CurrencySelector } from './currency-selector';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

export function Header() {
  const { user, signOut } = useSession();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [pathname, navigate] = useLocation();
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  const links = [
    { to: '/home', label: 'Home' },
    { to: '/explore', label: 'Explore' },
    { to: '/about', label: 'About' },
    ...(user ? [{ to: '/profile', label: 'Profile' }] : []),
  ];

  const onAuthClick = async () => {
    if (!user) {
      navigate('/login');
      return;
    }
    // Spec: header Log Out clears auth state, goes to /home and reloads the page.
    await signOut().catch(() => {});
    navigate('/home');
    window.location.reload();
  };

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`} data-scrolled={scrolled}>
      <div className="container header-inner">
        <Link href="/" className="logo-link" aria-label="Safar home">
          <Logo />
        </Link>
        <nav id="main-nav" className={`main-nav${menuOpen ? ' is-open' : ''}`} aria-label="Main">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  href={link.to}
                  className={pathname === link.to ? 'nav-link is-active' : 'nav-link'}
                  aria-current={pathname === link.to ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-primary nav-auth-mobile" onClick={() => void onAuthClick()}>
            {user ? 'Log Out' : 'Sign In'}
          </button>
        </nav>
        <div className="header-actions">
          <CurrencySelector />
          <ThemeToggle />
          <button type="button" className="btn btn-primary header-auth" onClick={() => void onAuthClick()}>
            {user ? 'Log Out' : 'Sign In'}
          </button>
          <button
            type="button"
            className="icon-btn menu-btn"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
          </button>
        </div>
      </div>
    </header>
  );
}
