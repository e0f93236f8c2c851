import { AIRPORTS, type Airport, getAirport } from '../world/airports';
import { distanceKm } from '../world/geo';
import normalsFile from './data/climate-normals.json';

/** One month of a station's climate normals. */
export interface MonthNormal {
  /** Mean daily maximum, °C. */
  tmaxC: number;
  /** Mean daily minimum, °C. */
  tminC: number;
  /** Mean monthly rainfall, mm. */
  rainMm: number;
  /** Mean number of rainy days in the month. */
  rainyDays: number;
}

export interface ClimateStation {
  id: string;
  station: string;
  /** The publication the values were taken from. */
  source: string;
  /** Airports this station stands for directly. */
  serves: string[];
  lat: number;
  lon: number;
  tmaxC: number[];
  tminC: number[];
  rainMm: number[];
  rainyDays: number[];
}

/** The normals an airport uses: its own station, or the nearest one (with the distance). */
export interface AirportClimate {
  airport: Airport;
  station: ClimateStation;
  /** 0 when the station stands for the airport; otherwise great-circle km to the nearest station. */
  distanceKm: number;
  /** January first. */
  months: MonthNormal[];
}

export const CLIMATE_PERIOD: string = normalsFile.period;
export const CLIMATE_STATIONS: readonly ClimateStation[] = normalsFile.stations;

const DIRECT = new Map<string, ClimateStation>();
for (const station of CLIMATE_STATIONS) for (const code of station.serves) DIRECT.set(code, station);

function nearestStation(airport: Airport): { station: ClimateStation; distanceKm: number } {
  let best: { station: ClimateStation; distanceKm: number } | undefined;
  for (const station of CLIMATE_STATIONS) {
    const km = distanceKm(airport.lat, airport.lon, station.lat, station.lon);
    if (!best || km < best.distanceKm) best = { station, distanceKm: km };
  }
  if (!best) throw new Error('climate-normals.json has no stations');
  return best;
}

function buildClimate(airport: Airport): AirportClimate {
  const direct = DIRECT.get(airport.code);
  const { station, distanceKm: km } = direct ? { station: direct, distanceKm: 0 } : nearestStation(airport);
  const months = station.tmaxC.map((tmaxC, i) => ({
    tmaxC,
    tminC: station.tminC[i] ?? tmaxC,
    rainMm: station.rainMm[i] ?? 0,
    rainyDays: station.rainyDays[i] ?? 0,
  }));
  return { airport, station, distanceKm: Math.round(km), months };
}

const BY_AIRPORT = new Map(AIRPORTS.map((a) => [a.code, buildClimate(a)]));

/**
 * Climate normals for a served airport, or undefined for an unknown code.
 * @example climateFor('DEL')?.months[0]?.tmaxC // 20 (January, Safdarjung)
 */
export function climateFor(airportCode: string): AirportClimate | undefined {
  const known = BY_AIRPORT.get(airportCode.toUpperCase());
  if (known) return known;
  const airport = getAirport(airportCode);
  return airport ? buildClimate(airport) : undefined;
}
