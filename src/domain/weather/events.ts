import { getAirport } from '../world/airports';

type EventType = 'cultural' | 'festival' | 'entertainment' | 'sports' | 'national';

/** The icon shown for each event type. */
const EVENT_ICONS: Record<EventType, string> = {
  cultural: '🎭',
  festival: '🪔',
  entertainment: '🎶',
  sports: '🏏',
  national: '🇮🇳',
};

/** A local event (name, date, type, icon), plus where and until when. */
export interface LocalEvent {
  name: string;
  /** First day, YYYY-MM-DD. */
  date: string;
  /** Last day (same as date for one-day events). */
  endDate: string;
  type: EventType;
  icon: string;
  /** City or region the event belongs to, e.g. "Goa" or "All India". */
  place: string;
}

interface Row {
  name: string;
  from: string;
  to?: string;
  type: EventType;
  /** Airport codes, or 'IN' for every Indian airport. */
  at: readonly string[] | 'IN';
  place: string;
  icon?: string;
}

/**
 * Curated festivals and events for the main destinations, November 2026 – December 2027. Fixed-date
 * events are exact; lunar festivals (Diwali, Holi, Eid, Durga Puja, Onam, Chhath…) use the dates of
 * the Government of India's 2026/2027 holiday calendars and published panchang/Hijri calendars, and
 * can move by a day with the moon sighting or the region.
 */
