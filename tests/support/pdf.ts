import { execFileSync, spawnSync } from 'node:child_process';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** True when poppler's `pdftotext` is installed (Debian package poppler-utils). */
export const hasPdftotext: boolean = spawnSync('pdftotext', ['-v']).status === 0;

/**
 * Extracts a PDF's text with `pdftotext -layout` (poppler), pages separated by form feeds.
 * @example expect(pdfText(bytes)).toContain('K7QX2M')
 */
export function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

/** Number of embedded raster images (e.g. barcodes) in a PDF, read with pdf-lib. */
export async function imageCount(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  let count = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict?.get(PDFName.of('Subtype')) === PDFName.of('Image')) count += 1;
  }
  return count;
}

/** The first bytes as text, for "%PDF-" checks. */
export function pdfHeader(pdf: Uint8Array): string {
  return Buffer.from(pdf.subarray(0, 5)).toString('latin1');
}
