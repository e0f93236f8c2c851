import { z } from '../../../core/zod';

/**
 * The parts of Duffel's answers Safar reads (Duffel API v2). Unknown fields are ignored and new
 * enum values are tolerated where Duffel says they may appear (service types, actions), because
 * Duffel adds attributes without a new version.
 */

const amount = z.string().regex(/^-?\d+(\.\d+)?$/);
const cabinClass = z.enum(['economy', 'premium_economy', 'business', 'first']);

const airline = z.object({ name: z.string(), iata_code: z.string().nullable() });

const airport = z.object({
  iata_code: z.string().nullable(),
  name: z.string(),
  city_name: z.string().nullish(),
  iata_country_code: z.string(),
  time_zone: z.string(),
});

const place = z.object({ type: z.enum(['airport', 'city']), iata_code: z.string().nullable(), name: z.string() });

const condition = z
  .object({ allowed: z.boolean(), penalty_amount: amount.nullable(), penalty_currency: z.string().nullable() })
  .nullable();
const conditions = z.object({ refund_before_departure: condition.optional().default(null), change_before_departure: condition.optional().default(null) });

const baggage = z.object({ type: z.enum(['checked', 'carry_on']), quantity: z.number().int().min(0) });

const segmentPassenger = z.object({
  passenger_id: z.string().optional(),
  cabin_class: cabinClass.nullable(),
  cabin_class_marketing_name: z.string().nullable(),
  fare_basis_code: z.string().nullish(),
  baggages: z.array(baggage).default([]),
  seat: z.object({ designator: z.string() }).nullish(),
});

const segment = z.object({
  id: z.string(),
  origin: airport,
  destination: airport,
  origin_terminal: z.string().nullable(),
  destination_terminal: z.string().nullable(),
  departing_at: z.string(),
  arriving_at: z.string(),
  duration: z.string().nullish(),
  marketing_carrier: airline,
  marketing_carrier_flight_number: z.string(),
  operating_carrier: airline,
  operating_carrier_flight_number: z.string().nullable(),
  aircraft: z.object({ iata_code: z.string(), name: z.string() }).nullable(),
  stops: z.array(z.object({ airport, arriving_at: z.string(), departing_at: z.string() })).default([]),
  passengers: z.array(segmentPassenger).default([]),
});

const DuffelSliceSchema = z.object({
  id: z.string(),
  origin: place,
  destination: place,
  duration: z.string().nullish(),
  fare_brand_name: z.string().nullable(),
  segments: z.array(segment),
});
export type DuffelSlice = z.infer<typeof DuffelSliceSchema>;

const service = z.object({
  id: z.string(),
  type: z.string(),
  maximum_quantity: z.number().int(),
  passenger_ids: z.array(z.string()),
  segment_ids: z.array(z.string()),
  total_amount: amount,
  total_currency: z.string(),
  metadata: z.object({ type: z.enum(['checked', 'carry_on']).optional(), maximum_weight_kg: z.number().nullish() }).nullish(),
});

const passengerType = z.string().nullable();

export const DuffelOfferSchema = z.object({
  id: z.string(),
  live_mode: z.boolean(),
  expires_at: z.string(),
  total_amount: amount,
  total_currency: z.string(),
  base_amount: amount,
  base_currency: z.string(),
  tax_amount: amount.nullable(),
  tax_currency: z.string().nullable(),
  owner: airline,
  passengers: z.array(z.object({ id: z.string(), type: passengerType, age: z.number().nullable().optional() })),
  slices: z.array(DuffelSliceSchema),
  conditions,
  payment_requirements: z.object({
    requires_instant_payment: z.boolean(),
    payment_required_by: z.string().nullable(),
    price_guarantee_expires_at: z.string().nullable(),
  }),
  passenger_identity_documents_required: z.boolean(),
  available_services: z.array(service).nullish(),
});
export type DuffelOffer = z.infer<typeof DuffelOfferSchema>;

export const DuffelOfferRequestSchema = z.object({
  id: z.string(),
  live_mode: z.boolean(),
  passengers: z.array(z.object({ id: z.string(), type: passengerType.optional(), age: z.number().nullable().optional() })),
});

const seatService = z.object({ id: z.string(), passenger_id: z.string(), total_amount: amount, total_currency: z.string() });
const element = z.object({
  type: z.string(),
  designator: z.string().optional(),
  name: z.string().nullish(),
  disclosures: z.array(z.string()).default([]),
  available_services: z.array(seatService).default([]),
});
export type DuffelSeatElement = z.infer<typeof element>;

