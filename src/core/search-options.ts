/**
 * Search constants without zod: the home page's first load imports these directly
 * (src/core/search.ts re-exports them with the schema).
 */
export const CABINS = ['economy', 'premium', 'business', 'first'] as const;
export type Cabin = (typeof CABINS)[number];

/** Labels of the class options. */
export const CABIN_LABELS: Record<Cabin, string> = {
  economy: 'Economy',
  premium: 'Premium Economy',
  business: 'Business',
  first: 'First Class',
};

/** The search form's messages, shown exactly as written here. */
export const SEARCH_MESSAGES = {
  sourceRequired: 'Source is required',
  destinationRequired: 'Destination is required',
  dateRequired: 'Departure date is required',
  sameAirports: 'Source and destination cannot be same',
  dateInPast: 'Departure date cannot be in the past',
  formToast: 'Please fix the errors in the form',
  returnDateRequired: 'Return date is required',
  returnBeforeDeparture: 'Return date cannot be before departure date',
  returnDateInPast: 'Return date cannot be in the past',
} as const;

export const MAX_SEATS_PER_BOOKING = 9;

/** Passenger types, in the order prices list them. */
export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];
