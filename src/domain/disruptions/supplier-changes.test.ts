import { describe, expect, it } from 'vitest';
import { DisruptionSchema } from '../../core/disruptions';
import type { Itinerary, Leg } from '../../core/search';
import type { AirlineChange, SupplierSlice } from '../suppliers/supplier';
import { acceptedItinerary, airlineChangeDisruption, parseSupplierDisruptionId, supplierDisruptionId } from './supplier-changes';

const airport = (code: string) => ({ code, name: `${code} airport`, cityName: code, countryCode: 'IN', timeZone: 'Asia/Kolkata' });
const at = (hhmm: string, date = '2027-01-20') => ({ local: `${date}T${hhmm}:00`, offset: '+05:30', utc: new Date(Date.parse(`${date}T${hhmm}:00+05:30`)).toISOString() });

function segment(number: string, from: string, to: string, dep: string, arr: string, terminal: string | null = '1'): SupplierSlice['segments'][number] {
  return {
    id: `seg_${number}_${dep}`,
    origin: airport(from),
    destination: airport(to),
    originTerminal: terminal,
    destinationTerminal: '2',
    departing: at(dep),
    arriving: at(arr),
    durationMinutes: (Date.parse(at(arr).utc) - Date.parse(at(dep).utc)) / 60_000,
    marketing: { carrier: { code: 'ZZ', name: 'Duffel Airways' }, flightNumber: number },
    operating: { carrier: { code: 'ZZ', name: 'Duffel Airways' }, flightNumber: number },
    aircraft: null,
    stops: [],
    passengers: [],
  };
}

const slice = (...segments: SupplierSlice['segments']): SupplierSlice => ({ id: 'sli_1', origin: segments[0]?.origin.code ?? '', destination: segments.at(-1)?.destination.code ?? '', durationMinutes: null, fareBrand: null, segments });

const change = (removed: SupplierSlice[], added: SupplierSlice[]): AirlineChange => ({ id: 'aic_0000A', orderId: 'ord_1', detectedAt: '2027-01-10T08:00:00Z', removed, added, actionTaken: null, availableActions: ['accept', 'cancel', 'change'] });

function leg(number: string, from: string, to: string, dep: string, arr: string): Leg {
  return {
    flightId: `ZZ${number}@2027-01-20`,
    carrier: 'ZZ',
    carrierName: 'Duffel Airways',
    flightNumber: `ZZ ${number}`,
    from: { code: from, name: from, city: from, terminal: '1' },
    to: { code: to, name: to, city: to, terminal: '2' },
    departure: `2027-01-20T${dep}:00+05:30`,
    arrival: `2027-01-20T${arr}:00+05:30`,
    durationMinutes: (Date.parse(`2027-01-20T${arr}:00Z`) - Date.parse(`2027-01-20T${dep}:00Z`)) / 60_000,
    aircraft: 'A320',
    cabin: 'economy',
  };
}

const total = { baseFare: 7000, taxesAndFees: 1000, total: 8000 };
const price = { currency: 'INR' as const, perPassenger: { adult: total }, total };
const twoLegs = [leg('101', 'DEL', 'BOM', '06:00', '08:10'), leg('202', 'BOM', 'BLR', '10:00', '11:40')];
const before = slice(segment('101', 'DEL', 'BOM', '06:00', '08:10'), segment('202', 'BOM', 'BLR', '10:00', '11:40'));

describe('supplier disruption ids', () => {
  it('are <supplier>:<change id>, read back; world ids are not supplier ids', () => {
    expect(supplierDisruptionId('duffel', 'aic_0000A')).toBe('duffel:aic_0000A');
    expect(parseSupplierDisruptionId('duffel:aic_0000A')).toEqual({ supplier: 'duffel', changeId: 'aic_0000A' });
    expect(parseSupplierDisruptionId('6E2134@2027-01-15|retiming|0')).toBeNull();
  });
});

