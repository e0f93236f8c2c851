import { describe, expect, it } from 'vitest';
import { scanPng } from '../../../tests/support/barcode-scan';
import { type BarcodeKind, renderBarcodePng, renderBarcodeSvg } from './barcode';
import { buildBcbp } from './bcbp';
import { sampleBcbpInput } from './test-fixtures';

const kinds: BarcodeKind[] = ['aztec', 'qrcode', 'pdf417'];
const bcbp = buildBcbp(sampleBcbpInput);

describe('renderBarcodeSvg', () => {
  it.each(kinds)('renders %s as an SVG element with a viewBox and dark modules', (kind) => {
    const svg = renderBarcodeSvg(bcbp, kind);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toMatch(/<path|<rect/);
  });

  it('draws PDF417 wider than tall and Aztec/QR square', () => {
    const size = (svg: string) => /viewBox="0 0 (\d+) (\d+)"/.exec(svg)?.slice(1).map(Number) ?? [0, 0];
    const [pw = 0, ph = 0] = size(renderBarcodeSvg(bcbp, 'pdf417'));
    expect(pw).toBeGreaterThan(ph);
    for (const kind of ['aztec', 'qrcode'] as const) {
      const [w, h] = size(renderBarcodeSvg(bcbp, kind));
      expect(w).toBe(h);
    }
  });

  it('refuses empty text', () => {
    expect(() => renderBarcodeSvg('', 'qrcode')).toThrow(/needs some text/);
  });
});

describe('renderBarcodePng', () => {
  it.each(kinds)('renders %s as a PNG', async (kind) => {
    const png = await renderBarcodePng(bcbp, kind);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBeGreaterThan(50); // width in pixels
    expect(png.readUInt32BE(20)).toBeGreaterThan(20); // height
  });

  it.each(kinds)('renders %s that a scanner reads back to the exact BCBP', async (kind) => {
    expect(scanPng(await renderBarcodePng(bcbp, kind))).toBe(bcbp);
  });

  it('scales with the module size', async () => {
    const small = await renderBarcodePng(bcbp, 'qrcode', 1);
    const large = await renderBarcodePng(bcbp, 'qrcode', 4);
    expect(large.readUInt32BE(16)).toBe(small.readUInt32BE(16) * 4);
  });
});
