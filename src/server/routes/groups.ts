import { z } from '@hono/zod-openapi';
import { ConfirmBookingBodySchema, PaymentOrderSchema } from '../../core/booking';
import {
  AddMemberBodySchema,
  CreateGroupBodySchema,
  GroupSummarySchema,
  GroupViewSchema,
  InviteViewSchema,
  MemberPassengerBodySchema,
  PublicTripSchema,
  SharedItinerarySchema,
  ShareOrderBodySchema,
} from '../../core/companion';
import { worldCatalog } from '../../domain/booking/world-catalog';
import {
  type CompanionDeps,
  acceptInvite,
  addMember,
  cancelGroup,
  confirmShare,
  createGroup,
  getGroup,
  getInvite,
  initiateGroupBooking,
  listGroups,
  memberTicket,
  orderShare,
  removeMember,
  setMemberPassenger,
} from '../../domain/companion/groups';
import { ticketPdfDataFromBooking } from '../../domain/documents/from-booking';
import { bookingFare } from '../../domain/fares/stored';
import { renderTicketPdf } from '../../domain/documents/ticket-pdf';
import { createSharedItinerary, lookupTrip, mailSharedItinerary, revokeSharedItinerary } from '../../domain/companion/itineraries';
import { currentUser } from '../auth/require-user';
import { clientIp } from '../auth/client-ip';
import type { AppDeps } from '../context';
import { requestHash, sendStored, withIdempotency } from '../idempotency';
import { type OpenApiApp, binary, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { publicRoute, travellerRoute } from '../route-guard';

/**
 * Travel Companion over HTTP: groups, members, invitations, share payments and shared
 * itineraries. Every decision is the companion domain's (src/domain/companion), money moves only
 * through the checkout service; these handlers translate HTTP.
 */

const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const GroupParams = z.object({ groupId: z.string().max(64).openapi({ example: EXAMPLE_ID }) });
const MemberParams = GroupParams.extend({ memberId: z.string().max(64).openapi({ example: EXAMPLE_ID }) });
const TokenParams = z.object({ token: z.string().max(64).openapi({ example: 'x'.repeat(43) }) });
const CodeParams = z.object({ code: z.string().max(16).openapi({ example: 'K7QX2M' }) });
const GroupBody = z.object({ group: GroupViewSchema });

const common = { 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such group for this traveller') };
const body = <T extends z.ZodType>(schema: T, example: unknown) => ({ required: true, content: { 'application/json': { schema, example } } });

const createRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/groups',
  operationId: 'createGroup',
  tags: ['Groups'],
  summary: 'Starts a Travel Companion group on an itinerary; the signed-in traveller is its organiser',
  description: 'Signed-in traveller only; requires an Idempotency-Key. The caller starts a draft group on an itinerary as its organiser.',
  request: { headers: IdempotencyHeaders, body: body(CreateGroupBodySchema, { itineraryId: '6E2134@2026-12-24:economy' }) },
  responses: { 201: json(GroupBody, 'Group (draft)'), 400: json(ErrorSchema, 'Bad request'), ...common, 409: json(ErrorSchema, 'idempotency_in_progress'), 422: json(ErrorSchema, 'idempotency_mismatch') },
});

const listRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/groups',
  operationId: 'listGroups',
  tags: ['Groups'],
  summary: 'Groups the traveller organises or belongs to, newest first',
  description: 'Signed-in traveller only. Groups the traveller organises or is a member of, newest first.',
  responses: { 200: json(z.object({ groups: z.array(GroupSummarySchema) }), 'Groups'), 401: json(ErrorSchema, 'Not signed in') },
});

const getRoute = travellerRoute({ owns: 'group' }, {
  method: 'get',
  path: '/api/groups/{groupId}',
  operationId: 'getGroup',
  tags: ['Groups'],
  summary: 'One group with its members, shares and shared itinerary (404 unless organiser or member)',
  description: 'Organiser or member only; anyone else gets 404.',
  request: { params: GroupParams },
  responses: { 200: json(GroupBody, 'Group'), ...common },
});

const addMemberRoute = travellerRoute({ owns: 'group' }, {
  method: 'post',
  path: '/api/groups/{groupId}/members',
  operationId: 'addGroupMember',
  tags: ['Groups'],
  summary: 'Adds a member (name, email) while the group is a draft; organiser only',
  description: 'Organiser only; requires an Idempotency-Key. Only while the group is a draft with fewer than 9 travellers (409 otherwise).',
  request: { params: GroupParams, headers: IdempotencyHeaders, body: body(AddMemberBodySchema, { name: 'Priya Sharma', email: 'priya@example.com' }) },
  responses: { 201: json(GroupBody, 'Member added'), 400: json(ErrorSchema, 'Empty or invalid email, missing name, already in the group'), 403: json(ErrorSchema, 'Not the organiser'), ...common, 409: json(ErrorSchema, 'Not a draft, or 9 travellers already') },
});

