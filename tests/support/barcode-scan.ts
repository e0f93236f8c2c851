import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import zxing from '@zxing/library';

// A default import: @zxing/library is CommonJS, and Node's ESM loader (Playwright) sees no named exports.
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

/**
 * Scans barcodes back to text with ZXing (pure JS), so tests check what a scanner at the
 * gate would read rather than trusting the encoder.
 */

interface GrayImage {
  width: number;
  height: number;
  luminance: Uint8ClampedArray;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes an 8-bit, non-interlaced RGB/RGBA/gray PNG (what bwip-js writes) to luminance. */
function decodePng(png: Buffer): GrayImage {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const colorType = png[25];
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : colorType === 0 ? 1 : 0;
  if (png[24] !== 8 || channels === 0 || png[28] !== 0) throw new Error('Only 8-bit non-interlaced gray/RGB/RGBA PNGs are supported');
  const chunks: Buffer[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    if (png.toString('latin1', offset + 4, offset + 8) === 'IDAT') chunks.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)] ?? 0;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i += 1) {
    const r = pixels[i * channels] ?? 0;
    const g = channels >= 3 ? (pixels[i * channels + 1] ?? 0) : r;
    const b = channels >= 3 ? (pixels[i * channels + 2] ?? 0) : r;
    // Transparent pixels count as paper (white).
    const alpha = channels === 4 ? (pixels[i * channels + 3] ?? 255) / 255 : 1;
    luminance[i] = Math.round((0.299 * r + 0.587 * g + 0.114 * b) * alpha + 255 * (1 - alpha));
  }
  return { width, height, luminance };
}

/** Parses a binary PGM (P5), as `pdftoppm -gray` writes. */
function decodePgm(pgm: Buffer): GrayImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 64));
  if (!header) throw new Error('Not a binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, luminance: new Uint8ClampedArray(pgm.subarray(header[0].length, header[0].length + width * height)) };
}

function scan(image: GrayImage): string {
  const hints = new Map<zxing.DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.PDF_417, BarcodeFormat.AZTEC, BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new MultiFormatReader();
  reader.setHints(hints);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(image.luminance, image.width, image.height)));
  return reader.decode(bitmap).getText();
}

/**
 * Reads the barcode in a PNG.
 * @example expect(scanPng(await renderBarcodePng(bcbp, 'aztec'))).toBe(bcbp)
 */
export function scanPng(png: Buffer): string {
  return scan(decodePng(png));
}

/**
 * Rasterises one PDF page with poppler's `pdftoppm` (as a printer would) and reads its barcode.
 * @example expect(scanPdfPage(pdf)).toBe(bcbp)
 */
export function scanPdfPage(pdf: Uint8Array, page = 1, dpi = 200): string {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 });
  return scan(decodePgm(pgm));
}
