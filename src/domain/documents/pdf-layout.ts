import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb, type RGB } from 'pdf-lib';
import { type BarcodeMatrix, barcodePath } from './barcode';
import { pdfSafe } from './text';

/**
 * Small drawing vocabulary shared by the ticket and boarding-pass renderers, in PDF points
 * (1/72 in) with y measured from the TOP of the page, which is how the layouts are designed.
 * Text goes through `pdfSafe` because the standard Helvetica fonts only know WinAnsi.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;

export const COLORS = {
  accent: rgb(11 / 255, 92 / 255, 173 / 255),
  accentSoft: rgb(232 / 255, 240 / 255, 250 / 255),
  text: rgb(0.11, 0.13, 0.16),
  muted: rgb(0.40, 0.43, 0.48),
  border: rgb(0.82, 0.85, 0.89),
  band: rgb(0.965, 0.972, 0.98),
  white: rgb(1, 1, 1),
  success: rgb(0.07, 0.5, 0.24),
} as const;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

export interface TextStyle {
  size?: number;
  font?: keyof Fonts;
  color?: RGB;
  /** Anchor: x is the left edge (default), the centre, or the right edge of the text. */
  align?: 'left' | 'center' | 'right';
  /** Text wider than this is cut and ends with "...". */
  maxWidth?: number;
}

/** Creates a document with the fonts loaded and metadata set (fixed dates keep output reproducible). */
export async function createDocument(title: string, createdAt?: Date): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(title));
  doc.setAuthor('Safar');
  doc.setCreator('Safar');
  doc.setProducer('Safar documents (pdf-lib)');
  doc.setLanguage('en-IN');
  if (createdAt && !Number.isNaN(createdAt.getTime())) {
    doc.setCreationDate(createdAt);
    doc.setModificationDate(createdAt);
  }
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.CourierBold),
  ]);
  return { doc, fonts: { regular, bold, mono } };
}

/** A page plus top-down drawing helpers. */
export class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  get width(): number {
    return this.page.getWidth();
  }

  get height(): number {
    return this.page.getHeight();
  }

  /** Fits text into `maxWidth` by cutting it and adding "...". */
  fit(text: string, maxWidth: number, size: number, font: keyof Fonts = 'regular'): string {
    const f = this.fonts[font];
    const safe = pdfSafe(text);
    if (f.widthOfTextAtSize(safe, size) <= maxWidth) return safe;
    // Binary search for the longest prefix that fits with the ellipsis.
    let low = 0;
    let high = safe.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (f.widthOfTextAtSize(`${safe.slice(0, mid)}...`, size) <= maxWidth) low = mid;
      else high = mid - 1;
    }
    return `${safe.slice(0, low).trimEnd()}...`;
  }

  measure(text: string, size: number, font: keyof Fonts = 'regular'): number {
    return this.fonts[font].widthOfTextAtSize(pdfSafe(text), size);
  }

  /** Draws one line of text whose baseline is at `top` points from the top edge. */
  text(value: string, x: number, top: number, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    const fontKey = style.font ?? 'regular';
    const line = style.maxWidth === undefined ? pdfSafe(value) : this.fit(value, style.maxWidth, size, fontKey);
    const width = this.fonts[fontKey].widthOfTextAtSize(line, size);
    const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    this.page.drawText(line, { x: left, y: this.height - top, size, font: this.fonts[fontKey], color: style.color ?? COLORS.text });
  }

  /** Label (small, muted, upper case) above a value; returns the value's baseline. */
  field(label: string, value: string, x: number, top: number, style: TextStyle = {}): number {
    this.text(label.toUpperCase(), x, top, { size: 7, font: 'bold', color: COLORS.muted, align: style.align ?? 'left' });
    const size = style.size ?? 11;
    const baseline = top + size + 4;
    this.text(value, x, baseline, { font: 'bold', ...style, size });
    return baseline;
  }

  /** Wraps text to `maxWidth`; returns the baseline of the last line. */
  paragraph(value: string, x: number, top: number, maxWidth: number, style: TextStyle & { lineGap?: number } = {}): number {
    const size = style.size ?? 9;
    const font = style.font ?? 'regular';
    const words = pdfSafe(value).split(/\s+/).filter(Boolean);
    let line = '';
    let baseline = top;
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.measure(next, size, font) > maxWidth) {
        this.text(line, x, baseline, { ...style, size });
        baseline += size + (style.lineGap ?? 3);
        line = word;
      } else line = next;
    }
    if (line) this.text(line, x, baseline, { ...style, size });
    return baseline;
  }

  rect(x: number, top: number, width: number, height: number, options: { fill?: RGB; border?: RGB; borderWidth?: number } = {}): void {
    this.page.drawRectangle({
      x,
      y: this.height - top - height,
      width,
      height,
      ...(options.fill ? { color: options.fill } : {}),
      ...(options.border ? { borderColor: options.border, borderWidth: options.borderWidth ?? 0.75 } : {}),
    });
  }

  line(x1: number, top1: number, x2: number, top2: number, options: { color?: RGB; thickness?: number; dash?: number[] } = {}): void {
    this.page.drawLine({
      start: { x: x1, y: this.height - top1 },
      end: { x: x2, y: this.height - top2 },
      thickness: options.thickness ?? 0.75,
      color: options.color ?? COLORS.border,
      ...(options.dash ? { dashArray: options.dash } : {}),
    });
  }

  /**
   * Draws a barcode as vector rectangles fitted into the box (sharp on any printer, tiny in the file);
   * returns the drawn size. Leave white space around it: scanners need a quiet zone.
   */
  barcode(matrix: BarcodeMatrix, x: number, top: number, maxWidth: number, maxHeight: number): { width: number; height: number } {
    const tall = matrix.rows * matrix.rowHeight;
    const scale = Math.min(maxWidth / matrix.columns, maxHeight / tall);
    this.page.drawSvgPath(barcodePath(matrix), { x, y: this.height - top, scale, color: rgb(0, 0, 0), borderWidth: 0 });
    return { width: matrix.columns * scale, height: tall * scale };
  }
}
