import { describe, expect, it } from 'vitest';
import { linkToken } from './link-token';

describe('linkToken', () => {
  it('reads the token from a mailed link fragment', () => {
    expect(linkToken('#token=abc_DEF-1', 'token')).toBe('abc_DEF-1');
    expect(linkToken('#change=xyz', 'change')).toBe('xyz');
    expect(linkToken('', 'token')).toBe('');
  });
});
