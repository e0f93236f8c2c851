import { describe, expect, it } from 'vitest';
import { parseInventoryNotice } from './inventory-feed';

describe('inventory notifications', () => {
  it('reads a row notification as the row and its new counts', () => {
    expect(parseInventoryNotice('6E2134@2026-12-24 economy 170 4 6 12')).toEqual({
      flightId: '6E2134@2026-12-24',
      cabin: 'economy',
      change: { available: 170, held: 4, sold: 6, version: 12 },
    });
  });

  it('takes anything else (an empty payload, an unknown cabin, missing or broken numbers) as "re-read what changed"', () => {
    for (const payload of ['', 'AI101@2026-12-01', 'AI101@2026-12-01 economy 1 2 3', 'AI101@2026-12-01 coach 1 2 3 4', 'AI101@2026-12-01 economy 1 x 3 4', ' economy 1 2 3 4']) {
      expect(parseInventoryNotice(payload), payload).toBeUndefined();
    }
  });
});
