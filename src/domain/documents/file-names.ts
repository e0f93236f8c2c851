/**
 * Download names for the documents (for Content-Disposition). The wallet names its file
 * boarding-pass-{flightNumber}; we keep that stem with a real .pdf.
 */

const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '').toUpperCase() || 'X';

/**
 * @example boardingPassFileName('6E 2134') // 'boarding-pass-6E2134.pdf'
 */
export function boardingPassFileName(flightNumber: string): string {
  return `boarding-pass-${slug(flightNumber)}.pdf`;
}

/**
 * @example ticketFileName('K7QX2M') // 'safar-ticket-K7QX2M.pdf'
 */
export function ticketFileName(pnr: string): string {
  return `safar-ticket-${slug(pnr)}.pdf`;
}
