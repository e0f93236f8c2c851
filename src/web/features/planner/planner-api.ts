import type { PlanAnswer, PlanRequestBody, PlanResult, SavedPlanAnswer, SavedPlanList, SavePlanBody, SavedPlanView } from '../../../core/planner';
import { apiFetch } from '../../lib/api';
import { readStored, writeStored } from '../../lib/storage';
import { currentAccount } from '../../lib/use-session';
import { listWithOfflineCopy } from '../../lib/offline/offline-copy';
import { sendOrQueue } from '../../lib/offline/offline-queue';
import { queryKeys } from '../../lib/query-keys';

/** Every web call of the multi-city planner lives here. */

export async function planMultiCity(body: PlanRequestBody): Promise<PlanResult> {
  const { plan } = await apiFetch<PlanAnswer>('/api/plans/multi-city', { method: 'POST', json: body });
  return plan;
}

/** A plan kept in this browser (visitors without an account). */
interface SavedPlan {
  id: string;
  savedAt: string;
  plan: PlanResult;
}

/** Visitors' saved plans are kept in this browser under one `safar:` key (personal data: wiped on logout). */
const SAVED_PLANS_KEY = 'safar:multi-city-plans';

function savedPlans(): SavedPlan[] {
  try {
    const parsed: unknown = JSON.parse(readStored(SAVED_PLANS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedPlan[]) : [];
  } catch {
    return [];
  }
}

function saveInBrowser(plan: PlanResult, now = new Date()): SavedPlan {
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${now.getTime()}-${Math.random().toString(36).slice(2)}`;
  const saved: SavedPlan = { id, savedAt: now.toISOString(), plan };
  writeStored(SAVED_PLANS_KEY, JSON.stringify([saved, ...savedPlans()].slice(0, 20)));
  return saved;
}

/** The body that saves a plan on the server: the cities as flown with the entered dates (dates stay with positions), one itinerary per leg. */
function saveBodyOf(plan: PlanResult, dates: readonly string[]): SavePlanBody {
  return { mode: plan.mode, stops: plan.order.map((city, i) => ({ city, date: dates[i] ?? '' })), itineraryIds: plan.legs.map((leg) => leg.itinerary.id) };
}

export type SaveOutcome = 'server' | 'queued' | 'browser';

/**
 * Saves a plan: on the server for a signed-in traveller (through the offline queue, so a plan
 * saved offline is sent on reconnect), in this browser otherwise. Server refusals throw ApiError.
 * @example const where = await savePlan(plan, stops.map((s) => s.date))
 */
export async function savePlan(plan: PlanResult, dates: readonly string[]): Promise<SaveOutcome> {
  if (currentAccount() === 'anon') {
    saveInBrowser(plan);
    return 'browser';
  }
  const result = await sendOrQueue<SavedPlanAnswer>({
    feature: 'planner',
    label: `Trip plan ${plan.order.join(' → ')}`,
    method: 'POST',
    path: '/api/trip-plans',
    body: saveBodyOf(plan, dates),
  });
  return result.queued ? 'queued' : 'server';
}

async function fetchTripPlans(): Promise<SavedPlanView[]> {
  const { plans } = await apiFetch<SavedPlanList>('/api/trip-plans');
  return plans;
}

/** The signed-in traveller's saved plans (the device's copy when offline). */
export function tripPlansQuery() {
  return { queryKey: queryKeys.tripPlans, queryFn: () => listWithOfflineCopy('trip-plan', fetchTripPlans, (p) => p.id) };
}

/**
 * Deletes a saved plan (queued when offline, like saving).
 * @example await deleteTripPlan(plan)
 */
export async function deleteTripPlan(plan: Pick<SavedPlanView, 'id' | 'title'>): Promise<SaveOutcome> {
  const result = await sendOrQueue({ feature: 'planner', label: `Deleting trip plan ${plan.title}`, method: 'DELETE', path: `/api/trip-plans/${encodeURIComponent(plan.id)}` });
  return result.queued ? 'queued' : 'server';
}
