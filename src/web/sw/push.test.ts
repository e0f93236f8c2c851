import { describe, expect, it } from 'vitest';
import { parsePushPayload, sameOriginPath } from './push';

describe('Web Push payloads', () => {
  it('reads {title, body, url, tag} and ignores fields of the wrong type', () => {
    expect(parsePushPayload(JSON.stringify({ title: 'Fare drop: DEL → BOM', body: 'Now ₹4,210', url: '/result?from=DEL&to=BOM', tag: 'alert-1' }))).toEqual({
      title: 'Fare drop: DEL → BOM',
      body: 'Now ₹4,210',
      url: '/result?from=DEL&to=BOM',
      tag: 'alert-1',
    });
    expect(parsePushPayload(JSON.stringify({ title: 'Hi', url: 42 }))).toEqual({ title: 'Hi', body: undefined, url: undefined, tag: undefined });
  });

  it('shows a plain Safar notice for text or a payload without a title', () => {
    expect(parsePushPayload('plain words')).toEqual({ title: 'Safar', body: 'plain words' });
    expect(parsePushPayload(JSON.stringify({ body: 'no title' })).title).toBe('Safar');
    expect(parsePushPayload(null)).toEqual({ title: 'Safar', body: undefined });
  });

  it('opens only same-origin paths', () => {
    const origin = 'https://safar.example';
    expect(sameOriginPath('/profile', origin)).toBe('/profile');
    expect(sameOriginPath('https://safar.example/result?x=1#y', origin)).toBe('/result?x=1#y');
    expect(sameOriginPath('https://evil.example/phish', origin)).toBe('/');
    expect(sameOriginPath('javascript:alert(1)', origin)).toBe('/');
    expect(sameOriginPath(undefined, origin)).toBe('/');
  });
});
