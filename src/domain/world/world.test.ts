import { describe, expect, it } from 'vitest';
import { blockMinutes, distanceKm } from './geo';
import { dayNumber, formatLocal, indiaToday, localToUtcMinutes } from './time';
import { createWorld } from './world';

const world = createWorld();

describe('time zones', () => {
  it('converts local times with DST in Europe and the US and none in India', () => {
    const london = (date: string) => formatLocal(localToUtcMinutes('Europe/London', dayNumber(date), 9 * 60), 'Europe/London');
    expect(london('2027-03-27')).toBe('2027-03-27T09:00:00+00:00');
    expect(london('2027-03-28')).toBe('2027-03-28T09:00:00+01:00');
    expect(formatLocal(localToUtcMinutes('America/New_York', dayNumber('2026-11-01'), 12 * 60), 'America/New_York')).toBe('2026-11-01T12:00:00-05:00');
    expect(formatLocal(localToUtcMinutes('Asia/Kolkata', dayNumber('2026-12-24'), 6 * 60 + 5), 'Asia/Kolkata')).toBe('2026-12-24T06:05:00+05:30');
    expect(indiaToday(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
  });

  it('computes block times from great-circle distance (DEL–BOM ~2h10)', () => {
    const km = distanceKm(28.5665, 77.1031, 19.0887, 72.8679);
    expect(blockMinutes(km, 77.1031, 72.8679)).toBeGreaterThanOrEqual(125);
    expect(blockMinutes(km, 77.1031, 72.8679)).toBeLessThanOrEqual(135);
  });
});

describe('the default world', () => {
  it('is India-realistic: 3.5–5k departures a day, DEL–BOM 55–60 each way', () => {
    const perDay = world.daySlice(dayNumber('2026-12-10')).departure.length;
    expect(perDay).toBeGreaterThanOrEqual(3500);
    expect(perDay).toBeLessThanOrEqual(5000);
    expect(world.patterns.filter((p) => p.from === 'DEL' && p.to === 'BOM').length).toBeGreaterThanOrEqual(55);
    expect(world.patterns.filter((p) => p.from === 'BOM' && p.to === 'DEL').length).toBeLessThanOrEqual(60);
    expect(world.patterns.some((p) => p.from === 'LHR' && p.to === 'CDG')).toBe(true);
    expect(new Set(world.patterns.map((p) => p.key)).size).toBe(world.patterns.length);
  });

  it('is deterministic and memoized per seed', () => {
    expect(createWorld()).toBe(world);
    const other = createWorld({ seed: 7 });
    expect(other).not.toBe(world);
    expect(other.patterns.length).toBeGreaterThan(3000);
  });

  it('gives dated flights by id with local times, terminals and capacity', () => {
    const p = world.patterns.find((x) => x.from === 'DEL' && x.to === 'BOM' && x.carrier === 'AI');
    const flight = world.getFlight(`${p?.key}@2026-12-24`);
    expect(flight?.flightNumber).toBe(`AI ${p?.number}`);
    expect(flight?.fromTerminal).toBe('3');
    expect(flight?.departureLocal.startsWith('2026-12-24T')).toBe(true);
    expect(flight?.capacity.economy).toBeGreaterThan(100);
    expect(flight?.capacity.first).toBe(0);
    expect(world.getFlight('ZZ1@2026-12-24')).toBeUndefined();
    expect(world.getFlight(`${p?.key}@2026-13-01`)).toBeUndefined();
    expect(world.getAirport('bom')?.city).toBe('Mumbai');
    expect(world.airlineName('6E')).toBe('IndiGo');
  });
});
