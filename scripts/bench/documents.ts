// Documents in process: BCBP build/parse, barcodes (SVG for screens, PNG for PDFs) and the two PDFs.
// Reports wall-clock medians/p95 and CPU time per call (CPU time is steadier on a shared machine),
// plus output sizes. Rendering is synchronous CPU work on the event loop, so these are also the
// time one request blocks the process.
import { renderBarcodePng, renderBarcodeSvg } from '../../src/domain/documents/barcode';
import { buildBcbp, parseBcbp } from '../../src/domain/documents/bcbp';
import { renderBoardingPassPdf } from '../../src/domain/documents/boarding-pass-pdf';
import { sampleBcbpInput, sampleBoardingPass, sampleTicket } from '../../src/domain/documents/test-fixtures';
import { renderTicketPdf } from '../../src/domain/documents/ticket-pdf';

async function measure(label: string, runs: number, fn: () => unknown): Promise<void> {
  for (let i = 0; i < Math.min(10, runs); i += 1) await fn();
  const wall: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await fn();
    wall.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpuStart);
  wall.sort((a, b) => a - b);
  const at = (q: number) => (wall[Math.floor(q * (wall.length - 1))] ?? 0).toFixed(3);
  const cpuMs = ((cpu.user + cpu.system) / 1000 / runs).toFixed(3);
  console.log(`| ${label} | ${runs} | ${at(0.5)} | ${at(0.95)} | ${cpuMs} |`);
}

const bcbp = buildBcbp(sampleBcbpInput);
const ticket = { ...sampleTicket, bcbp };
const pass = { ...sampleBoardingPass(bcbp), issuedAt: '2026-11-21T06:30:00Z' };

console.log('| What | Runs | Wall p50 ms | Wall p95 ms | CPU ms/call |');
console.log('|---|---|---|---|---|');
await measure('buildBcbp (1 leg, conditional section)', 5000, () => buildBcbp(sampleBcbpInput));
await measure('parseBcbp', 5000, () => parseBcbp(bcbp));
await measure('renderBarcodeSvg aztec', 200, () => renderBarcodeSvg(bcbp, 'aztec'));
await measure('renderBarcodeSvg qrcode', 200, () => renderBarcodeSvg(bcbp, 'qrcode'));
await measure('renderBarcodePng pdf417', 200, () => renderBarcodePng(bcbp, 'pdf417'));
await measure('renderTicketPdf (2 legs, 3 passengers, PDF417)', 100, () => renderTicketPdf(ticket));
await measure('renderBoardingPassPdf (1 pass)', 100, () => renderBoardingPassPdf(pass));
await measure('renderBoardingPassPdf (9 passes)', 20, () => renderBoardingPassPdf(Array.from({ length: 9 }, () => pass)));

const sizes = {
  ticket: (await renderTicketPdf(ticket)).length,
  ticketWithoutBarcode: (await renderTicketPdf(sampleTicket)).length,
  pass: (await renderBoardingPassPdf(pass)).length,
  aztecSvg: renderBarcodeSvg(bcbp, 'aztec').length,
  bcbpChars: bcbp.length,
};
console.log(`\nSizes (bytes): ${JSON.stringify(sizes)}`);
