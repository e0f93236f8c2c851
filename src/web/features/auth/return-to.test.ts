import { describe, expect, it } from 'vitest';
import { parseReturnTo } from './return-to';

describe('parseReturnTo', () => {
  it('keeps a same-site path and its history state', () => {
    expect(parseReturnTo(JSON.stringify({ path: '/result/book', state: { flight: { id: 'F1' } } }))).toEqual({
      path: '/result/book',
      state: { flight: { id: 'F1' } },
    });
    expect(parseReturnTo(JSON.stringify({ path: '/payment?x=1', state: null }))).toEqual({ path: '/payment?x=1', state: null });
  });

  it.each([
    null,
    '',
    'not json',
    '{"path":"//evil.example/x","state":null}',
    '{"path":"https://evil.example","state":null}',
    '{"path":"/\\\\evil.example","state":null}',
    '{"path":"javascript:alert(1)","state":null}',
    '{"path":"/ spaced","state":null}',
    '{"state":null}',
  ])('refuses %j', (raw) => {
    expect(parseReturnTo(raw)).toBeUndefined();
  });
});
