import type { Cabin } from '../../../core/search';

/**
 * Seat-map specifications of every aircraft type in the flight world, as data. Each cabin is a run
 * of rows with the same blocks of letters; a row may lack seats (`missing`, by seat code), rows may
 * be skipped in numbering, and rows carry exit, extra-legroom, bassinet and no-recline marks.
 * Capacities equal the AIRCRAFT layouts in src/domain/world/airlines.ts (the seat-map test checks it).
 * `approximate` marks layouts the design file flags ⚠ or does not give: plausible, not verified.
 */
export interface CabinSpec {
  cabin: Cabin;
  deck: 'main' | 'upper';
  /** Letters of each block between aisles, left to right. */
  blocks: readonly string[];
  firstRow: number;
  lastRow: number;
  /** Row numbers not used (some airlines skip 13). */
  skipRows?: readonly number[];
  /** Seat codes that are not fitted (galleys, doors, taper at the tail). */
  missing?: readonly string[];
  exitRows?: readonly number[];
  xlRows?: readonly number[];
  bassinetRows?: readonly number[];
  noReclineRows?: readonly number[];
  wing?: { fromRow: number; toRow: number };
  /** Rows with a door in front of them. */
  doors?: readonly number[];
}

export interface AircraftSeatSpec {
  aircraftId: string;
  /** Operators flying this fit in the flight world (for the record and the docs). */
  operators: readonly string[];
  approximate: boolean;
  cabins: readonly CabinSpec[];
}

const NARROW = ['ABC', 'DEF'] as const;
const NARROW_J = ['AC', 'DF'] as const;
const WIDE_Y = ['ABC', 'DEF', 'HJK'] as const;
const WIDE_Y10 = ['ABC', 'DEFG', 'HJK'] as const;
const WIDE_PE8 = ['AC', 'DEFG', 'HK'] as const;
const WIDE_PE7 = ['AC', 'DEF', 'HK'] as const;
const WIDE_J6 = ['AC', 'DG', 'HK'] as const;
const SUITES = ['A', 'DG', 'K'] as const;
const FIRST3 = ['A', 'E', 'K'] as const;

