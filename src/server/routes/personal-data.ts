import { z } from '@hono/zod-openapi';
import { GstDetailsAnswerSchema, GstDetailsSchema, TaxInvoiceAnswerSchema, TaxInvoiceListSchema } from '../../core/gst';
import {
  AccountDeletedSchema,
  ConsentsSchema,
  DataExportSchema,
  DeleteAccountBodySchema,
  SavedFromBookingSchema,
  SavedTravellerAnswerSchema,
  SavedTravellerBodySchema,
  SavedTravellerListSchema,
  SetConsentsBodySchema,
} from '../../core/personal-data';
import { renderInvoicePdf } from '../../domain/documents/invoice-pdf';
import { deleteAccount, exportAccountData, getConsents, setMarketingConsent } from '../../domain/personal-data/account-data';
import { createSavedTraveller, deleteSavedTraveller, listSavedTravellers, saveTravellersFromBooking, updateSavedTraveller } from '../../domain/personal-data/saved-travellers';
import { type InvoiceSupplier, getGstDetails, issueInvoice, listInvoices, loadInvoice, removeGstDetails, setGstDetails } from '../../domain/personal-data/tax-invoices';
import { clearSessionCookie, readSessionCookie } from '../auth/cookie';
import { currentUser } from '../auth/require-user';
import type { Config } from '../config';
import { BookingIdParams, ErrorSchema, type OpenApiApp, binary, json } from '../openapi';
import { travellerRoute } from '../route-guard';

const TravellerIdParams = z.object({ id: z.string().max(64).openapi({ example: '00000000-0000-4000-8000-000000000000' }) });
const SAVED_EXAMPLE = { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '1992-03-02', mobileNo: '9876543210' };
const GST_EXAMPLE = { gstin: '27AAPFU0939F1ZV', registeredName: 'Udaan Traders LLP', registeredAddress: '12 Marine Drive, Mumbai 400020' };
const noStore = { 'Cache-Control': 'no-store' } as const;

const listSavedRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/saved-travellers',
  operationId: 'listSavedTravellers',
  tags: ['Saved Travellers'],
  summary: 'Saved travellers',
  description: "The signed-in traveller's saved co-travellers, in the order they were added. Aadhaar shows only its last four digits.",
  responses: { 200: json(SavedTravellerListSchema, 'Saved travellers'), 401: json(ErrorSchema, 'Not signed in') },
});

const createSavedRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/saved-travellers',
  operationId: 'createSavedTraveller',
  tags: ['Saved Travellers'],
  summary: 'Save a traveller',
  description: 'Saves a co-traveller to the profile (at most 20). A full Aadhaar number is reduced to its last four digits before it is stored.',
  request: { body: { required: true, content: { 'application/json': { schema: SavedTravellerBodySchema, example: SAVED_EXAMPLE } } } },
  responses: { 201: json(SavedTravellerAnswerSchema, 'Saved'), 400: json(ErrorSchema, 'Invalid details (field messages)'), 401: json(ErrorSchema, 'Not signed in'), 409: json(ErrorSchema, 'Already 20 saved travellers') },
});

