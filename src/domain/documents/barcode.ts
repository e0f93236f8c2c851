import bwipjs from 'bwip-js/node';

/** Symbologies boarding passes use: PDF417 on paper, Aztec or QR on phones. */
export type BarcodeKind = 'aztec' | 'qrcode' | 'pdf417';

const BCID: Record<BarcodeKind, string> = { aztec: 'azteccode', qrcode: 'qrcode', pdf417: 'pdf417' };

// Quiet zones the scanners need around the symbol (in modules); bwip-js adds none by default.
const PADDING: Record<BarcodeKind, number> = { aztec: 2, qrcode: 4, pdf417: 2 };

function options(text: string, kind: BarcodeKind, scale: number): bwipjs.RenderOptions {
  if (text.length === 0) throw new Error('A barcode needs some text to encode');
  return {
    bcid: BCID[kind],
    text,
    scale,
    padding: PADDING[kind],
    // White paper behind the symbol, also on dark screens: scanners need the contrast.
    backgroundcolor: 'FFFFFF',
  };
}

/**
 * Renders text as an SVG barcode string (a `<svg viewBox=…>` element, no XML prolog).
 * @example renderBarcodeSvg('M1SHARMA/ANANYA …', 'aztec').startsWith('<svg') // true
 */
export function renderBarcodeSvg(text: string, kind: BarcodeKind): string {
  return bwipjs.toSVG(options(text, kind, 2));
}

/**
 * Renders text as a PNG barcode (for embedding in PDFs); `scale` is pixels per module.
 * @example const png = await renderBarcodePng(bcbp, 'pdf417'); // Buffer starting 0x89 'PNG'
 */
export async function renderBarcodePng(text: string, kind: BarcodeKind, scale = 3): Promise<Buffer> {
  return bwipjs.toBuffer(options(text, kind, scale));
}

/** The symbol as dark/light modules, row-major; `rowHeight` is in module widths (PDF417 rows are 3 tall). */
export interface BarcodeMatrix {
  columns: number;
  rows: number;
  rowHeight: number;
  dark: boolean[];
}

/**
 * The barcode's module grid, for drawing it as vectors (sharp at any print resolution).
 * @example barcodeMatrix(bcbp, 'pdf417') // { columns: 154, rows: 15, rowHeight: 3, dark: [...] }
 */
export function barcodeMatrix(text: string, kind: BarcodeKind): BarcodeMatrix {
  if (text.length === 0) throw new Error('A barcode needs some text to encode');
  const [symbol] = bwipjs.raw(BCID[kind], text);
  if (!symbol || !('pixs' in symbol)) throw new Error(`bwip-js returned no 2D matrix for ${kind}`);
  const rows = symbol.pixs.length / symbol.pixx;
  return { columns: symbol.pixx, rows, rowHeight: symbol.pixy / rows, dark: symbol.pixs.map((v) => v === 1) };
}

/**
 * An SVG path (y down, one unit per module) covering the dark modules, one rectangle per run.
 * @example barcodePath(barcodeMatrix(bcbp, 'qrcode')) // 'M0 0h7v1h-7Z M8 0h1v1h-1Z …'
 */
export function barcodePath(matrix: BarcodeMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.rows; row += 1) {
    let col = 0;
    while (col < matrix.columns) {
      if (!matrix.dark[row * matrix.columns + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < matrix.columns && matrix.dark[row * matrix.columns + col]) col += 1;
      parts.push(`M${start} ${row * matrix.rowHeight}h${col - start}v${matrix.rowHeight}h${start - col}Z`);
    }
  }
  return parts.join(' ');
}
