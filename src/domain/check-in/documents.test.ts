import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskDocumentNumber, openDocument, sealDocument, validAfter } from './documents';

const document = { passportNumber: 'K1234567', nationality: 'IN', expiresOn: '2031-05-20' };

describe('travel documents at rest', () => {
  it('opens what it sealed, never shows the number in the sealed text, and uses a fresh IV each time', () => {
    const key = randomBytes(32);
    const sealed = sealDocument(key, document);
    expect(sealed).not.toContain('K1234567');
    expect(openDocument(key, sealed)).toEqual(document);
    expect(sealDocument(key, document)).not.toBe(sealed);
  });

  it('refuses another key and altered text', () => {
    const key = randomBytes(32);
    const sealed = sealDocument(key, document);
    expect(() => openDocument(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => openDocument(key, [parts[0], parts[1], body.toString('base64url'), parts[3]].join('.'))).toThrow();
  });

  it('masks all but the last three characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{6,9}$/), (number) => {
        const masked = maskDocumentNumber(number);
        expect(masked).toHaveLength(number.length);
        expect(masked.slice(-3)).toBe(number.slice(-3));
        expect(masked.slice(0, -3)).toMatch(/^\*+$/);
      }),
    );
  });

  it('accepts only real expiry dates after the travel date', () => {
    expect(validAfter('2031-05-20', '2026-12-24T06:05:00+05:30')).toBe(true);
    expect(validAfter('2026-12-24', '2026-12-24T06:05:00+05:30')).toBe(false);
    expect(validAfter('2026-02-30', '2025-12-24')).toBe(false);
  });
});
