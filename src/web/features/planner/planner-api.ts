import type { PlanRequestBody, PlanResult } from '../../../core/planner';
import { apiFetch } from '../../lib/api';
import { readStored, writeStored } from '../../lib/storage';

/** Every web call of the multi-city planner lives here. */

export async function planMultiCity(body: PlanRequestBody): Promise<PlanResult> {
  const { plan } = await apiFetch<{ plan: PlanResult }>('/api/plans/multi-city', { method: 'POST', json: body });
  return plan;
}

export interface SavedPlan {
  id: string;
  savedAt: string;
  plan: PlanResult;
}

/** Saved plans are kept in this browser under one `safar:` key (personal data: wiped on logout). */
export const SAVED_PLANS_KEY = 'safar:multi-city-plans';

export function savedPlans(): SavedPlan[] {
  try {
    const parsed: unknown = JSON.parse(readStored(SAVED_PLANS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedPlan[]) : [];
  } catch {
    return [];
  }
}

export function savePlan(plan: PlanResult, now = new Date()): SavedPlan {
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${now.getTime()}-${Math.random().toString(36).slice(2)}`;
  const saved: SavedPlan = { id, savedAt: now.toISOString(), plan };
  writeStored(SAVED_PLANS_KEY, JSON.stringify([saved, ...savedPlans()].slice(0, 20)));
  return saved;
}
