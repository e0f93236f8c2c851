import { describe, expect, it } from 'vitest';
import { climateFor } from './normals';
import { eventsNear } from './events';
import { destinationInsight, scoreMonths, seasonLabel, seasonText } from './insights';

describe('best time to visit', () => {
  it('counts the monsoon against Goa and Mumbai and prefers the dry winter', () => {
    for (const code of ['GOI', 'BOM']) {
      const insight = destinationInsight(code, '2026-12-20');
      expect(insight?.offSeason, code).toBe('June to September');
      for (const month of ['June', 'July', 'August']) expect(insight?.bestMonths, code).not.toContain(month);
      const july = insight?.months[6];
      expect(july?.concerns, code).toContain('monsoon');
    }
  });

  it('counts Delhi fog against December and January', () => {
    const months = scoreMonths(climateFor('DEL')!, [2026, 2027]);
    expect(months[11]?.concerns).toContain('fog');
    expect(months[0]?.concerns).toContain('fog');
    expect(months[1]?.concerns).not.toContain('fog');
    expect(destinationInsight('DEL', '2026-12-20')?.weather).toContain('fog');
  });

  it('knows Chennai’s wet season is October–December, and Leh is for summer', () => {
    const maa = scoreMonths(climateFor('MAA')!, [2027]);
    expect(maa[10]?.concerns).toContain('heavy rain');
    // July has showers (cited: about 100 mm on 13 days) but scores better than the north-east monsoon's November.
    expect(maa[6]?.weatherScore).toBeGreaterThan(maa[10]?.weatherScore ?? Infinity);
    expect(destinationInsight('IXL', '2027-07-01')?.bestMonths).toEqual(expect.arrayContaining(['July', 'August']));
    expect(seasonLabel('IXL', '2027-01-10')).toBe('Cold season');
  });

  it('marks festival/holiday fare peaks: Christmas–New Year is not a cheap month', () => {
    const months = scoreMonths(climateFor('GOI')!, [2026, 2027]);
    expect(months[11]?.fareIndex).toBeGreaterThan(1.1);
    expect(months[1]?.fareIndex).toBe(1);
    expect(destinationInsight('GOI', '2027-02-01')?.cheapMonths).toContain('Feb');
  });

  it('carries every field of a destination insight: best months, peak and off season, weather, activities', () => {
    const insight = destinationInsight('JAI', '2027-01-20');
    expect(insight).toMatchObject({ bestMonths: expect.any(Array), peakSeason: expect.any(String), offSeason: expect.any(String), weather: expect.stringContaining('January'), activities: expect.any(Array), avgTemp: 15 });
    expect(destinationInsight('XXX', '2027-01-20')).toBeUndefined();
  });

  it('names seasons as the longest run of months', () => {
    expect(seasonText([9, 10, 11, 0, 1, 2])).toBe('October to March');
    expect(seasonText([5, 6, 7, 8])).toBe('June to September');
    expect(seasonText([3])).toBe('April');
    expect(seasonText([])).toBe('');
  });
});

describe('local events', () => {
  it('lists dated events around the travel date, each with one of the five event types and an icon', () => {
    const { events, window } = eventsNear('DMU', '2026-11-28');
    expect(window).toBe('near');
    expect(events[0]).toMatchObject({ name: 'Hornbill Festival', date: '2026-12-01', type: 'cultural' });
    for (const e of eventsNear('DEL', '2027-03-15').events) {
      expect(['cultural', 'festival', 'entertainment', 'sports', 'national']).toContain(e.type);
      expect(e.icon.length).toBeGreaterThan(0);
    }
    expect(eventsNear('DEL', '2027-03-15').events.map((e) => e.name)).toEqual(expect.arrayContaining(['Holi']));
  });

  it('falls back to the next upcoming events when nothing is near', () => {
    const answer = eventsNear('MUC', '2027-01-10');
    expect(answer.window).toBe('upcoming');
    expect(answer.events[0]?.name).toBe('Oktoberfest');
  });
});
