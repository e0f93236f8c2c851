import { describe, expect, it } from 'vitest';
import type { PassengerLegFare } from '../../core/fares';
import type { Leg } from '../../core/search';
import { createWorld } from '../world/world';
import { bookingEntitlements } from './booking';
import { cancellation, downgrade, ist } from './test-fixtures';

const world = createWorld();

function legOf(flightId: string, from: string, to: string, departure: string, durationMinutes: number, cabin: Leg['cabin'] = 'economy'): Leg {
  const airport = (code: string) => ({ code, name: code, city: code, terminal: null });
  return { flightId, carrier: '6E', carrierName: 'IndiGo', flightNumber: flightId.split('@')[0] ?? '', from: airport(from), to: airport(to), departure, arrival: departure, durationMinutes, aircraft: 'A20N', cabin };
}

function fareOf(passengerPosition: number, legIndex: number, fareRupees: number, status: PassengerLegFare['status'] = 'active'): PassengerLegFare {
  return {
    passengerPosition,
    passengerType: 'adult',
    legIndex,
    familyCode: '6E.SAVER',
    status,
    lines: [
      { code: 'base', kind: 'fare', label: 'Base fare', paise: (fareRupees - 800) * 100 },
      { code: 'yq', kind: 'fare', label: 'YQ', paise: 800_00 },
      { code: 'gst', kind: 'tax', label: 'GST', paise: 653_00 },
    ],
    totalPaise: (fareRupees + 653) * 100,
  };
}

const LEGS = [legOf('6E2134@2027-01-15', 'DEL', 'BOM', ist('2027-01-15', '10:00'), 130), legOf('6E1501@2027-01-15', 'BOM', 'DXB', ist('2027-01-15', '15:00'), 200, 'business')];

describe('entitlements of a booking', () => {
  it('every passenger still travelling on the disrupted leg, from the stored fares; cancelled passengers and other legs are left out', () => {
    const d = cancellation({ noticeHours: 5 });
    const fares = [fareOf(0, 0, 6_000), fareOf(1, 0, 4_000), fareOf(2, 0, 6_000, 'cancelled'), fareOf(0, 1, 20_000), fareOf(1, 1, 20_000)];
    const list = bookingEntitlements(world, d, LEGS, fares, new Date(Date.parse(d.announcedAt)));
    expect(list.map((e) => [e.passengerPosition, e.legIndex])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect(list.map((e) => (e.entitlements.compensation.due ? e.entitlements.compensation.amountPaise : 0))).toEqual([6_000_00, 4_000_00]);
    expect(list[0]?.entitlements.options.at(-1)).toEqual({ kind: 'full-refund', refundPaise: 6_653_00, compensationPaise: 0 });
  });

  it('a connection missed because of the cancellation is entitled too', () => {
    const d = cancellation({ noticeHours: 20 * 24 });
    const list = bookingEntitlements(world, d, LEGS, [fareOf(0, 0, 6_000), fareOf(0, 1, 20_000)], new Date(Date.parse(d.announcedAt)), [1]);
    expect(list.map((e) => [e.legIndex, e.entitlements.compensation.due])).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  it('market and distance from the airports: BOM–DXB is international, 1,500–3,500 km', () => {
    const d = { ...downgrade({}), flightId: '6E1501@2027-01-15' };
    const [entry] = bookingEntitlements(world, d, LEGS, [fareOf(0, 1, 20_000)], new Date(Date.parse(d.announcedAt)));
    expect(entry?.entitlements.downgradeRefund).toMatchObject({ band: 'international-1500-to-3500-km', percent: 50, ticketPaise: 20_653_00 });
  });
});
