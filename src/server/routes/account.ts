import type { z } from '@hono/zod-openapi';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  ACCOUNT_MESSAGES,
  accountSchema,
  changeEmailSchema,
  changePasswordSchema,
  displayNameSchema,
  messageAnswerSchema,
  passkeyInfoSchema,
  passkeyListSchema,
  passkeyRegistrationOptionsAnswerSchema,
  passkeyRegisterSchema,
  sessionListSchema,
} from '../../core/account';
import { AppError } from '../../core/errors';
import { ApiErrorBodySchema as ErrorSchema } from '../../core/error-body';
import { z as zod } from '../../core/zod';
import { finishPasskeyRegistration, listPasskeys, removePasskey, startPasskeyRegistration } from '../../domain/accounts/passkeys';
import { countAccountMail, sendVerification } from '../../domain/accounts/recovery';
import { endSessionById, endUserSessions, listSessions } from '../../domain/accounts/sessions';
import { changePassword, getAccount, requestEmailChange, setDisplayName } from '../../domain/accounts/settings';
import { accountMailer, limitsOf, relyingParty } from '../auth/account-context';
import { clearSessionCookie, readSessionCookie } from '../auth/cookie';
import { currentUser } from '../auth/require-user';
import type { OpenApiApp } from '../openapi';
import { travellerRoute } from '../route-guard';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const unauthorized = json(ErrorSchema, 'Not signed in');
const idParam = zod.object({ id: zod.string().min(1).max(1024) });

const getAccountRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/account',
  operationId: 'getAccount',
  tags: ['Accounts'],
  summary: 'The signed-in account: email, display name, verification',
  description: 'Settings and the "verify your email" banner read this.',
  responses: { 200: json(zod.object({ account: accountSchema }), 'The account'), 401: unauthorized },
});

const updateAccountRoute = travellerRoute({}, {
  method: 'patch',
  path: '/api/account',
  operationId: 'updateAccount',
  tags: ['Accounts'],
  summary: 'Set the display name',
  description: 'The name a group and a shared trip page show for this traveller; blank clears it.',
  request: body(displayNameSchema),
  responses: { 200: json(zod.object({ account: accountSchema }), 'Saved'), 400: json(ErrorSchema, 'Invalid name'), 401: unauthorized },
});

const changePasswordRoute = travellerRoute({}, {
  method: 'put',
  path: '/api/account/password',
  operationId: 'updatePassword',
  tags: ['Accounts'],
  summary: 'Change the password (current one required)',
  description: 'Sign-up password rules. Reset links stop working, every other session ends, and the address is told.',
  request: body(changePasswordSchema),
  responses: {
    200: json(messageAnswerSchema, 'Changed'),
    400: json(ErrorSchema, 'Wrong current password or an invalid new one (field errors)'),
    401: unauthorized,
    429: json(ErrorSchema, 'too-many-requests'),
  },
});

const emailChangeRequestRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/account/email-change-requests',
  operationId: 'createEmailChangeRequest',
  tags: ['Accounts'],
  summary: 'Ask to change the email address (current password required)',
  description: 'Mails a link to the new address; the account keeps its address until the link is opened.',
  request: body(changeEmailSchema),
  responses: {
    202: json(messageAnswerSchema, 'Link sent to the new address'),
    400: json(ErrorSchema, 'Wrong current password or invalid address'),
    401: unauthorized,
    409: json(ErrorSchema, 'email-already-in-use'),
    429: json(ErrorSchema, 'too-many-requests'),
  },
});

const resendVerificationRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/account/verification-mails',
  operationId: 'createVerificationMail',
  tags: ['Accounts'],
  summary: 'Resend the verification link',
  description: 'At most 5 an hour per account; the newest link spends the older ones.',
  responses: { 202: json(messageAnswerSchema, 'Sent (nothing is sent for an address already verified)'), 401: unauthorized, 429: json(ErrorSchema, 'too-many-requests') },
});

const listSessionsRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/account/sessions',
  operationId: 'listSessions',
  tags: ['Accounts'],
  summary: 'Signed-in sessions: device, place, IP, last use',
  description: 'Every live session of the account; `current` marks this browser\'s. `place` is the country of the session\'s client IP (nothing finer), looked up in an IP-to-country table when listed and never stored; null for private, reserved or unknown addresses.',
  responses: { 200: json(sessionListSchema, 'Sessions'), 401: unauthorized },
});

const endAllSessionsRoute = travellerRoute({}, {
  method: 'delete',
  path: '/api/account/sessions',
  operationId: 'deleteSessions',
  tags: ['Accounts'],
  summary: 'Sign out everywhere',
  description: 'Ends every session of the account, this one included.',
  responses: { 204: { description: 'Signed out everywhere' }, 401: unauthorized },
});

const endSessionRoute = travellerRoute({ owns: 'session' }, {
  method: 'delete',
  path: '/api/account/sessions/{id}',
  operationId: 'deleteSession',
  tags: ['Accounts'],
  summary: 'Sign out one session',
  description: 'Ends one of the account\'s sessions; 404 for any other id.',
  request: { params: idParam },
  responses: { 204: { description: 'Signed out' }, 401: unauthorized, 404: json(ErrorSchema, 'No such session of yours') },
});

const listPasskeysRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/account/passkeys',
  operationId: 'listPasskeys',
  tags: ['Accounts'],
  summary: 'The account\'s passkeys',
  description: 'Name, when added and last used.',
  responses: { 200: json(passkeyListSchema, 'Passkeys'), 401: unauthorized },
});

const passkeyOptionsRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/account/passkey-options',
  operationId: 'createPasskeyRegistrationOptions',
  tags: ['Accounts'],
  summary: 'Start adding a passkey',
  description: 'WebAuthn registration options (challenge kept server-side for 5 minutes) for @simplewebauthn/browser startRegistration.',
  responses: { 200: json(passkeyRegistrationOptionsAnswerSchema, 'Options and the challenge id to send back'), 401: unauthorized, 503: json(ErrorSchema, 'No PUBLIC_ORIGIN configured (production)') },
});

const addPasskeyRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/account/passkeys',
  operationId: 'createPasskey',
  tags: ['Accounts'],
  summary: 'Finish adding a passkey',
  description: 'Verifies the attestation with SimpleWebAuthn against the stored challenge and stores the credential.',
  request: body(passkeyRegisterSchema),
  responses: {
    201: json(zod.object({ passkey: passkeyInfoSchema }), 'Added'),
    400: json(ErrorSchema, 'The passkey could not be verified'),
    401: unauthorized,
    409: json(ErrorSchema, 'Already registered'),
  },
});

const removePasskeyRoute = travellerRoute({ owns: 'passkey' }, {
  method: 'delete',
  path: '/api/account/passkeys/{id}',
  operationId: 'deletePasskey',
  tags: ['Accounts'],
  summary: 'Remove a passkey',
  description: '404 for an id that is not one of the account\'s passkeys.',
  request: { params: idParam },
  responses: { 204: { description: 'Removed' }, 401: unauthorized, 404: json(ErrorSchema, 'No such passkey of yours') },
});

/** Account settings: profile, password, email, sessions, passkeys. */
export function registerAccount(app: OpenApiApp) {
  app.openapi(getAccountRoute, async (c) => {
    const { database, clock } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json({ account: await getAccount(database.db, clock, currentUser(c).id) }, 200);
  });

  app.openapi(updateAccountRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const user = currentUser(c);
    await setDisplayName(database.db, user.id, c.req.valid('json').displayName);
    return c.json({ account: await getAccount(database.db, clock, user.id) }, 200);
  });

  app.openapi(changePasswordRoute, async (c) => {
    const deps = c.get('deps');
    const input = c.req.valid('json');
    await changePassword(deps.database.db, deps.clock, currentUser(c).id, readSessionCookie(c), input, limitsOf(deps));
    return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
  });

  app.openapi(emailChangeRequestRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    await countAccountMail(deps.database.db, deps.clock, user.id, limitsOf(deps));
    await requestEmailChange(deps.database.db, deps.clock, accountMailer(deps), user.id, c.req.valid('json'), limitsOf(deps));
    return c.json({ message: ACCOUNT_MESSAGES.emailChangeSent }, 202);
  });

  app.openapi(resendVerificationRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    await countAccountMail(deps.database.db, deps.clock, user.id, limitsOf(deps));
    await sendVerification(deps.database.db, deps.clock, accountMailer(deps), user.id);
    return c.json({ message: ACCOUNT_MESSAGES.verifySent }, 202);
  });

  app.openapi(listSessionsRoute, async (c) => {
    const { database, clock } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json({ sessions: await listSessions(database.db, clock, currentUser(c).id, readSessionCookie(c)) }, 200);
  });

  app.openapi(endAllSessionsRoute, async (c) => {
    await endUserSessions(c.get('deps').database.db, currentUser(c).id);
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  app.openapi(endSessionRoute, async (c) => {
    const ended = await endSessionById(c.get('deps').database.db, currentUser(c).id, c.req.valid('param').id);
    if (!ended) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
    return c.body(null, 204);
  });

  app.openapi(listPasskeysRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ passkeys: await listPasskeys(c.get('deps').database.db, currentUser(c).id) }, 200);
  });

  app.openapi(passkeyOptionsRoute, async (c) => {
    const { database, clock } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await startPasskeyRegistration(database.db, clock, relyingParty(c), currentUser(c)), 200);
  });

  app.openapi(addPasskeyRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const input = c.req.valid('json');
    const passkey = await finishPasskeyRegistration(database.db, clock, relyingParty(c), currentUser(c), {
      challengeId: input.challengeId,
      // Shape checked by the schema; every WebAuthn field is checked by verifyRegistrationResponse.
      response: input.response as unknown as RegistrationResponseJSON,
      name: input.name,
      userAgent: c.req.header('user-agent'),
    });
    return c.json({ passkey }, 201);
  });

  app.openapi(removePasskeyRoute, async (c) => {
    await removePasskey(c.get('deps').database.db, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });
}
