import { OpenAPIHono, z } from '@hono/zod-openapi';
import { IdempotencyKeySchema } from '../core/booking';
import { ApiErrorBodySchema } from '../core/error-body';
import { type Config, publicOrigin } from './config';
import type { AppEnv } from './context';
import { validationResponse } from './errors';

export type OpenApiApp = OpenAPIHono<AppEnv>;

/** A router whose zod validation failures answer in the app's error format. */
export function createOpenApiApp(): OpenApiApp {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationResponse(c, result.error);
      return undefined;
    },
  });
}

// The HTTP kit every route file builds its OpenAPI entries from.

/** The error envelope of every non-2xx JSON answer. */
export const ErrorSchema = ApiErrorBodySchema;

/**
 * A JSON answer with its schema.
 * @example responses: { 200: json(BookingResponseSchema, 'Booking'), 404: json(ErrorSchema, 'No such booking') }
 */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/**
 * A binary answer (PDF, image) of the given media type.
 * @example responses: { 200: binary('application/pdf', 'The e-ticket') }
 */
export const binary = (mediaType: string, description: string) => ({ description, content: { [mediaType]: { schema: z.string().openapi({ format: 'binary' }) } } });

/** The `Idempotency-Key` header a state-changing request that is safe to retry carries. */
export const IdempotencyHeaders = z.object({ 'idempotency-key': IdempotencyKeySchema });

/** A booking id in the path (`/api/bookings/{id}/…`); anything else is a 404. */
export const BookingIdParams = z.object({ id: z.string().regex(/^BK\d{13,16}$/, 'Booking not found').openapi({ example: 'BK1732180000000' }) });

/**
 * The resources the API's operations are grouped by: every operation carries exactly one of
 * these tags (`tags: ['Bookings']`), and the document describes each.
 */
export const API_TAGS = [
  { name: 'Health', description: 'Whether the server and its database answer.' },
  { name: 'Accounts', description: 'Sign-up, sign-in (password or passkey), password reset, email verification, account settings and signed-in devices, the traveller’s profile figures, and their data: export, marketing consent and account deletion.' },
  { name: 'Saved Travellers', description: 'Co-travellers the traveller keeps to fill passenger cards in one click.' },
  { name: 'Search', description: 'Airports, itinerary search with all-in prices, the fare calendar and quotes for a passenger mix. Open to everyone.' },
  { name: 'Bookings', description: 'Seat holds, the traveller’s bookings and their e-tickets.' },
  { name: 'Payments', description: 'Provider settings, payment orders, the sandbox gateway, confirmation with a signed payment and the providers’ signed webhooks.' },
  { name: 'Tax Invoices', description: 'GST details of a booking and the tax invoices Safar issues for it, numbered without gaps per financial year.' },
  { name: 'Boarding Passes', description: 'Boarding passes of confirmed bookings, as data, PDF and barcode.' },
  { name: 'Notifications', description: 'In-app notices and the browser push subscriptions they are also sent to.' },
  { name: 'Weather', description: 'Forecasts and typical monthly weather for airports, and destination insights (best time to visit, local events).' },
  { name: 'Plans', description: 'Multi-city trip planning on the search engine, and the traveller’s saved trip plans.' },
  { name: 'Explore', description: 'Route catalogue with typical fares, favourite routes and budget recommendations.' },
  { name: 'Assistant', description: 'What the help chatbot may tell the signed-in traveller about their own trips.' },
  { name: 'Alerts', description: 'Price alerts for a route, for a signed-in traveller or an anonymous owner token, with double opt-in mail.' },
  { name: 'Tracking', description: 'Live flight status and the traveller’s recent Flight Tracker searches.' },
  { name: 'Groups', description: 'Travel Companion: groups, members, invitations, split payments and shared itineraries.' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/**
 * The document-level part of `/api/openapi.json`: what the API is, who runs it, where it is
 * served (this server's public origin) and its tags.
 * @example app.doc31('/api/openapi.json', (c) => apiDocument(c.get('deps').config))
 */
export function apiDocument(config: Config) {
  const origin = publicOrigin(config);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Safar API',
      version: '1.0.0',
      description:
        'Flight search, booking and tracking. JSON over HTTPS; errors answer with the `Error` envelope (a stable `code`, a human `message`, optional per-field messages). State-changing browser requests must come from the app’s own origin; retries of money-moving requests carry an `Idempotency-Key`.',
      contact: { name: 'Safar', url: origin },
    },
    servers: [{ url: origin, description: 'This Safar server (the web app and its API share the origin)' }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
  };
}
