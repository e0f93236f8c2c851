import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_RECOMMENDATION_BUDGET, RECOMMENDATION_BUDGET_MAX, RECOMMENDATION_BUDGET_MIN, recommendationSelected } from '../../../core/recommendation-options';
import { fareAge } from '../../../core/fare-age';
import type { Recommendation, Recommendations as RecommendationsAnswer } from '../../../core/recommendations';
import { ApiError, apiFetch } from '../../lib/api';
import { notify } from '../../lib/toast';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import { formatDay } from '../../lib/format';
import { useCurrency } from '../../lib/currency-context';
import { RouteArt } from '../explore/route-art';
import { recommendationOrigin } from './last-origin';

/** What choosing a recommendation puts in the search form. */
export interface ChosenDestination {
  fromText: string;
  toText: string;
  date: string;
}

const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;

function budgetError(text: string): string | null {
  const value = Number(text);
  if (!text.trim() || !Number.isInteger(value)) return 'Enter a budget in whole rupees';
  if (value < RECOMMENDATION_BUDGET_MIN) return `Budget must be at least ${inr(RECOMMENDATION_BUDGET_MIN)}`;
  if (value > RECOMMENDATION_BUDGET_MAX) return `Budget can be at most ${inr(RECOMMENDATION_BUDGET_MAX)}`;
  return null;
}

/**
 * Up to 4 destinations from the last search's origin (else Delhi) whose lowest all-in fare over
 * the next 30 days is within the budget (default ₹20,000): name, price, saving against the
 * route's typical fare, an illustration and the season there. Choosing one fills the search form.
 */
export function RecommendationsPanel({ onChoose }: { onChoose(choice: ChosenDestination): void }) {
  return (
    <QueryScope>
      <Recommendations onChoose={onChoose} />
    </QueryScope>
  );
}

function Recommendations({ onChoose }: { onChoose(choice: ChosenDestination): void }) {
  const { format } = useCurrency();
  const [budgetText, setBudgetText] = useState(String(DEFAULT_RECOMMENDATION_BUDGET));
  const [budget, setBudget] = useState(DEFAULT_RECOMMENDATION_BUDGET);
  const error = budgetError(budgetText);
  const origin = recommendationOrigin();

  // The budget applies once the traveller pauses typing.
  useEffect(() => {
    if (error) return undefined;
    const timer = window.setTimeout(() => setBudget(Number(budgetText)), 400);
    return () => window.clearTimeout(timer);
  }, [budgetText, error]);

  const recommendations = useQuery({
    queryKey: queryKeys.recommendations(origin, budget),
    queryFn: () => apiFetch<RecommendationsAnswer>(`/api/recommendations?from=${encodeURIComponent(origin)}&budget=${budget}`),
    // The last budget's destinations stay until the new ones arrive.
    placeholderData: keepPreviousData,
    // Still being priced: keep the skeleton and ask again shortly.
    refetchInterval: (query) => (query.state.data?.ready === false ? 2000 : false),
    retry: false,
  });
  const answer = recommendations.data?.ready ? recommendations.data : null;
  const failure = recommendations.isError && !recommendations.isFetching ? (recommendations.error instanceof ApiError ? recommendations.error.message : 'Could not load recommendations.') : null;

  const choose = (r: Recommendation) => {
    if (!answer) return;
    notify.success(recommendationSelected(r.name));
    onChoose({ fromText: `${answer.origin.city} (${answer.origin.code})`, toText: `${r.name} (${r.code})`, date: r.priceDate });
  };

  return (
    <div className="recs-panel" aria-busy={!answer && !failure}>
      <div className="field recs-budget">
        <label htmlFor="rec-budget">Budget per adult (₹, all-in)</label>
        <input
          id="rec-budget"
          type="number"
          inputMode="numeric"
          min={RECOMMENDATION_BUDGET_MIN}
          max={RECOMMENDATION_BUDGET_MAX}
          step={1000}
          value={budgetText}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'rec-budget-error' : undefined}
          onChange={(e) => setBudgetText(e.target.value)}
        />
        {error ? (
          <p id="rec-budget-error" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      {failure ? (
        <div className="card recs-empty" role="alert">
          <p>{failure}</p>
          <button type="button" className="btn" onClick={() => void recommendations.refetch()}>
            Try again
          </button>
        </div>
      ) : !answer ? (
        <div className="skeleton recs-skeleton" aria-label="Loading recommendations" />
      ) : (
        <>
          <p className="muted recs-origin" aria-live="polite">
            From {answer.origin.city} ({answer.origin.code}) at or below {inr(answer.budget)}: {answer.recommendations.length} destination{answer.recommendations.length === 1 ? '' : 's'}
          </p>
          {answer.recommendations.length === 0 ? (
            <div className="card recs-empty">
              <p>
                No destinations from {answer.origin.city} at or below {inr(answer.budget)} in the next 30 days. Try a higher budget.
              </p>
            </div>
          ) : (
            <ul className="recs-grid">
              {answer.recommendations.map((r) => (
                <li key={r.code} className="card recs-card">
                  <RouteArt art={r.image} from={answer.origin.code} to={r.code} className="recs-art" />
                  <div className="recs-body">
                    <h3>{r.name}</h3>
                    <p className="recs-price">
                      <strong>{format(r.price)}</strong> <span className="muted small">on {formatDay(r.priceDate)}</span>
                    </p>
                    {r.seenAt ? <p className="muted small recs-seen">{fareAge(r.seenAt, recommendations.dataUpdatedAt)}</p> : null}
                    <p className="small">{r.savings > 0 ? `Save ${format(r.savings)} (${r.savingPercent}%) against the typical ${format(r.typicalPrice)}` : `Typical fare ${format(r.typicalPrice)}`}</p>
                    <p className="small recs-season">{r.season}</p>
                    <button type="button" className="btn btn-primary btn-small" onClick={() => choose(r)} aria-label={`Choose ${r.name}`}>
                      Choose
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
