import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARE_CODE_ALPHABET, SHARE_CODE_BITS, SHARE_CODE_RE, firstNameOf, newShareCode, splitPaise } from './companion';

describe('splitPaise', () => {
  it('shares sum to the total, differ by at most one paisa apart from the organiser’s remainder, and the organiser carries the remainder', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.integer({ min: 1, max: 9 }), (total, members) => {
        const shares = splitPaise(total, members);
        expect(shares).toHaveLength(members);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        const [organiser = 0, ...others] = shares;
        // Everyone but the organiser pays the same; the organiser pays that plus fewer paise than there are members.
        for (const s of others) expect(s).toBe(others[0]);
        const base = Math.floor(total / members);
        expect(organiser - base).toBeGreaterThanOrEqual(0);
        expect(organiser - base).toBeLessThan(members);
        expect(Math.max(...shares) - Math.min(...shares)).toBe(total % members);
        for (const s of shares) expect(Number.isSafeInteger(s) && s >= 0).toBe(true);
      }),
    );
  });

  it('splits ₹5,400 × 3 exactly and puts the odd paise on the organiser', () => {
    expect(splitPaise(1_620_000, 3)).toEqual([540_000, 540_000, 540_000]);
    expect(splitPaise(100_001, 3)).toEqual([33_335, 33_333, 33_333]);
    expect(splitPaise(2, 3)).toEqual([2, 0, 0]);
  });

  it('refuses fractions and empty groups', () => {
    expect(() => splitPaise(10.5, 2)).toThrow(RangeError);
    expect(() => splitPaise(100, 0)).toThrow(RangeError);
    expect(() => splitPaise(-1, 2)).toThrow(RangeError);
  });
});

describe('share codes', () => {
  it('are 6 symbols of a 32-symbol alphabet without look-alikes: 30 bits', () => {
    expect(new Set(SHARE_CODE_ALPHABET).size).toBe(32);
    expect(SHARE_CODE_ALPHABET).not.toMatch(/[IO01a-z]/);
    expect(SHARE_CODE_BITS).toBeGreaterThanOrEqual(30);
  });

  it('use every byte value without bias and always match the code pattern', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 6, maxLength: 6 }), (bytes) => {
        const code = newShareCode(() => bytes);
        expect(code).toMatch(SHARE_CODE_RE);
      }),
    );
    // Each symbol is hit by exactly 8 of the 256 byte values.
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b += 1) {
      const symbol = newShareCode(() => new Uint8Array(6).fill(b))[0] ?? '';
      counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect([...counts.values()].every((n) => n === 8)).toBe(true);
  });

  it('differ across draws from crypto randomness', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newShareCode((b) => crypto.getRandomValues(b))));
    expect(codes.size).toBeGreaterThan(1990);
  });
});

it('firstNameOf keeps the first word only', () => {
  expect(firstNameOf('  Priya  Sharma ')).toBe('Priya');
  expect(firstNameOf('Ravi')).toBe('Ravi');
});
