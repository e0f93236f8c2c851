import type { ChangeQuote, PassengerLegFare } from '../../core/fares';
import { canConvertToInr, toInr } from '../../core/fx';
import type { Itinerary, Leg } from '../../core/search';
import { offerJourneys } from '../../core/search-wire';
import type { Cabin } from '../../core/search-options';
import { legOfSegment, withLegs } from '../disruptions/supplier-changes';
import { money } from '../refunds/words';
import type { ChangeOffer, Money, SupplierSlice } from '../suppliers/supplier';

/**
 * What changing a booking a remote supplier sold (Duffel) to another flight costs, from the
 * airline's change offer (pure). The rules (decision 0070):
 * - the traveller pays the airline's change total (its penalty and the fare difference), converted
 *   to INR at the shipped rate table with the conversion named, rounded up to the paisa;
 * - Safar adds no fee of its own to a change: its booking fee was paid once, at booking;
 * - a negative change total is money back only as the airline's offer says: to the original
 *   payment (refunded to the traveller), or as a voucher in the passengers' names (nothing in money);
 * - the airline's penalty is the change fee; the rest of the change total is the fare difference;
 * - the offer must be confirmed before it expires (`supplier.expiresAt`), else it is asked again;
 * - an offer in another currency than the order's, or one the rate table cannot convert, is not offered.
 */

export const SUPPLIER_CHANGE_MESSAGES = {
  wholeOnly: 'This airline changes whole bookings only: change the whole trip.',
  underWay: 'This booking is already being changed with the airline. Check back in a moment.',
  offerExpired: "The airline's change offer expired. Please review the fresh quote and confirm again.",
  noLongerOffered: 'The airline no longer offers this flight. Choose another one.',
  returnBeforeOutbound: (outbound: string) => `The return cannot leave before the outbound flight (${outbound}): choose ${outbound} or later.`,
  outboundAfterReturn: (back: string) => `The outbound cannot leave after the return flight (${back}): choose ${back} or earlier.`,
} as const;

