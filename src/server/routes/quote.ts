import { QuoteQuerySchema, QuoteSchema } from '../../core/quote';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { publicRoute } from '../route-guard';

const route = publicRoute({
  method: 'get',
  path: '/api/quote',
  operationId: 'getQuote',
  tags: ['Search'],
  summary: 'Prices a chosen itinerary for a passenger mix (every passenger type) with the pricing the seat hold charges',
  description: 'Public. The price breakdown for one itinerary and passenger mix, computed exactly as the seat hold will charge it.',
  request: { query: QuoteQuerySchema },
  responses: {
    200: json(QuoteSchema, 'The price for these passengers now; send its total as the hold’s quotedTotal'),
    400: json(ErrorSchema, 'A passenger count, the itinerary id or the fare family is malformed, or the fare family is not sold on this itinerary (field fareFamily)'),
    404: json(ErrorSchema, 'The itinerary can no longer be booked (departed, not flown, cabin absent)'),
  },
});

/** The fare quote for the booking screen (public: fares are what search shows anyone). */
export function registerQuote(app: OpenApiApp) {
  app.openapi(route, async (c) => {
    const quote = await c.get('deps').checkout.quote(c.req.valid('query'));
    // Fares move with the seats sold: never reuse a stale answer.
    c.header('Cache-Control', 'no-store');
    return c.json(quote, 200);
  });
}
