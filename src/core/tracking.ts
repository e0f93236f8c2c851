import { z } from './zod';

/**
 * The flight-status contract shared by the tracker API and the Flight Tracker dialog. Status
 * labels, messages and toasts are the product's, character for character.
 */

export const FLIGHT_STATUSES = ['On Time', 'Delayed', 'Boarding', 'Departed', 'Arrived', 'Cancelled'] as const;
export type FlightStatusLabel = (typeof FLIGHT_STATUSES)[number];

export const TRACKER_MESSAGES = {
  flightNumberRequired: 'Please enter a flight number',
  flightNumberFormat: 'Enter a flight number like 6E 2174 or AI 101',
  dateFormat: 'Use a date like 2026-12-24',
} as const;

/** Recent Searches keeps this many flights, newest first. */
export const TRACKING_HISTORY_LIMIT = 10;

/**
 * The toast for a tracked flight: 'Flight {n} is delayed by {minutes} minutes' (warning),
 * 'Flight {n} has been cancelled' (error), else 'Flight {n} is {status}' (info).
 * @example trackingToast({ flightNumber: '6E 2174', status: 'Boarding', delay: null }) // { kind: 'info', message: 'Flight 6E 2174 is Boarding' }
 */
export function trackingToast(status: { flightNumber: string; status: FlightStatusLabel; delay: number | null }): { kind: 'warning' | 'error' | 'info'; message: string } {
  const n = status.flightNumber;
  if (status.status === 'Delayed') return { kind: 'warning', message: `Flight ${n} is delayed by ${status.delay ?? 0} minutes` };
  if (status.status === 'Cancelled') return { kind: 'error', message: `Flight ${n} has been cancelled` };
  return { kind: 'info', message: `Flight ${n} is ${status.status}` };
}

/**
 * Reads what a traveller typed as a flight number: "6E 2174", "6e2174", "AI101", "ai-0101".
 * Returns the carrier, number and display form ("6E 2174"), or null when it is not one.
 * @example parseFlightNumber('6e2174') // { carrier: '6E', number: 2174, display: '6E 2174', key: '6E2174' }
 */
export function parseFlightNumber(text: string): { carrier: string; number: number; display: string; key: string } | null {
  const match = /^\s*([A-Za-z0-9]{2})\s*-?\s*(\d{1,5})\s*$/.exec(text);
  if (!match) return null;
  const carrier = (match[1] ?? '').toUpperCase();
  // A designator has at least one letter (6E, S5, 9I); "12 345" is not a flight number.
  if (!/[A-Z]/.test(carrier)) return null;
  const number = Number(match[2]);
  if (number < 1) return null;
  return { carrier, number, display: `${carrier} ${number}`, key: `${carrier}${number}` };
}

const AirportSchema = z.object({ code: z.string(), name: z.string(), city: z.string() });
const WeatherSchema = z.object({ condition: z.string(), temp: z.number() });

/** The aircraft's previous leg: "where is my plane?". */
const InboundSchema = z.object({
    flightNumber: z.string(),
    date: z.string(),
    from: AirportSchema,
    status: z.enum(FLIGHT_STATUSES),
    scheduledArrival: z.string(),
    /** Estimated or actual arrival (local ISO with offset). */
    expectedArrival: z.string(),
    /** Minutes of its arrival delay that this flight absorbs before it leaves late. */
    slackMinutes: z.number().int(),
  });

export const FlightStatusSchema = z.object({
  flightNumber: z.string(),
  /** Local departure date at the origin. */
  date: z.string(),
  airline: z.string(),
  status: z.enum(FLIGHT_STATUSES),
  /** Minutes late, only while Delayed. */
  delay: z.number().int().nullable(),
  origin: AirportSchema.extend({ lat: z.number(), lon: z.number() }),
  destination: AirportSchema.extend({ lat: z.number(), lon: z.number() }),
  /** Local ISO date-times with offset. Actual = estimated until it happens. */
  scheduledDeparture: z.string(),
  actualDeparture: z.string(),
  scheduledArrival: z.string(),
  actualArrival: z.string(),
  /** Has the departure / arrival happened (actual) or is it an estimate? */
  departed: z.boolean(),
  arrived: z.boolean(),
  gate: z.string().nullable(),
  /** The gate it replaced, after a gate change. */
  previousGate: z.string().nullable(),
  terminal: z.string().nullable(),
  arrivalTerminal: z.string().nullable(),
  aircraft: z.string(),
  registration: z.string(),
  /** Feet and km/h, only while Departed. */
  altitude: z.number().int().nullable(),
  speed: z.number().int().nullable(),
  /** 10–89 while Departed, 100 when Arrived, else 0. */
  progress: z.number().int(),
  /** Where the aircraft is along the route, 0–1 (0 before departure). */
  routeFraction: z.number(),
  weather: z.object({ origin: WeatherSchema.nullable(), destination: WeatherSchema.nullable() }),
  inbound: InboundSchema.nullable(),
  /** One line: "late inbound aircraft", "fog at Delhi", "on time"… */
  reason: z.string(),
  /** When this answer was computed (ISO, UTC). */
  lastTracked: z.string(),
});
export type FlightStatus = z.infer<typeof FlightStatusSchema>;

/** A Recent Searches entry (the tracking-history fields). */
export const TrackingEntrySchema = FlightStatusSchema.pick({
  flightNumber: true,
  date: true,
  airline: true,
  status: true,
  delay: true,
  scheduledDeparture: true,
  actualDeparture: true,
  scheduledArrival: true,
  actualArrival: true,
  gate: true,
  terminal: true,
  aircraft: true,
  altitude: true,
  speed: true,
  weather: true,
  progress: true,
  lastTracked: true,
}).extend({ origin: AirportSchema, destination: AirportSchema });
export type TrackingEntry = z.infer<typeof TrackingEntrySchema>;

/**
 * The Recent Searches entry of a status.
 * @example toTrackingEntry(status).flightNumber // '6E 2174'
 */
export function toTrackingEntry(status: FlightStatus): TrackingEntry {
  const airport = (a: { code: string; name: string; city: string }) => ({ code: a.code, name: a.name, city: a.city });
  return {
    flightNumber: status.flightNumber,
    date: status.date,
    airline: status.airline,
    status: status.status,
    delay: status.delay,
    origin: airport(status.origin),
    destination: airport(status.destination),
    scheduledDeparture: status.scheduledDeparture,
    actualDeparture: status.actualDeparture,
    scheduledArrival: status.scheduledArrival,
    actualArrival: status.actualArrival,
    gate: status.gate,
    terminal: status.terminal,
    aircraft: status.aircraft,
    altitude: status.altitude,
    speed: status.speed,
    weather: status.weather,
    progress: status.progress,
    lastTracked: status.lastTracked,
  };
}

/**
 * Puts an entry first, replacing the same flight number's older entry, and keeps ten.
 * @example upsertHistory(list, entry).length <= 10
 */
export function upsertHistory<T extends { flightNumber: string }>(list: readonly T[], entry: T): T[] {
  return [entry, ...list.filter((e) => e.flightNumber !== entry.flightNumber)].slice(0, TRACKING_HISTORY_LIMIT);
}

/** Recent Searches of a signed-in traveller (GET and POST /api/tracking-history). */
export const TrackingHistorySchema = z.object({ entries: z.array(TrackingEntrySchema) });
export type TrackingHistory = z.infer<typeof TrackingHistorySchema>;
