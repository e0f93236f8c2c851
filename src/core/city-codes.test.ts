import { describe, expect, it } from 'vitest';
import { cityNamesFor, resolveCityCode } from './city-codes';

describe('resolveCityCode', () => {
  it('maps city names and alternative names to codes', () => {
    expect(resolveCityCode('Bombay')).toBe('BOM');
    expect(resolveCityCode('bengaluru')).toBe('BLR');
    expect(resolveCityCode('Calcutta')).toBe('CCU');
    expect(resolveCityCode('madras')).toBe('MAA');
    expect(resolveCityCode(' Gurgaon ')).toBe('DEL');
    expect(resolveCityCode('Trivandrum')).toBe('TRV');
    expect(resolveCityCode('new   delhi')).toBe('DEL');
    expect(resolveCityCode('London')).toBe('LHR');
  });

  it('uppercases unknown text', () => {
    expect(resolveCityCode(' xyz ')).toBe('XYZ');
    expect(resolveCityCode('bom')).toBe('BOM');
  });

  it('lists names for a code', () => {
    expect(cityNamesFor('bom')).toEqual(['mumbai', 'bombay']);
  });
});
