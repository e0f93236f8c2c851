import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { handleError } from './errors';
import { errorForLog, redact } from './log-safety';
import { createLogger } from './logger';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0123456789abcdefABCDEFghijklmnopqrstuvwxyz0';
const TOKEN_HASH = 'a'.repeat(64);

function failedInsert(code = '22021'): DrizzleQueryError {
  const cause = Object.assign(new Error(code === '22021' ? 'invalid byte sequence for encoding "UTF8": 0x00' : 'connection terminated'), { code });
  return new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['asha\u0000@example.com', HASH], cause);
}

describe('errorForLog', () => {
  it('keeps the cause and the SQL code but never the query parameters or the hash', () => {
    const logged = JSON.stringify(errorForLog(failedInsert()));
    expect(logged).toContain('invalid byte sequence');
    expect(logged).toContain('22021');
    expect(logged).not.toContain('argon2');
    expect(logged).not.toContain('asha');
    expect(logged).not.toContain('params');
  });

  it('redacts password and token hashes wherever they appear', () => {
    expect(redact(`user ${HASH} session ${TOKEN_HASH}`)).toBe('user [redacted] session [redacted]');
  });

  it('logs the stack frames without the message the stack starts with', () => {
    const error = new Error(`boom ${HASH}`);
    const { stack } = errorForLog(error);
    expect(stack).toMatch(/^\s+at /);
    expect(stack).not.toContain('argon2');
  });
});

describe('the error handler', () => {
  it('answers a plain 500 and logs the error without parameters or hashes', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', { logger } as AppEnv['Variables']['deps']);
      c.set('requestId', 'req-1');
      await next();
    });
    app.post('/api/auth/signup', () => {
      throw failedInsert('57P01');
    });
    app.onError(handleError);
    const res = await app.request('/api/auth/signup?email=asha%40example.com&token=secret', { method: 'POST' });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toMatch(/argon2|insert|stack|at /);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('unhandled error');
    expect(lines[0]).not.toMatch(/argon2|asha|secret|params/);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('answers 400 (not 500) when a NUL reaches the database, and logs nothing', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', { logger } as AppEnv['Variables']['deps']);
      await next();
    });
    app.post('/api/x', () => {
      throw failedInsert();
    });
    app.onError(handleError);
    const res = await app.request('/api/x', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'bad_request', message: 'The request contains characters that are not allowed.' } });
    expect(lines).toEqual([]);
  });
});
