import { describe, expect, it } from 'vitest';
import { airportLabel, codeFromLabel, parseAirports } from './airport-suggestions';

describe('parseAirports', () => {
  it('keeps well-formed suggestions and drops the rest', () => {
    const good = { code: 'BOM', name: 'Chhatrapati Shivaji Maharaj International Airport', city: 'Mumbai', country: 'IN' };
    expect(parseAirports({ airports: [good, { code: 'DEL' }, null, 'x'] })).toEqual([good]);
  });

  it('answers an empty list for anything that is not the contract', () => {
    expect(parseAirports(null)).toEqual([]);
    expect(parseAirports({ airports: 'BOM' })).toEqual([]);
    expect(parseAirports({ error: { code: 'validation_failed', message: 'x' } })).toEqual([]);
  });

  it('labels a pick and reads the code back', () => {
    const label = airportLabel({ city: 'Mumbai', code: 'BOM' });
    expect(label).toBe('Mumbai (BOM)');
    expect(codeFromLabel(label)).toBe('BOM');
    expect(codeFromLabel('  New Delhi (del) ')).toBe('DEL');
  });
});
