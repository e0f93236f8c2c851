import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DisruptionCase } from '../../../core/disruptions';
import { changeWords, durationWords, rightsRows } from './rights';
import { CANCELLED, FOG, GATE } from './test-cases';

const keys = (tripCase: DisruptionCase) => rightsRows(tripCase).map((r) => r.key);

describe('rights rows', () => {
  it('food and drink first, then the hotel, then the choices in the rule’s order, compensation last', () => {
    const withHotel: DisruptionCase = {
      ...CANCELLED,
      entitlements: CANCELLED.entitlements.map((p) => ({ ...p, entitlements: { ...p.entitlements, facilities: [...p.entitlements.facilities, { kind: 'hotel' }] } })),
    };
    expect(keys(withHotel)).toEqual(['meals', 'hotel', 'protected', 'another', 'refund', 'compensation']);
  });

  it('the refund is the booking’s full amount; compensation is what the airline owes, with how to claim it', () => {
    const rows = rightsRows(CANCELLED);
    expect(rows.find((r) => r.key === 'refund')?.title).toBe('Full refund of ₹6,212');
    expect(rows.find((r) => r.key === 'compensation')).toEqual({ key: 'compensation', title: 'Compensation of ₹9,000 from the airline', detail: CANCELLED.compensationLine });
    expect(rows.find((r) => r.key === 'another')?.detail).toContain('within 24 h of your original departure');
  });

  it("another flight: Safar's 24 h, naming the rules' shorter minimum when the rules ask less", () => {
    const twoHours: DisruptionCase = {
      ...CANCELLED,
      entitlements: CANCELLED.entitlements.map((p) => ({
        ...p,
        entitlements: { ...p.entitlements, options: p.entitlements.options.map((o) => (o.kind === 'another-flight' ? { ...o, withinMinutes: 120 } : o)) },
      })),
    };
    expect(rightsRows(twoHours).find((r) => r.key === 'another')?.detail).toBe(
      'Any flight on the same route with seats, leaving within 24 h of your original departure: no fare difference, no fee. (The rules require 2 h; Safar offers 24 h.)',
    );
    expect(rightsRows(CANCELLED).find((r) => r.key === 'another')?.detail).not.toContain('The rules require');
  });

  it('in extraordinary circumstances: no compensation and why; the refund and meals stay', () => {
    const rows = rightsRows(FOG);
    expect(rows.find((r) => r.key === 'compensation')?.title).toBe('No compensation');
    expect(keys(FOG)).toContain('refund');
    expect(keys(FOG)).toContain('meals');
  });

  it('a downgrade’s refund is summed over the passengers', () => {
    const downgraded: DisruptionCase = {
      ...CANCELLED,
      entitlements: CANCELLED.entitlements.map((p) => ({
        ...p,
        entitlements: { ...p.entitlements, downgradeRefund: { band: 'domestic', percent: 75, ticketPaise: 400_000, amountPaise: 300_000, toCabin: 'economy' } },
      })),
    };
    expect(rightsRows(downgraded).find((r) => r.key === 'downgrade')?.title).toBe('₹6,000 back for flying Economy');
  });

  it('information only: no rows', () => {
    expect(rightsRows(GATE)).toEqual([]);
    expect(changeWords(GATE.disruption)).toBe('new gate');
  });

  it('durations read as hours and minutes, whatever the sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), (minutes) => {
        const words = durationWords(minutes);
        const h = /(\d+) h/.exec(words);
        const m = /(\d+) min/.exec(words);
        return Number(h?.[1] ?? 0) * 60 + Number(m?.[1] ?? 0) === Math.abs(minutes);
      }),
    );
  });
});
