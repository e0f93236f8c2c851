import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SavedPlanView } from '../../../core/planner';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useCurrency } from '../../lib/currency-context';
import { queryKeys } from '../../lib/query-keys';
import { PlanLegRow, hm } from './plan-leg-row';
import { deleteTripPlan, tripPlansQuery } from './planner-api';
import './planner.css';

/**
 * The signed-in traveller's saved trip plans on the profile: each leg with a Book button that
 * opens the normal booking screen with that itinerary (it is re-priced there), and Delete.
 */
export function SavedPlansList() {
  const plans = useQuery(tripPlansQuery());
  const client = useQueryClient();

  return (
    <section className="profile-plans" aria-labelledby="plans-title">
      <h2 id="plans-title">Saved Trip Plans</h2>
      {plans.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading trip plans">
          <div className="skeleton profile-skeleton" />
        </div>
      ) : plans.isError ? (
        <div className="card profile-empty" role="alert">
          <p>We could not load your trip plans. {plans.error.message}</p>
          <button type="button" className="btn" onClick={() => void plans.refetch()}>
            Try again
          </button>
        </div>
      ) : plans.data.length === 0 ? (
        <div className="card profile-empty">
          <p>No saved trip plans. Plan one with Multi-City on the search form.</p>
        </div>
      ) : (
        <ul className="mc-saved-list">
          {plans.data.map((plan) => (
            <SavedPlanCard key={plan.id} plan={plan} onDeleted={() => void client.invalidateQueries({ queryKey: queryKeys.tripPlans })} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedPlanCard({ plan, onDeleted }: { plan: SavedPlanView; onDeleted(): void }) {
  const { format } = useCurrency();
  const [deleting, setDeleting] = useState(false);
  const [now] = useState(() => Date.now());
  return (
    <li className="card mc-saved" data-testid="trip-plan">
      <div className="mc-saved-head">
        <h3>{plan.title}</h3>
        <span className="small muted">
          {format(plan.plan.totalPrice)} · {hm(plan.plan.totalMinutes)} flying · {plan.plan.mode === 'price' ? 'Best price' : 'Shortest time'}
        </span>
        <button
          type="button"
          className="btn btn-small btn-ghost"
          disabled={deleting}
          aria-label={`Delete trip plan ${plan.title}`}
          onClick={() => {
            setDeleting(true);
            deleteTripPlan(plan)
              .then(onDeleted, (e: unknown) => notify.error(e instanceof ApiError ? e.message : 'Could not delete this plan. Please try again.'))
              .finally(() => setDeleting(false));
          }}
        >
          <Trash2 aria-hidden="true" size={16} /> Delete
        </button>
      </div>
      <ol className="mc-legs">
        {plan.plan.legs.map((leg, i) => (
          <PlanLegRow key={`${leg.fromCode}-${leg.toCode}-${i}`} leg={leg} price={format(leg.price)} bookable={Date.parse(leg.departureTime) > now} />
        ))}
      </ol>
    </li>
  );
}