const updateSavedRoute = travellerRoute({ owns: 'saved-traveller' }, {
  method: 'put',
  path: '/api/saved-travellers/{id}',
  operationId: 'updateSavedTraveller',
  tags: ['Saved Travellers'],
  summary: 'Edit a saved traveller',
  description: 'Replaces a saved traveller’s details. Bookings keep their own copy of passenger details, so no past booking changes. An empty Aadhaar keeps the last four digits already saved.',
  request: { params: TravellerIdParams, body: { required: true, content: { 'application/json': { schema: SavedTravellerBodySchema, example: SAVED_EXAMPLE } } } },
  responses: { 200: json(SavedTravellerAnswerSchema, 'Updated'), 400: json(ErrorSchema, 'Invalid details'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such saved traveller') },
});

const deleteSavedRoute = travellerRoute({ owns: 'saved-traveller' }, {
  method: 'delete',
  path: '/api/saved-travellers/{id}',
  operationId: 'deleteSavedTraveller',
  tags: ['Saved Travellers'],
  summary: 'Delete a saved traveller',
  description: 'Removes a saved traveller from the profile; bookings that carried them are unchanged.',
  request: { params: TravellerIdParams },
  responses: { 204: { description: 'Deleted' }, 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such saved traveller') },
});

const saveFromBookingRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/saved-travellers',
  operationId: 'saveTravellersFromBooking',
  tags: ['Saved Travellers'],
  summary: "Save a booking's passengers",
  description: 'Saves the passengers of one of the traveller’s bookings who are not saved yet (same names and date of birth), as offered after a booking.',
  request: { params: BookingIdParams },
  responses: { 200: json(SavedFromBookingSchema, 'The saved travellers and how many were added'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking') },
});

const getGstRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/gst-details',
  operationId: 'getBookingGstDetails',
  tags: ['Tax Invoices'],
  summary: "A booking's GST details",
  description: 'The GST details given for business travel on this booking, or null.',
  request: { params: BookingIdParams },
  responses: { 200: json(GstDetailsAnswerSchema, 'GST details or null'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking') },
});

const putGstRoute = travellerRoute({ owns: 'booking' }, {
  method: 'put',
  path: '/api/bookings/{id}/gst-details',
  operationId: 'setBookingGstDetails',
  tags: ['Tax Invoices'],
  summary: 'Give GST details for business travel',
  description: "Records the business's GSTIN (checked with its state code and check character: 'Enter a valid GSTIN'), registered name and address for the booking's tax invoice. Replaceable until the invoice is issued.",
  request: { params: BookingIdParams, body: { required: true, content: { 'application/json': { schema: GstDetailsSchema, example: GST_EXAMPLE } } } },
  responses: {
    200: json(GstDetailsAnswerSchema, 'Recorded'),
    400: json(ErrorSchema, 'Invalid GSTIN, name or address'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'The invoice is already issued, or the booking expired'),
  },
});

const deleteGstRoute = travellerRoute({ owns: 'booking' }, {
  method: 'delete',
  path: '/api/bookings/{id}/gst-details',
  operationId: 'deleteBookingGstDetails',
  tags: ['Tax Invoices'],
  summary: 'Remove GST details',
  description: "Removes a booking's GST details until its invoice is issued.",
  request: { params: BookingIdParams },
  responses: { 204: { description: 'Removed' }, 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking'), 409: json(ErrorSchema, 'The invoice is already issued') },
});

const issueInvoiceRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/invoice',
  operationId: 'issueTaxInvoice',
  tags: ['Tax Invoices'],
  summary: 'Issue the tax invoice',
  description: "Issues the confirmed booking's tax invoice (or answers the one already issued), numbered without gaps per Indian financial year.",
  request: { params: BookingIdParams },
  responses: {
    200: json(TaxInvoiceAnswerSchema, 'The invoice'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'No GST details, or not paid yet'),
    503: json(ErrorSchema, "Safar's GST registration is not configured"),
  },
});

const invoicePdfRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/invoice.pdf',
  operationId: 'getTaxInvoicePdf',
  tags: ['Tax Invoices'],
  summary: 'The tax invoice PDF',
  description: "The issued tax invoice as a PDF: Safar's service and, apart from it, what was collected on the airline's behalf.",
  request: { params: BookingIdParams },
  responses: { 200: binary('application/pdf', 'The invoice'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking'), 409: json(ErrorSchema, 'Not issued yet') },
});

const listInvoicesRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/invoices',
  operationId: 'listTaxInvoices',
  tags: ['Tax Invoices'],
  summary: 'Tax invoices',
  description: "Every tax invoice issued for the traveller's bookings, newest first.",
  responses: { 200: json(TaxInvoiceListSchema, 'Invoices'), 401: json(ErrorSchema, 'Not signed in') },
});

const exportRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/account/export',
  operationId: 'exportAccountData',
  tags: ['Accounts'],
  summary: 'Download your data',
  description: 'Everything Safar holds about the signed-in traveller as one JSON file: account, sessions, bookings, passengers, payments (no card data), alerts, plans, groups, notices, consents and more.',
  responses: { 200: json(DataExportSchema, 'The data (sent as an attachment)'), 401: json(ErrorSchema, 'Not signed in') },
});

const deleteAccountRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/account/delete',
  operationId: 'deleteAccount',
  tags: ['Accounts'],
  summary: 'Delete your account',
  description: 'Deletes the account after the password is entered again: sessions end, personal data goes, bookings and payments stay as tax records without personal fields, and a confirmation mail is sent. The address may sign up again.',
  request: { body: { required: true, content: { 'application/json': { schema: DeleteAccountBodySchema } } } },
  responses: {
    200: json(AccountDeletedSchema, 'Deleted (the session cookie is cleared)'),
    400: json(ErrorSchema, 'Wrong password or confirmation'),
    401: json(ErrorSchema, 'Not signed in'),
    429: json(ErrorSchema, 'Too many attempts'),
  },
});

const getConsentsRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/account/consents',
  operationId: 'getConsents',
  tags: ['Accounts'],
  summary: 'Your consent choices',
  description: 'Whether the traveller opted in to marketing mail, when, and the wording they agreed to. No choice recorded means no.',
  responses: { 200: json(ConsentsSchema, 'Consents'), 401: json(ErrorSchema, 'Not signed in') },
});

