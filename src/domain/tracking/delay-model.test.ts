import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../world/time';
import { createWorld } from '../world/world';
import { dayModel, causeName } from './day-model';
import { lateMinutes, onTimeTarget, OTP_BASELINE } from './delay-model';
import { operationsStatusAt } from './status';

const world = createWorld();

/** Operated legs, on-time legs and minutes late of late legs over `days` days from `start`. */
function measure(start: string, days: number) {
  const perCarrier = new Map<string, { operated: number; onTime: number; target: number }>();
  const late: number[] = [];
  let legs = 0;
  let cancelled = 0;
  let reactionary = 0;
  for (let d = 0; d < days; d++) {
    const day = dayModel(world, dayNumber(start) + d);
    for (let i = 0; i < day.size; i++) {
      const p = world.patterns[day.pattern[i] ?? 0];
      if (!p) continue;
      legs += 1;
      if (day.cancelled[i]) {
        cancelled += 1;
        continue;
      }
      const row = perCarrier.get(p.carrier) ?? { operated: 0, onTime: 0, target: 0 };
      row.operated += 1;
      const arrivalDelay = day.arrivalDelay[i] ?? 0;
      if (arrivalDelay <= 15) row.onTime += 1;
      else {
        late.push(arrivalDelay);
        if (causeName(day.cause[i] ?? 0) === 'reactionary') reactionary += 1;
      }
      row.target += onTimeTarget(p.carrier, `${start.slice(0, 8)}01`, p.from, p.to);
      perCarrier.set(p.carrier, row);
    }
  }
  late.sort((a, b) => a - b);
  return { perCarrier, late, legs, cancelled, reactionary };
}

describe('delay model figures over many flight-days', () => {
  it('a normal month (May): on-time share per Indian airline within ±5 points of its OTP input; late median ~37 min; ~6% of late flights over 2 h', () => {
    const { perCarrier, late, legs, cancelled } = measure('2027-05-03', 14);
    for (const carrier of Object.keys(OTP_BASELINE)) {
      const row = perCarrier.get(carrier);
      if (!row || row.operated < 500) continue;
      const share = row.onTime / row.operated;
      const input = row.target / row.operated;
      expect(Math.abs(share - input), `${carrier}: ${share.toFixed(3)} vs ${input.toFixed(3)}`).toBeLessThanOrEqual(0.05);
    }
    const median = late[Math.floor(late.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(30);
    expect(median).toBeLessThanOrEqual(45);
    const over2h = late.filter((m) => m > 120).length / late.length;
    expect(over2h).toBeGreaterThan(0.03);
    expect(over2h).toBeLessThan(0.1);
    expect(cancelled / legs).toBeLessThan(0.015);
  });

  it('the Delhi fog window (January) is worse: lower on-time share at DEL, more over 2 h, more cancellations', () => {
    const may = measure('2027-05-03', 7);
    const jan = measure('2027-01-04', 7);
    const share = (m: ReturnType<typeof measure>) => {
      let operated = 0;
      let onTime = 0;
      for (const row of m.perCarrier.values()) {
        operated += row.operated;
        onTime += row.onTime;
      }
      return onTime / operated;
    };
    expect(share(jan)).toBeLessThan(share(may) - 0.03);
    expect(jan.late.filter((m) => m > 120).length / jan.late.length).toBeGreaterThan(may.late.filter((m) => m > 120).length / may.late.length);
    expect(jan.cancelled / jan.legs).toBeGreaterThan(may.cancelled / may.legs);
  });

  it('rotations propagate: a leg is never less late than its inbound arrival delay minus the turn slack', () => {
    let propagated = 0;
    for (let d = 0; d < 5; d++) {
      const day = dayModel(world, dayNumber('2027-03-08') + d);
      for (let i = 0; i < day.size; i++) {
        const inbound = day.inbound[i] ?? -1;
        if (inbound < 0 || day.cancelled[i] || day.cancelled[inbound]) continue;
        const pushed = (day.arrivalDelay[inbound] ?? 0) - (day.slack[i] ?? 0);
        expect(day.departureDelay[i] ?? 0).toBeGreaterThanOrEqual(pushed);
        if (pushed >= 15 && causeName(day.cause[i] ?? 0) === 'reactionary') propagated += 1;
        // The inbound lands at this leg's origin before this leg leaves.
        const p = world.patterns[day.pattern[i] ?? 0];
        const q = world.patterns[day.pattern[inbound] ?? 0];
        expect(q?.to).toBe(p?.from);
        expect(day.arrival[inbound] ?? 0).toBeLessThanOrEqual(day.departure[i] ?? 0);
      }
    }
    expect(propagated).toBeGreaterThan(100);
  });

  it('lateness is 15 + a lognormal with a heavy (Pareto) tail, monotone in its draw', () => {
    expect(lateMinutes(0.5, 'normal')).toBe(37);
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.998, noNaN: true }), fc.double({ min: 0.0001, max: 0.001, noNaN: true }), (u, du) => {
        const a = lateMinutes(u, 'normal');
        const b = lateMinutes(u + du, 'normal');
        return a >= 15 && b >= a && b <= 720;
      }),
    );
  });
});

