import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REASONS } from '../../core/disruptions';
import { disruptionsOf } from '../disruptions/generator';
import { createWorld } from '../world/world';
import { operationsStatusAt } from './status';
import { flightStatusAt } from './tracker';

const world = createWorld();
const MINUTE = 60_000;
const DATES = ['2026-12-24', '2027-01-10', '2027-03-08', '2027-07-19'];

/** Flights of the dates with at least one planned change (retiming, swap, terminal change, schedule-change cancellation). */
const planned = DATES.flatMap((date) =>
  world.patterns
    .map((p) => world.getFlight(`${p.key}@${date}`))
    .filter((f) => f !== undefined)
    .filter((f) => disruptionsOf(world, f).some((d) => d.kind === 'retiming' || d.kind === 'aircraft-swap' || d.kind === 'terminal-change' || (d.kind === 'cancellation' && d.reason === 'schedule-change'))),
);

describe('the tracker reads the airline’s planned changes (issue 29 point 1)', () => {
  it('finds flights with each kind of planned change', () => {
    const kinds = new Set(planned.flatMap((f) => disruptionsOf(world, f).map((d) => (d.kind === 'cancellation' ? d.reason : d.kind))));
    for (const kind of ['retiming', 'aircraft-swap', 'terminal-change', 'schedule-change']) expect(kinds).toContain(kind);
  });

  it('after each announcement the tracker shows it: new times (operations moved by the shift), new aircraft, new terminal, cancelled with its reason; before it, the operations alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: planned.length - 1 }), fc.integer({ min: -600, max: 600 }), (i, offset) => {
        const flight = planned[i];
        if (!flight) return;
        const list = disruptionsOf(world, flight);
        const first = list[0];
        if (!first) return;
        // Just before the first announcement: exactly the operations.
        const before = new Date(Date.parse(first.announcedAt) - MINUTE);
        expect(flightStatusAt(world, flight, before)).toEqual(operationsStatusAt(world, flight, before));
        // Some time after the last announcement, before departure (± 10 h around it).
        const last = Date.parse(list.at(-1)?.announcedAt ?? first.announcedAt);
        const now = new Date(Math.max(last, flight.departureUtc.getTime() - 12 * 60 * MINUTE) + Math.abs(offset) * MINUTE);
        const status = flightStatusAt(world, flight, now);
        const retiming = list.find((d) => d.kind === 'retiming');
        const cancellation = list.find((d) => d.kind === 'cancellation' && d.announcedAt <= now.toISOString());
        if (cancellation) {
          expect(status.status).toBe('Cancelled');
          if (cancellation.reason === 'schedule-change') expect(status.reason).toBe(REASONS['schedule-change'].words);
        }
        if (retiming?.kind === 'retiming') {
          expect(Date.parse(status.scheduledDeparture)).toBe(Date.parse(retiming.expected.departure));
          expect(Date.parse(status.scheduledArrival)).toBe(Date.parse(retiming.expected.arrival));
          const base = operationsStatusAt(world, flight, new Date(now.getTime() - retiming.shiftMinutes * MINUTE));
          if (!cancellation) expect(status.status).toBe(base.status);
          expect(Date.parse(status.actualDeparture) - Date.parse(base.actualDeparture)).toBe(retiming.shiftMinutes * MINUTE);
        }
        const swap = list.findLast((d) => d.kind === 'aircraft-swap' && d.announcedAt <= now.toISOString());
        if (swap?.kind === 'aircraft-swap') expect(status.aircraft).toBe(swap.toAircraftName);
        const terminal = list.findLast((d) => d.kind === 'terminal-change' && d.announcedAt <= now.toISOString());
        if (terminal?.kind === 'terminal-change') expect(status.terminal).toBe(terminal.toTerminal);
      }),
      { numRuns: 200 },
    );
  });
});
