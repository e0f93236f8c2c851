import { peakFactorOn } from '../fares/model';
import { type AirportClimate, climateFor } from './normals';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const SHORT = MONTH_NAMES.map((m) => m.slice(0, 3));

/** How one month scores for a visit. */
export interface MonthScore {
  /** 0 = January. */
  month: number;
  /** Weather comfort minus rain and fog, roughly −3…1. */
  weatherScore: number;
  /** Average fare multiplier of the month's days (1 = no festival/holiday peak). */
  fareIndex: number;
  /** weatherScore with a small bonus for cheap months. */
  score: number;
  /** Why the month lost points, e.g. "monsoon", "heat", "fog". */
  concerns: string[];
}

/** A destination insight (best months, peak and off season, weather, activities, average temperature), computed from typical monthly weather and the fare model. */
export interface DestinationInsight {
  /** Up to four month names, best first. */
  bestMonths: string[];
  /** e.g. "October to March" — the good-weather stretch when most travellers go. */
  peakSeason: string;
  /** e.g. "June to September" — the weakest months. */
  offSeason: string;
  /** The travel month in a line, e.g. "December: 23°/8°, about 8 mm of rain on about 1 day; fog mornings likely". */
  weather: string;
  activities: string[];
  /** Mean of the travel month's daily high and low, °C. */
  avgTemp: number;
  /** Months whose fares are lowest (no holiday peaks), for "cheap months". */
  cheapMonths: string[];
  months: MonthScore[];
}

/**
 * A month's rain in words. Under 5 mm the month is "mostly dry"; otherwise the rain is rounded
 * (to 1 mm under 20 mm, else to 5 mm) and the rainy days to whole days; when those round to none
 * the month has "rarely a rainy day" — never "over 0 days".
 * @example rainPhrase(5, 0.3) // "about 5 mm of rain, rarely a rainy day"
 * @example rainPhrase(840, 22) // "about 840 mm of rain on about 22 days"
 */
export function rainPhrase(rainMm: number, rainyDays: number): string {
  if (rainMm < 5) return 'mostly dry';
  const mm = rainMm < 20 ? Math.round(rainMm) : Math.round(rainMm / 5) * 5;
  const days = Math.round(rainyDays);
  if (days < 1) return `about ${mm} mm of rain, rarely a rainy day`;
  return `about ${mm} mm of rain on about ${days} day${days === 1 ? '' : 's'}`;
}

function fogBelt(climate: AirportClimate): boolean {
  const { country, lat, lon } = climate.airport;
  return country === 'IN' && lat >= 24 && lat <= 32.3 && lon >= 73.5 && lon <= 88.5 && (climate.months[0]?.tminC ?? 0) >= 3;
}