const removeMemberRoute = travellerRoute({ owns: 'group' }, {
  method: 'delete',
  path: '/api/groups/{groupId}/members/{memberId}',
  operationId: 'removeGroupMember',
  tags: ['Groups'],
  summary: 'Removes an invitee while the group is a draft; the organiser cannot be removed',
  description: 'Organiser only, while the group is a draft.',
  request: { params: MemberParams },
  responses: { 200: json(GroupBody, 'Member removed'), 403: json(ErrorSchema, 'Not the organiser'), ...common, 409: json(ErrorSchema, 'Not a draft, or the organiser') },
});

const bookRoute = travellerRoute({ owns: 'group' }, {
  method: 'post',
  path: '/api/groups/{groupId}/book',
  operationId: 'bookGroup',
  tags: ['Groups'],
  summary: 'Group booking initiated: holds seats for the party (group hold), splits the total, mails invitations',
  description: 'Organiser only; requires an Idempotency-Key. Holds the seats for every member, splits the total into shares and mails each invitee their invitation link.',
  request: { params: GroupParams, headers: IdempotencyHeaders },
  responses: { 200: json(GroupBody, 'Held'), 403: json(ErrorSchema, 'Not the organiser'), ...common, 409: json(ErrorSchema, 'Not a draft, sold out, or departing too soon') },
});

