import { describe, expect, it } from 'vitest';
import { dayModel } from '../tracking/day-model';
import { dayNumber, isoDate } from '../world/time';
import { createWorld } from '../world/world';
import { disruptionBanners } from './banners';

const world = createWorld();
const IST = 330 * 60_000;

/** The first dense-fog night of January 2027 in the delay model, and the first clear one. */
const days = Array.from({ length: 31 }, (_, i) => dayNumber('2027-01-01') + i);
const fogDay = days.find((d) => dayModel(world, d).fogNight);
const clearDay = days.find((d) => !dayModel(world, d).fogNight);

describe('disruption banners', () => {
  it('a fog night: a banner for each fog airport asked about, from 18:00 IST the evening before; none for airports without fog, none before', () => {
    if (fogDay === undefined) throw new Error('no fog night in January');
    const date = isoDate(fogDay);
    const midnight = fogDay * 86_400_000 - IST;
    const shown = disruptionBanners(world, date, ['DEL', 'BOM'], new Date(midnight + 3_600_000));
    expect(shown.banners.filter((b) => b.kind === 'fog')).toEqual([expect.objectContaining({ id: `fog|DEL|${date}`, airport: 'DEL', carrier: null })]);
    expect(shown.banners[0]?.sentence).toMatch(/^Dense fog at (New )?Delhi on the morning of /);
    expect(disruptionBanners(world, date, ['DEL'], new Date(midnight - 7 * 3_600_000)).banners.filter((b) => b.kind === 'fog')).toEqual([]);
    expect(disruptionBanners(world, date, ['DEL'], new Date(midnight - 5 * 3_600_000)).banners.filter((b) => b.kind === 'fog')).toHaveLength(1);
  });

  it('a clear night has no fog banner; dates beyond tomorrow have no banners', () => {
    if (clearDay === undefined) throw new Error('no clear night in January');
    const midnight = clearDay * 86_400_000 - IST;
    expect(disruptionBanners(world, isoDate(clearDay), ['DEL'], new Date(midnight + 3_600_000)).banners.filter((b) => b.kind === 'fog')).toEqual([]);
    expect(disruptionBanners(world, isoDate(clearDay + 5), [], new Date(midnight)).banners).toEqual([]);
  });
});
