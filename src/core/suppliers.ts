import { FareConditionsSchema } from './fares';
import { SUPPLIER_IDS } from './supplier-ids';
import { z } from './zod';

// Supplier ids and the itinerary ids of offers are zod-free (supplier-ids.ts), for the Results screen's first load.
export { SUPPLIER_IDS, type SupplierId, supplierItineraryId, parseSupplierItineraryId } from './supplier-ids';
export const supplierIdSchema = z.enum(SUPPLIER_IDS);

/**
 * A remote supplier's order after the traveller paid: `ordering` while its outcome is unknown
 * (a job reconciles it), `ordered` once the supplier confirmed it, `failed` when it refused (the
 * payment is refunded).
 */
export const SUPPLIER_ORDER_STATES = ['ordering', 'ordered', 'failed'] as const;


/** Safar's own fee on a remote supplier's fare, per passenger, in rupees: shown as its own line, never hidden in the fare. */
export const SUPPLIER_FEE_PER_PASSENGER_INR = 199;

export const ConversionSchema = z.object({
  from: z.string(),
  /** Rupees per one unit of `from`. */
  rate: z.number(),
  asOf: z.string(),
  source: z.string(),
});

/**
 * What a remote supplier's itinerary carries beyond the world's shape: the offer it is, when it
 * expires, the airline's fare brand, conditions and baggage, who operates each flight, and the
 * price as the supplier answered it with its conversion to INR and Safar's fee.
 */
export const SupplierFareSchema = z
  .object({
    supplier: supplierIdSchema,
    offerId: z.string(),
    /** The offer's expiry (ISO 8601): after it, the fare must be searched again. */
    expiresAt: z.string(),
    /** The selling airline. */
    owner: z.string(),
    /** The airline's name for the fare ("Economy Basic"); null when it gives none. */
    fareBrand: z.string().nullable(),
    conditions: FareConditionsSchema,
    /** Currency of the conditions' penalties (minor units); null when none is given. */
    penaltyCurrency: z.string().nullable(),
    /** Bags included per passenger on the first flight. */
    baggage: z.object({ checked: z.number().int(), carryOn: z.number().int() }),
    /** Per leg: the operating airline and flight number when another airline flies it (codeshare), else null. */
    operatedBy: z.array(z.object({ carrierName: z.string(), flightNumber: z.string() }).nullable()),
    /** The supplier's passenger ids, in the order of the query's passengers (adults, children, infants). */
    passengerIds: z.array(z.string()),
    /** What Safar owes the supplier, in minor units of its currency. */
    totalMinor: z.number().int(),
    currency: z.string(),
    /** How the supplier's total became rupees; null when it answered in INR. */
    conversion: ConversionSchema.nullable(),
    /** The supplier's total in rupees (rounded up). */
    fareInr: z.number().int(),
    /** Safar's fee for everyone, in rupees (SUPPLIER_FEE_PER_PASSENGER_INR per passenger). */
    feeInr: z.number().int(),
    /**
     * An offer of several journeys priced as one ticket (a round trip's two slices): how many legs each
     * journey has, in travel order (the itinerary's legs are the journeys' one after the other). Absent for one journey.
     */
    journeyLegCounts: z.array(z.number().int().min(1)).optional(),
  })
  .meta({ id: 'SupplierFare' });
export type SupplierFare = z.infer<typeof SupplierFareSchema>;

/**
 * A seat chosen from a remote supplier's seat map for one passenger on one flight of a booking, kept on the
 * booking (decision 0068): the airline's seat service to order it by, its price as the airline answered it, and
 * the rupees Safar charges for it (the converted price rounded up to the whole rupee, per seat). `confirmed` once
 * the airline's order names this seat for the passenger (the airline may have moved them).
 */
const SupplierSeatChoiceSchema = z.object({
  /** Safar's passenger id. */
  passengerId: z.string(),
  /** The leg of the booking's itinerary (0-based). */
  legIndex: z.number().int().nonnegative(),
  seat: z.string(),
  /** The airline's seat service id; null for a seat the airline assigned without a choice. */
  serviceId: z.string().nullable(),
  /** The airline's price of the seat, in minor units of `currency` (0 when free). */
  priceMinor: z.number().int().nonnegative(),
  currency: z.string(),
  /** What the traveller pays for it, in paise: a whole number of rupees. */
  pricePaise: z.number().int().nonnegative(),
  confirmed: z.boolean(),
});
export type SupplierSeatChoice = z.infer<typeof SupplierSeatChoiceSchema>;

/** A remote supplier booking's seats on the wire: who sits where, what it cost, and whether the airline confirmed it. */
export const SupplierSeatViewSchema = SupplierSeatChoiceSchema.pick({ passengerId: true, legIndex: true, seat: true, pricePaise: true, confirmed: true });
