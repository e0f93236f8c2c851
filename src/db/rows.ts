import { type Column, type InferSelectModel, type SQL, type Table, getTableColumns } from 'drizzle-orm';
import { bookingSegments, bookings, passengers, payments } from './schema';

/**
 * Rows of a raw statement on either driver (postgres.js returns an array, PGlite `{ rows }`),
 * run on a database handle or inside a transaction.
 * @example const [row] = await executeRows<{ n: number }>(tx, sql`select 1 as n`)
 */
export async function executeRows<T>(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * A Drizzle table read by hand-written SQL, derived from the table's own columns so that a new
 * column cannot be missed: the select list, a `json_build_object` of the row, and the mappers
 * that turn either back into the row Drizzle would return. Values go through each column's own
 * `mapFromDriverValue` (a timestamp string becomes a Date, json text is parsed, a numeric
 * string becomes a number), as Drizzle's query builder does.
 */
export interface RawTable<T extends Table> {
  /** `alias.column as prefixcolumn, …` for a select whose FROM names the table `alias`. */
  readonly columns: string;
  /** `json_build_object('jsKey', alias.column, …)`: the row as one json value, keyed as Drizzle keys it. */
  readonly json: string;
  /** A row selected with `columns` (its keys are `prefix` + column name) as Drizzle types it. */
  readonly fromRaw: (row: Record<string, unknown>) => InferSelectModel<T>;
  /** A row built with `json` as Drizzle types it. */
  readonly fromJson: (row: Record<string, unknown>) => InferSelectModel<T>;
}

/**
 * The raw-SQL reading of `table` under `alias`, its selected columns named `prefix` + column name.
 * @example const paymentRaw = rawTable(payments, 'p', 'p_'); q`select ${rawText(paymentRaw.columns)} from payments p`
 */
function rawTable<T extends Table>(table: T, alias: string, prefix = ''): RawTable<T> {
  const entries: [key: string, column: Column][] = Object.entries(getTableColumns(table));
  const map = (raw: Record<string, unknown>, nameOf: (key: string, column: Column) => string): InferSelectModel<T> => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of entries) {
      const value = raw[nameOf(key, column)];
      row[key] = value == null ? null : column.mapFromDriverValue(value);
    }
    // The one point where a raw row becomes the typed row: every column of the table was read
    // above and mapped by that column's own driver mapping, as Drizzle's select does.
    return row as InferSelectModel<T>;
  };
  return {
    columns: entries.map(([, c]) => `${alias}.${c.name}${prefix ? ` as ${prefix}${c.name}` : ''}`).join(', '),
    json: `json_build_object(${entries.map(([key, c]) => `'${key}', ${alias}.${c.name}`).join(', ')})`,
    fromRaw: (raw) => map(raw, (_, c) => `${prefix}${c.name}`),
    fromJson: (raw) => map(raw, (key) => key),
  };
}

/** `bookings` aliased `b`, each column named as itself. */
export const bookingRaw = rawTable(bookings, 'b');

/** `payments` aliased `p`, each column named `p_` + column. */
export const paymentRaw = rawTable(payments, 'p', 'p_');

/** `passengers` aliased `x` (read as json). */
export const passengerRaw = rawTable(passengers, 'x');

/** `booking_segments` aliased `s` (read as json). */
export const segmentRaw = rawTable(bookingSegments, 's');