export const DuffelSeatMapSchema = z.object({
  id: z.string(),
  slice_id: z.string(),
  segment_id: z.string(),
  cabins: z.array(
    z.object({
      deck: z.number().int(),
      cabin_class: z.string(),
      aisles: z.number().int(),
      wings: z.object({ first_row_index: z.number().int(), last_row_index: z.number().int() }).nullable(),
      rows: z.array(z.object({ sections: z.array(z.object({ elements: z.array(element) })) })),
    }),
  ),
});
export type DuffelSeatMap = z.infer<typeof DuffelSeatMapSchema>;

export const DuffelAirlineChangeSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  created_at: z.string(),
  added: z.array(DuffelSliceSchema),
  removed: z.array(DuffelSliceSchema),
  action_taken: z.enum(['accepted', 'cancelled', 'changed']).nullable(),
  available_actions: z.array(z.string()),
});
export type DuffelAirlineChange = z.infer<typeof DuffelAirlineChangeSchema>;

export const DuffelOrderSchema = z.object({
  id: z.string(),
  live_mode: z.boolean(),
  type: z.enum(['instant', 'hold']).optional(),
  booking_reference: z.string(),
  owner: airline,
  total_amount: amount,
  total_currency: z.string(),
  passengers: z.array(z.object({ id: z.string(), given_name: z.string(), family_name: z.string() })),
  slices: z.array(DuffelSliceSchema),
  services: z
    .array(
      z.object({
        id: z.string(),
        type: z.string(),
        quantity: z.number().int(),
        passenger_ids: z.array(z.string()),
        segment_ids: z.array(z.string()),
        total_amount: amount,
        total_currency: z.string(),
        metadata: z.object({ designator: z.string().optional() }).nullish(),
      }),
    )
    .default([]),
  documents: z.array(z.object({ type: z.string(), unique_identifier: z.string(), passenger_ids: z.array(z.string()) })).nullish(),
  conditions,
  payment_status: z.object({
    awaiting_payment: z.boolean(),
    payment_required_by: z.string().nullish(),
    price_guarantee_expires_at: z.string().nullish(),
  }),
  available_actions: z.array(z.string()).default([]),
  cancelled_at: z.string().nullish(),
  airline_initiated_changes: z.array(DuffelAirlineChangeSchema).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type DuffelOrder = z.infer<typeof DuffelOrderSchema>;

export const DuffelCancellationSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  refund_amount: amount.nullable(),
  refund_currency: z.string().nullable(),
  refund_to: z.string(),
  expires_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  airline_credits: z
    .array(z.object({ id: z.string(), credit_code: z.string(), credit_name: z.string(), credit_amount: amount, credit_currency: z.string(), passenger_id: z.string() }))
    .default([]),
});
export type DuffelCancellation = z.infer<typeof DuffelCancellationSchema>;

export const DuffelChangeOfferSchema = z.object({
  id: z.string(),
  expires_at: z.string(),
  change_total_amount: amount,
  change_total_currency: z.string(),
  // The JS client's types call these penalty_amount/penalty_currency; the API sends penalty_total_*. Read both.
  penalty_total_amount: amount.nullish(),
  penalty_total_currency: z.string().nullish(),
  penalty_amount: amount.nullish(),
  penalty_currency: z.string().nullish(),
  new_total_amount: amount.nullable(),
  new_total_currency: z.string().nullable(),
  refund_to: z.string().nullable(),
  slices: z.object({ add: z.array(DuffelSliceSchema), remove: z.array(DuffelSliceSchema) }),
});
export type DuffelChangeOffer = z.infer<typeof DuffelChangeOfferSchema>;

export const DuffelChangeRequestSchema = z.object({ id: z.string(), order_id: z.string(), order_change_offers: z.array(DuffelChangeOfferSchema) });

export const DuffelOrderChangeSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  confirmed_at: z.string().nullable(),
  change_total_amount: amount,
  change_total_currency: z.string(),
});

export const DuffelPaymentSchema = z.object({ id: z.string(), amount, currency: z.string().nullish() });

export const DuffelErrorBodySchema = z.object({
  errors: z.array(
    z.object({
      type: z.string(),
      code: z.string(),
      title: z.string().optional(),
      message: z.string().optional(),
      source: z.object({ field: z.string().optional(), pointer: z.string().optional() }).nullish(),
    }),
  ),
  meta: z.object({ status: z.number().int(), request_id: z.string() }).partial().optional(),
});
export type DuffelErrorBody = z.infer<typeof DuffelErrorBodySchema>;

export const DuffelListMetaSchema = z.object({ after: z.string().nullable().optional() });

export const DuffelWebhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  live_mode: z.boolean(),
  created_at: z.string(),
  idempotency_key: z.string().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
