import { describe, expect, it } from 'vitest';
import { InventoryView } from './view';

describe('InventoryView', () => {
  it('answers a flight-date by id and by its parts alike, full capacity when untouched', () => {
    const view = new InventoryView();
    expect(view.get('6E2134@2026-12-24', 'economy', 186)).toEqual({ capacity: 186, available: 186, held: 0, sold: 0 });
    expect(view.availableOf('6E2134', '2026-12-24', 'economy', 186)).toBe(186);
    view.applyChange('6E2134@2026-12-24', 'economy', { available: 4, held: 2, sold: 180 });
    expect(view.get('6E2134@2026-12-24', 'economy', 186)).toEqual({ capacity: 186, available: 4, held: 2, sold: 180 });
    expect(view.availableOf('6E2134', '2026-12-24', 'economy', 186)).toBe(4);
    // Other cabins and dates of the same flight number are separate rows.
    expect(view.availableOf('6E2134', '2026-12-24', 'business', 12)).toBe(12);
    expect(view.availableOf('6E2134', '2026-12-25', 'economy', 186)).toBe(186);
  });

  it('hands out every row it holds, the latest counts once each, with the ids it was given', () => {
    const view = new InventoryView();
    const seen: string[] = [];
    view.subscribe((entries) => seen.push(...entries.map((e) => `${e.flightId}|${e.cabin}|${e.available}`)));
    view.applyChange('AI101@2026-12-01', 'economy', { available: 10, held: 0, sold: 5 });
    view.applyChange('AI101@2026-12-01', 'economy', { available: 9, held: 1, sold: 5 });
    view.applyChange('AI101@2026-12-01', 'business', { available: 3, held: 0, sold: 0 });
    view.applyChange('odd-id', 'economy', { available: 1, held: 0, sold: 0 });
    expect(seen).toEqual(['AI101@2026-12-01|economy|10', 'AI101@2026-12-01|economy|9', 'AI101@2026-12-01|business|3', 'odd-id|economy|1']);
    const copy = new InventoryView();
    for (const e of view.entries()) copy.applyChange(e.flightId, e.cabin, e);
    expect(copy.entries()).toHaveLength(3);
    expect(copy.get('AI101@2026-12-01', 'economy', 15)).toEqual({ capacity: 15, available: 9, held: 1, sold: 5 });
    expect(copy.get('odd-id', 'economy', 5)).toEqual({ capacity: 1, available: 1, held: 0, sold: 0 });
    expect(copy.version).toBe(3);
  });
});
