import { MAX_PASSENGERS, PASSENGER_MESSAGES, type PassengerInput, type PassengerKind, type PassengerTitle, validatePassengers } from '../../../core/booking';
import type { ItineraryPrice, PassengerType, SearchQuery } from '../../../core/search';

/**
 * The booking form's passenger state and its rules that are not validation: type switching,
 * digit-only inputs, the running total. Validation itself is core's `validatePassengers`, the
 * same function the booking endpoint runs, so the form and the server give the same messages.
 */
export interface PassengerDraft {
  /** Stable React key: cards can be removed from the middle. */
  key: string;
  title: PassengerTitle | '';
  firstName: string;
  middleName: string;
  lastName: string;
  dob: string;
  type: PassengerKind | '';
  mobileNo: string;
  aadharCard: string;
}

export type DraftField = Exclude<keyof PassengerDraft, 'key'>;

let nextKey = 0;

/**
 * A blank passenger card; the first passenger starts as Adult, added ones with no type chosen.
 * @example emptyPassenger('Adult').type // 'Adult'
 */
export function emptyPassenger(type: PassengerKind | '' = ''): PassengerDraft {
  nextKey += 1;
  return { key: `p${nextKey}`, title: '', firstName: '', middleName: '', lastName: '', dob: '', type, mobileNo: '', aadharCard: '' };
}

/**
 * Cards for a search: one per traveller the search asked for (adults, then children, then
 * infants), so the running total matches the fare shown on the results. The first is Adult.
 * @example initialPassengers({ adults: 2, children: 0, infants: 1 }).map((p) => p.type) // ['Adult', 'Adult', 'Infant']
 */
export function initialPassengers(query: Pick<SearchQuery, 'adults' | 'children' | 'infants'> | null | undefined): PassengerDraft[] {
  if (!query) return [emptyPassenger('Adult')];
  const kinds: PassengerKind[] = [
    ...Array<PassengerKind>(Math.max(1, query.adults)).fill('Adult'),
    ...Array<PassengerKind>(query.children).fill('Child'),
    ...Array<PassengerKind>(query.infants).fill('Infant'),
  ].slice(0, MAX_PASSENGERS);
  return kinds.map((kind) => emptyPassenger(kind));
}

/**
 * Keeps only digits, capped at `max` (the mobile and Aadhar inputs).
 * @example digitsOnly('98a76-543210 99', 10) // '9876543210'
 */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/**
 * Applies an edit to a passenger. Switching to Child or Infant clears the mobile number and
 * switching to Infant also clears Aadhar (infants have neither, so those inputs become disabled).
 * @example updatePassenger(p, 'type', 'Infant') // mobileNo '' and aadharCard ''
 */
export function updatePassenger(draft: PassengerDraft, field: DraftField, value: string): PassengerDraft {
  if (field === 'mobileNo') return { ...draft, mobileNo: digitsOnly(value, 10) };
  if (field === 'aadharCard') return { ...draft, aadharCard: digitsOnly(value, 12) };
  if (field === 'type') {
    const type = value === 'Adult' || value === 'Child' || value === 'Infant' ? value : '';
    return {
      ...draft,
      type,
      mobileNo: type === 'Child' || type === 'Infant' ? '' : draft.mobileNo,
      aadharCard: type === 'Infant' ? '' : draft.aadharCard,
    };
  }
  if (field === 'title') return { ...draft, title: value === 'Mr' || value === 'Ms' || value === 'Mrs' ? value : '' };
  return { ...draft, [field]: value };
}

/**
 * The request shape of one passenger: blanks become absent, as the schema expects (an absent
 * required field is reported with its field message by core's validatePassengers).
 * @example toPassengerInput(emptyPassenger('Adult')) // { type: 'Adult' }
 */
export function toPassengerInput(draft: PassengerDraft): Partial<Record<keyof PassengerInput, string>> {
  const input: Partial<Record<keyof PassengerInput, string>> = {};
  for (const field of ['title', 'firstName', 'middleName', 'lastName', 'dob', 'type', 'mobileNo', 'aadharCard'] as const) {
    const value = draft[field].trim();
    if (value !== '') input[field] = value;
  }
  return input;
}

