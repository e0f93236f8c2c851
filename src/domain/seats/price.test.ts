import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXIT_MIN_AGE, ageOn, priceFor, seatPrices, seatRefusal } from './price';
import { allCabinMaps, cabinMap } from './maps';

const maps = allCabinMaps();
const airlines = ['6E', 'QP', 'AI', 'SG', 'EK', 'IX', 'BA'];
const arb = fc.tuple(fc.constantFrom(...maps), fc.constantFrom(...airlines), fc.double({ min: 0, max: 1, noNaN: true }));

function seatsOf(map: (typeof maps)[number]) {
  return map.rows.flatMap((r, rowIndex) => r.seats.map((s) => ({ code: `${r.row}${s.letter}`, seat: s, rowIndex })));
}

describe('seat price rule', () => {
  it('seats outside economy are included (free)', () => {
    fc.assert(
      fc.property(arb, ([map, airline, share]) => {
        fc.pre(map.cabin !== 'economy');
        for (const price of seatPrices(map, airline, share).values()) expect(price).toEqual({ zone: 'included', pricePaise: 0 });
      }),
    );
  });

  it('zones: exit before XL before the first five rows before standard; standard is free; prices are whole ₹50 inside the airline band', () => {
    fc.assert(
      fc.property(arb, ([map, airline]) => {
        fc.pre(map.cabin === 'economy');
        const prices = seatPrices(map, airline, 0);
        for (const { code, seat, rowIndex } of seatsOf(map)) {
          const p = prices.get(code);
          if (!p) throw new Error(code);
          const freeMiddle = seat.kind === 'middle' && rowIndex !== 0 && !seat.tags.includes('exit');
          const zone = freeMiddle ? 'standard' : seat.tags.includes('exit') ? 'exit' : seat.tags.includes('xl') ? 'xl' : rowIndex < 5 ? 'front' : 'standard';
          expect(p.zone).toBe(zone);
          if (p.zone === 'standard') expect(p.pricePaise).toBe(0);
          else {
            expect(p.pricePaise % 5000).toBe(0);
            expect(p.pricePaise).toBeGreaterThan(0);
          }
          if (airline === '6E' && p.zone === 'exit') expect(p.pricePaise).toBeGreaterThanOrEqual(40000);
          if (airline === '6E' && p.zone === 'exit') expect(p.pricePaise).toBeLessThanOrEqual(60000);
          if (airline === '6E' && p.zone === 'front') expect(p.pricePaise).toBeLessThanOrEqual(40000);
        }
      }),
    );
  });

  it('no paid middle seat except in the first row and exit rows', () => {
    fc.assert(
      fc.property(arb, ([map, airline, share]) => {
        const prices = seatPrices(map, airline, share);
        for (const { code, seat, rowIndex } of seatsOf(map)) {
          if (seat.kind === 'middle' && rowIndex !== 0 && !seat.tags.includes('exit')) expect(prices.get(code)?.pricePaise).toBe(0);
        }
      }),
    );
  });

  it('paid seats are at most 1 − freeShare of the cabin, and the ones kept paid are the dearest', () => {
    fc.assert(
      fc.property(arb, ([map, airline, share]) => {
        const all = seatsOf(map);
        const prices = [...seatPrices(map, airline, share).values()];
        const paid = prices.filter((p) => p.pricePaise > 0);
        expect(paid.length).toBeLessThanOrEqual(Math.floor(all.length * (1 - share)));
        const uncapped = [...seatPrices(map, airline, 0).values()].filter((p) => p.pricePaise > 0).map((p) => p.pricePaise).sort((a, b) => b - a);
        expect(paid.map((p) => p.pricePaise).sort((a, b) => b - a)).toEqual(uncapped.slice(0, paid.length));
      }),
    );
  });

  it('what a passenger pays: nothing with an all-free family, nothing for standard or front seats with a standard-free family, nothing for a child next to its adult, else the price', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('standard', 'front', 'exit', 'xl', 'included' as const),
        fc.integer({ min: 0, max: 300_000 }),
        fc.constantFrom('paid', 'standardFree', 'allFree' as const),
        fc.constantFrom('adult', 'child' as const),
        fc.boolean(),
        (zone, pricePaise, inclusion, type, nextToOwnAdult) => {
          const paid = priceFor({ zone, pricePaise }, { type, inclusion, nextToOwnAdult });
          const free = inclusion === 'allFree' || (inclusion === 'standardFree' && (zone === 'standard' || zone === 'front')) || (type === 'child' && nextToOwnAdult);
          expect(paid).toBe(free ? 0 : pricePaise);
        },
      ),
    );
  });

  it('exit rows only for travellers 15 or over, without an infant on the lap, who accepted the conditions; infants get no seat', () => {
    const map = cabinMap('A20N', 'economy');
    const exit = map?.rows.find((r) => r.row === 12)?.seats[0];
    const plain = map?.rows.find((r) => r.row === 20)?.seats[1];
    if (!exit || !plain) throw new Error('no seats');
    fc.assert(
      fc.property(fc.constantFrom('adult', 'child', 'infant' as const), fc.integer({ min: 0, max: 90 }), fc.boolean(), fc.boolean(), (type, age, withInfant, exitConditionsAccepted) => {
        const who = { type, age, withInfant, exitConditionsAccepted };
        const ok = type !== 'infant' && age >= EXIT_MIN_AGE && !withInfant && exitConditionsAccepted;
        expect(seatRefusal(exit, who) === null).toBe(ok);
        expect(seatRefusal(plain, who) === null).toBe(type !== 'infant');
        if (!ok) expect(seatRefusal(exit, who)).toMatch(/[a-z]{3}/);
      }),
    );
  });

  it('ages in whole years on the travel date', () => {
    expect(ageOn('2010-05-01', '2025-04-30')).toBe(14);
    expect(ageOn('2010-05-01', '2025-05-01')).toBe(15);
  });
});