describe('status from the clock', () => {
  it('same inputs give the same status, and a flight-day moves only forward through the states', () => {
    const dates = ['2026-12-24', '2027-01-10', '2027-06-02'];
    const order = ['On Time', 'Delayed', 'Boarding', 'Departed', 'Arrived'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: world.patterns.length - 1 }), fc.constantFrom(...dates), (index, date) => {
        const p = world.patterns[index];
        const flight = p ? world.getFlight(`${p.key}@${date}`) : undefined;
        if (!flight) return true;
        let rank = -1;
        let sawCancelled = false;
        for (let minutes = -300; minutes <= flight.durationMinutes + 900; minutes += 7) {
          const now = new Date(flight.departureUtc.getTime() + minutes * 60_000);
          const status = operationsStatusAt(world, flight, now);
          expect(operationsStatusAt(world, flight, now)).toEqual(status);
          if (status.status === 'Cancelled') {
            sawCancelled = true;
            expect(status.progress).toBe(0);
            continue;
          }
          expect(sawCancelled).toBe(false);
          // Delayed and On Time may alternate only before boarding while the estimate is revealed.
          const r = Math.max(order.indexOf(status.status), 1);
          expect(r).toBeGreaterThanOrEqual(rank);
          rank = r;
          expect(status.delay === null).toBe(status.status !== 'Delayed');
          if (status.status === 'Delayed') expect(status.delay ?? 0).toBeGreaterThanOrEqual(15);
          expect(status.altitude === null).toBe(status.status !== 'Departed');
          expect(status.speed === null).toBe(status.status !== 'Departed');
          if (status.status === 'Departed') {
            expect(status.progress).toBeGreaterThanOrEqual(10);
            expect(status.progress).toBeLessThanOrEqual(89);
          } else expect(status.progress).toBe(status.status === 'Arrived' ? 100 : 0);
        }
        return true;
      }),
      { numRuns: 40 },
    );
  });

  it('a fake clock walks one flight through On Time → Boarding → Departed → Arrived with the gate an hour before', () => {
    const flight = world.getFlight('6E1000@2027-03-10') ?? world.flightOf(0, dayNumber('2027-03-10'));
    const at = (minutes: number) => operationsStatusAt(world, flight, new Date(flight.departureUtc.getTime() + minutes * 60_000));
    const final = at(24 * 60);
    if (final.status === 'Cancelled') return;
    const offBlock = (Date.parse(final.actualDeparture) - flight.departureUtc.getTime()) / 60_000;
    const onBlock = (Date.parse(final.actualArrival) - flight.departureUtc.getTime()) / 60_000;
    expect(at(-24 * 60).gate).toBeNull();
    expect(['On Time', 'Delayed']).toContain(at(offBlock - 90).status);
    expect(at(offBlock - 20).status).toBe('Boarding');
    expect(at(offBlock - 20).gate).not.toBeNull();
    expect(at(offBlock + 1).status).toBe('Departed');
    expect(at((offBlock + onBlock) / 2).altitude).toBeGreaterThan(10_000);
    expect(at(onBlock + 1).status).toBe('Arrived');
    expect(at(onBlock + 1).progress).toBe(100);
  });
});
