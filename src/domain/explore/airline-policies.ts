/**
 * Economy baggage and cancellation terms per airline, as shown in Explore's route details.
 * Baggage follows each airline's published standard economy allowance (lowest fare families
 * may carry less; the fare shown at booking is what counts). Indian airlines fall under the
 * DGCA refund rules: taxes and airport fees are always refunded, the cancellation charge is
 * capped at base fare plus fuel charge, and changes are free within 48 hours of booking when
 * departure is at least 7 days (domestic) or 15 days (international) away.
 */
export interface AirlineTerms {
  /** Full-service airlines serve complimentary meals; low-cost airlines sell them. */
  fullService: boolean;
  domesticBaggage: string;
  internationalBaggage: string;
}

const INDIAN_CANCELLATION =
  'Taxes and airport fees always refunded; cancellation charge capped at base fare + fuel charge; free changes within 48 hours of booking when departure is 7+ days away (15+ international)';
const FOREIGN_CANCELLATION = "As per the fare's rules; taxes and airport fees are refunded on cancellation or no-show";

const TERMS: Record<string, AirlineTerms> = {
  '6E': { fullService: false, domesticBaggage: '15kg checked, 7kg cabin', internationalBaggage: '20kg checked, 7kg cabin' },
  AI: { fullService: true, domesticBaggage: '15kg checked, 7kg cabin', internationalBaggage: '25kg checked, 7kg cabin' },
  IX: { fullService: false, domesticBaggage: '15kg checked, 7kg cabin', internationalBaggage: '20kg checked, 7kg cabin' },
  QP: { fullService: false, domesticBaggage: '15kg checked, 7kg cabin', internationalBaggage: '20kg checked, 7kg cabin' },
  SG: { fullService: false, domesticBaggage: '15kg checked, 7kg cabin', internationalBaggage: '20kg checked, 7kg cabin' },
  '9I': { fullService: false, domesticBaggage: '15kg checked, 5kg cabin', internationalBaggage: '15kg checked, 5kg cabin' },
  S5: { fullService: false, domesticBaggage: '15kg checked, 7kg cabin', internationalBaggage: '15kg checked, 7kg cabin' },
  EK: { fullService: true, domesticBaggage: '25kg checked, 7kg cabin', internationalBaggage: '25kg checked, 7kg cabin' },
  FZ: { fullService: false, domesticBaggage: '20kg checked, 7kg cabin', internationalBaggage: '20kg checked, 7kg cabin' },
  EY: { fullService: true, domesticBaggage: '25kg checked, 7kg cabin', internationalBaggage: '25kg checked, 7kg cabin' },
  G9: { fullService: false, domesticBaggage: '20kg checked, 7kg cabin', internationalBaggage: '20kg checked, 7kg cabin' },
  QR: { fullService: true, domesticBaggage: '25kg checked, 7kg cabin', internationalBaggage: '25kg checked, 7kg cabin' },
  U2: { fullService: false, domesticBaggage: '15kg cabin bag; checked bags for a fee', internationalBaggage: '15kg cabin bag; checked bags for a fee' },
};

const FULL_SERVICE_DEFAULT: AirlineTerms = { fullService: true, domesticBaggage: '23kg checked, 7kg cabin', internationalBaggage: '23kg checked, 7kg cabin' };

/** Terms of an airline; unknown full-service carriers get the common one-piece 23 kg allowance. */
export function airlineTerms(code: string): AirlineTerms {
  return TERMS[code] ?? FULL_SERVICE_DEFAULT;
}

/** Baggage for a route's kind of flight. */
export function baggageFor(code: string, international: boolean): string {
  const terms = airlineTerms(code);
  return international ? terms.internationalBaggage : terms.domesticBaggage;
}

/** Cancellation terms: Indian airlines under DGCA rules, others by their fare rules. */
export function cancellationFor(code: string, airlineCountry: string): string {
  return airlineCountry === 'IN' ? INDIAN_CANCELLATION : FOREIGN_CANCELLATION;
}
