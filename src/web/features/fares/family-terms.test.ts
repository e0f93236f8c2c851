import { describe, expect, it } from 'vitest';
import type { FamilyOption, FareFamily } from '../../../core/fares';
import { baggageText, cabinBagText, cancelText, changeText, checkedBagText, feeText, mealText, seatText } from './family-terms';

const SAVER: FareFamily = {
  airline: '6E',
  code: '6E.SAVER',
  name: 'Saver',
  tier: 0,
  cabin: 'economy',
  market: 'domestic',
  validFrom: '2025-11-01',
  validTo: null,
  asOf: '2025-11-01',
  approximate: false,
  checkedBag: { pieces: 1, kg: 15 },
  cabinBag: { pieces: 1, kg: 7 },
  seat: 'paid',
  meal: 'none',
  change: {
    allowed: true,
    bands: [
      { fromHoursBefore: 3, toHoursBefore: 72, fee: { kind: 'amount', paise: 350000 } },
      { fromHoursBefore: 72, toHoursBefore: null, fee: { kind: 'amount', paise: 299900 } },
    ],
  },
  cancel: {
    allowed: true,
    bands: [
      { fromHoursBefore: 3, toHoursBefore: 72, fee: { kind: 'amount', paise: 449900 } },
      { fromHoursBefore: 72, toHoursBefore: null, fee: { kind: 'amount', paise: 399900 } },
    ],
  },
  refundsFareDifference: false,
  cutoffMinutes: 180,
  priceFactor: 1,
  addRupees: 0,
};

function option(legs: FareFamily[], conditions: FamilyOption['conditions'] = { changeBeforeDeparture: null, refundBeforeDeparture: null }): FamilyOption {
  return {
    id: legs.map((f) => f.code).join('~'),
    name: legs[0]?.name ?? '',
    tier: 0,
    legs: legs.map((family, legIndex) => ({ legIndex, airline: family.airline, family })),
    totalInr: 5000,
    extraInr: 0,
    conditions,
    rules: [],
  };
}

describe('fare family terms in words', () => {
  it('reads a bag of 0 pieces or none as no checked bag, one piece by its weight, more by pieces and weight each', () => {
    expect(baggageText(null)).toBe('No checked bag');
    expect(baggageText({ pieces: 0, kg: null })).toBe('No checked bag');
    expect(baggageText({ pieces: 1, kg: 15 })).toBe('15 kg');
    expect(baggageText({ pieces: 2, kg: 23 })).toBe('2 pieces, 23 kg each');
    expect(baggageText({ pieces: 2, kg: null })).toBe('2 pieces');
  });

  it('lists a connection’s distinct values once each, in leg order', () => {
    const lite: FareFamily = { ...SAVER, airline: 'IX', code: 'IX.LITE', checkedBag: null, seat: 'standardFree', meal: 'meal' };
    const both = option([SAVER, lite]);
    expect(checkedBagText(both)).toBe('15 kg · No checked bag');
    expect(cabinBagText(both)).toBe('7 kg');
    expect(seatText(both)).toBe('Paid choice (a seat is assigned free at check-in) · Standard seats free');
    expect(mealText(both)).toBe('Food to buy on board · Meal included');
  });

  it('reads change and cancel from the supplier-style conditions when they give a penalty', () => {
    const now = option([SAVER], { changeBeforeDeparture: { allowed: true, penaltyPaise: 299900 }, refundBeforeDeparture: { allowed: true, penaltyPaise: 0 } });
    expect(changeText(now)).toBe('Fee ₹2,999 + fare difference');
    expect(cancelText(now)).toBe('Free');
    const never = option([SAVER], { changeBeforeDeparture: { allowed: false, penaltyPaise: null }, refundBeforeDeparture: { allowed: false, penaltyPaise: null } });
    expect(changeText(never)).toBe('Not allowed');
    expect(cancelText(never)).toBe('Fare not refundable (taxes refunded)');
  });

  it('falls back to the band furthest from departure, adding the legs’ fees up', () => {
    expect(changeText(option([SAVER]))).toBe('Fee ₹2,999 + fare difference');
    expect(cancelText(option([SAVER, SAVER]))).toBe('Fee ₹7,998');
    const free: FareFamily = { ...SAVER, change: { allowed: true, bands: [{ fromHoursBefore: 3, toHoursBefore: null, fee: { kind: 'amount', paise: 0 } }] } };
    expect(changeText(option([free]))).toBe('Free (fare difference extra)');
    const closed: FareFamily = { ...SAVER, cancel: { allowed: false, bands: [] } };
    expect(cancelText(option([SAVER, closed]))).toBe('Fare not refundable (taxes refunded)');
    const percent: FareFamily = { ...SAVER, cancel: { allowed: true, bands: [{ fromHoursBefore: 240, toHoursBefore: null, fee: { kind: 'percentOfBase', percent: 35 } }] } };
    expect(cancelText(option([percent]))).toBe('Fee 35% of the base fare');
    const forfeit: FareFamily = { ...SAVER, cancel: { allowed: true, bands: [{ fromHoursBefore: 0, toHoursBefore: null, fee: { kind: 'forfeit' } }] } };
    expect(cancelText(option([forfeit]))).toBe('Fare not refundable (taxes refunded)');
  });

  it('names each kind of fee', () => {
    expect(feeText({ kind: 'amount', paise: 249900 })).toBe('₹2,499');
    expect(feeText({ kind: 'percentOfBase', percent: 35 })).toBe('35% of the base fare');
    expect(feeText({ kind: 'forfeit' })).toBe('base fare and fuel charge kept');
  });
});
