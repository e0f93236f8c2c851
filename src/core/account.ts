import { AUTH_MESSAGES, COMMON_PASSWORDS, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, displayNameField } from './auth';
import { hasInvisibleOrControl } from './text';
import { z } from './zod';

/**
 * Account recovery and settings contract: forgot/reset password, email verification, display
 * name, password and email change, sessions and passkeys. Shared by the screens and the server.
 */

export const ACCOUNT_MESSAGES = {
  resetRequested: 'If an account exists for that email, we have sent a link',
  resetDone: 'Your password has been changed. Please sign in.',
  tokenInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  verifyDone: 'Your email address is verified.',
  verifySent: 'We have sent a new verification link.',
  verifyBanner: 'Please verify your email address. Price-alert and group-invitation mail waits until you do.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed.',
  emailChangeSent: 'We have sent a link to the new address. Your email changes when you open it.',
  emailChanged: 'Your email address has been changed.',
  emailSame: 'This is already your email address',
  displayNameSaved: 'Display name saved.',
  sessionNotFound: 'Session not found',
  passkeyNotFound: 'Passkey not found',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyAdded: 'Passkey added.',
} as const;

export const TOKEN_PURPOSES = ['password-reset', 'verify-email', 'change-email'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const emailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_MESSAGES.emailInvalid)
  .refine((value) => !hasInvisibleOrControl(value), AUTH_MESSAGES.emailInvalid);

/** The sign-up password rules (length, common passwords), reused wherever a new password is chosen. */
const newPasswordField = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong)
  .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), AUTH_MESSAGES.passwordTooCommon);

/** A mailed token: 32 random bytes in base64url. Anything else is refused before any lookup. */
const accountTokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_MESSAGES.tokenInvalid);


function confirmMatches(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (typeof value.confirmPassword === 'string' && value.confirmPassword.length > 0 && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });
  }
}

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const confirmField = z.string({ error: AUTH_MESSAGES.confirmRequired }).min(1, AUTH_MESSAGES.confirmRequired);

/** The reset screen's form: a new password twice (the token comes from the link). */
export const newPasswordFormSchema = z.object({ password: newPasswordField, confirmPassword: confirmField }).superRefine(confirmMatches);

export const resetPasswordSchema = z
  .object({
    token: accountTokenField,
    password: newPasswordField,
    confirmPassword: confirmField,
  })
  .superRefine(confirmMatches);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const tokenBodySchema = z.object({ token: accountTokenField });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: ACCOUNT_MESSAGES.currentPasswordRequired }).min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
    password: newPasswordField,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmRequired }).min(1, AUTH_MESSAGES.confirmRequired),
  })
  .superRefine(confirmMatches);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  email: emailField,
  currentPassword: z.string({ error: ACCOUNT_MESSAGES.currentPasswordRequired }).min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const displayNameSchema = z.object({ displayName: displayNameField });

export const accountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    emailVerified: z.boolean(),
    /** The address waiting for confirmation after a change request, if any. */
    pendingEmail: z.string().nullable(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

const sessionInfoSchema = z
  .object({
    id: z.string(),
    /** "Chrome on Linux", from the User-Agent at sign-in. */
    device: z.string(),
    ip: z.string().nullable(),
    /** Country of the client IP ("India"), worked out when listed; null for private or unknown addresses. */
    place: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });

export const passkeyInfoSchema = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable(), backedUp: z.boolean() })
  .meta({ id: 'Passkey' });
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeyInfoSchema) });

/** WebAuthn JSON from @simplewebauthn/browser; the library checks every field, the schema only its shape. */
const credentialJson = z.looseObject({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key'), response: z.record(z.string(), z.unknown()), clientExtensionResults: z.record(z.string(), z.unknown()).default({}), authenticatorAttachment: z.string().optional() });

const transports = z.array(z.string());
const credentialDescriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: transports.optional() });
const hints = z.array(z.string()).optional();

/** PublicKeyCredentialCreationOptionsJSON as SimpleWebAuthn's generateRegistrationOptions writes it. */
const passkeyRegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({ authenticatorAttachment: z.string().optional(), residentKey: z.string().optional(), requireResidentKey: z.boolean().optional(), userVerification: z.string().optional() })
    .optional(),
  attestation: z.string().optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints,
});

/** PublicKeyCredentialRequestOptionsJSON as SimpleWebAuthn's generateAuthenticationOptions writes it. */
const passkeyLoginOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  hints,
});

export const passkeyRegistrationOptionsAnswerSchema = z.object({ challengeId: z.string(), optionsJSON: passkeyRegistrationOptionsSchema });
export const passkeyLoginOptionsAnswerSchema = z.object({ challengeId: z.string(), optionsJSON: passkeyLoginOptionsSchema });
export const passkeyRegisterSchema = z.object({ challengeId: z.string().uuid(), response: credentialJson, name: z.string().trim().max(60).optional() });
export const passkeyLoginSchema = z.object({ challengeId: z.string().uuid(), response: credentialJson });

export const messageAnswerSchema = z.object({ message: z.string() });

/**
 * A short device label from a User-Agent: browser and system, or "Unknown device".
 * @example describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36') // 'Chrome on Linux'
 */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\/|Opera/.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\/|Chromium\/|CriOS\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : /node|undici|curl/i.test(ua) ? 'Script' : 'Browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad|iPod/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}
