import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PASSENGER_MESSAGES,
  ageOn,
  isValidAadhaar,
  isValidIndianMobile,
  isValidUpiId,
  isVerhoeffValid,
  maskAadhaar,
  seatCount,
  validatePassengers,
  verhoeffCheckDigit,
} from './booking';

const TRAVEL = '2026-12-24';
const adult = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210' };

describe('Verhoeff and Aadhaar', () => {
  it('accepts the textbook example 236 → 2363', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('2364')).toBe(false);
  });

  it('a number with its check digit appended is always valid, and any single digit change is caught', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{10}$/), fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 9 }), (body, pos, delta) => {
        const full = `${body}${verhoeffCheckDigit(body)}`;
        expect(isValidAadhaar(full)).toBe(true);
        const digit = (Number(full[pos]) + delta) % 10;
        const changed = `${full.slice(0, pos)}${digit}${full.slice(pos + 1)}`;
        expect(isVerhoeffValid(changed)).toBe(false);
      }),
    );
  });

  it('rejects Aadhaar numbers starting 0 or 1 and wrong lengths', () => {
    const body = '03412341234';
    expect(isValidAadhaar(`${body}${verhoeffCheckDigit(body)}`)).toBe(false);
    expect(isValidAadhaar('23412341234')).toBe(false);
    expect(isValidAadhaar('234123412346')).toBe(true);
  });

  it('masks to the last four digits', () => {
    expect(maskAadhaar('2346')).toBe('XXXX XXXX 2346');
  });
});

describe('mobile and UPI', () => {
  it('accepts 10 digits starting 6–9 only', () => {
    expect(isValidIndianMobile('9876543210')).toBe(true);
    expect(isValidIndianMobile('6000000000')).toBe(true);
    expect(isValidIndianMobile('5876543210')).toBe(false);
    expect(isValidIndianMobile('987654321')).toBe(false);
  });

  it('UPI ids look like name@bank', () => {
    expect(isValidUpiId('success@sandbox')).toBe(true);
    expect(isValidUpiId('rahul.s-1@okicici')).toBe(true);
    expect(isValidUpiId('rahul')).toBe(false);
    expect(isValidUpiId('a@b')).toBe(false);
    expect(isValidUpiId('rahul@ok1')).toBe(false);
  });
});

describe('passengers', () => {
  it('accepts a valid adult and drops mobile/Aadhaar where the form disables them', () => {
    const result = validatePassengers(
      [adult, { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '2025-06-01', type: 'Infant', mobileNo: '9876543210', aadharCard: '234123412346' }],
      TRAVEL,
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.passengers[1]?.mobileNo).toBeUndefined();
      expect(result.passengers[1]?.aadharCard).toBeUndefined();
    }
  });

  it('answers a required-field message per empty field, keyed passengers.i.field', () => {
    const result = validatePassengers([{ title: '', firstName: '', lastName: ' ', dob: '', type: '', mobileNo: '', aadharCard: '' }], TRAVEL);
    expect(result).toEqual({
      ok: false,
      fields: {
        'passengers.0.title': 'Title is required',
        'passengers.0.firstName': 'First name is required',
        'passengers.0.lastName': 'Last name is required',
        'passengers.0.dob': 'Date of birth is required',
        'passengers.0.type': 'Passenger type is required',
      },
    });
  });

  it.each([
    [{ mobileNo: '' }, 'passengers.0.mobileNo', PASSENGER_MESSAGES.mobileRequired],
    [{ mobileNo: '98765' }, 'passengers.0.mobileNo', 'Mobile number must be 10 digits'],
    [{ mobileNo: '1234567890' }, 'passengers.0.mobileNo', 'Enter a valid Indian mobile number'],
    [{ aadharCard: '1234' }, 'passengers.0.aadharCard', 'Aadhar card must be 12 digits'],
    [{ aadharCard: '234123412345' }, 'passengers.0.aadharCard', 'Enter a valid Aadhaar number'],
    [{ dob: '2015-01-01' }, 'passengers.0.dob', 'An adult must be 12 or older on the travel date'],
    [{ dob: '2027-01-01' }, 'passengers.0.dob', PASSENGER_MESSAGES.dobAfterTravel],
    [{ dob: '2026-02-30' }, 'passengers.0.dob', PASSENGER_MESSAGES.dobInvalid],
  ])('adult with %o → %s: %s', (change, key, message) => {
    const result = validatePassengers([{ ...adult, ...change }], TRAVEL);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields[key]).toBe(message);
  });

  it('checks age against the travel date, birthday inclusive', () => {
    // Turns 12 exactly on the travel date: an adult, no longer a child.
    expect(validatePassengers([{ ...adult, dob: '2014-12-24' }], TRAVEL).ok).toBe(true);
    const child = { ...adult, type: 'Child', dob: '2014-12-24', mobileNo: undefined };
    const asChild = validatePassengers([adult, child], TRAVEL);
    expect(asChild.ok).toBe(false);
    if (!asChild.ok) expect(asChild.fields['passengers.1.dob']).toBe('A child must be 2 to 11 on the travel date');
    expect(validatePassengers([adult, { ...child, dob: '2014-12-25' }], TRAVEL).ok).toBe(true);
    const infant = { ...adult, type: 'Infant', dob: '2024-12-24', mobileNo: undefined };
    const asInfant = validatePassengers([adult, infant], TRAVEL);
    if (!asInfant.ok) expect(asInfant.fields['passengers.1.dob']).toBe('An infant must be under 2 on the travel date');
    expect(asInfant.ok).toBe(false);
    expect(ageOn('2024-02-29', '2026-02-28')).toBe(1);
  });

  it('needs an adult, at most one infant per adult and at most 9 passengers', () => {
    const child = { ...adult, type: 'Child', dob: '2018-01-01', mobileNo: undefined };
    const infant = { ...adult, type: 'Infant', dob: '2026-01-01', mobileNo: undefined };
    expect(validatePassengers([child], TRAVEL)).toEqual({ ok: false, fields: { passengers: 'At least one adult must travel' } });
    expect(validatePassengers([adult, infant, infant], TRAVEL)).toEqual({ ok: false, fields: { passengers: 'Each infant must travel with an adult' } });
    const tooMany = validatePassengers(Array.from({ length: 10 }, () => adult), TRAVEL);
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.fields.passengers).toBe('At most 9 passengers per booking');
  });

  it('infants take no seat', () => {
    expect(seatCount([{ type: 'Adult' }, { type: 'Child' }, { type: 'Infant' }])).toBe(2);
  });
});
