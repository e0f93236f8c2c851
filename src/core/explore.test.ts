import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPLORE_PAGE_SIZE,
  applyExploreView,
  discountBadge,
  hasMoreRoutes,
  matchesPrice,
  matchesSearch,
  parseExploreParams,
  pickDeals,
  routesFoundLabel,
  routeTitle,
  savingPercent,
  sortRoutes,
  visibleCount,
} from './explore';
import type { ExploreRoute } from './explore-schemas';

function route(id: string, patch: Partial<ExploreRoute> = {}): ExploreRoute {
  return {
    id,
    name: 'New Delhi',
    name2: 'Mumbai',
    from: 'DEL',
    to: 'BOM',
    description: '',
    rating: 4.5,
    price: 5000,
    priceDate: '2026-12-01',
    typicalPrice: 6000,
    savingPercent: 16,
    durationMinutes: 140,
    international: false,
    art: 'city',
    ...patch,
  };
}

const catalogue = [
  route('del-bom', { name: 'New Delhi', name2: 'Mumbai', price: 4386, rating: 4.6, durationMinutes: 140, savingPercent: 21 }),
  route('bom-goi', { name: 'Mumbai', name2: 'Goa', price: 3371, rating: 4.8, durationMinutes: 80, savingPercent: 22 }),
  route('lhr-cdg', { name: 'London', name2: 'Paris', price: 10000, rating: 4.6, durationMinutes: 75, savingPercent: 5 }),
  route('del-lhr', { name: 'New Delhi', name2: 'London', price: 29701, rating: 4.5, durationMinutes: 590, savingPercent: 26 }),
  route('del-jfk', { name: 'New Delhi', name2: 'New York', price: 51501, rating: 4.4, durationMinutes: 935, savingPercent: 0 }),
  route('bom-mle', { name: 'Mumbai', name2: 'Male', price: null, rating: 4.9, durationMinutes: 170, savingPercent: 0 }),
  route('del-sxr', { name: 'New Delhi', name2: 'Srinagar', price: 20000, rating: 4.9, durationMinutes: 95, savingPercent: 23 }),
];

describe('Explore search', () => {
  it.each([
    ['', 7],
    ['delhi', 4],
    ['DELHI', 4],
    ['par', 1],
    ['  goa ', 1],
    ['london', 2],
    ['tokyo', 0],
  ])('"%s" keeps %i routes (case-insensitive substring on origin or destination)', (search, n) => {
    expect(catalogue.filter((r) => matchesSearch(r, search))).toHaveLength(n);
  });

  it('does not match the description', () => {
    expect(matchesSearch(route('x', { description: 'Paris' , name: 'A', name2: 'B' }), 'paris')).toBe(false);
  });
});

describe('Explore price filter', () => {
  it.each([
    ['all', 7],
    ['10000', 3],
    ['20000', 4],
    ['30000', 5],
  ] as const)('%s keeps %i routes (price at most the bound; no fare only under All Prices)', (filter, n) => {
    expect(catalogue.filter((r) => matchesPrice(r, filter))).toHaveLength(n);
  });

  it('keeps a route priced exactly at the bound', () => {
    expect(matchesPrice(route('x', { price: 10000 }), '10000')).toBe(true);
    expect(matchesPrice(route('x', { price: 10001 }), '10000')).toBe(false);
  });
});

describe('Explore sort', () => {
  it('Popular keeps catalogue order', () => {
    expect(sortRoutes(catalogue, 'popular').map((r) => r.id)).toEqual(catalogue.map((r) => r.id));
  });
  it('Price is ascending with no-fare routes last', () => {
    expect(sortRoutes(catalogue, 'price').map((r) => r.id)).toEqual(['bom-goi', 'del-bom', 'lhr-cdg', 'del-sxr', 'del-lhr', 'del-jfk', 'bom-mle']);
  });
  it('Rating is descending, ties in catalogue order', () => {
    expect(sortRoutes(catalogue, 'rating').map((r) => r.id)).toEqual(['bom-mle', 'del-sxr', 'bom-goi', 'del-bom', 'lhr-cdg', 'del-lhr', 'del-jfk']);
  });
  it('Duration is ascending by minutes, not by text ("9h" after "10h" as a string)', () => {
    expect(sortRoutes(catalogue, 'duration').map((r) => r.durationMinutes)).toEqual([75, 80, 95, 140, 170, 590, 935]);
  });
  it('never loses or adds routes, whatever the view', () => {
    fc.assert(
      fc.property(fc.constantFrom('popular', 'price', 'rating', 'duration' as const), fc.string(), fc.constantFrom('all', '10000', '20000', '30000' as const), (sort, search, price) => {
        const out = applyExploreView(catalogue, { sort, search, price });
        const expected = catalogue.filter((r) => matchesSearch(r, search) && matchesPrice(r, price));
        expect(out.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
      }),
    );
  });
});

describe('Explore paging', () => {
  it('shows 6, then 6 more per Load More Routes, while more remain', () => {
    expect(EXPLORE_PAGE_SIZE).toBe(6);
    expect(visibleCount(0)).toBe(6);
    expect(visibleCount(1)).toBe(12);
    expect(visibleCount(3)).toBe(24);
    expect(hasMoreRoutes(24, 6)).toBe(true);
    expect(hasMoreRoutes(24, 24)).toBe(false);
    expect(hasMoreRoutes(5, 6)).toBe(false);
    expect(hasMoreRoutes(6, 6)).toBe(false);
    expect(hasMoreRoutes(7, 6)).toBe(true);
  });
  it('labels the count and the titles as the page shows them', () => {
    expect(routesFoundLabel(24)).toBe('24 routes found');
    expect(routeTitle({ name: 'London', name2: 'Paris' })).toBe('London → Paris');
  });
});

describe('Explore deals', () => {
  it('saving is the whole percent below the typical fare, 0 when not below', () => {
    expect(savingPercent(7000, 10000)).toBe(30);
    expect(savingPercent(7001, 10000)).toBe(29);
    expect(savingPercent(10000, 10000)).toBe(0);
    expect(savingPercent(12000, 10000)).toBe(0);
    expect(savingPercent(null, 10000)).toBe(0);
    expect(discountBadge(30)).toBe('30% OFF');
  });
  it('picks the three largest real savings, never a route without one', () => {
    expect(pickDeals(catalogue).map((r) => r.id)).toEqual(['del-lhr', 'del-sxr', 'bom-goi']);
    expect(pickDeals(catalogue.filter((r) => r.savingPercent < 6)).map((r) => r.id)).toEqual(['lhr-cdg']);
  });
});

describe('Explore address', () => {
  it('reads the view, tab and open route from the query string; junk falls back to defaults', () => {
    expect(parseExploreParams('?route=lhr-cdg')).toEqual({ view: { search: '', sort: 'popular', price: 'all' }, routeId: 'lhr-cdg', tab: 'routes', track: null });
    expect(parseExploreParams('?sort=price&price=20000&q=goa&tab=deals')).toEqual({ view: { search: 'goa', sort: 'price', price: '20000' }, routeId: null, tab: 'deals', track: null });
    expect(parseExploreParams('?sort=cheap&price=5&route=../x&track=<script>')).toEqual({ view: { search: '', sort: 'popular', price: 'all' }, routeId: null, tab: 'routes', track: null });
    expect(parseExploreParams('?track=6E2134').track).toBe('6E2134');
  });
});
