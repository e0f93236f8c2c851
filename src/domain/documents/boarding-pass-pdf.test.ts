import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { scanPdfPage } from '../../../tests/support/barcode-scan';
import { hasPdftotext, imageCount, pdfHeader, pdfText } from '../../../tests/support/pdf';
import { buildBcbp, parseBcbp } from './bcbp';
import { renderBoardingPassPdf } from './boarding-pass-pdf';
import { sampleBcbpInput, sampleBoardingPass } from './test-fixtures';

const bcbp = buildBcbp(sampleBcbpInput);
const pass = sampleBoardingPass(bcbp);

describe('renderBoardingPassPdf', () => {
  it('renders one A4 page with the PDF417 drawn as vectors', async () => {
    const pdf = await renderBoardingPassPdf(pass);
    expect(pdfHeader(pdf)).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Boarding pass 6E 2134 DEL-BOM');
    expect(await imageCount(pdf)).toBe(0);
  });

  it('prints one page per pass when given several', async () => {
    const second = { ...pass, passengerName: 'Mr Rahul Sharma', seat: '12D', sequence: 2 };
    const doc = await PDFDocument.load(await renderBoardingPassPdf([pass, second]));
    expect(doc.getPageCount()).toBe(2);
  });

  it('renders the same bytes for the same pass when the issue time is given (cacheable)', async () => {
    const issued = { ...pass, issuedAt: '2026-11-21T06:30:00Z' };
    expect(Buffer.from(await renderBoardingPassPdf(issued)).equals(Buffer.from(await renderBoardingPassPdf(issued)))).toBe(true);
  });

  it('refuses an empty list', async () => {
    await expect(renderBoardingPassPdf([])).rejects.toThrow(/no boarding passes/);
  });

  it('carries a BCBP that decodes back to the pass', () => {
    const leg = parseBcbp(pass.bcbp).legs[0];
    expect(leg).toMatchObject({ pnr: pass.pnr, from: pass.from.code, to: pass.to.code, seat: '012C', sequence: pass.sequence, date: '2026-12-24' });
  });

  // pdftotext comes from Debian's poppler-utils, which scripts/ensure-test-tools.mjs installs before the tests run.
  it.skipIf(!hasPdftotext)('prints passenger, route, times, gate, seat, class, PNR and sequence (pdftotext)', async () => {
    const text = pdfText(await renderBoardingPassPdf(pass)).replace(/ {2,}/g, ' ');
    for (const expected of ['BOARDING PASS', 'MS ANANYA SHARMA', 'DEL', 'BOM', 'New Delhi', 'Mumbai', '6E 2134', 'IndiGo', 'Thu, 24 Dec 2026', '06:05', '05:20', 'A14', '12C', 'Economy', 'K7QX2M', '001', '3122345678901']) {
      expect(text).toContain(expected);
    }
  });

  // pdftoppm ships with pdftotext in poppler-utils.
  it.skipIf(!hasPdftotext)('prints a PDF417 that scans back to the BCBP at 200 dpi', async () => {
    const second = { ...pass, bcbp: buildBcbp({ ...sampleBcbpInput, firstName: 'Rahul', legs: sampleBcbpInput.legs.map((l) => ({ ...l, seat: '12D', sequence: 2 })) }) };
    const pdf = await renderBoardingPassPdf([pass, second]);
    expect(scanPdfPage(pdf, 1)).toBe(pass.bcbp);
    expect(scanPdfPage(pdf, 2)).toBe(second.bcbp);
  });

  it.skipIf(!hasPdftotext)('starts boarding 60 minutes before an international departure, or at the time given', async () => {
    expect(pdfText(await renderBoardingPassPdf({ ...pass, international: true }))).toContain('05:05');
    expect(pdfText(await renderBoardingPassPdf({ ...pass, boardingTime: '05:35' }))).toContain('05:35');
  });
});
