import { ageOn, kindForAge } from '../../../core/booking';
import type { SavedTravellerView } from '../../../core/personal-data';
import type { PassengerDraft } from '../booking/passenger-form';

/**
 * A passenger card filled from a saved traveller: names, title and date of birth as saved, the
 * type their age gives on the travel date, the mobile for an adult. Aadhaar stays empty: only its
 * last four digits are saved, and the booking needs all twelve (it is optional).
 * @example fillFromSaved(draft, saved, '2026-12-24').type // 'Adult'
 */
export function fillFromSaved(draft: PassengerDraft, saved: SavedTravellerView, travelDate: string): PassengerDraft {
  const type = saved.dob <= travelDate ? kindForAge(ageOn(saved.dob, travelDate)) : '';
  return {
    key: draft.key,
    title: saved.title,
    firstName: saved.firstName,
    middleName: saved.middleName ?? '',
    lastName: saved.lastName,
    dob: saved.dob,
    type,
    mobileNo: type === 'Adult' ? (saved.mobileNo ?? '') : '',
    aadharCard: '',
  };
}

/** "Asha Sharma" */
export const travellerName = (t: Pick<SavedTravellerView, 'firstName' | 'lastName'>) => `${t.firstName} ${t.lastName}`;
