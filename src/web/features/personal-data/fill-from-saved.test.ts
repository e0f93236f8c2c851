import { describe, expect, it } from 'vitest';
import type { SavedTravellerView } from '../../../core/personal-data';
import { emptyPassenger } from '../booking/passenger-form';
import { fillFromSaved } from './fill-from-saved';

const saved: SavedTravellerView = {
  id: 't1',
  title: 'Ms',
  firstName: 'Asha',
  middleName: null,
  lastName: 'Sharma',
  dob: '2014-12-25',
  mobileNo: '9876543210',
  aadhaarMasked: 'XXXX XXXX 2346',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

describe('filling a passenger card from a saved traveller', () => {
  it('derives the type from the age on the travel date', () => {
    // 11 the day before the twelfth birthday, 12 on it.
    expect(fillFromSaved(emptyPassenger('Adult'), saved, '2026-12-24')).toMatchObject({ type: 'Child', mobileNo: '', firstName: 'Asha' });
    expect(fillFromSaved(emptyPassenger(), saved, '2026-12-25')).toMatchObject({ type: 'Adult', mobileNo: '9876543210' });
    expect(fillFromSaved(emptyPassenger(), { ...saved, dob: '2025-06-01' }, '2026-12-24').type).toBe('Infant');
  });

  it('keeps the card key and never fills Aadhaar (only its last four digits are saved)', () => {
    const draft = emptyPassenger('Adult');
    const filled = fillFromSaved({ ...draft, aadharCard: '234123412346' }, saved, '2026-12-25');
    expect(filled.key).toBe(draft.key);
    expect(filled.aadharCard).toBe('');
  });
});
