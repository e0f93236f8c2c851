import { hasInvisibleOrControl } from './text';
import { z } from './zod';

/**
 * Accounts contract shared by the Signup/Login forms and the auth endpoints, so
 * the browser and the server give the same messages (spec section 5).
 */

const PASSWORD_MIN_LENGTH = 6;
const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;

/** Spec messages, character for character. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Choose another.',
  confirmRequired: 'Confirm password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  formInvalid: 'Please fix the errors in the form',
  signupSuccess: 'Account created successfully! Please sign in.',
  loginSuccess: 'Welcome back! Login successful!',
  signupFallback: 'Registration failed',
  loginFallback: 'Login failed',
  emailInUse: 'An account with this email already exists.',
  invalidCredential: 'Invalid email or password.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  networkFailed: 'Network error. Please check your connection.',
  loginRequired: 'Please login to book flights',
} as const;

/** Provider-style reasons (spec section 8) carried in `error.reason`. */
export const AUTH_REASONS = {
  emailInUse: 'email-already-in-use',
  invalidCredential: 'invalid-credential',
  tooManyRequests: 'too-many-requests',
  networkFailed: 'network-request-failed',
} as const;

/**
 * Very common passwords refused at signup (lower-case comparison). A short list on
 * purpose: it blocks the guesses every attacker tries first without a big download.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '654321', '123123', '111111', '000000',
  '666666', '121212', '112233', '123321', '987654321', 'password', 'password1', 'password123', 'passw0rd',
  'qwerty', 'qwerty123', 'qwertyuiop', 'abc123', 'abcdef', 'iloveyou', 'admin', 'admin123', 'welcome',
  'letmein', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess', 'master', 'shadow',
  'superman', 'trustno1', 'zaq12wsx', '1q2w3e4r', '1q2w3e', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'india123',
  'safar123',
]);

// Deliberately simple (a bad address is just "invalid"): something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid)
  // A NUL, zero-width or bidi character is never part of a real address (and NUL breaks PostgreSQL text).
  .refine((value) => !hasInvisibleOrControl(value), AUTH_MESSAGES.emailInvalid);

function requiredString(message: string) {
  return z.string({ error: message }).min(1, message);
}

export const signupSchema = z
  .object({
    email: emailSchema,
    password: requiredString(AUTH_MESSAGES.passwordRequired)
      .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong)
      .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), AUTH_MESSAGES.passwordTooCommon),
    confirmPassword: requiredString(AUTH_MESSAGES.confirmRequired),
  })
  .superRefine((value, ctx) => {
    if (typeof value.confirmPassword === 'string' && value.confirmPassword.length > 0 && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });
    }
  });
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  // No length rule at sign-in beyond the cap: old rules must not lock anyone out.
  password: requiredString(AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const authUserSchema = z.object({ id: z.string(), email: z.string() }).meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

/** The answer of sign-up and sign-in. */
export const AuthUserResponseSchema = z.object({ user: authUserSchema });
/** GET /api/auth/session: the signed-in traveller, or null. */
export const SessionAnswerSchema = z.object({ user: authUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

/**
 * One message per field (the first issue of each field wins), for forms.
 * @example formErrors(signupSchema, { email: '' }) // { email: 'Email is required', ... }
 */
export function formErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Normalises an email for storage and lookup (the users table keeps it lower-cased). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