describe('airlineChangeDisruption', () => {
  it('a flight leaving later is a retiming of its leg by the difference, the new times expected, a schedule change announced when detected', () => {
    const after = slice(segment('101', 'DEL', 'BOM', '06:00', '08:10'), segment('202', 'BOM', 'BLR', '12:30', '14:10'));
    const found = airlineChangeDisruption('duffel', change([before], [after]), twoLegs);
    expect(found?.legIndex).toBe(1);
    expect(found?.disruption).toMatchObject({
      id: 'duffel:aic_0000A',
      kind: 'retiming',
      flightId: 'ZZ202@2027-01-20',
      flightNumber: 'ZZ 202',
      shiftMinutes: 150,
      scheduled: { departure: '2027-01-20T10:00:00+05:30', arrival: '2027-01-20T11:40:00+05:30' },
      expected: { departure: '2027-01-20T12:30:00+05:30', arrival: '2027-01-20T14:10:00+05:30' },
      reason: 'schedule-change',
      extraordinary: false,
      announcedAt: '2027-01-10T08:00:00.000Z',
    });
    expect(DisruptionSchema.safeParse(found?.disruption).success).toBe(true);
  });

  it('an earlier time is a negative shift; a flight no longer flown is a cancellation; the first in travel order is the case', () => {
    const earlier = airlineChangeDisruption('duffel', change([before], [slice(segment('101', 'DEL', 'BOM', '05:15', '07:25'), segment('202', 'BOM', 'BLR', '10:00', '11:40'))]), twoLegs);
    expect(earlier?.disruption).toMatchObject({ kind: 'retiming', shiftMinutes: -45 });
    expect(earlier?.legIndex).toBe(0);
    const cancelled = airlineChangeDisruption('duffel', change([before], [slice(segment('101', 'DEL', 'BOM', '06:00', '08:10'))]), twoLegs);
    expect(cancelled).toMatchObject({ legIndex: 1, disruption: { kind: 'cancellation', flightId: 'ZZ202@2027-01-20' } });
    expect(DisruptionSchema.safeParse(cancelled?.disruption).success).toBe(true);
    const all = airlineChangeDisruption('duffel', change([before], []), twoLegs);
    expect(all).toMatchObject({ legIndex: 0, disruption: { kind: 'cancellation' } });
  });

  it('a new terminal at the same time is a terminal change; nothing noticeable is no case', () => {
    const moved = airlineChangeDisruption('duffel', change([before], [slice(segment('101', 'DEL', 'BOM', '06:00', '08:10', '3'), segment('202', 'BOM', 'BLR', '10:00', '11:40'))]), twoLegs);
    expect(moved?.disruption).toMatchObject({ kind: 'terminal-change', fromTerminal: '1', toTerminal: '3' });
    expect(airlineChangeDisruption('duffel', change([before], [before]), twoLegs)).toBeNull();
  });

  it('pairs flights by number, then by position (a renumbered flight keeps its place)', () => {
    const renumbered = slice(segment('101', 'DEL', 'BOM', '06:00', '08:10'), segment('909', 'BOM', 'BLR', '11:00', '12:40'));
    expect(airlineChangeDisruption('duffel', change([before], [renumbered]), twoLegs)).toMatchObject({ legIndex: 1, disruption: { kind: 'retiming', shiftMinutes: 60 } });
  });
});

describe('acceptedItinerary', () => {
  it('takes the new times and recomputes the layover and duration; the other legs stay', () => {
    const itinerary = { id: 'duffel-off_1', legs: twoLegs, stops: 1, layovers: [{ airport: 'BOM', minutes: 110, changeOfTerminal: true }], durationMinutes: 340, departure: twoLegs[0]?.departure ?? '', arrival: twoLegs[1]?.arrival ?? '', arrivalDayOffset: 0, seatsLeft: null, airlines: ['Duffel Airways'], price } satisfies Itinerary;
    const after = slice(segment('101', 'DEL', 'BOM', '06:00', '08:10'), segment('202', 'BOM', 'BLR', '12:30', '14:10'));
    const next = acceptedItinerary(itinerary, change([before], [after]));
    expect(next.legs[0]).toEqual(twoLegs[0]);
    expect(next.legs[1]).toMatchObject({ departure: '2027-01-20T12:30:00+05:30', arrival: '2027-01-20T14:10:00+05:30', durationMinutes: 100 });
    expect(next.layovers).toEqual([{ airport: 'BOM', minutes: 260, changeOfTerminal: true }]);
    expect(next.arrival).toBe('2027-01-20T14:10:00+05:30');
    expect(next.durationMinutes).toBe(490);
  });
});