/** Mean peak multiplier over the days of a month, averaged over the next two years' calendars. */
function fareIndexOf(month: number, years: readonly number[]): number {
  let sum = 0;
  let n = 0;
  for (const year of years) {
    const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    for (let d = 1; d <= days; d++) {
      sum += peakFactorOn(`${year}-${String(month + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
      n += 1;
    }
  }
  return n ? sum / n : 1;
}

/**
 * Scores each month: comfortable highs of 18–32 °C score best; heat above 32 °C and cold below
 * 18 °C cost points; so do rain (monthly mm and rainy days — the monsoon, or the north-east
 * monsoon in Tamil Nadu) and, on the north Indian plains, the 10 Dec – 10 Feb fog window that
 * delays flights. Cheap months (no festival/holiday fare peak) get a small bonus.
 */
export function scoreMonths(climate: AirportClimate, years: readonly number[]): MonthScore[] {
  const fog = fogBelt(climate);
  return climate.months.map((m, month) => {
    const concerns: string[] = [];
    let weather = 1;
    if (m.tmaxC > 32) {
      weather -= (m.tmaxC - 32) / 4;
      if (m.tmaxC >= 36) concerns.push('heat');
    }
    if (m.tmaxC < 18) {
      weather -= (18 - m.tmaxC) / 8;
      if (m.tmaxC < 12) concerns.push('cold');
    }
    const wet = Math.max(0, m.rainMm - 60) / 250 + Math.max(0, m.rainyDays - 5) / 10;
    weather -= wet;
    if (m.rainMm >= 200 || m.rainyDays >= 12) concerns.push(climate.airport.country === 'IN' && month >= 5 && month <= 8 ? 'monsoon' : 'heavy rain');
    if (fog && (month === 11 || month === 0)) {
      weather -= 0.5;
      concerns.push('fog');
    }
    const fareIndex = fareIndexOf(month, years);
    const score = weather - (fareIndex - 1) * 0.8;
    return { month, weatherScore: Math.round(weather * 100) / 100, fareIndex: Math.round(fareIndex * 1000) / 1000, score: Math.round(score * 100) / 100, concerns };
  });
}

/** "October to March" for a set of months, using the longest circular run. */
export function seasonText(months: readonly number[]): string {
  if (months.length === 0) return '';
  if (months.length === 12) return 'All year';
  const set = new Set(months);
  // Start of a run: in the set, and the month before is not.
  let best: { start: number; length: number } | undefined;
  for (let start = 0; start < 12; start++) {
    if (!set.has(start) || set.has((start + 11) % 12)) continue;
    let length = 0;
    while (set.has((start + length) % 12) && length < 12) length += 1;
    if (!best || length > best.length) best = { start, length };
  }
  if (!best) return '';
  const first = MONTH_NAMES[best.start] ?? '';
  const last = MONTH_NAMES[(best.start + best.length - 1) % 12] ?? '';
  return best.length === 1 ? first : `${first} to ${last}`;
}

/** Things to do, curated for the main destinations. */
const ACTIVITIES: Record<string, string[]> = {
  GOI: ['Beaches and water sports', 'Old Goa churches', 'Spice plantations', 'Seafood shacks'],
  GOX: ['North Goa beaches', 'Fort Aguada', 'Night markets', 'Seafood shacks'],
  DEL: ['Red Fort and Old Delhi', 'Qutub Minar', 'Humayun’s Tomb', 'Street food in Chandni Chowk'],
  BOM: ['Gateway of India', 'Marine Drive', 'Elephanta Caves', 'Street food'],
  JAI: ['Amber Fort', 'Hawa Mahal', 'City Palace', 'Bazaar shopping'],
  UDR: ['Lake Pichola boat ride', 'City Palace', 'Sajjangarh sunset', 'Rooftop dining'],
  JDH: ['Mehrangarh Fort', 'Blue City walks', 'Stepwells', 'Desert safari'],
  JSA: ['Sam sand dunes', 'Jaisalmer Fort', 'Camel safari', 'Desert camps'],
  AGR: ['Taj Mahal at sunrise', 'Agra Fort', 'Fatehpur Sikri', 'Mehtab Bagh'],
  VNS: ['Ganga aarti', 'Sunrise boat ride', 'Sarnath', 'Old city lanes'],
  COK: ['Fort Kochi', 'Alleppey backwaters', 'Munnar tea estates', 'Kathakali'],
  TRV: ['Kovalam beach', 'Padmanabhaswamy Temple', 'Varkala cliffs', 'Ayurveda'],
  IXL: ['Pangong Lake', 'Monasteries', 'Khardung La', 'Nubra Valley'],
  SXR: ['Dal Lake shikara', 'Gulmarg', 'Mughal gardens', 'Pahalgam'],
  KUU: ['Manali', 'Solang Valley', 'Rafting on the Beas', 'Trekking'],
  DHM: ['McLeod Ganj', 'Triund trek', 'Tibetan monasteries', 'Tea gardens'],
  IXB: ['Darjeeling toy train', 'Tea estates', 'Kanchenjunga views', 'Sikkim trips'],
  PYG: ['MG Marg', 'Tsomgo Lake', 'Rumtek Monastery', 'Nathula Pass'],
  GAU: ['Kamakhya Temple', 'Kaziranga rhinos', 'Brahmaputra cruise', 'Shillong day trip'],
  DMU: ['Kohima', 'Hornbill Festival', 'Dzükou Valley', 'Naga heritage villages'],
  IXZ: ['Havelock beaches', 'Scuba diving', 'Cellular Jail', 'Neil Island'],
  AGX: ['Lagoon snorkelling', 'Kayaking', 'Island hopping', 'Coral reefs'],
  CCU: ['Victoria Memorial', 'Howrah Bridge', 'Sweets and street food', 'Sundarbans'],
  MAA: ['Marina Beach', 'Mahabalipuram', 'Kapaleeshwarar Temple', 'Carnatic music'],
  BLR: ['Lalbagh', 'Cubbon Park', 'Craft breweries', 'Nandi Hills'],
  HYD: ['Charminar', 'Golconda Fort', 'Biryani trail', 'Ramoji Film City'],
  MYQ: ['Mysore Palace', 'Chamundi Hills', 'Brindavan Gardens', 'Coorg'],
  IXM: ['Meenakshi Temple', 'Thirumalai Nayak Palace', 'Rameswaram', 'Kodaikanal'],
  PNY: ['French Quarter', 'Auroville', 'Promenade Beach', 'Cafés'],
  IXU: ['Ajanta Caves', 'Ellora Caves', 'Bibi Ka Maqbara', 'Daulatabad Fort'],
  HJR: ['Khajuraho temples', 'Panna tiger reserve', 'Light and sound show', 'Raneh Falls'],
  AMD: ['Sabarmati Ashram', 'Heritage walk', 'Adalaj stepwell', 'Rann of Kutch'],
  BHJ: ['Rann Utsav', 'White desert', 'Kutch handicrafts', 'Mandvi beach'],
  ATQ: ['Golden Temple', 'Wagah border ceremony', 'Jallianwala Bagh', 'Punjabi food'],
  IXD: ['Triveni Sangam', 'Magh Mela', 'Anand Bhavan', 'Allahabad Fort'],
  DXB: ['Burj Khalifa', 'Desert safari', 'Dubai Mall', 'Old Dubai souks'],
  AUH: ['Sheikh Zayed Grand Mosque', 'Louvre Abu Dhabi', 'Yas Island', 'Corniche'],
  SIN: ['Gardens by the Bay', 'Sentosa', 'Hawker centres', 'Marina Bay'],
  BKK: ['Grand Palace', 'Floating markets', 'Street food', 'River cruise'],
  HKT: ['Patong beach', 'Phi Phi islands', 'Big Buddha', 'Old Phuket Town'],
  DPS: ['Ubud rice terraces', 'Uluwatu temple', 'Surfing', 'Beach clubs'],
  KUL: ['Petronas Towers', 'Batu Caves', 'Jalan Alor food street', 'Genting'],
  MLE: ['Overwater villas', 'Snorkelling', 'Sandbank picnics', 'Diving'],
  CMB: ['Galle Fort', 'Kandy', 'Sigiriya', 'Beaches'],
  KTM: ['Durbar Squares', 'Boudhanath', 'Everest flight', 'Pokhara'],
  LHR: ['British Museum', 'West End theatre', 'Thames walk', 'Markets'],
  CDG: ['Louvre', 'Eiffel Tower', 'Montmartre', 'Seine cruise'],
  NRT: ['Shibuya and Shinjuku', 'Asakusa temples', 'Day trip to Mount Fuji', 'Sushi'],
  JFK: ['Central Park', 'Broadway', 'Museums', 'Brooklyn Bridge'],
};

function defaultActivities(climate: AirportClimate): string[] {
  const international = climate.airport.country !== 'IN';
  return international ? ['City sightseeing', 'Local food', 'Museums', 'Shopping'] : ['Heritage sites', 'Local food', 'Markets', 'Day trips nearby'];
}

/**
 * Best time to visit an airport's city, with the travel month described.
 * @example destinationInsight('GOI', '2026-12-20')?.bestMonths // ['December', 'January', 'February', 'November']
 */
export function destinationInsight(airportCode: string, travelDate: string): DestinationInsight | undefined {
  const climate = climateFor(airportCode);
  if (!climate) return undefined;
  const year = Number(travelDate.slice(0, 4));
  const months = scoreMonths(climate, [year, year + 1]);
  const byScore = [...months].sort((a, b) => b.score - a.score || a.month - b.month);
  const topWeather = Math.max(...months.map((m) => m.weatherScore));
  const good = months.filter((m) => m.weatherScore >= Math.min(0.6, topWeather - 0.25)).map((m) => m.month);
  const bad = months.filter((m) => m.weatherScore <= Math.min(-0.3, topWeather - 1.2)).map((m) => m.month);
  const weakest = [...months].sort((a, b) => a.weatherScore - b.weatherScore).slice(0, 3).map((m) => m.month);
  const travelMonth = Number(travelDate.slice(5, 7)) - 1;
  const normal = climate.months[travelMonth] ?? climate.months[0];
  const scored = months[travelMonth];
  const concerns = scored?.concerns ?? [];
  const rainText = rainPhrase(normal?.rainMm ?? 0, normal?.rainyDays ?? 0);
  const note = concerns.includes('fog') ? '; fog mornings likely (flight delays 10 Dec – 10 Feb)' : concerns.includes('monsoon') ? '; monsoon' : concerns.includes('heat') ? '; very hot' : '';
  const minFare = Math.min(...months.map((m) => m.fareIndex));
  return {
    bestMonths: byScore.slice(0, 4).map((m) => MONTH_NAMES[m.month] ?? ''),
    peakSeason: seasonText(good),
    offSeason: seasonText(bad.length ? bad : weakest),
    weather: `${MONTH_NAMES[travelMonth]}: ${Math.round(normal?.tmaxC ?? 0)}°/${Math.round(normal?.tminC ?? 0)}°, ${rainText}${note}`,
    activities: ACTIVITIES[climate.airport.code] ?? defaultActivities(climate),
    avgTemp: Math.round((((normal?.tmaxC ?? 0) + (normal?.tminC ?? 0)) / 2) * 10) / 10,
    cheapMonths: months.filter((m) => m.fareIndex <= minFare + 0.001).map((m) => SHORT[m.month] ?? ''),
    months,
  };
}

/** The season word for a month at an airport ("Best season", "Monsoon", …), for recommendation cards. */
export function seasonLabel(airportCode: string, isoDate: string): string {
  const climate = climateFor(airportCode);
  if (!climate) return '';
  const month = Number(isoDate.slice(5, 7)) - 1;
  const year = Number(isoDate.slice(0, 4));
  const scores = scoreMonths(climate, [year]);
  const m = scores[month];
  if (!m) return '';
  const top = Math.max(...scores.map((s) => s.weatherScore));
  if (m.concerns.includes('monsoon')) return 'Monsoon';
  if (m.concerns.includes('fog')) return 'Winter (fog season)';
  if (m.concerns.includes('heat')) return 'Hot season';
  if (m.concerns.includes('cold')) return 'Cold season';
  if (m.concerns.includes('heavy rain')) return 'Rainy season';
  return m.weatherScore >= top - 0.25 ? 'Best season' : 'Pleasant';
}
