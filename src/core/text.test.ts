import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasInvisibleOrControl } from './text';

describe('hasInvisibleOrControl', () => {
  it.each(['\u0000', '\u0009', '\u001F', '\u007F', '\u0085', '\u200B', '\u200E', '\u200F', '\u202A', '\u202E', '\u2066', '\u2069', '\u2028', '\uFEFF', '\u00AD'])(
    'finds U+%s anywhere in the text',
    (ch) => {
      expect(hasInvisibleOrControl(`asha${ch}@example.com`)).toBe(true);
      expect(hasInvisibleOrControl(`${ch}Asha`)).toBe(true);
    },
  );

  it('passes ordinary names and addresses, including non-Latin letters', () => {
    for (const text of ['asha.rao@example.com', "D'Souza-Nair", 'José Ñúñez', 'आशा राव', 'Ōsaka']) expect(hasInvisibleOrControl(text)).toBe(false);
  });

  it('passes any printable ASCII', () => {
    fc.assert(fc.property(fc.stringMatching(/^[\x20-\x7e]*$/), (text) => !hasInvisibleOrControl(text)));
  });
});

describe('names on payment forms', () => {
  it('refuses a card name with a bidi override or NUL with a field message', async () => {
    const { SandboxCardSchema } = await import('./booking');
    const card = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' };
    for (const name of ['Rahul\u202E Sharma', 'Rahul\u0000', 'Ra\u200Bhul']) {
      const result = SandboxCardSchema.safeParse({ ...card, name });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Name on card has characters that are not allowed');
    }
    expect(SandboxCardSchema.safeParse({ ...card, name: 'José Ñúñez' }).success).toBe(true);
  });
});
