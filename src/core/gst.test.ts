import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_MESSAGES, GST_STATES, financialYearOf, gstinCheckCharacter, isValidGstin, validateGstDetails } from './gst';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');

/** Any well-formed GSTIN body (first 14 characters) with a known state code. */
const gstinBody = fc
  .tuple(
    fc.constantFrom(...Object.keys(GST_STATES)),
    fc.array(letter, { minLength: 5, maxLength: 5 }),
    fc.array(digit, { minLength: 4, maxLength: 4 }),
    letter,
    fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  )
  .map(([state, pan, digits, last, entity]) => `${state}${pan.join('')}${digits.join('')}${last}${entity}Z`);

describe('GSTIN validator', () => {
  it('accepts published GSTINs and computes their check characters', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
  });

  it('refuses a bad check character, an unknown state, a wrong shape or lower case', () => {
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    expect(isValidGstin('39AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('00AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1YV')).toBe(false);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
  });

  it('every body with its check character is valid', () => {
    fc.assert(fc.property(gstinBody, (body) => isValidGstin(`${body}${gstinCheckCharacter(body)}`)), { numRuns: 2000 });
  });

  it('every single-character corruption of a valid GSTIN is rejected', () => {
    fc.assert(
      fc.property(gstinBody, (body) => {
        const valid = `${body}${gstinCheckCharacter(body)}`;
        for (let position = 0; position < 15; position++) {
          for (const ch of `${ALPHABET}az-* `) {
            if (ch === valid[position]) continue;
            const corrupted = `${valid.slice(0, position)}${ch}${valid.slice(position + 1)}`;
            if (isValidGstin(corrupted)) return false;
          }
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('the form and the API say "Enter a valid GSTIN" for a bad check character', () => {
    const result = validateGstDetails({ gstin: '27AAPFU0939F1ZA', registeredName: 'Udaan Traders LLP', registeredAddress: '12 Marine Drive, Mumbai' });
    expect(result).toEqual({ ok: false, fields: { gstin: GST_MESSAGES.gstinInvalid } });
    expect(GST_MESSAGES.gstinInvalid).toBe('Enter a valid GSTIN');
    const ok = validateGstDetails({ gstin: ' 27aapfu0939f1zv ', registeredName: 'Udaan Traders LLP', registeredAddress: '12 Marine Drive, Mumbai' });
    expect(ok.ok && ok.details.gstin).toBe('27AAPFU0939F1ZV');
  });

  it('names the Indian financial year (April to March)', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });
});
