import { Sparkles } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { readStored, writeStored } from '../../lib/storage';
import type { ChosenDestination } from './recommendations-panel';
import './recommendations.css';

const RecommendationsPanel = lazy(() => import('./recommendations-panel').then((m) => ({ default: m.RecommendationsPanel })));

/** A device preference (belongs to nobody, survives logout): is the panel shown? */
const SHOW_RECOMMENDATIONS_KEY = 'smartRecommendations';

/**
 * Home's Smart recommendations: a clearly labelled switch (remembered on this device) that shows
 * the panel; the panel's code loads only when it is switched on.
 */
export function RecommendationsSection({ onChoose }: { onChoose(choice: ChosenDestination): void }) {
  const [shown, setShown] = useState(() => readStored(SHOW_RECOMMENDATIONS_KEY) === 'on');
  const toggle = () => {
    const next = !shown;
    setShown(next);
    writeStored(SHOW_RECOMMENDATIONS_KEY, next ? 'on' : 'off');
  };
  return (
    <section className="container recs" aria-labelledby="recs-title">
      <div className="card recs-head">
        <Sparkles aria-hidden="true" size={22} className="recs-icon" />
        <div className="recs-intro">
          <h2 id="recs-title">Smart recommendations</h2>
          <p className="muted">Places you can fly to within your budget, from real fares over the next 30 days.</p>
        </div>
        <button type="button" role="switch" aria-checked={shown} className="recs-switch" onClick={toggle} onPointerEnter={() => void import('./recommendations-panel')}>
          <span className="recs-switch-track" aria-hidden="true">
            <span className="recs-switch-thumb" />
          </span>
          Show recommendations
        </button>
      </div>
      {shown ? (
        <Suspense fallback={<div className="skeleton recs-skeleton" role="status" aria-busy="true" aria-label="Loading recommendations" />}>
          <RecommendationsPanel onChoose={onChoose} />
        </Suspense>
      ) : null}
    </section>
  );
}
