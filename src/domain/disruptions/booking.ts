import type { Disruption, Entitlements } from '../../core/disruptions';
import type { PassengerLegFare } from '../../core/fares';
import type { Leg } from '../../core/search';
import { distanceKm } from '../world/geo';
import type { World } from '../world/world';
import { entitlements, passengerLegOf } from './entitlements';

/** One passenger's entitlements on one leg of a booking. */
export interface PassengerEntitlements {
  passengerPosition: number;
  legIndex: number;
  entitlements: Entitlements;
}

/**
 * The entitlements of every passenger still travelling on the disrupted leg of a booking, from
 * its itinerary legs and stored fares (what the disruption centre holds). A leg is domestic
 * when both airports are in India; its distance is great-circle between them. `missedLegs`: later legs of the same booking missed because of
 * the disruption (a connection), whose passengers are entitled as for a cancellation missed
 * connection.
 * @example bookingEntitlements(world, disruption, booking.itinerary.legs, fares, clock.now())
 */
export function bookingEntitlements(world: World, disruption: Disruption, legs: readonly Leg[], fares: readonly PassengerLegFare[], now: Date, missedLegs: readonly number[] = []): PassengerEntitlements[] {
  const out: PassengerEntitlements[] = [];
  for (const [legIndex, leg] of legs.entries()) {
    const missed = missedLegs.includes(legIndex);
    if (leg.flightId !== disruption.flightId && !missed) continue;
    const from = world.getAirport(leg.from.code);
    const to = world.getAirport(leg.to.code);
    if (!from || !to) throw new Error(`Leg ${legIndex} of the booking has an unknown airport (${leg.from.code}–${leg.to.code})`);
    for (const fare of fares) {
      if (fare.legIndex !== legIndex || fare.status !== 'active') continue;
      const passengerLeg = passengerLegOf(fare, {
        flightId: leg.flightId,
        cabin: leg.cabin,
        blockMinutes: leg.durationMinutes,
        domestic: from.country === 'IN' && to.country === 'IN',
        distanceKm: Math.round(distanceKm(from.lat, from.lon, to.lat, to.lon)),
        missedConnection: missed,
      });
      out.push({ passengerPosition: fare.passengerPosition, legIndex, entitlements: entitlements(disruption, passengerLeg, now) });
    }
  }
  return out;
}
