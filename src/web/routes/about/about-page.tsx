import { BadgeIndianRupee, Plane, ShieldCheck, Ticket } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../components/page-title';

const PROMISES = [
  { icon: BadgeIndianRupee, title: 'Honest all-in prices', text: 'The fare you see on the results list already includes taxes and fees. No surprises at payment.' },
  { icon: Plane, title: 'Real schedules, fast answers', text: 'Direct and connecting flights with proper connection times, searched in milliseconds.' },
  { icon: ShieldCheck, title: 'Bookings that never go wrong', text: 'Seats are held while you pay, and every payment is confirmed exactly once.' },
  { icon: Ticket, title: 'Tickets that work at the airport', text: 'PDF e-tickets and boarding passes with real IATA barcodes, readable offline.' },
];

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <div className="container page about">
      <section className="about-hero">
        <p className="eyebrow">About Safar</p>
        <h1>The flight app Indian travellers would rather use</h1>
        <p className="lead">
          Safar (सफ़र, "journey") searches flights across India and to the world, shows the full price from the first screen,
          books them safely and keeps your tickets and boarding passes in your pocket.
        </p>
      </section>
      <ul className="promise-grid">
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="card promise">
            <Icon aria-hidden="true" size={28} className="promise-icon" />
            <h2>{title}</h2>
            <p className="muted">{text}</p>
          </li>
        ))}
      </ul>
      <section className="card about-cta">
        <h2>Ready for your next journey?</h2>
        <p className="muted">Search hundreds of routes and compare every fare side by side.</p>
        <Link href="/home" className="btn btn-primary btn-large">
          Start Your Journey Today
        </Link>
      </section>
      <p className="muted small">
        Airport data from <cite>airport-data-js</cite>, licensed under CC BY 4.0. Prices are charged in Indian rupees (INR); other currencies are shown
        for reference at fixed rates.
      </p>
    </div>
  );
}
