import { describe, expect, it } from 'vitest';
import { CABINS } from '../../../core/search-options';
import { seatMapSchema } from '../../../core/seats';
import { AIRCRAFT } from '../../world/airlines';
import { allCabinMaps, cabinMap, seatCodes } from '.';

describe('seat-map data', () => {
  it('every aircraft type has a map per cabin whose seat count equals its capacity, and none for a cabin it lacks', () => {
    for (const aircraft of Object.values(AIRCRAFT)) {
      for (const cabin of CABINS) {
        const capacity = aircraft.layout[cabin] ?? 0;
        const map = cabinMap(aircraft.id, cabin);
        if (capacity === 0) expect(map, `${aircraft.id} ${cabin}`).toBeUndefined();
        else expect(map ? seatCodes(map).length : 0, `${aircraft.id} ${cabin}`).toBe(capacity);
      }
    }
  });

  it('letters are valid (no I), each in one block, seat codes unique across an aircraft, rows ascending and cabins front to back', () => {
    for (const aircraft of Object.values(AIRCRAFT)) {
      const codes = new Set<string>();
      let lastRow = 0;
      for (const cabin of ['first', 'business', 'premium', 'economy'] as const) {
        const map = cabinMap(aircraft.id, cabin);
        if (!map) continue;
        expect(seatMapSchema.parse(map)).toEqual(map);
        const letters = map.blocks.flat();
        expect(new Set(letters).size).toBe(letters.length);
        expect(letters).not.toContain('I');
        for (const row of map.rows) {
          if (map.deck === 'main') expect(row.row).toBeGreaterThan(lastRow);
          lastRow = Math.max(lastRow, row.row);
          for (const seat of row.seats) {
            expect(letters).toContain(seat.letter);
            const code = `${row.row}${seat.letter}`;
            expect(codes.has(code), code).toBe(false);
            codes.add(code);
          }
        }
      }
    }
  });

  it('the first and last seat of every full row are windows, and every row has at least one window or aisle seat', () => {
    for (const map of allCabinMaps()) {
      const width = map.blocks.flat().length;
      for (const row of map.rows) {
        if (row.seats.length === width) {
          expect(row.seats[0]?.kind).toBe('window');
          expect(row.seats[width - 1]?.kind).toBe('window');
        }
        expect(row.seats.some((s) => s.kind !== 'middle')).toBe(true);
      }
    }
  });

  it('IndiGo A320neo: 31 rows of ABC DEF, XL rows 1, 12, 13 and exits 12–13', () => {
    const map = cabinMap('A20N', 'economy');
    expect(map?.rows.length).toBe(31);
    const tagged = (tag: 'xl' | 'exit') => map?.rows.filter((r) => r.seats.every((s) => s.tags.includes(tag))).map((r) => r.row);
    expect(tagged('xl')).toEqual([1, 12, 13]);
    expect(tagged('exit')).toEqual([12, 13]);
    expect(map?.rows[0]?.seats.map((s) => s.kind)).toEqual(['window', 'middle', 'aisle', 'aisle', 'middle', 'window']);
  });
});
