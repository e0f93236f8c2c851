import { describe, expect, it } from 'vitest';
import { RETURN_TO_MAX_AGE_MS, parseReturnTo } from './return-to';

const NOW = 1_800_000_000_000;
const stored = (value: Record<string, unknown>) => JSON.stringify({ state: null, at: NOW - 1000, ...value });

describe('parseReturnTo', () => {
  it('keeps a same-site path and its history state', () => {
    expect(parseReturnTo(stored({ path: '/result/book', state: { flight: { id: 'F1' } } }), NOW)).toEqual({
      path: '/result/book',
      state: { flight: { id: 'F1' } },
    });
    expect(parseReturnTo(stored({ path: '/payment?x=1' }), NOW)).toEqual({ path: '/payment?x=1', state: null });
  });

  it('forgets a place remembered too long ago', () => {
    expect(parseReturnTo(stored({ path: '/payment', at: NOW - RETURN_TO_MAX_AGE_MS - 1 }), NOW)).toBeUndefined();
  });

  it.each([
    null,
    '',
    'not json',
    stored({ path: '//evil.example/x' }),
    stored({ path: 'https://evil.example' }),
    stored({ path: '/\\evil.example' }),
    stored({ path: 'javascript:alert(1)' }),
    stored({ path: '/ spaced' }),
    stored({}),
    JSON.stringify({ path: '/payment', state: null }),
  ])('refuses %j', (raw) => {
    expect(parseReturnTo(raw, NOW)).toBeUndefined();
  });
});