export const SEAT_SPECS: readonly AircraftSeatSpec[] = [
  {
    // IndiGo A320neo 186: rows 1–31; XL rows 1, 12, 13; 12–13 the overwing exits (inferred ⚠).
    aircraftId: 'A20N',
    operators: ['6E', 'G9', 'U2', 'RA', 'BG', '8M', 'UL'],
    approximate: true,
    cabins: [
      { cabin: 'economy', deck: 'main', blocks: NARROW, firstRow: 1, lastRow: 31, exitRows: [12, 13], xlRows: [1, 12, 13], bassinetRows: [1], noReclineRows: [11, 31], wing: { fromRow: 9, toRow: 17 }, doors: [1, 12, 13, 31] },
    ],
  },
  {
    // IndiGo A321neo 222: 37 rows; door-pair exits generated plausibly (⚠).
    aircraftId: 'A21N',
    operators: ['6E'],
    approximate: true,
    cabins: [
      { cabin: 'economy', deck: 'main', blocks: NARROW, firstRow: 1, lastRow: 37, exitRows: [10, 25], xlRows: [1, 10, 25], bassinetRows: [1], noReclineRows: [9, 24, 37], wing: { fromRow: 12, toRow: 22 }, doors: [1, 10, 25, 37] },
    ],
  },
  {
    // Air India A320neo: 8 business (2-2) and 156 economy; no premium economy in this fit (⚠).
    aircraftId: 'A20N_J',
    operators: ['AI'],
    approximate: true,
    cabins: [
      { cabin: 'business', deck: 'main', blocks: NARROW_J, firstRow: 1, lastRow: 2, bassinetRows: [], doors: [1] },
      { cabin: 'economy', deck: 'main', blocks: NARROW, firstRow: 3, lastRow: 28, exitRows: [12, 13], xlRows: [3, 12, 13], bassinetRows: [3], noReclineRows: [11, 28], wing: { fromRow: 9, toRow: 17 }, doors: [12, 13, 28] },
    ],
  },
  {
    // Air India A321neo: 12 business, 170 economy (rear row tapers to two seats ⚠).
    aircraftId: 'A21N_J',
    operators: ['AI'],
    approximate: true,
    cabins: [
      { cabin: 'business', deck: 'main', blocks: NARROW_J, firstRow: 1, lastRow: 3, doors: [1] },
      { cabin: 'economy', deck: 'main', blocks: NARROW, firstRow: 4, lastRow: 32, missing: ['32B', '32C', '32D', '32E'], exitRows: [11, 25], xlRows: [4, 11, 25], bassinetRows: [4], noReclineRows: [10, 24, 32], wing: { fromRow: 13, toRow: 22 }, doors: [11, 25, 32] },
    ],
  },
  {
    // Akasa / Air India Express / flydubai 737-8 189: 32 rows, the last one partial, two overwing exit rows (⚠).
    aircraftId: 'B38M',
    operators: ['QP', 'IX', 'FZ'],
    approximate: true,
    cabins: [
      { cabin: 'economy', deck: 'main', blocks: NARROW, firstRow: 1, lastRow: 32, missing: ['32D', '32E', '32F'], exitRows: [15, 16], xlRows: [1, 15, 16], bassinetRows: [1], noReclineRows: [14, 32], wing: { fromRow: 12, toRow: 19 }, doors: [1, 15, 16, 32] },
    ],
  },
  {
    // SpiceJet 737-800 186: 31 rows, two overwing exit rows (⚠).
    aircraftId: 'B738',
    operators: ['SG'],
    approximate: true,
    cabins: [
      { cabin: 'economy', deck: 'main', blocks: NARROW, firstRow: 1, lastRow: 31, exitRows: [14, 15], xlRows: [1, 14, 15], bassinetRows: [1], noReclineRows: [13, 31], wing: { fromRow: 11, toRow: 18 }, doors: [1, 14, 15, 31] },
    ],
  },
  {
    // Air India legacy A320: 12 business (2-2), 144 economy (⚠).
    aircraftId: 'A320',
    operators: ['AI'],
    approximate: true,
    cabins: [
      { cabin: 'business', deck: 'main', blocks: NARROW_J, firstRow: 1, lastRow: 3, doors: [1] },
      { cabin: 'economy', deck: 'main', blocks: NARROW, firstRow: 4, lastRow: 27, exitRows: [12, 13], xlRows: [4, 12, 13], bassinetRows: [4], noReclineRows: [11, 27], wing: { fromRow: 9, toRow: 17 }, doors: [12, 13, 27] },
    ],
  },
  {
    // IndiGo / Alliance Air ATR 72-600 78: 2-2, rear door on the left so the last row has two seats (⚠).
    aircraftId: 'AT76',
    operators: ['6E', '9I'],
    approximate: true,
    cabins: [
      { cabin: 'economy', deck: 'main', blocks: NARROW_J, firstRow: 1, lastRow: 20, missing: ['20A', '20C'], exitRows: [1], xlRows: [1], noReclineRows: [20], wing: { fromRow: 3, toRow: 7 }, doors: [1, 20] },
    ],
  },
  {
    // SpiceJet Dash 8-400 86: 2-2, last row two seats (⚠).
    aircraftId: 'DH8D',
    operators: ['SG'],
    approximate: true,
    cabins: [
      { cabin: 'economy', deck: 'main', blocks: NARROW_J, firstRow: 1, lastRow: 22, missing: ['22D', '22F'], exitRows: [1, 21], xlRows: [1], noReclineRows: [20], wing: { fromRow: 5, toRow: 10 }, doors: [1, 21] },
    ],
  },
  {
    // Star Air E175: 12 business and 64 economy, 2-2 (⚠).
    aircraftId: 'E175',
    operators: ['S5'],
    approximate: true,
    cabins: [
      { cabin: 'business', deck: 'main', blocks: NARROW_J, firstRow: 1, lastRow: 3, doors: [1] },
      { cabin: 'economy', deck: 'main', blocks: NARROW_J, firstRow: 4, lastRow: 19, exitRows: [12], xlRows: [4, 12], noReclineRows: [11, 19], wing: { fromRow: 9, toRow: 14 }, doors: [12, 19] },
    ],
  },
  {
    // Air India legacy 787-8: 18 business (2-2-2), 238 economy (3-3-3, ABC DEF HJK; the last row four seats ⚠).
    aircraftId: 'B788',
    operators: ['AI'],
    approximate: true,
    cabins: [
      { cabin: 'business', deck: 'main', blocks: WIDE_J6, firstRow: 1, lastRow: 3, bassinetRows: [1], doors: [1] },
      { cabin: 'economy', deck: 'main', blocks: WIDE_Y, firstRow: 11, lastRow: 37, missing: ['37C', '37D', '37E', '37F', '37H'], exitRows: [11, 26], xlRows: [11, 26], bassinetRows: [11, 26], noReclineRows: [25, 37], wing: { fromRow: 15, toRow: 24 }, doors: [11, 26, 37] },
    ],
  },
  {
    // 787-9 (ex-Vistara fit): 30 business suites (1-2-1), 21 premium economy (2-3-2), 247 economy (⚠ 247 vs 248 in the design file: inventory's 247 rules).
    aircraftId: 'B789',
    operators: ['AI', 'EY', 'GA', 'VS', 'UA', 'AC', 'KU', 'GF', 'WY', 'SV', 'TG', 'MH', 'JL', 'KE', 'QF', 'BA', 'AF', 'KL', 'LH', 'LX', 'OS', 'AZ', 'IB', 'TK', 'AA'],
    approximate: true,
    cabins: [
      { cabin: 'business', deck: 'main', blocks: SUITES, firstRow: 1, lastRow: 8, missing: ['1D', '1G'], bassinetRows: [1], doors: [1] },
      { cabin: 'premium', deck: 'main', blocks: WIDE_PE7, firstRow: 10, lastRow: 12, bassinetRows: [10], doors: [10] },
      { cabin: 'economy', deck: 'main', blocks: WIDE_Y, firstRow: 15, lastRow: 42, missing: ['42C', '42D', '42E', '42F', '42H'], exitRows: [15, 30], xlRows: [15, 30], bassinetRows: [15, 30], noReclineRows: [29, 42], wing: { fromRow: 18, toRow: 28 }, doors: [15, 30, 42] },
    ],
  },
  {
    // Air India A350-900 316: 28 business suites (1-2-1), 24 premium (2-4-2), 264 economy (3-3-3).
    aircraftId: 'A359',
    operators: ['AI', 'SQ', 'CX', 'QR', 'EK'],
    approximate: true,
    cabins: [
      { cabin: 'business', deck: 'main', blocks: SUITES, firstRow: 1, lastRow: 7, bassinetRows: [1], doors: [1] },
      { cabin: 'premium', deck: 'main', blocks: WIDE_PE8, firstRow: 10, lastRow: 12, bassinetRows: [10], doors: [10] },
      { cabin: 'economy', deck: 'main', blocks: WIDE_Y, firstRow: 15, lastRow: 44, missing: ['44A', '44B', '44C', '44H', '44J', '44K'], exitRows: [15, 31], xlRows: [15, 31], bassinetRows: [15, 31], noReclineRows: [30, 44], wing: { fromRow: 18, toRow: 29 }, doors: [15, 31, 44] },
    ],
  },
  {
    // A330-300: 30 business (2-2-2), 260 economy (2-4-2, last row four seats ⚠).
    aircraftId: 'A333',
    operators: ['TG', 'MH', 'GA', 'UL', 'CX', 'TK'],
    approximate: true,
    cabins: [
      { cabin: 'business', deck: 'main', blocks: WIDE_J6, firstRow: 1, lastRow: 5, bassinetRows: [1], doors: [1] },
      { cabin: 'economy', deck: 'main', blocks: WIDE_PE8, firstRow: 11, lastRow: 43, missing: ['43D', '43E', '43F', '43G'], exitRows: [11, 28], xlRows: [11, 28], bassinetRows: [11, 28], noReclineRows: [27, 43], wing: { fromRow: 14, toRow: 26 }, doors: [11, 28, 43] },
    ],
  },
  {
    // 777-300ER: 8 first (1-2-1), 42 business (2-2-2), 24 premium (2-4-2), 280 economy (3-4-3).
    aircraftId: 'B77W',
    operators: ['AI', 'EK', 'QR', 'SQ', 'CX', 'EY', 'SV', 'KU', 'JL', 'KE', 'AF', 'KL', 'BA', 'TK', 'UA', 'AA', 'AC'],
    approximate: true,
    cabins: [
      { cabin: 'first', deck: 'main', blocks: SUITES, firstRow: 1, lastRow: 2, doors: [1] },
      { cabin: 'business', deck: 'main', blocks: WIDE_J6, firstRow: 5, lastRow: 11, bassinetRows: [5], doors: [5] },
      { cabin: 'premium', deck: 'main', blocks: WIDE_PE8, firstRow: 15, lastRow: 17, bassinetRows: [15], doors: [15] },
      { cabin: 'economy', deck: 'main', blocks: WIDE_Y10, firstRow: 20, lastRow: 47, exitRows: [20, 33], xlRows: [20, 33], bassinetRows: [20, 33], noReclineRows: [32, 47], wing: { fromRow: 22, toRow: 32 }, doors: [20, 33, 47] },
    ],
  },
  {
    // A380-800: 14 first (1-1-1) and 76 business (1-2-1) upstairs, 56 premium (2-4-2) and 338 economy (3-4-3) on the main deck (⚠).
    aircraftId: 'A388',
    operators: ['EK', 'SQ', 'QR', 'EY', 'BA', 'LH', 'QF', 'MH', 'TG', 'KE'],
    approximate: true,
    cabins: [
      { cabin: 'first', deck: 'upper', blocks: FIRST3, firstRow: 1, lastRow: 5, missing: ['5E'], doors: [1] },
      { cabin: 'business', deck: 'upper', blocks: SUITES, firstRow: 6, lastRow: 24, bassinetRows: [6], wing: { fromRow: 12, toRow: 20 }, doors: [6] },
      { cabin: 'premium', deck: 'main', blocks: WIDE_PE8, firstRow: 30, lastRow: 36, bassinetRows: [30], doors: [30] },
      { cabin: 'economy', deck: 'main', blocks: WIDE_Y10, firstRow: 40, lastRow: 73, missing: ['73A', '73K'], exitRows: [40, 55], xlRows: [40, 55], bassinetRows: [40, 55], noReclineRows: [54, 73], wing: { fromRow: 45, toRow: 60 }, doors: [40, 55, 73] },
    ],
  },
];
