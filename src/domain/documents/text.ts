/**
 * Text helpers shared by the BCBP encoder and the PDF renderers: barcodes carry only
 * ASCII, and the standard PDF fonts (Helvetica, WinAnsi) cannot draw most non-Latin-1 glyphs.
 */

// Letters NFKD cannot split into base + accent.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', Þ: 'TH', œ: 'oe', Œ: 'OE', ı: 'i', ð: 'd', Ð: 'D',
};

/**
 * Removes accents and maps special Latin letters to plain ASCII; other non-ASCII characters are dropped.
 * @example foldToAscii('Zoë Łukasz-Müller') // 'Zoe Lukasz-Muller'
 */
export function foldToAscii(text: string): string {
  return text
    .replace(/[ßæÆøØłŁđĐþÞœŒıðÐ]/g, (ch) => SPECIAL_LETTERS[ch] ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '');
}

/**
 * Makes text safe for the standard PDF fonts: keeps printable ASCII, folds the rest,
 * and spells out the rupee sign (Helvetica has no ₹ glyph).
 * @example pdfSafe('₹ 4,500 · Zoë') // 'INR 4,500 - Zoe'
 */
export function pdfSafe(text: string): string {
  return foldToAscii(
    text
      .replace(/₹\s?/g, 'INR ')
      .replace(/[–—·•]/g, '-')
      .replace(/[→]/g, '->')
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"'),
  );
}

const INR_FORMAT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * Formats whole rupees for documents with Indian digit grouping, as "INR 1,23,456".
 * @example formatInr(12345) // 'INR 12,345'
 */
export function formatInr(amount: number): string {
  return `INR ${INR_FORMAT.format(Math.round(amount))}`;
}
