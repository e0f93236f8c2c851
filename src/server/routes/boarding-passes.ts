import { z } from '@hono/zod-openapi';
import { BoardingPassListSchema, BoardingPassViewSchema } from '../../core/booking';
import { AppError } from '../../core/errors';
import { listPasses } from '../../domain/booking/passes';
import { renderBarcodeSvg } from '../../domain/documents/barcode';
import { renderBoardingPassPdf } from '../../domain/documents/boarding-pass-pdf';
import { currentUser } from '../auth/require-user';
import type { AppDeps } from '../context';
import { type OpenApiApp, binary, ErrorSchema, json } from '../openapi';
import { travellerRoute } from '../route-guard';

const PassParams = z.object({ id: z.uuid({ message: 'Boarding pass not found' }) });

const listRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/boarding-passes',
  operationId: 'listBoardingPasses',
  tags: ['Boarding Passes'],
  summary: "The traveller's boarding passes (confirmed bookings only)",
  description: 'Signed-in traveller only. One pass per passenger and leg of each confirmed booking; a cancelled passenger\'s passes are void and not listed.',
  responses: { 200: json(BoardingPassListSchema, 'Passes'), 401: json(ErrorSchema, 'Not signed in') },
});
const getRoute = travellerRoute({ owns: 'boarding-pass' }, {
  method: 'get',
  path: '/api/boarding-passes/{id}',
  operationId: 'getBoardingPass',
  tags: ['Boarding Passes'],
  summary: 'One boarding pass',
  description: "Signed-in traveller only. Another traveller's pass id answers 404.",
  request: { params: PassParams },
  responses: { 200: json(z.object({ pass: BoardingPassViewSchema }), 'Pass'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such pass') },
});
const pdfRoute = travellerRoute({ owns: 'boarding-pass' }, {
  method: 'get',
  path: '/api/boarding-passes/{id}/pdf',
  operationId: 'downloadBoardingPass',
  tags: ['Boarding Passes'],
  summary: 'The pass as a PDF with a PDF417 barcode',
  description: "Signed-in traveller only. The pass as a printable PDF; another traveller's pass id answers 404.",
  request: { params: PassParams },
  responses: { 200: binary('application/pdf', 'The boarding pass'), 404: json(ErrorSchema, 'No such pass') },
});
const barcodeRoute = travellerRoute({ owns: 'boarding-pass' }, {
  method: 'get',
  path: '/api/boarding-passes/{id}/barcode.svg',
  operationId: 'getBoardingPassBarcode',
  tags: ['Boarding Passes'],
  summary: 'The BCBP as an Aztec (default) or QR code',
  description: "Signed-in traveller only. The pass's BCBP data as an SVG barcode for the gate scanner; another traveller's pass id answers 404.",
  request: { params: PassParams, query: z.object({ type: z.enum(['aztec', 'qrcode'], { message: 'type must be aztec or qrcode' }).default('aztec') }) },
  responses: { 200: binary('image/svg+xml', 'The barcode'), 404: json(ErrorSchema, 'No such pass') },
});

const internationalLookup = (deps: AppDeps) => (flightId: string) => deps.world.getFlight(flightId)?.international ?? false;

async function ownPass(deps: AppDeps, userId: string, id: string) {
  const [pass] = await listPasses(deps.database.db, userId, internationalLookup(deps), { passId: id });
  if (!pass) throw new AppError('not_found', 'Boarding pass not found');
  return pass;
}

/** Boarding-pass wallet endpoints: list, one, PDF, barcode. */
export function registerBoardingPasses(app: OpenApiApp) {

  app.openapi(listRoute, async (c) => {
    const passes = await listPasses(c.get('deps').database.db, currentUser(c).id, internationalLookup(c.get('deps')));
    c.header('Cache-Control', 'no-store');
    return c.json({ passes: passes.map(({ ticketNumber: _t, international: _i, ...view }) => view) }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const { ticketNumber: _t, international: _i, ...pass } = await ownPass(c.get('deps'), currentUser(c).id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json({ pass }, 200);
  });

  app.openapi(pdfRoute, async (c) => {
    const pass = await ownPass(c.get('deps'), currentUser(c).id, c.req.valid('param').id);
    const pdf = await renderBoardingPassPdf({ ...pass, passengerName: pass.passengerName });
    return c.body(pdf.slice().buffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="boarding-pass-${pass.flightNumber.replace(/\s+/g, '')}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  });

  app.openapi(barcodeRoute, async (c) => {
    const pass = await ownPass(c.get('deps'), currentUser(c).id, c.req.valid('param').id);
    const svg = renderBarcodeSvg(pass.bcbp, c.req.valid('query').type);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'private, max-age=3600' });
  });
}
