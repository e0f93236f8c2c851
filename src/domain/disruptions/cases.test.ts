import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISRUPTION_CASE_STATES, type Entitlements } from '../../core/disruptions';
import type { Leg } from '../../core/search';
import { createWorld } from '../world/world';
import { entitlements } from './entitlements';
import { type LiveCase, boundsOf, caseActions, caseState, protectedOf, sameGroup } from './cases';
import { cancellation, delay, gateChange, ist, leg, retiming } from './test-fixtures';

const world = createWorld();
/** After the fixtures' 3 h notice announcements of a 10:00 IST departure on 15 Jan. */
const NOW = new Date('2027-01-15T02:00:00Z');

/** Entitlements of one passenger for the fixtures' kinds of change, some before and some after their deadline. */
const rights = fc.tuple(fc.constantFrom('cancellation', 'delay', 'retiming', 'gate'), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 600 }), fc.boolean()).map(([kind, noticeHours, minutes, late]): Entitlements => {
  const d =
    kind === 'cancellation'
      ? cancellation({ noticeHours })
      : kind === 'delay'
        ? delay({ noticeHours, delayMinutes: 15 + minutes })
        : kind === 'retiming'
          ? retiming({ noticeHours, shiftMinutes: minutes - 300 })
          : gateChange({ noticeHours: 1 });
  return entitlements(d, leg(5000), late ? new Date(Date.parse(d.scheduled.departure) + 60_000) : new Date(Date.parse(d.announcedAt) + 60_000));
});