const ROWS: readonly Row[] = [
  // National days and pan-Indian festivals
  { name: 'Guru Nanak Jayanti', from: '2026-11-24', type: 'festival', at: ['ATQ', 'IXC', 'DEL', 'AIP'], place: 'Punjab and Delhi', icon: '🙏' },
  { name: 'Christmas', from: '2026-12-25', type: 'festival', at: 'IN', place: 'All India', icon: '🎄' },
  { name: 'New Year’s Eve', from: '2026-12-31', type: 'entertainment', at: ['GOI', 'GOX', 'BOM', 'BLR', 'DEL', 'DXB', 'SIN', 'BKK', 'LHR', 'SYD'], place: 'City celebrations', icon: '🎆' },
  { name: 'Makar Sankranti / Pongal', from: '2027-01-14', to: '2027-01-17', type: 'festival', at: ['MAA', 'IXM', 'TRZ', 'CJB', 'AMD', 'BLR', 'HYD'], place: 'South India and Gujarat', icon: '🌾' },
  { name: 'Republic Day Parade', from: '2027-01-26', type: 'national', at: ['DEL', 'HDO', 'DXN'], place: 'Kartavya Path, New Delhi' },
  { name: 'Republic Day', from: '2027-01-26', type: 'national', at: 'IN', place: 'All India' },
  { name: 'Maha Shivaratri', from: '2027-03-06', type: 'festival', at: ['VNS', 'IXD', 'DED', 'IXJ', 'KTM'], place: 'Varanasi, Haridwar, Kathmandu', icon: '🔱' },
  { name: 'Eid al-Fitr', from: '2027-03-10', type: 'festival', at: 'IN', place: 'All India', icon: '🌙' },
  { name: 'Holi', from: '2027-03-22', type: 'festival', at: 'IN', place: 'All India', icon: '🎨' },
  { name: 'Holi in Braj (Mathura–Vrindavan)', from: '2027-03-15', to: '2027-03-22', type: 'festival', at: ['AGR', 'DEL'], place: 'Mathura and Vrindavan', icon: '🎨' },
  { name: 'Eid al-Adha', from: '2027-05-17', type: 'festival', at: 'IN', place: 'All India', icon: '🌙' },
  { name: 'Independence Day', from: '2027-08-15', type: 'national', at: 'IN', place: 'All India' },
  { name: 'Ganesh Chaturthi', from: '2027-09-04', to: '2027-09-14', type: 'festival', at: ['BOM', 'NMI', 'PNQ', 'HYD', 'GOI'], place: 'Mumbai, Pune, Hyderabad', icon: '🐘' },
  { name: 'Navratri and Garba', from: '2027-09-30', to: '2027-10-08', type: 'cultural', at: ['AMD', 'BDQ', 'STV', 'HSR', 'BOM'], place: 'Gujarat', icon: '💃' },
  { name: 'Durga Puja', from: '2027-10-04', to: '2027-10-08', type: 'festival', at: ['CCU', 'RDP', 'IXB', 'IXA', 'GAU', 'BBI'], place: 'Kolkata and the east', icon: '🪔' },
  { name: 'Mysuru Dasara', from: '2027-09-30', to: '2027-10-09', type: 'cultural', at: ['MYQ', 'BLR'], place: 'Mysuru', icon: '🐘' },
  { name: 'Dussehra', from: '2027-10-09', type: 'festival', at: 'IN', place: 'All India', icon: '🏹' },
  { name: 'Diwali', from: '2027-10-29', type: 'festival', at: 'IN', place: 'All India' },
  { name: 'Chhath Puja', from: '2027-11-03', to: '2027-11-06', type: 'festival', at: ['PAT', 'GAY', 'DBR', 'VNS', 'GOP', 'DEL'], place: 'Bihar and Purvanchal', icon: '🌅' },
  { name: 'Dev Deepawali', from: '2027-11-14', type: 'festival', at: ['VNS'], place: 'Varanasi ghats' },
  { name: 'Christmas', from: '2027-12-25', type: 'festival', at: 'IN', place: 'All India', icon: '🎄' },
  // Regional festivals and events
  { name: 'Pushkar Camel Fair', from: '2026-11-17', to: '2026-11-24', type: 'cultural', at: ['KQH', 'JAI'], place: 'Pushkar (Ajmer)', icon: '🐪' },
  { name: 'Pushkar Camel Fair', from: '2027-11-07', to: '2027-11-14', type: 'cultural', at: ['KQH', 'JAI'], place: 'Pushkar (Ajmer)', icon: '🐪' },
  { name: 'Rann Utsav', from: '2026-11-01', to: '2027-02-28', type: 'cultural', at: ['BHJ', 'IXY'], place: 'White Rann, Kutch', icon: '🏜️' },
  { name: 'Hornbill Festival', from: '2026-12-01', to: '2026-12-10', type: 'cultural', at: ['DMU', 'IMF'], place: 'Kisama, Kohima', icon: '🪶' },
  { name: 'Hornbill Festival', from: '2027-12-01', to: '2027-12-10', type: 'cultural', at: ['DMU', 'IMF'], place: 'Kisama, Kohima', icon: '🪶' },
  { name: 'Sunburn Festival', from: '2026-12-27', to: '2026-12-29', type: 'entertainment', at: ['GOI', 'GOX'], place: 'Goa' },
  { name: 'Goa Carnival', from: '2027-02-06', to: '2027-02-09', type: 'cultural', at: ['GOI', 'GOX'], place: 'Panaji, Goa', icon: '🎭' },
  { name: 'Jaipur Literature Festival', from: '2027-01-21', to: '2027-01-25', type: 'cultural', at: ['JAI'], place: 'Jaipur', icon: '📚' },
  { name: 'Magh Mela', from: '2027-01-03', to: '2027-02-20', type: 'festival', at: ['IXD', 'VNS', 'LKO'], place: 'Triveni Sangam, Prayagraj', icon: '🙏' },
  { name: 'Kochi-Muziris Biennale', from: '2026-12-12', to: '2027-03-31', type: 'cultural', at: ['COK'], place: 'Fort Kochi', icon: '🖼️' },
  { name: 'Rongali Bihu', from: '2027-04-14', to: '2027-04-16', type: 'festival', at: ['GAU', 'JRH', 'DIB', 'TEZ', 'IXI'], place: 'Assam', icon: '🥁' },
  { name: 'Thrissur Pooram', from: '2027-05-06', type: 'festival', at: ['COK', 'CCJ'], place: 'Thrissur', icon: '🐘' },
  { name: 'Hemis Festival', from: '2027-06-14', to: '2027-06-15', type: 'cultural', at: ['IXL'], place: 'Hemis Monastery, Ladakh', icon: '🎭' },
  { name: 'Rath Yatra', from: '2027-07-05', type: 'festival', at: ['BBI', 'AMD'], place: 'Puri and Ahmedabad', icon: '🛕' },
  { name: 'Onam', from: '2027-09-12', to: '2027-09-13', type: 'festival', at: ['COK', 'TRV', 'CCJ', 'CNN'], place: 'Kerala', icon: '🌼' },
  { name: 'Nehru Trophy Boat Race', from: '2027-08-14', type: 'sports', at: ['COK', 'TRV'], place: 'Punnamada Lake, Alappuzha', icon: '🚣' },
  { name: 'Indian Premier League season', from: '2027-03-20', to: '2027-05-30', type: 'sports', at: ['BOM', 'MAA', 'BLR', 'CCU', 'DEL', 'HYD', 'AMD', 'JAI', 'LKO', 'IXC'], place: 'IPL host cities' },
  // Abroad
  { name: 'Dubai Shopping Festival', from: '2026-12-11', to: '2027-01-24', type: 'entertainment', at: ['DXB', 'SHJ'], place: 'Dubai', icon: '🛍️' },
  { name: 'Chinese New Year', from: '2027-02-06', to: '2027-02-07', type: 'festival', at: ['SIN', 'KUL', 'HKG', 'BKK'], place: 'Singapore, Kuala Lumpur, Hong Kong', icon: '🧧' },
  { name: 'Songkran', from: '2027-04-13', to: '2027-04-15', type: 'festival', at: ['BKK', 'HKT'], place: 'Thailand', icon: '💦' },
  { name: 'Loy Krathong', from: '2026-11-24', type: 'festival', at: ['BKK', 'HKT'], place: 'Thailand', icon: '🏮' },
  { name: 'Wimbledon Championships', from: '2027-06-28', to: '2027-07-11', type: 'sports', at: ['LHR', 'LGW'], place: 'London', icon: '🎾' },
  { name: 'Notting Hill Carnival', from: '2027-08-29', to: '2027-08-30', type: 'cultural', at: ['LHR', 'LGW'], place: 'London', icon: '🎭' },
  { name: 'Cherry blossom season', from: '2027-03-25', to: '2027-04-07', type: 'cultural', at: ['NRT'], place: 'Tokyo', icon: '🌸' },
  { name: 'Oktoberfest', from: '2027-09-18', to: '2027-10-03', type: 'entertainment', at: ['MUC'], place: 'Munich', icon: '🍺' },
];

