/**
 * Built-in city-name map (spec section 5): city names and their alternative names
 * resolve to an IATA airport code; anything else is trimmed and uppercased.
 * Pure and small because the browser ships it with the Home form.
 */

/** Normalised name (lowercase, single spaces, no dots) → IATA code. */
const CITY_CODES: Readonly<Record<string, string>> = {
  // Metros and their alternative names
  delhi: 'DEL',
  'new delhi': 'DEL',
  gurgaon: 'DEL',
  gurugram: 'DEL',
  noida: 'DXN',
  'navi mumbai': 'NMI',
  mumbai: 'BOM',
  bombay: 'BOM',
  bangalore: 'BLR',
  bengaluru: 'BLR',
  kolkata: 'CCU',
  calcutta: 'CCU',
  chennai: 'MAA',
  madras: 'MAA',
  hyderabad: 'HYD',
  secunderabad: 'HYD',
  pune: 'PNQ',
  poona: 'PNQ',
  ahmedabad: 'AMD',
  // Other Indian cities
  goa: 'GOI',
  panaji: 'GOI',
  panjim: 'GOI',
  mopa: 'GOX',
  kochi: 'COK',
  cochin: 'COK',
  ernakulam: 'COK',
  thiruvananthapuram: 'TRV',
  trivandrum: 'TRV',
  kozhikode: 'CCJ',
  calicut: 'CCJ',
  kannur: 'CNN',
  mangalore: 'IXE',
  mangaluru: 'IXE',
  mysore: 'MYQ',
  mysuru: 'MYQ',
  hubli: 'HBX',
  hubballi: 'HBX',
  belgaum: 'IXG',
  belagavi: 'IXG',
  coimbatore: 'CJB',
  madurai: 'IXM',
  tiruchirappalli: 'TRZ',
  trichy: 'TRZ',
  tuticorin: 'TCR',
  thoothukudi: 'TCR',
  pondicherry: 'PNY',
  puducherry: 'PNY',
  visakhapatnam: 'VTZ',
  vizag: 'VTZ',
  vijayawada: 'VGA',
  tirupati: 'TIR',
  rajahmundry: 'RJA',
  jaipur: 'JAI',
  udaipur: 'UDR',
  jodhpur: 'JDH',
  bikaner: 'BKB',
  lucknow: 'LKO',
  varanasi: 'VNS',
  benares: 'VNS',
  banaras: 'VNS',
  kashi: 'VNS',
  prayagraj: 'IXD',
  allahabad: 'IXD',
  ayodhya: 'AYJ',
  gorakhpur: 'GOP',
  kanpur: 'KNU',
  agra: 'AGR',
  dehradun: 'DED',
  chandigarh: 'IXC',
  amritsar: 'ATQ',
  srinagar: 'SXR',
  jammu: 'IXJ',
  leh: 'IXL',
  ladakh: 'IXL',
  patna: 'PAT',
  gaya: 'GAY',
  darbhanga: 'DBR',
  ranchi: 'IXR',
  bhubaneswar: 'BBI',
  bhubaneshwar: 'BBI',
  raipur: 'RPR',
  nagpur: 'NAG',
  indore: 'IDR',
  bhopal: 'BHO',
  jabalpur: 'JLR',
  surat: 'STV',
  vadodara: 'BDQ',
  baroda: 'BDQ',
  rajkot: 'HSR',
  bhuj: 'BHJ',
  aurangabad: 'IXU',
  'chhatrapati sambhajinagar': 'IXU',
  nashik: 'ISK',
  kolhapur: 'KLH',
  guwahati: 'GAU',
  bagdogra: 'IXB',
  siliguri: 'IXB',
  darjeeling: 'IXB',
  gangtok: 'PYG',
  imphal: 'IMF',
  agartala: 'IXA',
  dibrugarh: 'DIB',
  silchar: 'IXS',
  shillong: 'SHL',
  aizawl: 'AJL',
  dimapur: 'DMU',
  jorhat: 'JRH',
  'port blair': 'IXZ',
  'sri vijaya puram': 'IXZ',
  andaman: 'IXZ',
  // International cities
  london: 'LHR',
  paris: 'CDG',
  frankfurt: 'FRA',
  amsterdam: 'AMS',
  munich: 'MUC',
  zurich: 'ZRH',
  rome: 'FCO',
  madrid: 'MAD',
  istanbul: 'IST',
  'new york': 'JFK',
  'san francisco': 'SFO',
  chicago: 'ORD',
  toronto: 'YYZ',
  dubai: 'DXB',
  'abu dhabi': 'AUH',
  sharjah: 'SHJ',
  doha: 'DOH',
  muscat: 'MCT',
  riyadh: 'RUH',
  jeddah: 'JED',
  kuwait: 'KWI',
  bahrain: 'BAH',
  singapore: 'SIN',
  bangkok: 'BKK',
  phuket: 'HKT',
  'kuala lumpur': 'KUL',
  'hong kong': 'HKG',
  tokyo: 'NRT',
  sydney: 'SYD',
  melbourne: 'MEL',
  colombo: 'CMB',
  kathmandu: 'KTM',
  dhaka: 'DAC',
  male: 'MLE',
  maldives: 'MLE',
  bali: 'DPS',
  denpasar: 'DPS',
};

/**
 * Resolve what a traveller typed into an airport code.
 *
 * @example
 * resolveCityCode('Bombay')   // 'BOM'
 * resolveCityCode(' gurgaon ') // 'DEL'
 * resolveCityCode('xyz')      // 'XYZ'
 */
export function resolveCityCode(text: string): string {
  const trimmed = text.trim();
  const key = trimmed.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ');
  return CITY_CODES[key] ?? trimmed.toUpperCase();
}

/**
 * The alternative names known for a code (used by airport suggestions).
 *
 * @example
 * cityNamesFor('BOM') // ['mumbai', 'bombay']
 */
export function cityNamesFor(code: string): string[] {
  const upper = code.toUpperCase();
  return Object.keys(CITY_CODES).filter((name) => CITY_CODES[name] === upper);
}