describe('disruption cases (the centre’s rules)', () => {
  it('caseState: what is stored wins; otherwise open when something waits for an answer (a deadline), else information', () => {
    fc.assert(
      fc.property(rights, fc.option(fc.constantFrom(...DISRUPTION_CASE_STATES), { nil: null }), (target, stored) => {
        const state = caseState(stored, target);
        if (stored !== null) expect(state).toBe(stored);
        else expect(state).toBe(target.deadline !== null ? 'open' : 'information');
      }),
    );
  });

  it('caseActions: nothing unless the case is open, the booking still travels and the deadline has not passed; rebook ⇔ another flight or the protected flight offered; refund ⇔ a full refund offered; accept ⇔ keeping offered', () => {
    fc.assert(
      fc.property(rights, fc.constantFrom(...DISRUPTION_CASE_STATES), fc.boolean(), (target, state, live) => {
        const actions = caseActions(state, target, live);
        if (state !== 'open' || !live || !target.open) {
          expect(actions).toEqual([]);
          return;
        }
        expect(actions.includes('rebook')).toBe(target.options.some((o) => o.kind === 'another-flight' || (o.kind === 'accept' && o.what === 'protected-flight')));
        expect(actions.includes('refund')).toBe(target.options.some((o) => o.kind === 'full-refund'));
        expect(actions.includes('accept')).toBe(target.options.some((o) => o.kind === 'accept'));
      }),
    );
  });

  it('a cancellation, open: rebook, refund or keep the protected flight; after its departure nothing is left to answer', () => {
    const d = cancellation({ noticeHours: 6 });
    expect(caseActions('open', entitlements(d, leg(5000), new Date(Date.parse(d.announcedAt) + 60_000)), true)).toEqual(['rebook', 'refund', 'accept']);
    expect(caseActions('open', entitlements(d, leg(5000), new Date(Date.parse(d.scheduled.departure) + 60_000)), true)).toEqual([]);
  });

  it('protectedOf: the first flight of the same airline or its partner at or after the booked departure, else the latest before it; never another airline', () => {
    const flights = world.patterns.slice(0, 3000).flatMap((p) => {
      const f = world.getFlight(`${p.key}@2027-01-15`);
      return f ? [{ flight: f }] : [];
    });
    fc.assert(
      fc.property(fc.subarray(flights, { maxLength: 30 }), fc.constantFrom('6E', 'AI', 'IX', 'SG'), fc.integer({ min: 0, max: 24 * 60 }), (some, carrier, minute) => {
        const sorted = [...some].sort((a, b) => a.flight.departureUtc.getTime() - b.flight.departureUtc.getTime());
        const original = Date.parse('2027-01-14T18:30:00Z') + minute * 60_000;
        const chosen = protectedOf(sorted, carrier, original);
        const group = sorted.filter((c) => sameGroup(carrier, c.flight.carrier));
        if (group.length === 0) {
          expect(chosen).toBeNull();
          return;
        }
        expect(chosen && sameGroup(carrier, chosen.flight.carrier)).toBe(true);
        const after = group.filter((c) => c.flight.departureUtc.getTime() >= original);
        expect(chosen).toBe(after[0] ?? group.at(-1));
      }),
    );
  });

  it('Air India and Air India Express protect each other; IndiGo has no partner', () => {
    expect(sameGroup('AI', 'IX')).toBe(true);
    expect(sameGroup('IX', 'AI')).toBe(true);
    expect(sameGroup('6E', 'AI')).toBe(false);
    expect(sameGroup('6E', '6E')).toBe(true);
  });

  it('a delay that breaks the connection: the rebooking replaces the next leg, leaving after the delayed arrival plus the minimum connection time', () => {
    const airport = (code: string, terminal: string | null = null) => ({ code, name: code, city: code, terminal });
    const legs: Leg[] = [
      { flightId: '6E2134@2027-01-15', carrier: '6E', carrierName: 'IndiGo', flightNumber: '6E 2134', from: airport('DEL'), to: airport('BOM', '2'), departure: ist('2027-01-15', '10:00'), arrival: ist('2027-01-15', '12:10'), durationMinutes: 130, aircraft: 'A20N', cabin: 'economy' },
      { flightId: '6E5311@2027-01-15', carrier: '6E', carrierName: 'IndiGo', flightNumber: '6E 5311', from: airport('BOM', '2'), to: airport('GOI'), departure: ist('2027-01-15', '13:30'), arrival: ist('2027-01-15', '14:45'), durationMinutes: 75, aircraft: 'A20N', cabin: 'economy' },
    ];
    const late = delay({ noticeHours: 3, delayMinutes: 60 });
    const target = entitlements(cancellation({ noticeHours: 3 }), leg(5000, { missedConnection: true }), NOW);
    const live: LiveCase = { disruption: late, legIndex: 0, missedLegs: [1], entitlements: [], targetLeg: 1, target };
    const bounds = boundsOf(world, legs, live, NOW);
    expect(bounds?.leg.flightId).toBe('6E5311@2027-01-15');
    // Delayed arrival 13:10 IST + 60 min at BOM (same terminal, domestic).
    expect(bounds?.notBefore).toBe(Date.parse(ist('2027-01-15', '14:10')));
    expect(bounds?.notAfter).toBe(Number.POSITIVE_INFINITY);
    expect(bounds?.windowMinutes).toBe(24 * 60);
  });

  it("the window is Safar's ±24 h even where the rules' own is shorter (2 h for 1–14 days' notice, 6 h for a long delay)", () => {
    const airport = (code: string) => ({ code, name: code, city: code, terminal: null });
    const legs: Leg[] = [
      { flightId: '6E2134@2027-01-15', carrier: '6E', carrierName: 'IndiGo', flightNumber: '6E 2134', from: airport('DEL'), to: airport('BOM'), departure: ist('2027-01-15', '10:00'), arrival: ist('2027-01-15', '12:10'), durationMinutes: 130, aircraft: 'A20N', cabin: 'economy' },
    ];
    for (const disruption of [cancellation({ noticeHours: 72 }), delay({ noticeHours: 30, delayMinutes: 400 })]) {
      const target = entitlements(disruption, leg(5000), new Date(Date.parse(disruption.announcedAt)));
      const law = target.options.find((o) => o.kind === 'another-flight');
      expect(law?.kind === 'another-flight' && law.withinMinutes).toBeLessThan(24 * 60);
      const live: LiveCase = { disruption, legIndex: 0, missedLegs: [], entitlements: [], targetLeg: 0, target };
      expect(boundsOf(world, legs, live, new Date(Date.parse(disruption.announcedAt)))?.windowMinutes).toBe(24 * 60);
    }
  });
});
