import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RECOMMENDATIONS } from '../../core/recommendations';
import { type PricedDestination, pickRecommendations } from './recommendations';

const dest = (name: string, price: number, typicalPrice: number): PricedDestination => ({
  code: name.slice(0, 3).toUpperCase(),
  name,
  price,
  priceDate: '2026-12-01',
  typicalPrice,
  savings: Math.max(0, typicalPrice - price),
  savingPercent: price < typicalPrice ? Math.floor(((typicalPrice - price) / typicalPrice) * 100) : 0,
  image: 'city',
  season: 'Best season',
});

describe('pickRecommendations', () => {
  it('keeps only destinations at or below the budget, biggest saving first, at most 4', () => {
    const priced = [dest('Goa', 4_000, 5_000), dest('Leh', 9_000, 15_000), dest('Dubai', 21_000, 30_000), dest('Jaipur', 20_000, 20_000), dest('Kochi', 3_000, 3_300), dest('Agra', 2_500, 2_600)];
    expect(pickRecommendations(priced, 20_000).map((r) => r.name)).toEqual(['Leh', 'Goa', 'Kochi', 'Agra']);
    expect(pickRecommendations(priced, 3_000).map((r) => r.name)).toEqual(['Kochi', 'Agra']);
    expect(pickRecommendations(priced, 1_000)).toEqual([]);
  });

  it('a fare exactly at the budget counts', () => {
    expect(pickRecommendations([dest('Jaipur', 20_000, 20_000)], 20_000).map((r) => r.name)).toEqual(['Jaipur']);
  });

  it('equals brute force: the best 4 under the budget by saving, then price, then name', () => {
    const arb = fc.array(fc.record({ name: fc.constantFrom('Goa', 'Leh', 'Agra', 'Kochi', 'Dubai', 'Male', 'Bali', 'Jaipur'), price: fc.integer({ min: 1_000, max: 50_000 }), typical: fc.integer({ min: 1_000, max: 60_000 }) }), { maxLength: 12 });
    fc.assert(
      fc.property(arb, fc.integer({ min: 1_000, max: 60_000 }), (rows, budget) => {
        const priced = rows.map((r) => dest(r.name, r.price, r.typical));
        const picked = pickRecommendations(priced, budget);
        const eligible = priced.filter((d) => d.price <= budget);
        expect(picked.length).toBe(Math.min(MAX_RECOMMENDATIONS, eligible.length));
        for (const p of picked) expect(p.price).toBeLessThanOrEqual(budget);
        // Nothing left out beats anything picked.
        const rank = (d: PricedDestination) => [-d.savingPercent, d.price] as const;
        const worst = picked[picked.length - 1];
        for (const d of eligible.filter((e) => !picked.includes(e))) {
          if (!worst) continue;
          const [a1, a2] = rank(d);
          const [b1, b2] = rank(worst);
          expect(a1 > b1 || (a1 === b1 && a2 >= b2)).toBe(true);
        }
      }),
    );
  });
});
