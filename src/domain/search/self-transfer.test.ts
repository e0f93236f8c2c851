import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selfTransferMinimum } from '../../core/round-trip';
import { createWorld } from '../world/world';
import { connects, findItineraries } from './engine';
import { minimumConnection, shortestConnection } from './mct';

const world = createWorld();

describe('self-transfers (two airlines, separate tickets)', () => {
  it('are never offered shorter than Safar’s minimum: 3 h domestic, more with a terminal change or abroad; one airline keeps the airport MCT', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('DEL', 'BOM', 'BLR', 'HYD', 'GOI', 'DXB'),
        fc.constantFrom(null, '1', '2', '3'),
        fc.constantFrom(null, '1', '2', '3'),
        fc.boolean(),
        fc.boolean(),
        (airport, at, dt, inIntl, outIntl) => {
          const mct = minimumConnection(airport, at, dt, inIntl, outIntl);
          expect(shortestConnection(airport, at, dt, inIntl, outIntl, true)).toBe(mct);
          const self = shortestConnection(airport, at, dt, inIntl, outIntl, false);
          expect(self).toBeGreaterThanOrEqual(mct);
          expect(self).toBeGreaterThanOrEqual(selfTransferMinimum({ international: inIntl || outIntl, changeOfTerminal: at !== dt }));
          expect(self).toBeGreaterThanOrEqual(180);
          if (at !== dt) expect(self).toBeGreaterThan(180);
        },
      ),
    );
  });

  it('the engine finds none shorter on busy routes', () => {
    let selfTransfers = 0;
    for (const [from, to] of [['DEL', 'BOM'], ['BLR', 'GAU'], ['IXM', 'IXJ'], ['DEL', 'LHR'], ['BOM', 'SIN']] as const) {
      const { candidates } = findItineraries(world, { origin: from, destination: to, date: '2026-12-10' });
      for (const c of candidates) {
        for (let i = 1; i < c.legs.length; i++) {
          const a = world.patterns[c.legs[i - 1]?.pattern ?? -1];
          const b = world.patterns[c.legs[i]?.pattern ?? -1];
          const gap = (c.legs[i]?.departure ?? 0) - (c.legs[i - 1]?.arrival ?? 0);
          if (!a || !b) throw new Error('missing pattern');
          expect(connects(a, b, c.legs[i - 1]?.arrival ?? 0, c.legs[i]?.departure ?? 0)).toBe(true);
          if (a.carrier === b.carrier) continue;
          selfTransfers++;
          expect(gap).toBeGreaterThanOrEqual(selfTransferMinimum({ international: a.international || b.international, changeOfTerminal: a.toTerminal !== b.fromTerminal }));
        }
      }
    }
    expect(selfTransfers).toBeGreaterThan(0);
  });
});
