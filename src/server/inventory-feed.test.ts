import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { InventoryView } from '../domain/inventory/view';
import { INVENTORY_CHANNEL, inventoryNotice, noticePayloads, parseInventoryNotice, publishInventoryChanges } from './inventory-feed';
import { silentLogger } from './logger';

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

describe('inventory news from this process', () => {
  const entry = { flightId: '6E2134@2026-12-24', cabin: 'economy' as const, available: 170, held: 4, sold: 6, version: 12 };

  it('writes a change as the line the other processes read back', () => {
    expect(parseInventoryNotice(inventoryNotice(entry))).toEqual({ flightId: entry.flightId, cabin: 'economy', change: { available: 170, held: 4, sold: 6, version: 12 } });
  });

  it('packs lines into payloads under 7,500 bytes, in order, none lost', () => {
    const lines = Array.from({ length: 1_000 }, (_, i) => inventoryNotice({ ...entry, flightId: `AI${i}@2026-12-24`, version: i }));
    const payloads = noticePayloads(lines);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(7_500);
    expect(payloads.join('\n').split('\n')).toEqual(lines);
    expect(noticePayloads([])).toEqual([]);
  });

  it('publishes the changes committed here, gathered into one notification, and sends what is left on stop', async () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const database = { notify: async (channel: string, payload: string) => void sent.push(`${channel}:${payload}`) } as unknown as Database;
      const view = new InventoryView();
      const stop = publishInventoryChanges(database, view, silentLogger, 50);
      view.applyChange(entry.flightId, 'economy', entry);
      view.applyChange('AI101@2026-12-24', 'business', { available: 10, held: 0, sold: 2, version: 3 });
      // News from another process is not passed on again.
      view.applyChange('UK955@2026-12-24', 'economy', { available: 1, held: 0, sold: 179, version: 9 }, 'elsewhere');
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(50);
      expect(sent).toEqual([`${INVENTORY_CHANNEL}:6E2134@2026-12-24 economy 170 4 6 12\nAI101@2026-12-24 business 10 0 2 3`]);
      view.applyChange(entry.flightId, 'economy', { ...entry, available: 169, held: 5, version: 13 });
      await stop();
      expect(sent).toHaveLength(2);
      expect(sent[1]).toBe(`${INVENTORY_CHANNEL}:6E2134@2026-12-24 economy 169 5 6 13`);
      // Stopped: nothing more goes out.
      view.applyChange(entry.flightId, 'economy', { ...entry, version: 14 });
      await vi.advanceTimersByTimeAsync(100);
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
