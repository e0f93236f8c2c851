import type { Db } from './client';

/**
 * Hand-written statements sent straight to the driver under the Drizzle handle (the database or
 * a transaction), for the booking path's hottest statements: building a query with Drizzle
 * costs more Node CPU than the database spends running it. Values are always bound parameters
 * ($1, $2 …), never spliced into the text; only `rawText` splices, and only trusted text.
 * Rows come back as the Drizzle handle's own raw statements give them on both drivers:
 * column names as written, timestamps as strings, json parsed.
 */

/** A transaction handle: what `db.transaction` passes its callback. */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A piece of a statement: text with holes for values (bound parameters) or nested pieces. */
export class Statement {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/**
 * A statement or a piece of one; `${value}` becomes a bound parameter, `${q`…`}` nests.
 * @example q`select id from bookings where id = ${bookingId}`
 */
export function q(strings: TemplateStringsArray, ...values: unknown[]): Statement {
  return new Statement(strings, values);
}

/**
 * Trusted text spliced in as it is (CTE names, keywords): never a value from a request.
 * @example q`select * from ${rawText(`leg${i}`)}`
 */
export function rawText(text: string): Statement {
  return new Statement([text], []);
}

/**
 * Pieces joined by a separator.
 * @example joinStatements(rows.map((r) => q`(${r.id}::uuid)`), ', ')
 */
export function joinStatements(parts: readonly Statement[], separator: string): Statement {
  if (parts.length === 0) return rawText('');
  // Around the n parts: '' first, a separator between each two, '' last.
  const strings = ['', ...Array.from({ length: parts.length - 1 }, () => separator), ''];
  return new Statement(strings, parts);
}

function render(statement: Statement, text: string[], params: unknown[]): void {
  const { strings, values } = statement;
  for (let i = 0; i < values.length; i += 1) {
    text.push(strings[i] as string);
    const value = values[i];
    if (value instanceof Statement) render(value, text, params);
    else {
      params.push(value === undefined ? null : value);
      text.push(`$${params.length}`);
    }
  }
  text.push(strings[values.length] as string);
}

/**
 * The text with $n placeholders and its parameters.
 * @example toQuery(q`select ${1}::int as n`) // { text: 'select $1::int as n', params: [1] }
 */
export function toQuery(statement: Statement): { text: string; params: unknown[] } {
  const text: string[] = [];
  const params: unknown[] = [];
  render(statement, text, params);
  return { text: text.join(''), params };
}

interface PostgresJsClient {
  unsafe(text: string, params: unknown[], options: { prepare: boolean }): PromiseLike<unknown[]>;
}
interface PgliteClient {
  query(text: string, params: unknown[], options: unknown): Promise<{ rows: unknown[] }>;
}

/** Timestamps and dates stay strings on PGlite, as Drizzle's own raw statements give them (and postgres.js under Drizzle). */
const PGLITE_RAW = {
  rowMode: 'object',
  parsers: Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (value: string) => value])),
};

type Runner = (text: string, params: unknown[]) => Promise<unknown[]>;
const runners = new WeakMap<object, Runner>();

/** The driver's own client under a Drizzle handle: postgres.js (or its transaction) or PGlite (or its transaction). */
function runnerOf(db: Db | DbTx): Runner {
  let run = runners.get(db);
  if (run) return run;
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (typeof (client as PostgresJsClient | undefined)?.unsafe === 'function') {
    const pg = client as PostgresJsClient;
    // Named prepared statements: the server parses and plans each text once per connection.
    run = async (text, params) => Array.from(await pg.unsafe(text, params, { prepare: true }));
  } else if (typeof (client as PgliteClient | undefined)?.query === 'function') {
    const lite = client as PgliteClient;
    run = async (text, params) => (await lite.query(text, params, PGLITE_RAW)).rows;
  } else {
    throw new Error('Unsupported database driver for raw statements');
  }
  runners.set(db, run);
  return run;
}

/**
 * Runs a hand-written statement on a database handle or inside a transaction; its rows.
 * @example const [row] = await queryRows<{ n: number }>(db, q`select ${1}::int as n`)
 */
export function queryRows<T>(db: Db | DbTx, statement: Statement): Promise<T[]> {
  const { text, params } = toQuery(statement);
  return runnerOf(db)(text, params) as Promise<T[]>;
}

/**
 * A timestamp column as the drivers hand it over under Drizzle (a string; a Date to be safe).
 * @example toDate(row.created_at).toISOString()
 */
export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}

/**
 * A json column as the drivers hand it over (both parse json; a string to be safe).
 * @example fromJson<Passenger[]>(row.pax)
 */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
