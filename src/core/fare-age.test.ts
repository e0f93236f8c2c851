import { describe, expect, it } from 'vitest';
import { fareAge, knownPriceAge } from './fare-age';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('fareAge', () => {
  it.each([
    [0, 'seen just now'],
    [59_999, 'seen just now'],
    [-5_000, 'seen just now'],
    [60_000, 'seen 1 min ago'],
    [59 * 60_000, 'seen 59 min ago'],
    [60 * 60_000, 'seen 1 h ago'],
    [2 * 3_600_000 + 59 * 60_000, 'seen 2 h ago'],
    [47 * 3_600_000, 'seen 47 h ago'],
    [48 * 3_600_000, 'seen 2 days ago'],
    [10 * 86_400_000, 'seen 10 days ago'],
  ])('%i ms ago reads "%s"', (ms, words) => {
    expect(fareAge(ago(ms), NOW)).toBe(words);
  });
});

describe('knownPriceAge', () => {
  it('says how old a last-known price is, "not seen yet" when none was seen, and nothing for a live fare', () => {
    expect(knownPriceAge(ago(2 * 3_600_000), NOW)).toBe('seen 2 h ago');
    expect(knownPriceAge(null, NOW)).toBe('not seen yet');
    expect(knownPriceAge(undefined, NOW)).toBeNull();
  });
});
