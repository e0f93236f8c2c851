import type { Cabin } from '../../../core/search';
import type { Seat, SeatKind, SeatMap, SeatTag } from '../../../core/seats';
import { AIRCRAFT } from '../../world/airlines';
import { type CabinSpec, SEAT_SPECS } from './specs';

/**
 * Where a seat sits: the first and last seat of a row are by a window, a seat at the edge of a block
 * next to an aisle is an aisle seat, the rest are middle seats. A block of one seat (a suite) is a
 * window seat at the sides and an aisle seat in the centre.
 */
function kindOf(blocks: readonly string[], blockIndex: number, position: number): SeatKind {
  const block = blocks[blockIndex] ?? '';
  const first = blockIndex === 0 && position === 0;
  const last = blockIndex === blocks.length - 1 && position === block.length - 1;
  if (first || last) return 'window';
  if (position === 0 || position === block.length - 1) return 'aisle';
  return 'middle';
}

function tagsOf(spec: CabinSpec, row: number): SeatTag[] {
  const tags: SeatTag[] = [];
  if (spec.exitRows?.includes(row)) tags.push('exit');
  if (spec.xlRows?.includes(row)) tags.push('xl');
  if (spec.bassinetRows?.includes(row)) tags.push('bassinet');
  if (spec.noReclineRows?.includes(row)) tags.push('noRecline');
  return tags;
}

function buildCabin(aircraftId: string, approximate: boolean, spec: CabinSpec): SeatMap {
  const missing = new Set(spec.missing ?? []);
  const rows: SeatMap['rows'] = [];
  for (let row = spec.firstRow; row <= spec.lastRow; row++) {
    if (spec.skipRows?.includes(row)) continue;
    const tags = tagsOf(spec, row);
    const seats: Seat[] = [];
    spec.blocks.forEach((block, b) => {
      [...block].forEach((letter, p) => {
        if (!missing.has(`${row}${letter}`)) seats.push({ letter, kind: kindOf(spec.blocks, b, p), tags: [...tags] });
      });
    });
    rows.push({ row, seats });
  }
  return {
    aircraftId,
    aircraftName: AIRCRAFT[aircraftId]?.name ?? aircraftId,
    cabin: spec.cabin,
    deck: spec.deck,
    approximate,
    blocks: spec.blocks.map((b) => [...b]),
    rows,
    wing: spec.wing ?? null,
    doors: [...(spec.doors ?? [])],
  };
}

const MAPS = new Map<string, SeatMap>();
for (const aircraft of SEAT_SPECS) for (const cabin of aircraft.cabins) MAPS.set(`${aircraft.aircraftId}|${cabin.cabin}`, buildCabin(aircraft.aircraftId, aircraft.approximate, cabin));

/**
 * The seat map of one cabin of an aircraft type; undefined when the type lacks the cabin.
 * @example cabinMap('A20N', 'economy')?.rows.length // 31
 */
export function cabinMap(aircraftId: string, cabin: Cabin): SeatMap | undefined {
  return MAPS.get(`${aircraftId}|${cabin}`);
}

/** Every cabin map of every aircraft type (for tests and docs). */
export function allCabinMaps(): readonly SeatMap[] {
  return [...MAPS.values()];
}

/** Seat codes of a cabin map, front to back, left to right. @example seatCodes(map)[0] // '1A' */
export function seatCodes(map: SeatMap): string[] {
  return map.rows.flatMap((r) => r.seats.map((s) => `${r.row}${s.letter}`));
}
