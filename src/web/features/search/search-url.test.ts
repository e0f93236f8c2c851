import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { draftFromSearch, localIsoDate, queryFromDraft, resultUrl, roundTripResultUrl, searchApiPath } from './search-url';
import { validateSearch } from './validate-search';
import { codeFromLabel } from '../../components/airport-suggestions';

describe('search URL', () => {
  it('round-trips a search through the results URL', () => {
    const url = resultUrl({ from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'business', adults: 2, children: 0, infants: 1 });
    expect(url).toBe('/result?from=BOM&to=DEL&date=2026-12-24&cabin=business&adults=2&children=0&infants=1');
    const draft = draftFromSearch(url.split('?')[1] ?? '');
    expect(draft).toEqual({ from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'business', adults: '2', children: '0', infants: '1', tripType: 'oneWay', returnDate: '' });
  });

  it('says there is no search when the URL carries none', () => {
    expect(draftFromSearch('')).toBeNull();
    expect(draftFromSearch('sort=cheapest')).toBeNull();
  });

  it('fills defaults for missing counts and class', () => {
    expect(draftFromSearch('from=BOM&to=DEL&date=2026-12-24')).toMatchObject({ cabin: 'economy', adults: '1', children: '0', infants: '0' });
  });

  it('formats the local date', () => {
    expect(localIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('reads the code back from a picked label', () => {
    expect(codeFromLabel('Mumbai (BOM)')).toBe('BOM');
    expect(codeFromLabel('Mumbai')).toBeNull();
  });
});

describe('validateSearch', () => {
  const today = '2026-11-21';
  const blank = { from: '', to: '', date: '', cabin: 'economy', adults: '1', children: '0', infants: '0', tripType: 'oneWay', returnDate: '' };

  it('gives a message per missing or wrong field', () => {
    expect(validateSearch(blank, today)).toEqual({
      ok: false,
      errors: { from: 'Source is required', to: 'Destination is required', date: 'Departure date is required' },
    });
    expect(validateSearch({ ...blank, from: 'BOM', to: 'bom', date: '2026-11-20' }, today)).toEqual({
      ok: false,
      errors: { to: 'Source and destination cannot be same', date: 'Departure date cannot be in the past' },
    });
  });

  it('checks seats and infants', () => {
    const result = validateSearch({ ...blank, from: 'BOM', to: 'DEL', date: today, adults: '1', children: '9', infants: '2' }, today);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['children', 'infants']);
  });

  it('accepts a good search and uppercases codes', () => {
    expect(validateSearch({ ...blank, from: 'bom', to: 'DEL', date: today, adults: '2', infants: '1' }, today)).toEqual({
      ok: true,
      query: { from: 'BOM', to: 'DEL', date: today, cabin: 'economy', adults: 2, children: 0, infants: 1 },
    });
  });
});

describe('round-trip search URL and validation', () => {
  const today = '2026-11-21';
  const draft = { from: 'DEL', to: 'BOM', date: '2026-12-24', cabin: 'economy', adults: '1', children: '0', infants: '0', tripType: 'roundTrip', returnDate: '2026-12-28' };

  it('holds the whole query in the URL', () => {
    const url = roundTripResultUrl({ from: 'DEL', to: 'BOM', date: '2026-12-24', cabin: 'economy', adults: 1, children: 0, infants: 0 }, '2026-12-28');
    expect(url).toBe('/result?from=DEL&to=BOM&date=2026-12-24&cabin=economy&adults=1&children=0&infants=0&tripType=roundTrip&returnDate=2026-12-28');
    expect(draftFromSearch(url.split('?')[1] ?? '')).toEqual(draft);
    expect(searchApiPath(draft)).toBe('/api/search/round-trip?from=DEL&to=BOM&date=2026-12-24&cabin=economy&adults=1&children=0&infants=0&tripType=roundTrip&returnDate=2026-12-28');
    // A one-way search asks the API exactly as before.
    expect(searchApiPath({ ...draft, tripType: 'oneWay', returnDate: '' })).toBe('/api/search?from=DEL&to=BOM&date=2026-12-24&cabin=economy&adults=1&children=0&infants=0');
  });

  it('gives the return date its messages', () => {
    expect(validateSearch({ ...draft, returnDate: '2026-12-23' }, today)).toEqual({ ok: false, errors: { returnDate: 'Return date cannot be before departure date' } });
    expect(validateSearch({ ...draft, returnDate: '' }, today)).toEqual({ ok: false, errors: { returnDate: 'Return date is required' } });
    expect(validateSearch({ ...draft, to: 'DEL', returnDate: '2026-12-24' }, today)).toEqual({ ok: false, errors: { to: 'Source and destination cannot be same' } });
    expect(validateSearch(draft, today)).toEqual({ ok: true, query: { from: 'DEL', to: 'BOM', date: '2026-12-24', cabin: 'economy', adults: 1, children: 0, infants: 0 }, returnDate: '2026-12-28' });
  });
});

describe('queryFromDraft', () => {
  const today = '2026-11-21';

  it('reads a URL the search form wrote', () => {
    const url = resultUrl({ from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'business', adults: 2, children: 1, infants: 1 });
    const draft = draftFromSearch(url.split('?')[1] ?? '');
    expect(draft && queryFromDraft(draft)).toEqual({ from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'business', adults: 2, children: 1, infants: 1 });
  });

  it('leaves anything unusual to the server', () => {
    const base = { from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'economy', adults: '1', children: '0', infants: '0', tripType: 'oneWay', returnDate: '' };
    expect(queryFromDraft({ ...base, from: 'bom' })).toBeNull();
    expect(queryFromDraft({ ...base, to: 'BOM' })).toBeNull();
    expect(queryFromDraft({ ...base, date: '24/12/2026' })).toBeNull();
    expect(queryFromDraft({ ...base, cabin: 'luxury' })).toBeNull();
    expect(queryFromDraft({ ...base, adults: '0' })).toBeNull();
    expect(queryFromDraft({ ...base, infants: '2' })).toBeNull();
    expect(queryFromDraft({ ...base, adults: '5', children: '5' })).toBeNull();
  });

  it('never accepts a search the validator refuses, and agrees on the query it reads', () => {
    const code = fc.constantFrom('BOM', 'DEL', 'bom', 'BLR', 'Delhi', '', 'XX');
    const digit = fc.constantFrom('0', '1', '2', '5', '9', '10', '-1', 'x', '');
    const draft = fc.record({
      from: code,
      to: code,
      date: fc.constantFrom('2026-12-24', '2026-11-21', '2026-02-30', '2027-01-01', '2026-1-5', ''),
      cabin: fc.constantFrom('economy', 'premium', 'business', 'first', 'luxury', ''),
      adults: digit,
      children: digit,
      infants: digit,
      tripType: fc.constant('oneWay'),
      returnDate: fc.constant(''),
    });
    fc.assert(
      fc.property(draft, (d) => {
        const light = queryFromDraft(d);
        if (light === null || light.date < today) return;
        const full = validateSearch(d, today);
        expect(full).toEqual({ ok: true, query: light });
      }),
      { numRuns: 2000 },
    );
  });
});
