import { describe, expect, it } from 'vitest';
import { cardFields } from './member-passenger-form';

describe('cardFields', () => {
  it('maps the server keys of a member passenger onto the card', () => {
    expect(cardFields({ 'passenger.firstName': 'First name is required', 'passengers.0.mobileNo': 'Mobile number must be 10 digits', 'passenger.0.dob': 'Date of birth is required' })).toEqual({
      'passengers.0.firstName': 'First name is required',
      'passengers.0.mobileNo': 'Mobile number must be 10 digits',
      'passengers.0.dob': 'Date of birth is required',
    });
  });
});
