import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { MAX_POOL_SIZE, defaultPoolSize } from '../db/pool-size';
import { ConfigError, allowedOrigins, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BOOKING_HOLD_SECONDS).toBe(600);
    expect(loadConfig({ BOOKING_HOLD_SECONDS: '20' }).BOOKING_HOLD_SECONDS).toBe(20);
    expect([config.HOLD_SWEEP_SECONDS, config.PAYMENT_RECONCILE_SECONDS, config.PAYMENT_RECONCILE_AFTER_SECONDS]).toEqual([15, 10, 30]);
    expect(loadConfig({ HOLD_SWEEP_SECONDS: '1', PAYMENT_RECONCILE_SECONDS: '2', PAYMENT_RECONCILE_AFTER_SECONDS: '3' })).toMatchObject({ HOLD_SWEEP_SECONDS: 1, PAYMENT_RECONCILE_SECONDS: 2, PAYMENT_RECONCILE_AFTER_SECONDS: 3 });
  });

  it('sizes the PostgreSQL pool from the cores unless told: twice the cores, at least 4', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(defaultPoolSize());
    expect(defaultPoolSize()).toBe(Math.min(MAX_POOL_SIZE, Math.max(4, 2 * availableParallelism())));
    expect(loadConfig({ DATABASE_POOL_SIZE: '20' }).DATABASE_POOL_SIZE).toBe(20);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number from 1 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'nonsense' }, /^Invalid configuration: DATABASE_URL must be a URL like postgres:\/\//],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /^Invalid configuration: DATABASE_URL /],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV must be development, production or test/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ PUBLIC_ORIGIN: 'https://x.example/path' }, /^Invalid configuration: PUBLIC_ORIGIN /],
    [{ SIGNUP_LIMIT_PER_IP: '0' }, /^Invalid configuration: SIGNUP_LIMIT_PER_IP must be a whole number from 1 to 1000000 \(got "0"\)$/],
    [{ LOGIN_LIMIT_PER_IP: 'lots' }, /^Invalid configuration: LOGIN_LIMIT_PER_IP must be a whole number from 1 to 1000000/],
    [{ VAPID_PUBLIC_KEY: 'B'.repeat(87) }, /^Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/],
    [{ INVOICE_SUPPLIER_GSTIN: '27AAPFU0939F1ZA' }, /^Invalid configuration: INVOICE_SUPPLIER_GSTIN must be a valid GSTIN/],
    [{ INVOICE_SUPPLIER_GSTIN: '27AAPFU0939F1ZV' }, /^Invalid configuration: INVOICE_SUPPLIER_GSTIN, INVOICE_SUPPLIER_NAME and INVOICE_SUPPLIER_ADDRESS must be set together/],
    [{ VAPID_SUBJECT: 'alerts@safar.example' }, /^Invalid configuration: VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/],
    [{ BOOKING_HOLD_SECONDS: '2' }, /^Invalid configuration: BOOKING_HOLD_SECONDS must be a whole number of seconds from 5 to 3600 \(got "2"\)$/],
    [{ BOOKING_HOLD_SECONDS: '10.5' }, /^Invalid configuration: BOOKING_HOLD_SECONDS must be a whole number of seconds from 5 to 3600/],
    [{ BOOKING_HOLD_SECONDS: 'ten' }, /^Invalid configuration: BOOKING_HOLD_SECONDS /],
    [{ HOLD_SWEEP_SECONDS: '0' }, /^Invalid configuration: HOLD_SWEEP_SECONDS must be a whole number of seconds from 1 to 3600 \(got "0"\)$/],
    [{ PAYMENT_RECONCILE_SECONDS: '1.5' }, /^Invalid configuration: PAYMENT_RECONCILE_SECONDS must be a whole number of seconds from 1 to 3600/],
    [{ PAYMENT_RECONCILE_AFTER_SECONDS: 'soon' }, /^Invalid configuration: PAYMENT_RECONCILE_AFTER_SECONDS must be a whole number of seconds from 1 to 3600/],
    [{ DUFFEL_ACCESS_TOKEN: 'sk_test_123' }, /^Invalid configuration: DUFFEL_ACCESS_TOKEN must look like duffel_test_… \(a Duffel access token\)$/],
    [{ DUFFEL_ACCESS_TOKEN: 'duffel_test_' }, /^Invalid configuration: DUFFEL_ACCESS_TOKEN must look like duffel_test_…/],
    [{ DUFFEL_API_URL: 'api.duffel.com' }, /^Invalid configuration: DUFFEL_API_URL must be a URL like https:\/\/api.duffel.com \(got "api.duffel.com"\)$/],
    [{ DUFFEL_API_URL: 'ftp://api.duffel.com' }, /^Invalid configuration: DUFFEL_API_URL /],
    [{ DUFFEL_WEBHOOK_SECRET: 'short' }, /^Invalid configuration: DUFFEL_WEBHOOK_SECRET must be at least 8 characters$/],
    [{ DUFFEL_WEBHOOK_SECRET: 'a-long-enough-secret' }, /^Invalid configuration: DUFFEL_WEBHOOK_SECRET is set but DUFFEL_ACCESS_TOKEN is not/],
    [{ TEST_CLOCK_CONTROL: 'yes' }, /^Invalid configuration: TEST_CLOCK_CONTROL must be true or false/],
    [{ TEST_CLOCK_CONTROL: 'true' }, /^Invalid configuration: TEST_CLOCK_CONTROL is for browser tests only and needs NODE_ENV=test$/],
    [{ TEST_CLOCK_CONTROL: 'true', NODE_ENV: 'production' }, /^Invalid configuration: TEST_CLOCK_CONTROL is for browser tests only and needs NODE_ENV=test$/],
  ])('names the variable for a bad value %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes the test clock control only with NODE_ENV=test, and keeps it off by default', () => {
    expect(loadConfig({}).TEST_CLOCK_CONTROL).toBe(false);
    expect(loadConfig({ TEST_CLOCK_CONTROL: 'true', NODE_ENV: 'test' }).TEST_CLOCK_CONTROL).toBe(true);
  });

  it('keeps the production sign-up and sign-in limits unless raised', () => {
    expect(loadConfig({})).toMatchObject({ SIGNUP_LIMIT_PER_IP: 50, LOGIN_LIMIT_PER_IP: 20 });
    expect(loadConfig({ SIGNUP_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_IP: '5000' })).toMatchObject({ SIGNUP_LIMIT_PER_IP: 100000, LOGIN_LIMIT_PER_IP: 5000 });
  });

  it('never echoes a database URL, which may hold a password', () => {
    try {
      loadConfig({ DATABASE_URL: 'secret-password' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-password');
    }
  });

  it('reads the Duffel settings: the API address defaults to Duffel, a token and a webhook secret are optional', () => {
    expect(loadConfig({})).toMatchObject({ DUFFEL_API_URL: 'https://api.duffel.com', DUFFEL_ACCESS_TOKEN: undefined, DUFFEL_WEBHOOK_SECRET: undefined });
    expect(loadConfig({ DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123', DUFFEL_API_URL: 'http://127.0.0.1:4010', DUFFEL_WEBHOOK_SECRET: 'whsec_12345678' })).toMatchObject({
      DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123',
      DUFFEL_API_URL: 'http://127.0.0.1:4010',
      DUFFEL_WEBHOOK_SECRET: 'whsec_12345678',
    });
  });

  it('never echoes a Duffel token or webhook secret', () => {
    for (const env of [{ DUFFEL_ACCESS_TOKEN: 'duffel_oops_secret-token' }, { DUFFEL_ACCESS_TOKEN: 'duffel_test_ok', DUFFEL_WEBHOOK_SECRET: 'sh' }]) {
      try {
        loadConfig(env);
        expect.unreachable();
      } catch (error) {
        expect((error as Error).message).not.toMatch(/secret-token|"sh"/);
      }
    }
  });

  it('never echoes a VAPID private key', () => {
    try {
      loadConfig({ VAPID_PRIVATE_KEY: 'not a key' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('not a key');
    }
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/safar' }).DATABASE_URL).toBe('postgres://u:p@127.0.0.1:5432/safar');
  });

  it('allows only configured origins in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://safar.example', ALLOWED_ORIGINS: 'https://a.example, https://b.example' });
    expect(allowedOrigins(config).sort()).toEqual(['https://a.example', 'https://b.example', 'https://safar.example']);
  });
});
