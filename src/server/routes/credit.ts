import { ApplyCreditAnswerSchema, ApplyCreditBodySchema, CreditAnswerSchema } from '../../core/credit';
import { creditAccount } from '../../domain/credit/ledger';
import { currentUser } from '../auth/require-user';
import { type OpenApiApp, BookingIdParams, ErrorSchema, json } from '../openapi';
import { travellerRoute } from '../route-guard';

/**
 * Safar credit over HTTP: the balance with its ledger, and spending it on a held booking. The
 * ledger's rules are the credit domain's (`src/domain/credit`), the spend is the checkout service's.
 */

const creditRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/account/credit',
  operationId: 'getCredit',
  tags: ['Accounts'],
  summary: "The traveller's Safar credit: balance and every entry (what added, what spent)",
  description:
    'Signed-in traveller only. Safar credit only ever comes from a refund the traveller chose to keep as credit (never the default). `kind` says what an entry was: `refund` (added by a cancellation), `spend` (applied to a booking, negative) or `return` (a spend given back because its hold ended unpaid). The balance is the sum of the entries, never below zero.',
  responses: { 200: json(CreditAnswerSchema, 'Balance and entries, newest first'), 401: json(ErrorSchema, 'Not signed in') },
});

const applyRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/credit',
  operationId: 'applyCredit',
  tags: ['Payments'],
  summary: 'Spends Safar credit on a held booking (the traveller opts in; never pre-applied)',
  description:
    "Signed-in traveller only; another traveller's booking id answers 404. Spends `amountPaise` of the traveller's Safar credit on the held booking: at most the balance and at most what is still due. When it covers everything the booking is confirmed at once, without a gateway payment; otherwise pay `duePaise` through POST /api/bookings/{id}/payments as usual. One spend per booking: the same request again answers the first spend, another amount answers 409. A hold that expires or is cancelled before it is paid gives the credit back. A flight change's difference is paid by card or UPI.",
  request: { params: BookingIdParams, body: { required: true, content: { 'application/json': { schema: ApplyCreditBodySchema, example: { amountPaise: 50000 } } } } },
  responses: {
    200: json(ApplyCreditAnswerSchema, 'Applied; confirmed when nothing is left to pay'),
    400: json(ErrorSchema, 'No credit, or more than the balance or what is due (field errors on amountPaise)'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'The booking is not awaiting payment (hold expired, paid), or credit was already applied with another amount'),
  },
});

/** Safar credit: balance and spending. */
export function registerCredit(app: OpenApiApp) {
  app.openapi(creditRoute, async (c) => c.json(await creditAccount(c.get('deps').database.db, currentUser(c).id), 200));

  app.openapi(applyRoute, async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const { amountPaise } = c.req.valid('json');
    return c.json(await c.get('deps').checkout.applyCredit({ userId: user.id, bookingId: id, amountPaise }), 200);
  });
}