/** An amount in the supplier's currency, as the supplier states it ("£125.00"). */
function supplierMoney(amount: Money): string {
  const format = new Intl.NumberFormat('en-IN', { style: 'currency', currency: amount.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount.amountMinor / 10 ** digits);
}

/** A change offer's flights, the same in every change request (offer ids are not): route, local departure date and first departure instant. */
export function changeOptionId(supplier: string, offer: Pick<ChangeOffer, 'add'>): string {
  const segments = offer.add.flatMap((s) => s.segments);
  const first = segments[0];
  const last = segments.at(-1);
  return first && last ? `${supplier}-change:${first.origin.code}-${last.destination.code}:${first.departing.local.slice(0, 10)}@${new Date(first.departing.utc).toISOString()}` : '';
}

/** Whether Safar can offer this change online: priced in the order's currency, convertible, with new flights. */
export function offerable(offer: ChangeOffer, orderCurrency: string): boolean {
  return offer.changeTotal.currency === orderCurrency && canConvertToInr(offer.changeTotal.currency) && (offer.penalty === null || canConvertToInr(offer.penalty.currency)) && offer.add.some((s) => s.segments.length > 0);
}

/**
 * The booking's itinerary with the change offer's new flights: the old itinerary's fare and price,
 * the new legs (times, terminals, flights), the option's stable id.
 */
export function changedItinerary(supplier: string, old: Itinerary, offer: ChangeOffer, cabin: Cabin, newTotalMinor: number): Itinerary {
  const legs = offer.add.flatMap((s) => s.segments).map((seg) => legOfSegment(seg, cabin));
  const fare = old.supplier ? { ...old.supplier, offerId: offer.id, expiresAt: offer.expiresAt, totalMinor: newTotalMinor } : undefined;
  return { ...withLegs(old, legs), id: changeOptionId(supplier, offer), stops: Math.max(0, legs.length - 1), ...(fare ? { supplier: fare } : {}) };
}

/**
 * The order's slice that flies a journey of the booking (`legs`: that journey's legs): the slice whose
 * first segment leaves the journey's first airport at its departure instant; failing that (the airline
 * retimed it), the only slice on the journey's route. Null when none (or several) fit. The order's slices
 * need not be in travel order (a changed slice may be listed last).
 * @example journeySlice(order.slices, returnLegs)?.id // 'sli_…' of the BOM→DEL slice
 */
export function journeySlice<S extends Pick<SupplierSlice, 'id' | 'origin' | 'destination' | 'segments'>>(slices: readonly S[], legs: readonly Pick<Leg, 'from' | 'to' | 'departure'>[]): S | null {
  const first = legs[0];
  const last = legs.at(-1);
  if (!first || !last) return null;
  const exact = slices.find((s) => s.segments[0]?.origin.code === first.from.code && Date.parse(s.segments[0].departing.utc) === Date.parse(first.departure));
  if (exact) return exact;
  const route = slices.filter((s) => s.origin === first.from.code && s.destination === last.to.code);
  return route.length === 1 ? (route[0] ?? null) : null;
}

/**
 * A round trip (an itinerary of several journeys sold as one ticket) with journey `index` replaced by the
 * change offer's new flights: the other journeys' legs kept, the journeys' leg counts updated, layovers
 * only within a journey, the old fare and price, the option's stable id. Null when the new flights are
 * out of travel order with the journeys kept (an outbound landing after the return leaves, a return
 * leaving before the outbound lands).
 * @example changedTrip('duffel', booked, 1, offer, 'economy', 52_000)?.supplier?.journeyLegCounts // [1, 1]
 */
export function changedTrip(supplier: string, old: Itinerary, index: number, offer: ChangeOffer, cabin: Cabin, newTotalMinor: number): Itinerary | null {
  const fresh = changedItinerary(supplier, old, offer, cabin, newTotalMinor);
  const journeys = offerJourneys(old).map((j, i) => (i === index ? fresh.legs : old.legs.slice(j.firstLeg, j.firstLeg + j.legCount)));
  for (let i = 1; i < journeys.length; i += 1) {
    const before = journeys[i - 1]?.at(-1);
    const after = journeys[i]?.[0];
    if (!before || !after || Date.parse(after.departure) <= Date.parse(before.arrival)) return null;
  }
  const legs = journeys.flat();
  const whole = withLegs(old, legs);
  const layovers = journeys.flatMap((j) => withLegs(old, j).layovers.slice(0, Math.max(0, j.length - 1)));
  const fare = fresh.supplier ? { ...fresh.supplier, journeyLegCounts: journeys.map((j) => j.length) } : undefined;
  return { ...whole, layovers, stops: layovers.length, id: fresh.id, ...(fare ? { supplier: fare } : {}) };
}

export interface SupplierChangeQuoteInput {
  supplier: string;
  airline: string;
  /** The active passenger-legs of the booking (every passenger still travelling). */
  fares: readonly PassengerLegFare[];
  offer: ChangeOffer;
}

/**
 * The change quote of one change offer (see the rules above).
 * @example supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares, offer }).duePaise
 */
export function supplierChangeQuote(input: SupplierChangeQuoteInput): ChangeQuote {
  const { offer, fares } = input;
  const total = offer.changeTotal;
  const converted = toInr({ amountMinor: Math.abs(total.amountMinor), currency: total.currency });
  const totalPaise = Math.sign(total.amountMinor) * converted.paise;
  const penaltyPaise = offer.penalty && offer.penalty.amountMinor > 0 ? toInr(offer.penalty).paise : 0;
  const moneyBack = totalPaise < 0 && offer.refundTo === 'originalPayment';
  const oldTotalPaise = fares.reduce((n, f) => n + f.totalPaise, 0);
  const fareDifferencePaise = totalPaise - penaltyPaise;
  const conversion = converted.conversion;

  const rate = conversion ? ` at ₹${conversion.rate.toFixed(2)} per ${conversion.from} (${conversion.source}, ${conversion.asOf})` : '';
  const penaltyWords = offer.penalty && offer.penalty.amountMinor > 0 ? `, its ${supplierMoney(offer.penalty)} change fee included` : '';
  let terms: string;
  if (total.amountMinor > 0) terms = `${input.airline} charges ${supplierMoney(total)}${rate} for this change${penaltyWords}`;
  else if (total.amountMinor === 0) terms = `${input.airline} charges nothing for this change`;
  else if (moneyBack) terms = `${input.airline} pays back ${supplierMoney({ ...total, amountMinor: -total.amountMinor })}${rate} for this change: ${money(-totalPaise)} refunded to your original payment`;
  else terms = `${input.airline} pays back ${supplierMoney({ ...total, amountMinor: -total.amountMinor })} for this change as an airline voucher in the passengers' names, not money`;
  terms += "; Safar adds no fee to a change";

  // The airline's penalty shared over the passengers (the first takes what does not share evenly).
  const active = fares.filter((f) => f.legIndex === 0);
  const each = active.length > 0 ? Math.floor(penaltyPaise / active.length) : 0;
  const lines = active.map((f, i) => {
    const fee = i === 0 ? penaltyPaise - each * (active.length - 1) : each;
    return { passengerPosition: f.passengerPosition, legIndex: f.legIndex, changeFeePaise: fee, explanation: fee > 0 ? `${terms}; the airline's change fee ${money(fee)}` : terms };
  });

  return {
    lines,
    changeFeePaise: penaltyPaise,
    oldTotalPaise,
    newTotalPaise: Math.max(0, oldTotalPaise + fareDifferencePaise),
    fareDifferencePaise,
    duePaise: Math.max(0, totalPaise),
    refundPaise: moneyBack ? -totalPaise : 0,
    freeWindowApplies: false,
    disruptionFree: null,
    supplier: {
      supplier: input.supplier,
      airline: input.airline,
      changeOfferId: offer.id,
      expiresAt: offer.expiresAt,
      changeTotalMinor: total.amountMinor,
      penaltyMinor: offer.penalty?.amountMinor ?? null,
      currency: total.currency,
      refundTo: offer.refundTo,
      conversion,
      safarFeePaise: 0,
      terms,
    },
  };
}
