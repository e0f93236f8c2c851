import { Plane, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PLANNER_MESSAGES, type PlanResult } from '../../../core/planner';
import type { BookJourneysState } from '../../../core/round-trip';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { Modal } from '../../components/modal';
import { useCurrency } from '../../lib/currency-context';
import { AirportCombobox } from '../../components/airport-combobox';
import { PlanLegRow, dateLabel, hm, time } from './plan-leg-row';
import { planMultiCity, savePlan } from './planner-api';
import { withAddedCity, withDate } from './stop-dates';
import './planner.css';

interface StopDraft {
  id: number;
  text: string;
  code: string | null;
  date: string;
  isOrigin: boolean;
}

function isoDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}


/**
 * The booking screen's state for the whole plan as one trip (decision 0062): every leg a journey,
 * in travel order, for one adult in economy (the booking screen adds passengers).
 */
function wholeTripState(plan: PlanResult): BookJourneysState {
  const itineraries = plan.legs.map((leg) => leg.itinerary);
  return {
    journeys: plan.legs.map((leg) => ({ itinerary: leg.itinerary, query: { from: leg.fromCode, to: leg.toCode, date: leg.date, cabin: leg.itinerary.legs[0]?.cabin ?? 'economy', adults: 1, children: 0, infants: 0 } })),
    specialReturn: null,
    separateTickets: itineraries.some((it, i) => i > 0 && it.legs[0]?.carrier !== itineraries[i - 1]?.legs[0]?.carrier),
  };
}

let nextId = 1;
const newStop = (isOrigin: boolean, text = '', code: string | null = null, date = ''): StopDraft => ({ id: nextId++, text, code, date, isOrigin });

/**
 * Multi-City Trip Planner: 2–6 stops (city and date), best price or shortest time, an optional
 * better order of the middle cities; real legs with a timeline, each with a Book button.
 */
