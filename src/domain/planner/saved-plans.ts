import { and, count, desc, eq } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import { MAX_SAVED_PLANS, type PlanResult, SAVED_PLAN_MESSAGES, type SavePlanBody, type SavedPlanView } from '../../core/planner';
import type { Db } from '../../db/client';
import { tripPlans } from '../../db/schema';
import { quoteItinerary } from '../fares/quote';
import type { World } from '../world/world';
import { SELF_TRANSFER_MINUTES, planLeg, timelineOf } from './multi-city';

type SavePlanInput = Required<Pick<SavePlanBody, 'adults' | 'children' | 'infants'>> & Omit<SavePlanBody, 'adults' | 'children' | 'infants'>;

function viewOf(row: typeof tripPlans.$inferSelect): SavedPlanView {
  return { id: row.id, title: row.title, savedAt: row.createdAt.toISOString(), plan: row.plan };
}

/**
 * Saves a planned trip for a traveller. Every leg's itinerary is re-priced from the database
 * (the price stored is the server's, never the one the browser showed), must fly between that
 * leg's cities and leave at least SELF_TRANSFER_MINUTES after the previous leg lands. At most
 * MAX_SAVED_PLANS plans per traveller.
 * @example await saveTripPlan(db, world, userId, { mode: 'price', stops, itineraryIds, adults: 1, children: 0, infants: 0 }, clock.now())
 */
export async function saveTripPlan(db: Db, world: World, userId: string, input: SavePlanInput, now: Date): Promise<SavedPlanView> {
  const cities = input.stops.map((s) => s.city.toUpperCase());
  const fields: Record<string, string> = {};
  cities.forEach((code, i) => {
    if (!world.getAirport(code)) fields[`stops.${i}.city`] = `Safar does not fly to ${code}`;
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError('validation_failed', first, fields);
  const pax = { adults: input.adults, children: input.children, infants: input.infants };
  const quotes = await Promise.all(input.itineraryIds.map((id) => quoteItinerary(db, world, id, pax, now)));
  const legs = quotes.map((quote, i) => {
    const itinerary = quote?.itinerary;
    const from = cities[i] ?? '';
    const to = cities[i + 1] ?? '';
    if (!itinerary || itinerary.legs[0]?.from.code !== from || itinerary.legs[itinerary.legs.length - 1]?.to.code !== to) {
      throw new AppError('validation_failed', SAVED_PLAN_MESSAGES.gone, { [`itineraryIds.${i}`]: SAVED_PLAN_MESSAGES.gone });
    }
    return planLeg(world, from, to, input.stops[i]?.date ?? '', itinerary, itinerary.price.total.total);
  });
  legs.forEach((leg, i) => {
    const previous = legs[i - 1];
    if (previous && Date.parse(leg.departureTime) < Date.parse(previous.arrivalTime) + SELF_TRANSFER_MINUTES * 60_000) {
      throw new AppError('validation_failed', 'These flights do not fit together: leave more time between the stops', { [`itineraryIds.${i}`]: 'Leaves too soon after the previous flight lands' });
    }
  });
  const [existing] = await db.select({ n: count() }).from(tripPlans).where(eq(tripPlans.userId, userId));
  if ((existing?.n ?? 0) >= MAX_SAVED_PLANS) throw new AppError('conflict', SAVED_PLAN_MESSAGES.tooMany);
  const plan: PlanResult = {
    mode: input.mode,
    order: cities,
    legs,
    timeline: timelineOf(legs),
    totalPrice: legs.reduce((s, l) => s + l.price, 0),
    totalMinutes: legs.reduce((s, l) => s + l.duration, 0),
    optimization: { tried: 1, reordered: false, asEntered: null },
  };
  const title = legs.length ? [legs[0]?.from ?? '', ...legs.map((l) => l.to)].join(' → ') : cities.join(' → ');
  const [row] = await db.insert(tripPlans).values({ userId, title, plan, createdAt: now }).returning();
  if (!row) throw new Error('trip plan insert returned nothing');
  return viewOf(row);
}

/**
 * A traveller's saved plans, newest first.
 * @example const plans = await listTripPlans(db, userId)
 */
export async function listTripPlans(db: Db, userId: string): Promise<SavedPlanView[]> {
  const rows = await db.select().from(tripPlans).where(eq(tripPlans.userId, userId)).orderBy(desc(tripPlans.createdAt));
  return rows.map(viewOf);
}

/**
 * One of the traveller's plans; another traveller's id is not found, exactly like an unknown id.
 * @example const plan = await getTripPlan(db, userId, id)
 */
export async function getTripPlan(db: Db, userId: string, id: string): Promise<SavedPlanView> {
  const [row] = await db.select().from(tripPlans).where(and(eq(tripPlans.id, id), eq(tripPlans.userId, userId)));
  if (!row) throw new AppError('not_found', SAVED_PLAN_MESSAGES.notFound);
  return viewOf(row);
}

/**
 * Deletes one of the traveller's plans (404 for anyone else's or an unknown id).
 * @example await deleteTripPlan(db, userId, id)
 */
export async function deleteTripPlan(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db.delete(tripPlans).where(and(eq(tripPlans.id, id), eq(tripPlans.userId, userId))).returning({ id: tripPlans.id });
  if (rows.length === 0) throw new AppError('not_found', SAVED_PLAN_MESSAGES.notFound);
}
