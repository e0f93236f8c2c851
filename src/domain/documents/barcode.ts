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
    backgroundcolor: 'FFFFFF',
    // PDF417 rows 3 modules tall are the usual print aspect; square codes ignore it.
    ...(kind === 'pdf417' ? { height: 12 } : {}),
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