const TYPE_KEY: Record<PassengerKind, PassengerType> = { Adult: 'adult', Child: 'child', Infant: 'infant' };

export interface RunningTotal {
  /** Whole rupees for the passengers whose type and fare are known. */
  total: number;
  /** Passengers counted per type. */
  counts: Record<PassengerKind, number>;
  /** All-in fare of one passenger of each counted type, null while it is not priced yet. */
  fares: Record<PassengerKind, number | null>;
  /** Types chosen on the form that neither the search nor the quote priced yet. */
  unpriced: PassengerKind[];
}

/**
 * The running total: each passenger type's all-in fare × passengers of that type. A type's fare
 * is the one the search showed when it priced that type (so a fare that really moved since is
 * reported by the hold's fare-change answer, with the total the traveller saw), else the server's
 * quote for the current mix (children and infants added to an adults-only search). Passengers
 * with no type yet are not counted.
 * @example runningTotal(price, [{ type: 'Adult' }, { type: 'Child' }], quote.price).total // adult + child fare
 */
export function runningTotal(price: ItineraryPrice, passengers: readonly Pick<PassengerDraft, 'type'>[], quoted?: ItineraryPrice): RunningTotal {
  const counts: Record<PassengerKind, number> = { Adult: 0, Child: 0, Infant: 0 };
  const fares: Record<PassengerKind, number | null> = { Adult: null, Child: null, Infant: null };
  for (const p of passengers) if (p.type) counts[p.type] += 1;
  let total = 0;
  const unpriced: PassengerKind[] = [];
  for (const kind of ['Adult', 'Child', 'Infant'] as const) {
    if (counts[kind] === 0) continue;
    const fare = price.perPassenger[TYPE_KEY[kind]] ?? quoted?.perPassenger[TYPE_KEY[kind]];
    if (fare) {
      fares[kind] = fare.total;
      total += fare.total * counts[kind];
    } else unpriced.push(kind);
  }
  return { total, counts, fares, unpriced };
}

/**
 * The passenger mix to quote: passengers with a type, per type.
 * @example quoteMix({ Adult: 1, Child: 1, Infant: 0 }) // { adults: 1, children: 1, infants: 0 }
 */
export function quoteMix(counts: Record<PassengerKind, number>): { adults: number; children: number; infants: number } {
  return { adults: counts.Adult, children: counts.Child, infants: counts.Infant };
}

/**
 * Validates the form with core's validatePassengers (the endpoint's own rules and messages).
 * The schema checks the type-dependent rules (mobile for adults, digit counts) only once a
 * card's basic fields parse, so those messages are added here too: the traveller sees every
 * problem on the first Proceed instead of discovering them one round at a time.
 * @example validateForm([emptyPassenger('Adult')], '2026-12-24').fields['passengers.0.mobileNo'] // 'Mobile number is required for adults'
 */
export function validateForm(drafts: readonly PassengerDraft[], travelDate: string): { ok: boolean; fields: Record<string, string> } {
  const result = validatePassengers(drafts.map(toPassengerInput), travelDate);
  if (result.ok) return { ok: true, fields: {} };
  const fields = { ...result.fields };
  drafts.forEach((draft, i) => {
    const mobileKey = `passengers.${i}.mobileNo`;
    const aadharKey = `passengers.${i}.aadharCard`;
    if (draft.type === 'Adult' && !fields[mobileKey]) {
      if (draft.mobileNo === '') fields[mobileKey] = PASSENGER_MESSAGES.mobileRequired;
      else if (draft.mobileNo.length !== 10) fields[mobileKey] = PASSENGER_MESSAGES.mobileDigits;
    }
    if (draft.type !== 'Infant' && draft.aadharCard !== '' && draft.aadharCard.length !== 12 && !fields[aadharKey]) {
      fields[aadharKey] = PASSENGER_MESSAGES.aadhaarDigits;
    }
  });
  return { ok: false, fields };
}