export default function MultiCityDialog({ open, onOpenChange, origin }: { open: boolean; onOpenChange(open: boolean): void; origin: string }) {
  const { format } = useCurrency();
  // The last city's date is the day the last flight lands: it starts the day that flight leaves.
  const [stops, setStops] = useState<StopDraft[]>(() => [newStop(true, origin, null, isoDay(7)), newStop(false, '', null, isoDay(7))]);
  const [mode, setMode] = useState<'price' | 'time'>('price');
  const [optimizeOrder, setOptimizeOrder] = useState(true);
  const [state, setState] = useState<'idle' | 'optimizing' | 'result'>('idle');
  const [plan, setPlan] = useState<PlanResult | null>(null);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const update = (id: number, patch: Partial<StopDraft>) => setStops((list) => list.map((s) => (s.id === id ? { ...s, ...patch } : s)));
  const canRemove = (stop: StopDraft) => stops.length > 2 && !stop.isOrigin;

  async function optimize() {
    setError('');
    setFieldErrors({});
    if (stops.filter((s) => s.text.trim() && s.date).length < 2 || stops.some((s) => !s.text.trim() || !s.date)) {
      setError(PLANNER_MESSAGES.needTwoStops);
      notify.error(PLANNER_MESSAGES.needTwoStops);
      return;
    }
    setState('optimizing');
    try {
      const result = await planMultiCity({ stops: stops.map((s) => ({ city: s.code ?? s.text.trim(), date: s.date })), mode, optimizeOrder });
      setPlan(result);
      setState('result');
      notify.success(PLANNER_MESSAGES.optimized(mode === 'price' ? 'cost' : 'time'));
    } catch (e) {
      setState('idle');
      const message = e instanceof ApiError ? e.message : 'Could not plan this trip. Please try again.';
      setError(message);
      if (e instanceof ApiError) setFieldErrors(e.fields);
      notify.error(message);
    }
  }

  const [saving, setSaving] = useState(false);
  async function save() {
    if (!plan || saving) return;
    setSaving(true);
    try {
      // Queued offline: the queue tells the traveller it will be sent when back online.
      if ((await savePlan(plan, stops.map((s) => s.date))) !== 'queued') notify.success(PLANNER_MESSAGES.saved);
    } catch (e) {
      notify.error(e instanceof ApiError ? e.message : 'Could not save this plan. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Multi-City Trip Planner" description="Add 2 to 6 cities with the date you fly on from each; the last date is when you arrive." className="mc-modal">
      <ol className="mc-stops">
        {stops.map((stop, index) => (
          <li key={stop.id} className="mc-stop">
            <span className="mc-stop-n" aria-hidden="true">
              {index + 1}
            </span>
            <AirportCombobox
              id={`mc-city-${stop.id}`}
              label={stop.isOrigin ? 'From (origin)' : `City ${index + 1}`}
              value={stop.text}
              error={fieldErrors[`stops.${index}.city`]}
              onChange={(text, code) => update(stop.id, { text, code })}
            />
            <div className="field mc-date">
              <label htmlFor={`mc-date-${stop.id}`}>{index === 0 ? 'Departure date' : index === stops.length - 1 ? 'Arrival date' : 'Fly on date'}</label>
              <input
                id={`mc-date-${stop.id}`}
                type="date"
                className="input"
                min={isoDay(0)}
                value={stop.date}
                aria-invalid={fieldErrors[`stops.${index}.date`] ? true : undefined}
                aria-describedby={fieldErrors[`stops.${index}.date`] ? `mc-date-${stop.id}-error` : undefined}
                onChange={(e) => {
                  const date = e.target.value;
                  setStops((list) => withDate(list, list.findIndex((s) => s.id === stop.id), date));
                }}
              />
              {fieldErrors[`stops.${index}.date`] ? (
                <p id={`mc-date-${stop.id}-error`} className="field-error">
                  {fieldErrors[`stops.${index}.date`]}
                </p>
              ) : null}
            </div>
            {canRemove(stop) ? (
              <button type="button" className="icon-btn mc-remove" aria-label={`Remove city ${index + 1}`} onClick={() => setStops((list) => list.filter((s) => s.id !== stop.id))}>
                <Trash2 aria-hidden="true" size={18} />
              </button>
            ) : (
              <span className="mc-remove" />
            )}
          </li>
        ))}
      </ol>
      <div className="mc-controls">
        <button type="button" className="btn" disabled={stops.length >= 6} onClick={() => setStops((list) => withAddedCity(list, newStop(false)))}>
          Add City
        </button>
        <fieldset className="mc-mode">
          <legend>Optimise for</legend>
          <label>
            <input type="radio" name="mc-mode" value="price" checked={mode === 'price'} onChange={() => setMode('price')} /> Best price
          </label>
          <label>
            <input type="radio" name="mc-mode" value="time" checked={mode === 'time'} onChange={() => setMode('time')} /> Shortest time
          </label>
        </fieldset>
        <label className="mc-order">
          <input type="checkbox" checked={optimizeOrder} onChange={(e) => setOptimizeOrder(e.target.checked)} /> Try a better order of the middle cities
        </label>
      </div>
      {error ? (
        <p className="mc-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={() => void optimize()} disabled={state === 'optimizing'}>
          {state === 'optimizing' ? 'Optimizing…' : 'Optimize Route'}
        </button>
      </div>
      <div aria-live="polite">
        {state === 'result' && plan ? (
          <section className="mc-result" aria-label="Your trip">
            <p className="mc-totals">
              <strong>{format(plan.totalPrice)}</strong> total · {hm(plan.totalMinutes)} flying · {plan.order.join(' → ')}
            </p>
            {plan.optimization.reordered && plan.optimization.asEntered ? (
              <p className="mc-note">
                Reordered: {plan.optimization.asEntered.order.join(' → ')} would be {format(plan.optimization.asEntered.totalPrice)}, {hm(plan.optimization.asEntered.totalMinutes)}.
              </p>
            ) : null}
            <ol className="mc-legs">
              {plan.legs.map((leg, i) => (
                <PlanLegRow key={`${leg.fromCode}-${leg.toCode}-${i}`} leg={leg} price={format(leg.price)} bookable onBook={() => onOpenChange(false)} />
              ))}
            </ol>
            <h3 className="mc-subtitle">Timeline</h3>
            <ol className="mc-timeline">
              {plan.timeline.map((entry, i) => (
                <li key={i} className={`mc-tl mc-tl-${entry.type}`}>
                  <Plane aria-hidden="true" size={14} />
                  <span className="mc-tl-type">{entry.type}</span>
                  <span>
                    {dateLabel(entry.at)} {time(entry.at)} — {entry.text}
                  </span>
                </li>
              ))}
            </ol>
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => void save()} disabled={saving}>
                {saving ? 'Saving…' : 'Save Trip Plan'}
              </button>
              <Link href="/result/book" state={wholeTripState(plan)} className="btn btn-primary" onClick={() => onOpenChange(false)}>
                Book whole trip
              </Link>
            </div>
          </section>
        ) : null}
      </div>
    </Modal>
  );
}
