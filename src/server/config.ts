import { isValidGstin } from '../core/gst';
import { z } from 'zod';
import { MAX_POOL_SIZE, defaultPoolSize } from '../db/pool-size';

/**
 * Every environment variable Safar reads, validated once at start-up.
 * A bad value stops the process with one line naming the variable.
 * Nothing here is sent to the browser; see `publicConfig` for the allow-list.
 */
const portSchema = z.coerce
  .number({ message: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

const databaseUrlSchema = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'must be a URL like postgres://user:password@host:5432/database');

const originListSchema = z
  .string()
  .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
  .refine((origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)), 'must be a comma-separated list of origins like https://safar.example');

const limitSchema = z.coerce
  .number({ message: 'must be a whole number from 1 to 1000000' })
  .int('must be a whole number from 1 to 1000000')
  .min(1, 'must be a whole number from 1 to 1000000')
  .max(1_000_000, 'must be a whole number from 1 to 1000000');

/** A whole number of seconds from `min` to `max` (a job's interval, a waiting time). */
const seconds = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number of seconds from ${min} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message).default(fallback);
};

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: portSchema.default(3000),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: databaseUrlSchema.optional(),
  // A few connections per core beat many: postgres.js pipelines queries on a busy connection, and
  // fewer backends contend less for the database's cores (see defaultPoolSize).
  DATABASE_POOL_SIZE: z.coerce.number({ message: `must be a whole number from 1 to ${MAX_POOL_SIZE}` }).int().min(1).max(MAX_POOL_SIZE, `must be a whole number from 1 to ${MAX_POOL_SIZE}`).default(defaultPoolSize),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent'], { message: 'must be debug, info, warn, error or silent' }).default('info'),
  PUBLIC_ORIGIN: z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be an origin like https://safar.example (no path)').optional(),
  ALLOWED_ORIGINS: originListSchema.optional(),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  // Seed of the generated flight world: every node must use the same one.
  WORLD_SEED: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0).max(2 ** 31 - 1, 'must be at most 2147483647').default(20261121),
  // Payments. Razorpay is on when its three variables are set (all or none); otherwise the embedded sandbox answers.
  RAZORPAY_KEY_ID: z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'must look like rzp_test_… or rzp_live_…').optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  // Signs sandbox checkouts and webhooks; the same on every node. Without it, production takes no sandbox payments.
  PAYMENT_SANDBOX_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SANDBOX_UPI_SUCCESS_RATE: z.coerce.number({ message: 'must be a number from 0 to 1' }).min(0, 'must be a number from 0 to 1').max(1, 'must be a number from 0 to 1').default(0.9),
  // The share of a cabin's seats that stays free of charge (legacy DGCA cap: paid seats at most 25 %).
  SEAT_FREE_SHARE: z.coerce.number({ message: 'must be a number from 0 to 1' }).min(0, 'must be a number from 0 to 1').max(1, 'must be a number from 0 to 1').default(0.75),
  // How long a held booking keeps its seats before payment must complete.
  BOOKING_HOLD_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 5 to 3600' })
    .int('must be a whole number of seconds from 5 to 3600')
    .min(5, 'must be a whole number of seconds from 5 to 3600')
    .max(3600, 'must be a whole number of seconds from 5 to 3600')
    .default(600),
  // The booking jobs: how often each node expires dead holds and settles payments nobody confirmed,
  // and how long an authorized payment waits for its confirmation before the reconciler settles it.
  HOLD_SWEEP_SECONDS: seconds(1, 3600, 15),
  PAYMENT_RECONCILE_SECONDS: seconds(1, 3600, 10),
  PAYMENT_RECONCILE_AFTER_SECONDS: seconds(1, 3600, 30),
  // How often each node's disruption job notices trip changes and applies the automatic defaults (issue 29).
  DISRUPTION_JOB_SECONDS: seconds(1, 3600, 60),
  // Outgoing mail (booking confirmations). Unset: messages are rendered and logged, not sent.
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be a URL like smtp://user:password@host:587').optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Safar <no-reply@safar.example>'),
  // How often each node's price-alert job looks for due alerts (each alert is re-priced hourly).
  PRICE_ALERT_JOB_SECONDS: z.coerce.number({ message: 'must be a whole number from 1 to 3600' }).int('must be a whole number from 1 to 3600').min(1, 'must be a whole number from 1 to 3600').max(3600, 'must be a whole number from 1 to 3600').default(60),
  // Web Push (VAPID). Both keys or neither: without them, keys are generated once into DATA_DIR/vapid-keys.json.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a URL-safe base64 P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a URL-safe base64 P-256 private key (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL').default('mailto:alerts@safar.example'),
  // AES-256-GCM key travel documents (passports given at check-in) are sealed with: 32 bytes in base64. Unset: generated once into DATA_DIR/documents-key.
  DOCUMENTS_KEY: z.string().regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'must be 32 random bytes in base64 (44 characters, e.g. from `openssl rand -base64 32`)').optional(),
  // Only behind a proxy that sets X-Forwarded-For: otherwise clients could pick their own IP and dodge sign-in throttling.
  // Sign-up and sign-in throttling per client IP. Raise only for test runs that create many accounts from one address.
  SIGNUP_LIMIT_PER_IP: limitSchema.default(50),
  LOGIN_LIMIT_PER_IP: limitSchema.default(20),
  // Password-reset requests per client IP and hour (each address also has its own 5 an hour).
  RESET_LIMIT_PER_IP: limitSchema.default(20),
  // OpenWeatherMap key for the 5-day forecast (server-side only). Unset: weather answers are typical monthly weather.
  OPENWEATHER_API_KEY: z.string().regex(/^[A-Za-z0-9]{16,64}$/, 'must be 16–64 letters and digits (an OpenWeatherMap API key)').optional(),
  // Worker threads that compute search answers beside the serving thread; 0 computes them in it.
  SEARCH_WORKERS: z.coerce.number({ message: 'must be a whole number from 0 to 16' }).int('must be a whole number from 0 to 16').min(0, 'must be a whole number from 0 to 16').max(16, 'must be a whole number from 0 to 16').optional(),
  // Safar's GST registration, printed on tax invoices (all three or none). Unset: no tax invoices are issued.
  INVOICE_SUPPLIER_GSTIN: z.string().refine(isValidGstin, 'must be a valid GSTIN (15 characters with its check character)').optional(),
  INVOICE_SUPPLIER_NAME: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
  INVOICE_SUPPLIER_ADDRESS: z.string().trim().min(1).max(300, 'must be at most 300 characters').optional(),
  // Duffel, a remote flight supplier: an access token (test tokens are duffel_test_…), the API's address (any
  // Duffel-compatible server, such as the test suite's contract fake) and the secret that signs its webhooks.
  DUFFEL_ACCESS_TOKEN: z.string().regex(/^duffel_(test|live)_[A-Za-z0-9_-]+$/, 'must look like duffel_test_… (a Duffel access token)').optional(),
  DUFFEL_API_URL: z
    .string()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.search === '' && url.hash === '' && url.username === '';
      } catch {
        return false;
      }
    }, 'must be a URL like https://api.duffel.com')
    .default('https://api.duffel.com'),
  DUFFEL_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  // How often Safar asks the supplier about airline-initiated changes of each confirmed order still to fly (the
  // fallback when a webhook is missed): at most once per order per this many seconds, across all nodes.
  SUPPLIER_CHANGE_POLL_SECONDS: seconds(10, 86400, 300),
  // Searches a minute a remote supplier may be asked for in all: travellers' searches count but are never refused,
  // the price-alert job's refreshes wait for room; the fare calendar, Explore and recommendations show last-known fares instead of asking.
  SUPPLIER_SEARCHES_PER_MINUTE: z.coerce.number({ message: 'must be a whole number from 1 to 600' }).int('must be a whole number from 1 to 600').min(1, 'must be a whole number from 1 to 600').max(600, 'must be a whole number from 1 to 600').optional(),
  TRUST_PROXY: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false').transform((value) => value === 'true'),
  // Browser tests only: a route that moves the server clock (refused unless NODE_ENV=test).
  TEST_CLOCK_CONTROL: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false').transform((value) => value === 'true'),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment. Throws ConfigError whose message is one line per bad variable.
 * @example loadConfig({ PORT: '8080' }).PORT // 8080
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = ConfigSchema.safeParse(relevant);
  if (parsed.success) {
    const problems = crossFieldProblems(parsed.data);
    if (problems.length === 0) return parsed.data;
    throw new ConfigError(problems.join('\n'));
  }
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    const shown = name.includes('SECRET') || name.includes('TOKEN') || name.includes('PRIVATE') || name.includes('PASSWORD') || name.endsWith('_API_KEY') || name === 'DATABASE_URL' || name === 'SMTP_URL' ? '' : ` (got "${value ?? ''}")`;
    return `Invalid configuration: ${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(lines.join('\n'));
}

/** Rules that span variables (one line each, like the per-variable ones). */
function crossFieldProblems(config: Config): string[] {
  const problems: string[] = [];
  const razorpay = [config.RAZORPAY_KEY_ID, config.RAZORPAY_KEY_SECRET, config.RAZORPAY_WEBHOOK_SECRET];
  if (razorpay.some((v) => v !== undefined) && razorpay.some((v) => v === undefined)) {
    problems.push('Invalid configuration: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together (or none of them)');
  }
  if ((config.VAPID_PUBLIC_KEY === undefined) !== (config.VAPID_PRIVATE_KEY === undefined)) {
    problems.push('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither)');
  }
  const supplier = [config.INVOICE_SUPPLIER_GSTIN, config.INVOICE_SUPPLIER_NAME, config.INVOICE_SUPPLIER_ADDRESS];
  if (supplier.some((v) => v !== undefined) && supplier.some((v) => v === undefined)) {
    problems.push('Invalid configuration: INVOICE_SUPPLIER_GSTIN, INVOICE_SUPPLIER_NAME and INVOICE_SUPPLIER_ADDRESS must be set together (or none of them)');
  }
  if (config.TEST_CLOCK_CONTROL && config.NODE_ENV !== 'test') {
    problems.push('Invalid configuration: TEST_CLOCK_CONTROL is for browser tests only and needs NODE_ENV=test');
  }
  if (config.DUFFEL_WEBHOOK_SECRET !== undefined && config.DUFFEL_ACCESS_TOKEN === undefined) {
    problems.push('Invalid configuration: DUFFEL_WEBHOOK_SECRET is set but DUFFEL_ACCESS_TOKEN is not (set the token too, or neither)');
  }
  return problems;
}

/** Signs sandbox payments when PAYMENT_SANDBOX_SECRET is unset: development and tests only (in production the sandbox refuses payments without a configured secret). */
export const DEV_SANDBOX_SECRET = 'safar-dev-sandbox-secret-not-for-production';

/** Origins allowed to make state-changing requests (CSRF defence). */
export function allowedOrigins(config: Config): string[] {
  const origins = new Set<string>(config.ALLOWED_ORIGINS ?? []);
  if (config.PUBLIC_ORIGIN) origins.add(config.PUBLIC_ORIGIN);
  if (config.NODE_ENV !== 'production') {
    origins.add(`http://localhost:${config.PORT}`);
    origins.add(`http://127.0.0.1:${config.PORT}`);
    origins.add('http://localhost:5173');
  }
  return [...origins];
}

/**
 * The origin links in mail and push messages point at: PUBLIC_ORIGIN, else this server on localhost.
 * @example publicOrigin(config) // 'https://safar.example'
 */
export function publicOrigin(config: Config): string {
  return config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`;
}
