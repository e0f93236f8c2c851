import fc from 'fast-check';
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

  it('ignores news older than the row it holds, and identical news changes nothing', () => {
    const view = new InventoryView();
    const seen: number[] = [];
    view.subscribe((entries) => seen.push(...entries.map((e) => e.available)));
    view.applyChange('AI101@2026-12-01', 'economy', { available: 8, held: 2, sold: 5, version: 7 });
    // This process's own commit arriving back as a notification, then an older commit's notification.
    view.applyChange('AI101@2026-12-01', 'economy', { available: 8, held: 2, sold: 5, version: 7 });
    view.applyChange('AI101@2026-12-01', 'economy', { available: 10, held: 0, sold: 5, version: 6 });
    expect(view.get('AI101@2026-12-01', 'economy', 15)).toEqual({ capacity: 15, available: 8, held: 2, sold: 5 });
    expect(view.version).toBe(1);
    expect(seen).toEqual([8]);
    view.applyChange('AI101@2026-12-01', 'economy', { available: 7, held: 3, sold: 5, version: 8 });
    expect(view.availableOf('AI101', '2026-12-01', 'economy', 15)).toBe(7);
    expect(seen).toEqual([8, 7]);
  });

  it('ends on the newest version of every row, whatever order the news arrives in, and never goes back', () => {
    // Each row's history is a run of versions; deliveries interleave rows and repeat or reorder news
    // (a commit applied by this process, then its notification, then a late older one).
    const history = fc.array(fc.record({ row: fc.integer({ min: 0, max: 3 }), available: fc.integer({ min: 0, max: 50 }) }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(history, fc.infiniteStream(fc.integer({ min: 0, max: 2 })), (writes, delays) => {
        const versions = new Map<number, number>();
        const changes = writes.map((w) => {
          const version = (versions.get(w.row) ?? 0) + 1;
          versions.set(w.row, version);
          return { flightId: `AI10${w.row}@2026-12-01`, change: { available: w.available, held: 0, sold: 50 - w.available, version } };
        });
        // Deliver each change at its position plus a random delay, some of them twice.
        const deliveries = changes.flatMap((c, i) => {
          const delay = delays.next().value;
          return delay === 2 ? [{ at: i, c }, { at: i + 3, c }] : [{ at: i + delay, c }];
        });
        deliveries.sort((a, b) => a.at - b.at);
        const view = new InventoryView();
        const newest = new Map<string, number>();
        for (const { c } of deliveries) {
          view.applyChange(c.flightId, 'economy', c.change);
          newest.set(c.flightId, Math.max(newest.get(c.flightId) ?? 0, c.change.version));
          const held = view.entries().find((e) => e.flightId === c.flightId);
          expect(held?.version).toBe(newest.get(c.flightId));
        }
        for (const [row, version] of versions) {
          const last = changes.filter((c) => c.flightId === `AI10${row}@2026-12-01`).find((c) => c.change.version === version);
          expect(view.availableOf(`AI10${row}`, '2026-12-01', 'economy', 50)).toBe(last?.change.available);
        }
      }),
    );
  });
});
