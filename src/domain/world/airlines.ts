import type { Cabin } from '../../core/search';

/** A carrier Safar shows (hand-made: npm airline lists are stale). */
export interface Airline {
  code: string;
  name: string;
  /** Country of the carrier; Indian carriers fly domestic routes. */
  country: string;
  /** 3-digit ticketing prefix (e-ticket numbers start with it). */
  ticketPrefix: string;
}

export const AIRLINES: readonly Airline[] = [
  { code: '6E', name: 'IndiGo', country: 'IN', ticketPrefix: '312' },
  { code: 'AI', name: 'Air India', country: 'IN', ticketPrefix: '098' },
  { code: 'IX', name: 'Air India Express', country: 'IN', ticketPrefix: '058' },
  { code: 'QP', name: 'Akasa Air', country: 'IN', ticketPrefix: '314' },
  { code: 'SG', name: 'SpiceJet', country: 'IN', ticketPrefix: '775' },
  { code: '9I', name: 'Alliance Air', country: 'IN', ticketPrefix: '058' },
  { code: 'S5', name: 'Star Air', country: 'IN', ticketPrefix: '266' },
  { code: 'EK', name: 'Emirates', country: 'AE', ticketPrefix: '176' },
  { code: 'FZ', name: 'flydubai', country: 'AE', ticketPrefix: '141' },
  { code: 'EY', name: 'Etihad Airways', country: 'AE', ticketPrefix: '607' },
  { code: 'G9', name: 'Air Arabia', country: 'AE', ticketPrefix: '514' },
  { code: 'QR', name: 'Qatar Airways', country: 'QA', ticketPrefix: '157' },
  { code: 'WY', name: 'Oman Air', country: 'OM', ticketPrefix: '910' },
  { code: 'SV', name: 'Saudia', country: 'SA', ticketPrefix: '065' },
  { code: 'KU', name: 'Kuwait Airways', country: 'KW', ticketPrefix: '229' },
  { code: 'GF', name: 'Gulf Air', country: 'BH', ticketPrefix: '072' },
  { code: 'SQ', name: 'Singapore Airlines', country: 'SG', ticketPrefix: '618' },
  { code: 'TG', name: 'Thai Airways', country: 'TH', ticketPrefix: '217' },
  { code: 'MH', name: 'Malaysia Airlines', country: 'MY', ticketPrefix: '232' },
  { code: 'CX', name: 'Cathay Pacific', country: 'HK', ticketPrefix: '160' },
  { code: 'JL', name: 'Japan Airlines', country: 'JP', ticketPrefix: '131' },
  { code: 'KE', name: 'Korean Air', country: 'KR', ticketPrefix: '180' },
  { code: 'QF', name: 'Qantas', country: 'AU', ticketPrefix: '081' },
  { code: 'UL', name: 'SriLankan Airlines', country: 'LK', ticketPrefix: '603' },
  { code: 'RA', name: 'Nepal Airlines', country: 'NP', ticketPrefix: '285' },
  { code: 'BG', name: 'Biman Bangladesh Airlines', country: 'BD', ticketPrefix: '997' },
  { code: '8M', name: 'Maldivian', country: 'MV', ticketPrefix: '900' },
  { code: 'GA', name: 'Garuda Indonesia', country: 'ID', ticketPrefix: '126' },
  { code: 'BA', name: 'British Airways', country: 'GB', ticketPrefix: '125' },
  { code: 'VS', name: 'Virgin Atlantic', country: 'GB', ticketPrefix: '932' },
  { code: 'U2', name: 'easyJet', country: 'GB', ticketPrefix: '888' },
  { code: 'AF', name: 'Air France', country: 'FR', ticketPrefix: '057' },
  { code: 'KL', name: 'KLM', country: 'NL', ticketPrefix: '074' },
  { code: 'LH', name: 'Lufthansa', country: 'DE', ticketPrefix: '220' },
  { code: 'LX', name: 'Swiss', country: 'CH', ticketPrefix: '724' },
  { code: 'OS', name: 'Austrian Airlines', country: 'AT', ticketPrefix: '257' },
  { code: 'AZ', name: 'ITA Airways', country: 'IT', ticketPrefix: '055' },
  { code: 'IB', name: 'Iberia', country: 'ES', ticketPrefix: '075' },
  { code: 'TK', name: 'Turkish Airlines', country: 'TR', ticketPrefix: '235' },
  { code: 'UA', name: 'United Airlines', country: 'US', ticketPrefix: '016' },
  { code: 'AA', name: 'American Airlines', country: 'US', ticketPrefix: '001' },
  { code: 'AC', name: 'Air Canada', country: 'CA', ticketPrefix: '014' },
];

