import { BadgeIndianRupee, Clock, Globe2, ShieldCheck, Smartphone, Ticket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { useDocumentTitle } from '../../components/page-title';
import { notify } from '../../lib/toast';
import { RecommendationsSection } from '../../features/recommendations/recommendations-section';
import type { ChosenDestination } from '../../features/recommendations/recommendations-panel';
import { SearchForm } from '../../features/search/search-form';
import './home.css';

const STATS = [
  { value: '500K+', label: 'Travelers' },
  { value: '1000+', label: 'Destinations' },
  { value: '24/7', label: 'Support' },
  { value: '195', label: 'Countries' },
  { value: '500', label: 'Airlines' },
];

const FEATURES = [
  { icon: BadgeIndianRupee, title: 'All-in prices', text: 'Taxes and fees included on every result, so the price you pick is the price you pay.' },
  { icon: Clock, title: 'Answers in a blink', text: 'Direct and connecting flights with safe connection times, found in milliseconds.' },
  { icon: ShieldCheck, title: 'Safe booking', text: 'Your seats are held while you pay, and a payment is never taken twice.' },
  { icon: Ticket, title: 'Real tickets', text: 'PDF e-tickets and boarding passes with barcodes airports can scan.' },
  { icon: Smartphone, title: 'Works offline', text: 'Install Safar and keep your boarding passes at hand without a signal.' },
  { icon: Globe2, title: 'India and beyond', text: 'Every Indian airport with scheduled flights, and the world from our hubs.' },
];

/** Explore's Book flow sends `{ from, to }` and, when the card showed a dated price, `date` (YYYY-MM-DD) in history state; anything else is ignored. */
function prefillFrom(state: unknown): { from: string; to: string; date: string | null } | null {
  if (typeof state !== 'object' || state === null || !('from' in state) || !('to' in state)) return null;
  const { from, to } = state;
  if (typeof from !== 'string' || typeof to !== 'string' || !from.trim() || !to.trim()) return null;
  const date = 'date' in state && typeof state.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(state.date) ? state.date : null;
  return { from: from.trim(), to: to.trim(), date };
}

export function HomePage() {
  useDocumentTitle('');
  const prefill = prefillFrom(useHistoryState<unknown>());
  const announced = useRef<string | null>(null);
  const prefillKey = prefill ? `${prefill.from}|${prefill.to}|${prefill.date ?? ''}` : '';
  // A chosen recommendation refills the form (a fresh form with those values).
  const [chosen, setChosen] = useState<(ChosenDestination & { n: number }) | null>(null);
  useEffect(() => {
    // Once per arrival (StrictMode runs effects twice in development).
    if (!prefill || announced.current === prefillKey) return;
    announced.current = prefillKey;
    notify.info(`Pre-filled route: ${prefill.from} to ${prefill.to}`);
  }, [prefill, prefillKey]);
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero-inner">
          <h1>Fly smarter across India and the world</h1>
          <p className="lead">Honest all-in fares, real schedules and tickets that work at the airport.</p>
          <h2 id="search-title" className="visually-hidden">
            Search flights
          </h2>
          <SearchForm
            key={chosen ? `chosen-${chosen.n}` : prefillKey}
            headingId="search-title"
            initial={
              chosen
                ? { fromText: chosen.fromText, toText: chosen.toText, draft: { date: chosen.date } }
                : prefill
                  ? { fromText: prefill.from, toText: prefill.to, ...(prefill.date ? { draft: { date: prefill.date } } : {}) }
                  : undefined
            }
          />
        </div>
      </section>
      <section className="container stats" aria-label="Safar in numbers">
        <ul className="stat-grid">
          {STATS.map((stat) => (
            <li key={stat.label} className="stat">
              <span className="stat-value">{stat.value}</span>
              <span className="stat-label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <RecommendationsSection
        onChoose={(choice) => {
          setChosen((current) => ({ ...choice, n: (current?.n ?? 0) + 1 }));
          window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
        }}
      />
      <section className="container features" aria-labelledby="features-title">
        <h2 id="features-title">Why travellers choose Safar</h2>
        <ul className="feature-grid">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card feature">
              <Icon aria-hidden="true" size={24} className="feature-icon" />
              <h3>{title}</h3>
              <p className="muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