const putConsentsRoute = travellerRoute({}, {
  method: 'put',
  path: '/api/account/consents',
  operationId: 'setConsents',
  tags: ['Accounts'],
  summary: 'Change your consent choices',
  description: 'Records an opt-in to or withdrawal from marketing mail, with the time and wording.',
  request: { body: { required: true, content: { 'application/json': { schema: SetConsentsBodySchema } } } },
  responses: { 200: json(ConsentsSchema, 'Consents'), 400: json(ErrorSchema, 'Invalid body'), 401: json(ErrorSchema, 'Not signed in') },
});

/** Safar's registration from the configuration, or null when tax invoices are not configured. */
function invoiceSupplier(config: Pick<Config, 'INVOICE_SUPPLIER_GSTIN' | 'INVOICE_SUPPLIER_NAME' | 'INVOICE_SUPPLIER_ADDRESS'>): InvoiceSupplier | null {
  const { INVOICE_SUPPLIER_GSTIN: gstin, INVOICE_SUPPLIER_NAME: name, INVOICE_SUPPLIER_ADDRESS: address } = config;
  return gstin && name && address ? { gstin, name, address } : null;
}

/** Saved travellers, GST details and tax invoices, and "Your data" (export, deletion, consent). */
export function registerPersonalData(app: OpenApiApp) {
  app.openapi(listSavedRoute, async (c) => c.json({ travellers: await listSavedTravellers(c.get('deps').database.db, currentUser(c).id) }, 200, noStore));

  app.openapi(createSavedRoute, async (c) => {
    const { database, clock } = c.get('deps');
    return c.json({ traveller: await createSavedTraveller(database.db, clock, currentUser(c).id, c.req.valid('json')) }, 201);
  });

  app.openapi(updateSavedRoute, async (c) => {
    const { database, clock } = c.get('deps');
    return c.json({ traveller: await updateSavedTraveller(database.db, clock, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')) }, 200);
  });

  app.openapi(deleteSavedRoute, async (c) => {
    await deleteSavedTraveller(c.get('deps').database.db, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(saveFromBookingRoute, async (c) => {
    const { database, clock } = c.get('deps');
    return c.json(await saveTravellersFromBooking(database.db, clock, currentUser(c).id, c.req.valid('param').id), 200);
  });

  app.openapi(getGstRoute, async (c) => c.json({ gstDetails: await getGstDetails(c.get('deps').database.db, currentUser(c).id, c.req.valid('param').id) }, 200, noStore));

  app.openapi(putGstRoute, async (c) => {
    const { database, clock } = c.get('deps');
    return c.json({ gstDetails: await setGstDetails(database.db, clock, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')) }, 200);
  });

  app.openapi(deleteGstRoute, async (c) => {
    await removeGstDetails(c.get('deps').database.db, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(issueInvoiceRoute, async (c) => {
    const { database, clock, config } = c.get('deps');
    const { invoice } = await issueInvoice(database.db, clock, invoiceSupplier(config), currentUser(c).id, c.req.valid('param').id);
    return c.json({ invoice }, 200);
  });

  app.openapi(invoicePdfRoute, async (c) => {
    const { invoice, row, lines } = await loadInvoice(c.get('deps').database.db, currentUser(c).id, c.req.valid('param').id);
    const pdf = await renderInvoicePdf({
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      bookingId: invoice.bookingId,
      pnr: invoice.pnr,
      recipient: { gstin: row.gstin, name: row.registeredName, address: row.registeredAddress },
      lines,
      serviceFeePaise: row.serviceFeePaise,
      serviceGstPaise: row.serviceGstPaise,
      collectedForAirlinePaise: row.collectedForAirlinePaise,
      totalPaise: row.totalPaise,
    });
    return c.body(pdf.slice().buffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="safar-invoice-${invoice.number.replace(/\//g, '-')}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  });

  app.openapi(listInvoicesRoute, async (c) => c.json({ invoices: await listInvoices(c.get('deps').database.db, currentUser(c).id) }, 200, noStore));

  app.openapi(exportRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const data = await exportAccountData(database.db, clock, currentUser(c).id, readSessionCookie(c));
    return c.json(data, 200, { ...noStore, 'Content-Disposition': `attachment; filename="safar-data-${data.exportedAt.slice(0, 10)}.json"` });
  });

  app.openapi(deleteAccountRoute, async (c) => {
    const { database, clock } = c.get('deps');
    await deleteAccount(database.db, clock, currentUser(c), c.req.valid('json').password);
    clearSessionCookie(c);
    return c.json({ deleted: true as const }, 200, noStore);
  });

  app.openapi(getConsentsRoute, async (c) => c.json(await getConsents(c.get('deps').database.db, currentUser(c).id), 200, noStore));

  app.openapi(putConsentsRoute, async (c) => {
    const { database, clock } = c.get('deps');
    return c.json(await setMarketingConsent(database.db, clock, currentUser(c).id, c.req.valid('json').marketingEmail), 200);
  });
}
