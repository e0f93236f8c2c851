import { describe, expect, it } from 'vitest';
import { validatePassengers } from '../../../core/booking';
import type { ItineraryPrice } from '../../../core/search';
import { digitsOnly, emptyPassenger, initialPassengers, runningTotal, toPassengerInput, updatePassenger, validateForm } from './passenger-form';

const price: ItineraryPrice = {
  currency: 'INR',
  perPassenger: { adult: { baseFare: 4000, taxesAndFees: 800, total: 4800 }, infant: { baseFare: 1000, taxesAndFees: 200, total: 1200 } },
  total: { baseFare: 9000, taxesAndFees: 1800, total: 10800 },
};

describe('passenger form', () => {
  it('starts the first passenger as Adult and added ones empty', () => {
    expect(emptyPassenger('Adult').type).toBe('Adult');
    expect(emptyPassenger().type).toBe('');
    expect(initialPassengers(null).map((p) => p.type)).toEqual(['Adult']);
  });

  it('creates one card per searched traveller, adults first', () => {
    expect(initialPassengers({ adults: 2, children: 1, infants: 1 }).map((p) => p.type)).toEqual(['Adult', 'Adult', 'Child', 'Infant']);
  });

  it('gives each card its own key', () => {
    const keys = initialPassengers({ adults: 3, children: 0, infants: 0 }).map((p) => p.key);
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps only digits and caps mobile at 10 and Aadhar at 12', () => {
    expect(digitsOnly('98a76-543210 99', 10)).toBe('9876543210');
    const p = updatePassenger(updatePassenger(emptyPassenger('Adult'), 'mobileNo', '+91 98765 43210'), 'aadharCard', '2341 2341 2346 789');
    expect(p.mobileNo).toBe('9198765432');
    expect(p.aadharCard).toBe('234123412346');
  });

  it('clears mobile when switching to Child, and Aadhar too when switching to Infant', () => {
    const adult = { ...emptyPassenger('Adult'), mobileNo: '9876543210', aadharCard: '234123412346' };
    const child = updatePassenger(adult, 'type', 'Child');
    expect(child.mobileNo).toBe('');
    expect(child.aadharCard).toBe('234123412346');
    const infant = updatePassenger(adult, 'type', 'Infant');
    expect(infant.mobileNo).toBe('');
    expect(infant.aadharCard).toBe('');
    expect(updatePassenger(adult, 'type', 'Adult').mobileNo).toBe('9876543210');
  });

  it('totals the per-type all-in fares and reports types the search did not price', () => {
    const total = runningTotal(price, [{ type: 'Adult' }, { type: 'Adult' }, { type: 'Infant' }, { type: '' }]);
    expect(total.total).toBe(4800 * 2 + 1200);
    expect(total.counts).toEqual({ Adult: 2, Child: 0, Infant: 1 });
    expect(total.unpriced).toEqual([]);
    expect(runningTotal(price, [{ type: 'Adult' }, { type: 'Child' }]).unpriced).toEqual(['Child']);
  });

  it("prices the types the search did not with the server's quote, keeping the fares the search showed", () => {
    const quoted: ItineraryPrice = {
      currency: 'INR',
      perPassenger: { adult: { baseFare: 4100, taxesAndFees: 820, total: 4920 }, child: { baseFare: 3000, taxesAndFees: 600, total: 3600 } },
      total: { baseFare: 7100, taxesAndFees: 1420, total: 8520 },
    };
    const total = runningTotal(price, [{ type: 'Adult' }, { type: 'Child' }, { type: 'Child' }], quoted);
    expect(total.unpriced).toEqual([]);
    // The adult fare stays the one the traveller saw: a real change is the hold's to report.
    expect(total.fares).toEqual({ Adult: 4800, Child: 3600, Infant: null });
    expect(total.total).toBe(4800 + 3600 * 2);
  });

  it('gives a required-field message per empty field of a blank card through the shared validator', () => {
    const result = validatePassengers([toPassengerInput(emptyPassenger())], '2026-12-24');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toMatchObject({
      'passengers.0.title': 'Title is required',
      'passengers.0.firstName': 'First name is required',
      'passengers.0.lastName': 'Last name is required',
      'passengers.0.dob': 'Date of birth is required',
      'passengers.0.type': 'Passenger type is required',
    });
  });

  it('accepts a complete adult', () => {
    const adult = { ...emptyPassenger('Adult'), title: 'Mr' as const, firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', mobileNo: '9876543210' };
    expect(validatePassengers([toPassengerInput(adult)], '2026-12-24').ok).toBe(true);
  });

  it('reports the mobile and digit rules on the first try, beside the missing fields', () => {
    const result = validateForm([{ ...emptyPassenger('Adult') }, { ...emptyPassenger('Child'), aadharCard: '12345' }], '2026-12-24');
    expect(result.ok).toBe(false);
    expect(result.fields['passengers.0.mobileNo']).toBe('Mobile number is required for adults');
    expect(result.fields['passengers.0.title']).toBe('Title is required');
    expect(result.fields['passengers.1.aadharCard']).toBe('Aadhar card must be 12 digits');
    expect(result.fields['passengers.1.mobileNo']).toBeUndefined();
  });

  it('passes what the shared validator passes', () => {
    const adult = { ...emptyPassenger('Adult'), title: 'Mrs' as const, firstName: 'Asha', lastName: 'Rao', dob: '1985-01-02', mobileNo: '9123456780' };
    expect(validateForm([adult], '2026-12-24')).toEqual({ ok: true, fields: {} });
    const short = { ...adult, mobileNo: '91234' };
    expect(validateForm([short], '2026-12-24').fields['passengers.0.mobileNo']).toBe('Mobile number must be 10 digits');
  });
});