const DAY_MS = 86_400_000;

/**
 * Events at (or covering) an airport's city that overlap the window from a week before the travel
 * date to 45 days after it, soonest first; when none do, the next three upcoming ones.
 * @example eventsNear('GOI', '2026-12-20').map((e) => e.name) // ['Christmas', 'Sunburn Festival', 'New Year’s Eve', …]
 */
export function eventsNear(airportCode: string, travelDate: string): { events: LocalEvent[]; window: 'near' | 'upcoming' } {
  const airport = getAirport(airportCode);
  if (!airport) return { events: [], window: 'near' };
  const here = ROWS.filter((r) => (r.at === 'IN' ? airport.country === 'IN' : r.at.includes(airport.code)));
  const travel = Date.parse(`${travelDate}T00:00:00Z`);
  const from = new Date(travel - 7 * DAY_MS).toISOString().slice(0, 10);
  const to = new Date(travel + 45 * DAY_MS).toISOString().slice(0, 10);
  const toEvent = (r: Row): LocalEvent => ({ name: r.name, date: r.from, endDate: r.to ?? r.from, type: r.type, icon: r.icon ?? EVENT_ICONS[r.type], place: r.place });
  const sorted = [...here].sort((a, b) => a.from.localeCompare(b.from));
  // A city-specific row wins over the all-India row of the same name and date.
  const unique = (rows: Row[]) => rows.filter((r, i) => rows.findIndex((o) => o.name === r.name && o.from === r.from) === i);
  const near = unique(sorted.filter((r) => r.from <= to && (r.to ?? r.from) >= from)).slice(0, 8);
  if (near.length) return { events: near.map(toEvent), window: 'near' };
  return { events: unique(sorted.filter((r) => r.from > to)).slice(0, 3).map(toEvent), window: 'upcoming' };
}