const passengerRoute = travellerRoute({ owns: 'group' }, {
  method: 'put',
  path: '/api/groups/{groupId}/members/{memberId}/passenger',
  operationId: 'setGroupPassenger',
  tags: ['Groups'],
  summary: "A member's own passenger details (an adult, checked on the travel date)",
  description: 'Organiser or member, for their own entry. The passenger must be an adult on the travel date; once the share is paid the details are fixed (409).',
  request: { params: MemberParams, body: body(MemberPassengerBodySchema, { passenger: { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210' } }) },
  responses: { 200: json(GroupBody, 'Saved'), 400: json(ErrorSchema, 'Invalid details (fields passenger.*)'), ...common, 409: json(ErrorSchema, 'Share paid, or the booking ended') },
});

const orderRoute = travellerRoute({ owns: 'group' }, {
  method: 'post',
  path: '/api/groups/{groupId}/shares/{memberId}/order',
  operationId: 'createShareOrder',
  tags: ['Groups'],
  summary: "A provider order for the caller's own share",
  description: 'The member paying their own share; requires an Idempotency-Key. Opens a provider order for the share amount the server computed.',
  request: { params: MemberParams, headers: IdempotencyHeaders, body: body(ShareOrderBodySchema, { method: 'card' }) },
  responses: { 200: json(z.object({ order: PaymentOrderSchema }), 'Order'), 400: json(ErrorSchema, 'Bad method'), ...common, 409: json(ErrorSchema, 'Details missing, share paid, or hold expired') },
});

const confirmRoute = travellerRoute({ owns: 'group' }, {
  method: 'post',
  path: '/api/groups/{groupId}/shares/{memberId}/confirm',
  operationId: 'confirmSharePayment',
  tags: ['Groups'],
  summary: 'Confirms a share payment with the signed callback (idempotent; the webhook may have settled it)',
  description: "The member paying their own share; requires an Idempotency-Key. Verifies the provider's signature; when the last share is paid the group booking is confirmed.",
  request: { params: MemberParams, headers: IdempotencyHeaders, body: body(ConfirmBookingBodySchema, { orderId: 'order_sbx_1', paymentId: 'pay_sbx_1', signature: 'ab12' }) },
  responses: { 200: json(GroupBody, 'Share paid (the group confirms with the last one)'), 400: json(ErrorSchema, 'payment-failed'), ...common, 409: json(ErrorSchema, 'hold-expired (refunded) or a second payment (refunded)') },
});

const cancelRoute = travellerRoute({ owns: 'group' }, {
  method: 'post',
  path: '/api/groups/{groupId}/cancel',
  operationId: 'cancelGroup',
  tags: ['Groups'],
  summary: 'Cancels the group: seats back, every paid share refunded; organiser only',
  description: 'Organiser only. Releases the held seats and refunds every paid share.',
  request: { params: GroupParams },
  responses: { 200: json(GroupBody, 'Cancelled'), 403: json(ErrorSchema, 'Not the organiser'), ...common, 409: json(ErrorSchema, 'Already confirmed') },
});

const itineraryRoute = travellerRoute({ owns: 'group' }, {
  method: 'post',
  path: '/api/groups/{groupId}/itinerary',
  operationId: 'createSharedItinerary',
  tags: ['Groups'],
  summary: "Shared itinerary created: the group's public share code (made once; again after a revoke)",
  description: 'Organiser only. Answers 201 when the code is made, 200 with the existing code after that.',
  request: { params: GroupParams },
  responses: { 201: json(z.object({ itinerary: SharedItinerarySchema }), 'Created'), 200: json(z.object({ itinerary: SharedItinerarySchema }), 'Already shared'), 403: json(ErrorSchema, 'Not the organiser'), ...common },
});

const revokeRoute = travellerRoute({ owns: 'group' }, {
  method: 'delete',
  path: '/api/groups/{groupId}/itinerary',
  operationId: 'revokeSharedItinerary',
  tags: ['Groups'],
  summary: 'Revokes the shared itinerary: its public page answers 404',
  description: 'Organiser only. The old share code stops working at once; sharing again makes a new code.',
  request: { params: GroupParams },
  responses: { 204: { description: 'Revoked' }, 403: json(ErrorSchema, 'Not the organiser'), ...common },
});

const mailRoute = travellerRoute({ owns: 'group' }, {
  method: 'post',
  path: '/api/groups/{groupId}/itinerary/invitations',
  operationId: 'sendItineraryInvitations',
  tags: ['Groups'],
  summary: 'Invitations sent to all members: mails the public link to every member',
  description: "Organiser only. Mails the shared itinerary's public link to every member of the group (409 before it is shared).",
  request: { params: GroupParams },
  responses: { 200: json(z.object({ sent: z.number().int() }), 'Queued'), 403: json(ErrorSchema, 'Not the organiser'), ...common, 409: json(ErrorSchema, 'No shared itinerary yet') },
});

const inviteRoute = travellerRoute({ idIsSecret: true }, {
  method: 'get',
  path: '/api/group-invites/{token}',
  operationId: 'getGroupInvite',
  tags: ['Groups'],
  summary: 'What an invitation link shows (the token is the credential; unknown → 404)',
  description: 'Signed-in traveller holding the invitation link: the token itself is the credential (only its hash is stored); a wrong token answers 404.',
  request: { params: TokenParams },
  responses: { 200: json(z.object({ invite: InviteViewSchema }), 'Invitation'), ...common },
});

const acceptRoute = travellerRoute({ idIsSecret: true }, {
  method: 'post',
  path: '/api/group-invites/{token}/accept',
  operationId: 'acceptGroupInvite',
  tags: ['Groups'],
  summary: 'Accepts an invitation with passenger details: the member turns Confirmed, linked to this account',
  description: "Signed-in traveller holding the invitation link. The member's passenger details are checked (an adult on the travel date) and the account is linked to the member.",
  request: { params: TokenParams, body: body(MemberPassengerBodySchema, { passenger: { title: 'Ms', firstName: 'Priya', lastName: 'Sharma', dob: '1992-03-14', type: 'Adult', mobileNo: '9876543210' } }) },
  responses: { 200: json(GroupBody, 'Accepted'), 400: json(ErrorSchema, 'Invalid details'), ...common, 409: json(ErrorSchema, 'Accepted by someone else, already a member, or the booking ended') },
});

const ticketRoute = travellerRoute({ owns: 'group' }, {
  method: 'get',
  path: '/api/groups/{groupId}/ticket.pdf',
  operationId: 'downloadGroupTicket',
  tags: ['Groups'],
  summary: "The caller's own e-ticket of a confirmed group booking (only their passenger)",
  description: "Organiser or member, once the group booking is confirmed: an e-ticket with only the caller's own passenger.",
  request: { params: GroupParams },
  responses: { 200: binary('application/pdf', 'The member’s e-ticket'), ...common, 409: json(ErrorSchema, 'Not confirmed yet') },
});

const tripRoute = publicRoute({
  method: 'get',
  path: '/api/trips/{code}',
  operationId: 'getSharedTrip',
  tags: ['Groups'],
  summary: 'A shared itinerary, read-only: flights, times, terminals, first names (rate-limited per IP)',
  description: 'Public: the share code is the key (a revoked code answers 404). Shows flights, times, terminals and first names only; lookups are rate-limited per IP address.',
  request: { params: CodeParams },
  responses: { 200: json(z.object({ trip: PublicTripSchema }), 'Trip'), 404: json(ErrorSchema, 'Unknown or revoked code'), 429: json(ErrorSchema, 'Too many lookups') },
});

const companion = (deps: AppDeps): CompanionDeps => ({ db: deps.database.db, clock: deps.clock, checkout: deps.checkout, catalog: worldCatalog(deps.world) });

/** Travel Companion: /api/groups, /api/group-invites, /api/trips. */
export function registerGroups(app: OpenApiApp) {
  app.openapi(createRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const input = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(deps.database.db, deps.clock, { userId: user.id, scope: 'create-group', key, hash: requestHash(input) }, async () => ({
      status: 201,
      body: { group: await createGroup(companion(deps), user, input) },
    }));
    return sendStored(c, createRoute, answer);
  });

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ groups: await listGroups(companion(c.get('deps')), currentUser(c).id) }, 200);
  });

  app.openapi(getRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ group: await getGroup(companion(c.get('deps')), c.req.valid('param').groupId, currentUser(c).id) }, 200);
  });

  app.openapi(addMemberRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { groupId } = c.req.valid('param');
    const input = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(deps.database.db, deps.clock, { userId: user.id, scope: 'add-group-member', key, hash: requestHash({ groupId, input }) }, async () => ({
      status: 201,
      body: { group: await addMember(companion(deps), groupId, user.id, input) },
    }));
    return sendStored(c, addMemberRoute, answer);
  });

  app.openapi(removeMemberRoute, async (c) => {
    const { groupId, memberId } = c.req.valid('param');
    return c.json({ group: await removeMember(companion(c.get('deps')), groupId, currentUser(c).id, memberId) }, 200);
  });

  app.openapi(bookRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { groupId } = c.req.valid('param');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(deps.database.db, deps.clock, { userId: user.id, scope: 'book-group', key, hash: requestHash({ groupId }) }, async () => ({
      status: 200,
      body: { group: await initiateGroupBooking(companion(deps), groupId, user.id) },
    }));
    return sendStored(c, bookRoute, answer);
  });

  app.openapi(passengerRoute, async (c) => {
    const { groupId, memberId } = c.req.valid('param');
    return c.json({ group: await setMemberPassenger(companion(c.get('deps')), groupId, currentUser(c).id, memberId, c.req.valid('json').passenger) }, 200);
  });

  app.openapi(orderRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { groupId, memberId } = c.req.valid('param');
    const input = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(deps.database.db, deps.clock, { userId: user.id, scope: 'order-share', key, hash: requestHash({ groupId, memberId, input }) }, async () => ({
      status: 200,
      body: { order: await orderShare(companion(deps), groupId, user, memberId, input.method) },
    }));
    return sendStored(c, orderRoute, answer);
  });

  app.openapi(confirmRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { groupId, memberId } = c.req.valid('param');
    const input = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(deps.database.db, deps.clock, { userId: user.id, scope: 'confirm-share', key, hash: requestHash({ groupId, memberId, input }) }, async () => ({
      status: 200,
      body: { group: await confirmShare(companion(deps), groupId, user.id, memberId, input) },
    }));
    return sendStored(c, confirmRoute, answer);
  });

  app.openapi(cancelRoute, async (c) => {
    return c.json({ group: await cancelGroup(companion(c.get('deps')), c.req.valid('param').groupId, currentUser(c).id) }, 200);
  });

  app.openapi(itineraryRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const { itinerary, created } = await createSharedItinerary(database.db, clock, c.req.valid('param').groupId, currentUser(c).id);
    return created ? c.json({ itinerary }, 201) : c.json({ itinerary }, 200);
  });

  app.openapi(revokeRoute, async (c) => {
    const { database, clock } = c.get('deps');
    await revokeSharedItinerary(database.db, clock, c.req.valid('param').groupId, currentUser(c).id);
    return c.body(null, 204);
  });

  app.openapi(mailRoute, async (c) => {
    const { database, clock } = c.get('deps');
    return c.json(await mailSharedItinerary(database.db, clock, c.req.valid('param').groupId, currentUser(c).id), 200);
  });

  app.openapi(inviteRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.json({ invite: await getInvite(companion(c.get('deps')), c.req.valid('param').token, currentUser(c).id) }, 200);
  });

  app.openapi(acceptRoute, async (c) => {
    return c.json({ group: await acceptInvite(companion(c.get('deps')), c.req.valid('param').token, currentUser(c).id, c.req.valid('json').passenger) }, 200);
  });

  app.openapi(ticketRoute, async (c) => {
    const user = currentUser(c);
    const { booking, bcbp } = await memberTicket(companion(c.get('deps')), c.req.valid('param').groupId, user.id);
    const { database, clock } = c.get('deps');
    const pdf = await renderTicketPdf(ticketPdfDataFromBooking(booking, await bookingFare(database.db, booking, clock.now()), { contactEmail: user.email, bcbp }));
    return c.body(pdf.slice().buffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="safar-ticket-${booking.pnr}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  });

  app.openapi(tripRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const trip = await lookupTrip(database.db, clock, c.req.valid('param').code, clientIp(c));
    c.header('Cache-Control', 'no-store');
    return c.json({ trip }, 200);
  });
}
