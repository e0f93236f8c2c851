import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DisruptionSchema } from '../../core/disruptions';
import { dayModel } from '../tracking/day-model';
import { FOG_AIRPORTS, inFogWindow } from '../tracking/delay-model';
import { operationsStatusAt } from '../tracking/status';
import { AIRCRAFT } from '../world/airlines';
import { dayNumber, isoDate } from '../world/time';
import { createWorld } from '../world/world';
import { disruptionsKnownAt, disruptionsOf, disruptionsOfDay, fleetOf } from './generator';
import { measureRates } from './rates';

const world = createWorld();
const MINUTE = 60_000;
const DATES = ['2026-12-24', '2027-01-10', '2027-03-08', '2027-07-19'];

/** A dated flight from a pattern index and one of the dates, or undefined when it does not fly that day. */
function flightAt(index: number, date: string) {
  const p = world.patterns[index];
  return p ? world.getFlight(`${p.key}@${date}`) : undefined;
}

const flights = fc.tuple(fc.integer({ min: 0, max: world.patterns.length - 1 }), fc.constantFrom(...DATES));

describe('disruption generator', () => {
  it('is deterministic: the same flight-date gives the same disruptions, before and after its day of operations is rebuilt, each a valid Disruption in announcement order', () => {
    const sample = DATES.flatMap((date) => world.patterns.slice(0, 400).map((p) => world.getFlight(`${p.key}@${date}`))).filter((f) => f !== undefined);
    const first = sample.map((f) => disruptionsOf(world, f));
    // Fill the day cache (12 days) with other days, so the sampled days are built afresh.
    for (let d = 0; d < 13; d++) dayModel(world, dayNumber('2027-09-01') + d);
    const second = sample.map((f) => disruptionsOf(world, f));
    expect(second).toEqual(first);
    let count = 0;
    for (const list of first) {
      for (const [i, d] of list.entries()) {
        DisruptionSchema.parse(d);
        if (i > 0) expect(d.announcedAt >= (list[i - 1]?.announcedAt ?? '')).toBe(true);
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(200);
  });

  it('agrees with the tracker: cancelled in the tracker ⇔ a cancellation; each delay step is the delay the tracker shows from its announcement; a gate change is the tracker’s (moved by a retiming’s shift, which the tracker does not know yet)', () => {
    fc.assert(
      fc.property(flights, ([index, date]) => {
        const flight = flightAt(index, date);
        if (!flight) return;
        const list = disruptionsOf(world, flight);
        const retiming = list.find((d) => d.kind === 'retiming');
        const shift = (retiming?.shiftMinutes ?? 0) * MINUTE;
        // The tracker at the moment `t` of the schedule in force.
        const tracker = (t: number) => operationsStatusAt(world, flight, new Date(t - shift));
        const dep = flight.departureUtc.getTime() + shift;
        const cancellation = list.find((d) => d.kind === 'cancellation');
        expect(tracker(dep + MINUTE).status === 'Cancelled').toBe(cancellation !== undefined);
        if (cancellation && cancellation.reason !== 'schedule-change') {
          // Operational and fog cancellations are announced when the tracker shows them.
          const at = Date.parse(cancellation.announcedAt);
          expect(tracker(at).status).toBe('Cancelled');
          expect(tracker(at - MINUTE).status).not.toBe('Cancelled');
        }
        const delays = list.filter((d) => d.kind === 'delay');
        for (const [i, step] of delays.entries()) {
          if (retiming) expect(step.scheduled).toEqual(retiming.expected);
          const at = Date.parse(step.announcedAt);
          const until = Math.min(Date.parse(delays[i + 1]?.announcedAt ?? step.expected.departure) - MINUTE, Date.parse(step.expected.departure) - 60 * MINUTE);
          for (const t of [at, Math.max(at, until)]) {
            const status = tracker(t);
            if (status.status === 'Delayed') expect(status.delay).toBe(step.delayMinutes);
            expect(Date.parse(status.actualDeparture) + shift).toBe(Date.parse(step.expected.departure));
          }
        }
        const gate = list.find((d) => d.kind === 'gate-change');
        if (gate) {
          expect(tracker(Date.parse(gate.announcedAt) - MINUTE).gate).toBe(gate.fromGate);
          const after = tracker(Date.parse(gate.announcedAt));
          expect(after.gate).toBe(gate.toGate);
          expect(after.previousGate).toBe(gate.fromGate);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a retimed flight’s later disruptions are about the new time', () => {
    let seen = 0;
    for (const { disruptions } of disruptionsOfDay(world, dayNumber('2027-03-09'))) {
      const retiming = disruptions.find((d) => d.kind === 'retiming');
      if (!retiming) continue;
      for (const d of disruptions) {
        if (d === retiming || d.announcedAt < retiming.announcedAt) continue;
        if (d.kind === 'cancellation' && d.reason === 'schedule-change') continue;
        expect(d.scheduled, d.id).toEqual(retiming.expected);
        seen += 1;
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('announces each kind with its notice: schedule changes days or weeks ahead, operational changes hours ahead, fog cancellations 10 h ahead', () => {
    const hoursBefore = (d: { announcedAt: string; scheduled: { departure: string } }) => (Date.parse(d.scheduled.departure) - Date.parse(d.announcedAt)) / 3_600_000;
    const seen = new Set<string>();
    for (const date of ['2027-01-11', '2027-05-04']) {
      for (const { flight, disruptions } of disruptionsOfDay(world, dayNumber(date))) {
        for (const d of disruptions) {
          const h = hoursBefore(d);
          if (d.kind === 'cancellation') {
            if (d.reason === 'schedule-change') expect(h).toBeGreaterThanOrEqual(48);
            else if (d.reason === 'fog') expect(h).toBe(10);
            else expect(h).toBe(6);
            seen.add(`cancellation:${d.reason === 'schedule-change' || d.reason === 'fog' ? d.reason : 'operational'}`);
          }
          if (d.kind === 'retiming') {
            expect(h).toBeGreaterThanOrEqual(72);
            expect(Math.abs(d.shiftMinutes) % 5).toBe(0);
            expect(Math.abs(d.shiftMinutes)).toBeLessThanOrEqual(360);
          }
          // A delay is known at most 10 h before the first leg of the aircraft's (UTC) day.
          if (d.kind === 'delay') expect(h).toBeLessThanOrEqual(34);
          if (d.kind === 'terminal-change') {
            expect(h).toBeGreaterThanOrEqual(48);
            expect(world.getAirport(flight.from)?.terminals).toContain(d.toTerminal);
            expect(d.toTerminal).not.toBe(flight.fromTerminal);
          }
          if (d.kind === 'aircraft-swap') {
            // Another type of the operator's fleet, of the same class (turboprop, narrowbody, widebody).
            expect(fleetOf(world, flight.carrier)).toContain(d.toAircraft);
            expect(d.toAircraft).not.toBe(flight.aircraftId);
            expect(AIRCRAFT[d.toAircraft]?.turboprop).toBe(AIRCRAFT[flight.aircraftId]?.turboprop);
            expect(d.reason === 'schedule-change' ? h >= 24 : h >= 1 && h <= 6).toBe(true);
            for (const cabin of d.cabinsLost) expect(d.seatsAfter[cabin] ?? 0).toBe(0);
          }
          seen.add(d.kind);
        }
      }
    }
    for (const kind of ['delay', 'retiming', 'aircraft-swap', 'gate-change', 'terminal-change', 'cancellation:schedule-change', 'cancellation:operational']) expect(seen).toContain(kind);
  });

  it('only what is announced by `now` is known at `now`', () => {
    const { flight, disruptions } = disruptionsOfDay(world, dayNumber('2027-01-12')).find((x) => x.disruptions.length >= 2) ?? { flight: undefined, disruptions: [] };
    if (!flight) throw new Error('no flight with two disruptions');
    const second = Date.parse(disruptions[1]?.announcedAt ?? '');
    expect(disruptionsKnownAt(world, flight, new Date(second - 1))).toEqual(disruptions.filter((d) => Date.parse(d.announcedAt) < second));
    expect(disruptionsKnownAt(world, flight, new Date(second))).toEqual(disruptions.filter((d) => Date.parse(d.announcedAt) <= second));
  });

  it('fog disruptions only in the fog window (10 Dec – 10 Feb) on legs touching north India, and extraordinary; some on fog nights', () => {
    let fog = 0;
    for (const date of ['2026-12-09', '2026-12-10', '2027-01-20', '2027-02-10', '2027-02-11', '2027-06-15']) {
      for (const { flight, disruptions } of disruptionsOfDay(world, dayNumber(date))) {
        for (const d of disruptions) {
          if (d.reason !== 'fog' && d.rootReason !== 'fog') continue;
          fog += 1;
          expect(inFogWindow(flight.departureDate) || inFogWindow(isoDate(dayNumber(flight.departureDate) - 1)), flight.flightId).toBe(true);
          expect(d.extraordinary).toBe(true);
          if (d.reason === 'fog') expect(FOG_AIRPORTS.has(flight.from) || FOG_AIRPORTS.has(flight.to)).toBe(true);
        }
      }
    }
    expect(fog).toBeGreaterThan(0);
  });

  it('rates per airline and month stay within the delay model’s inputs: cancellations, and delays of 2 h or more (fog adds to them in January)', () => {
    for (const [start, fogMonth] of [
      ['2027-05-03', false],
      ['2027-01-04', true],
    ] as const) {
      for (const row of measureRates(world, start, 5).values()) {
        if (row.legs < 300) continue;
        const slack = (expected: number) => 4 * Math.sqrt(Math.max(expected, 1));
        expect(Math.abs(row.cancelled - row.cancelledInput), `${start} ${row.airline} cancelled ${row.cancelled} vs ${row.cancelledInput.toFixed(1)}`).toBeLessThanOrEqual(
          slack(row.cancelledInput) + (fogMonth ? 0.5 * row.cancelledInput : 0),
        );
        expect(row.delayed2h, `${start} ${row.airline} ≥ 2 h ${row.delayed2h} vs ${row.delayed2hInput.toFixed(1)}`).toBeGreaterThanOrEqual(0.5 * row.delayed2hInput - slack(row.delayed2hInput));
        expect(row.delayed2h, `${start} ${row.airline} ≥ 2 h ${row.delayed2h} vs ${row.delayed2hInput.toFixed(1)}`).toBeLessThanOrEqual((fogMonth ? 2 : 1.5) * row.delayed2hInput + slack(row.delayed2hInput));
      }
    }
  }, 120_000);
});