const BY_CODE = new Map(AIRLINES.map((a) => [a.code, a]));

/** Airline by code. @example getAirline('6E')?.name // 'IndiGo' */
export function getAirline(code: string): Airline | undefined {
  return BY_CODE.get(code);
}

/** Seats per cabin; a cabin the aircraft lacks is absent (capacity 0). */
type CabinLayout = Partial<Record<Cabin, number>>;

/** An aircraft type with the cabin layout the operating carrier fits. */
export interface Aircraft {
  id: string;
  name: string;
  layout: CabinLayout;
  /** Turboprops fly the short tier-2/3 spokes. */
  turboprop: boolean;
}

export const AIRCRAFT: Readonly<Record<string, Aircraft>> = {
  A20N: { id: 'A20N', name: 'Airbus A320neo', layout: { economy: 186 }, turboprop: false },
  A21N: { id: 'A21N', name: 'Airbus A321neo', layout: { economy: 222 }, turboprop: false },
  A20N_J: { id: 'A20N_J', name: 'Airbus A320neo', layout: { business: 8, economy: 156 }, turboprop: false },
  A21N_J: { id: 'A21N_J', name: 'Airbus A321neo', layout: { business: 12, economy: 170 }, turboprop: false },
  B38M: { id: 'B38M', name: 'Boeing 737 MAX 8', layout: { economy: 189 }, turboprop: false },
  B738: { id: 'B738', name: 'Boeing 737-800', layout: { economy: 186 }, turboprop: false },
  A320: { id: 'A320', name: 'Airbus A320', layout: { business: 12, economy: 144 }, turboprop: false },
  AT76: { id: 'AT76', name: 'ATR 72-600', layout: { economy: 78 }, turboprop: true },
  DH8D: { id: 'DH8D', name: 'De Havilland Dash 8-400', layout: { economy: 86 }, turboprop: true },
  E175: { id: 'E175', name: 'Embraer E175', layout: { business: 12, economy: 64 }, turboprop: true },
  B788: { id: 'B788', name: 'Boeing 787-8', layout: { business: 18, economy: 238 }, turboprop: false },
  B789: { id: 'B789', name: 'Boeing 787-9', layout: { business: 30, premium: 21, economy: 247 }, turboprop: false },
  A359: { id: 'A359', name: 'Airbus A350-900', layout: { business: 28, premium: 24, economy: 264 }, turboprop: false },
  A333: { id: 'A333', name: 'Airbus A330-300', layout: { business: 30, economy: 260 }, turboprop: false },
  B77W: { id: 'B77W', name: 'Boeing 777-300ER', layout: { first: 8, business: 42, premium: 24, economy: 280 }, turboprop: false },
  A388: { id: 'A388', name: 'Airbus A380-800', layout: { first: 14, business: 76, premium: 56, economy: 338 }, turboprop: false },
};

/** Capacity of a cabin on an aircraft (0 where it lacks the cabin). */
export function cabinCapacity(aircraftId: string, cabin: Cabin): number {
  return AIRCRAFT[aircraftId]?.layout[cabin] ?? 0;
}
