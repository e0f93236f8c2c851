/**
 * What of an error may go into a log line. Never the SQL parameters a failed query
 * carried (Drizzle puts them in the message: emails, password hashes, tokens), never a
 * password or token hash, never the message repeated at the top of the stack.
 */
export interface LoggableError {
  error: string;
  errorCode?: string;
  stack?: string;
}

const HASHES = [
  /\$argon2(?:id|i|d)\$[^\s'"]*/g, // argon2 password hashes (they contain commas)
  /\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}/g, // bcrypt
  /\b[0-9a-fA-F]{64,}\b/g, // sha-256 and longer hex digests (session and API token hashes)
];

/**
 * Removes hashes and anything after a `params:` marker from one piece of text.
 * @example redact('Failed query: insert …\nparams: a@b.co,$argon2id$v=19$…') // 'Failed query: insert …'
 */
export function redact(text: string): string {
  let out = text.replace(/\s*params:[\s\S]*$/, '');
  for (const pattern of HASHES) out = out.replace(pattern, '[redacted]');
  return out.length > 500 ? `${out.slice(0, 500)}…` : out;
}

interface QueryErrorLike {
  query: unknown;
  params: unknown;
  cause?: unknown;
}

function isQueryError(error: unknown): error is QueryErrorLike & Error {
  return error instanceof Error && 'query' in error && 'params' in error;
}

/**
 * The fields to log for an error: a redacted message, the database error code if any,
 * and the stack frames only (the stack's first line repeats the message).
 * @example logger.error('job failed', { job: 'sweeper', ...errorForLog(error) })
 */
export function errorForLog(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { error: redact(String(error)) };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const message = isQueryError(error)
    ? `database query failed (${String(error.query).split('\n')[0]?.slice(0, 120) ?? ''}): ${cause?.message ?? 'unknown cause'}`
    : error.message;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return { error: redact(message), ...(code ? { errorCode: code } : {}), ...(frames ? { stack: redact(frames) } : {}) };
}
