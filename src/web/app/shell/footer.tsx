import { Link } from 'wouter';
import { Logo } from './logo';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <Logo />
          <p className="muted">Flights across India and the world, with the full price up front.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link href="/home">Home</Link>
            </li>
            <li>
              <Link href="/explore">Explore Flights</Link>
            </li>
          </ul>
        </nav>
        <p className="footer-small muted">
          © {new Date().getFullYear()} Safar. Prices are charged in INR. Airport data: airport-data-js, CC BY 4.0.
        </p>
      </div>
    </footer>
  );
}
