import { describe, expect, it } from 'vitest';
import type { Disruption } from '../../core/disruptions';
import { entitlements } from './entitlements';
import { cancellation, delay, deniedBoarding, downgrade, gateChange, ist, leg, retiming, swap } from './test-fixtures';
import { durationWords, noticeLine, whatChanged } from './words';

const cities = { from: 'Delhi', to: 'Mumbai' };
const rightsOf = (d: Disruption, ...fares: number[]) => fares.map((f) => entitlements(d, leg(f, { paidPaise: f * 100 }), new Date(Date.parse(d.announcedAt))));

describe('what changed and why', () => {
  it('a cancellation, with the reason and the notice', () => {
    expect(whatChanged(cancellation({ noticeHours: 10, reason: 'fog' }), cities)).toBe('6E 2134 Delhi → Mumbai on 15 Jan at 10:00 is cancelled because of fog. The airline announced it 10 hours before departure.');
    expect(whatChanged(cancellation({ noticeHours: 24 * 35, reason: 'schedule-change' }), cities)).toBe(
      "6E 2134 Delhi → Mumbai on 15 Jan at 10:00 is cancelled because of a change to the airline's schedule. The airline announced it 5 weeks before departure.",
    );
  });

  it('a delay with the new time, its length and the reason, naming the root of a late inbound aircraft', () => {
    expect(whatChanged(delay({ noticeHours: 3, delayMinutes: 210 }), cities)).toBe('6E 2134 Delhi → Mumbai on 15 Jan now leaves at 13:30 instead of 10:00, 3 h 30 min late, because of a technical fault on the aircraft.');
    const inbound = { ...delay({ departure: ist('2027-01-15', '22:50'), noticeHours: 3, delayMinutes: 95, reason: 'late-inbound' }), rootReason: 'fog' as const, extraordinary: true };
    expect(whatChanged(inbound, cities)).toBe(
      '6E 2134 Delhi → Mumbai on 15 Jan now leaves at 00:25 on 16 Jan instead of 22:50, 1 h 35 min late, because of the aircraft arriving late from its previous flight (held up by fog).',
    );
  });

  it('a retiming, later or earlier', () => {
    expect(whatChanged(retiming({ noticeHours: 24 * 9, shiftMinutes: 45 }), cities)).toBe(
      "6E 2134 Delhi → Mumbai on 15 Jan has a new time: 10:45 instead of 10:00 (45 min later), because of a change to the airline's schedule. The airline announced it 9 days before departure.",
    );
    expect(whatChanged(retiming({ noticeHours: 24 * 9, shiftMinutes: -120 }), cities)).toContain('08:00 instead of 10:00 (2 h earlier)');
  });

  it('an aircraft swap, a gate change, a terminal change, denied boarding and a downgrade', () => {
    expect(whatChanged(swap({ noticeHours: 4, lose: true }), cities)).toBe(
      '6E 2134 Delhi → Mumbai on 15 Jan will fly on an Airbus A320neo instead of the planned aircraft, because of a technical fault on the aircraft. Business is not on board, and seats may change.',
    );
    expect(whatChanged(swap({ noticeHours: 4, lose: false }), cities)).toMatch(/The seat map changes, so your seat may change\.$/);
    expect(whatChanged(gateChange({ noticeHours: 0.4 }), cities)).toBe('6E 2134 Delhi → Mumbai on 15 Jan now boards at gate 12 instead of gate 7.');
    const terminal: Disruption = { ...gateChange({ noticeHours: 72 }), kind: 'terminal-change', fromTerminal: '1', toTerminal: '2' };
    expect(whatChanged(terminal, cities)).toBe('6E 2134 Delhi → Mumbai on 15 Jan now leaves from Terminal 2 instead of Terminal 1.');
    expect(whatChanged(deniedBoarding({ alternateAfterMinutes: 240 }), cities)).toBe('6E 2134 Delhi → Mumbai on 15 Jan was overbooked and you were not let on board. The next flight offered leaves at 14:00.');
    expect(whatChanged(downgrade({}), cities)).toBe('6E 2134 Delhi → Mumbai on 15 Jan has no Business seat for you: you fly in Economy.');
  });
});

describe('the rights in one line', () => {
  it('a delay: meals from the threshold', () => {
    expect(noticeLine(rightsOf(delay({ noticeHours: 3, delayMinutes: 150 }), 6_212))).toBe('Meals due from 2 h');
    expect(noticeLine(rightsOf(delay({ noticeHours: 3, delayMinutes: 30 }), 6_212))).toBe('No action needed');
  });

  it('a long delay announced a day ahead: meals, the hotel, the switch and the refund for everyone', () => {
    const d = delay({ departure: ist('2027-01-15', '21:00'), noticeHours: 30, delayMinutes: 400 });
    expect(noticeLine(rightsOf(d, 6_212), { departure: ist('2027-01-16', '02:40') })).toBe('Meals due from 2 h and a hotel room with transfers; switch free to the 02:40 flight, or take a full refund of ₹6,212');
  });

  it('a short-notice cancellation: switch or refund (all passengers summed), and the compensation owed', () => {
    const d = cancellation({ noticeHours: 5 });
    expect(noticeLine(rightsOf(d, 6_212, 6_212), { departure: ist('2027-01-15', '16:40') })).toBe(
      'Meals while you wait for your new flight; switch free to the 16:40 flight, or take a full refund of ₹12,424; the airline owes you ₹12,424 compensation',
    );
    expect(noticeLine(rightsOf(d, 12_000))).toContain('switch free to another flight within 24 h of the original');
  });

  it("the switch names Safar's offer (24 h), also where the rules ask less: 2 h for a cancellation with 1–14 days' notice, 6 h for a long delay", () => {
    expect(noticeLine(rightsOf(cancellation({ noticeHours: 72 }), 6_212))).toContain('switch free to another flight within 24 h of the original');
    expect(noticeLine(rightsOf(delay({ noticeHours: 30, delayMinutes: 400 }), 6_212))).toContain('switch free to another flight within 24 h of the original');
  });

  it('a fog cancellation: no compensation, and why', () => {
    expect(noticeLine(rightsOf(cancellation({ noticeHours: 10, reason: 'fog' }), 6_212))).toBe(
      "Meals while you wait for your new flight; switch free to another flight within 24 h of the original, or take a full refund of ₹6,212; no compensation: fog is outside the airline's control",
    );
  });

  it('denied boarding: fly later with compensation, or the refund with compensation', () => {
    expect(noticeLine(rightsOf(deniedBoarding({ alternateAfterMinutes: 240 }), 4_000), { departure: ist('2027-01-15', '14:00') })).toBe(
      'Fly on the 14:00 flight, or take a full refund of ₹4,000 plus ₹16,000 compensation; the airline owes you ₹8,000 compensation if you fly',
    );
  });

  it('a downgrade on an aircraft swap: the refund of the share, or switch, or the full refund', () => {
    const d = swap({ noticeHours: 72, lose: true });
    const rights = [entitlements(d, leg(12_000, { cabin: 'business', paidPaise: 12_852_00 }), new Date(Date.parse(d.announcedAt)))];
    expect(noticeLine(rights)).toBe('Fly in Economy with ₹9,489.75 back, switch free to another flight within 24 h of the original, or take a full refund of ₹12,852');
  });

  it('durations in words', () => {
    expect([45, 60, 120, 150, 210, -90].map(durationWords)).toEqual(['45 min', '1 h', '2 h', '2 h 30 min', '3 h 30 min', '1 h 30 min']);
  });
});
