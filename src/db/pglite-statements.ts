import type { PGlite } from '@electric-sql/pglite';
import { parse as results, protocol } from '@electric-sql/pglite';

/** Most statements kept prepared per database; the least recently used is closed first. */
const MAX_PREPARED_STATEMENTS = 256;

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** Statement names are unique in the process, so several instances may share one database. */
let made = 0;

interface Prepared {
  name: string;
  /** Parameter type ids, to serialise values as PostgreSQL expects them. */
  types: number[];
  /** The statement's row description (none for a statement that returns no rows). */
  rowDescription: Message | undefined;
}

export interface PreparedQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string) => unknown>;
}

export interface PreparedResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/**
 * Runs statements on PGlite as named prepared statements, parsed and analysed once per text.
 * `PGlite.query` sends every statement unnamed, so it is parsed, analysed and planned on every
 * call; for large statements that costs about as much as running them. Statements are kept per
 * text, at most `max` of them; parameter values are serialised for the types PostgreSQL
 * inferred, as `query` does.
 * @example const statements = new PgliteStatements(db); await statements.query('select $1::int as n', [1])
 */
export class PgliteStatements {
  private readonly prepared = new Map<string, Prepared>();

  constructor(
    private readonly db: PGlite,
    private readonly max = MAX_PREPARED_STATEMENTS,
  ) {}

  /** How many statements are prepared now. */
  get size(): number {
    return this.prepared.size;
  }

  /**
   * One statement with its parameters; `inTransaction` when the caller holds PGlite's
   * transaction (inside `db.transaction`), which then neither waits for it nor syncs files.
   */
  query(text: string, params: readonly unknown[], options: PreparedQueryOptions = {}, inTransaction = false): Promise<PreparedResult> {
    const run = () => this.db._runExclusiveQuery(() => this.execute(text, params, options, inTransaction));
    return inTransaction ? run() : this.db._runExclusiveTransaction(run);
  }

  private async execute(text: string, params: readonly unknown[], options: PreparedQueryOptions, inTransaction: boolean): Promise<PreparedResult> {
    const send = (message: Uint8Array) => this.db.execProtocolStream(message, { syncToFs: false });
    const messages: Message[] = [];
    try {
      const statement = await this.statementFor(text, send);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = this.db.serializers[statement.types[i] ?? 0];
        // A type without a serializer goes as its text, as PGlite's own query() sends it.
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- parameters reach here as Drizzle's driver values: objects have serializers
        return serialize ? serialize(value) : String(value);
      });
      messages.push(...(await send(protocol.serialize.bind({ statement: statement.name, values }))));
      if (statement.rowDescription) messages.push(statement.rowDescription);
      messages.push(...(await send(protocol.serialize.execute({}))));
    } finally {
      // After an error PostgreSQL skips everything up to the Sync: the session stays usable.
      messages.push(...(await send(protocol.serialize.sync())));
    }
    if (!inTransaction) await this.db.syncToFs();
    return results.parseResults(messages, this.db.parsers, options)[0] as PreparedResult;
  }

  /** The prepared statement for a text, preparing it (and closing the least recently used) when new. */
  private async statementFor(text: string, send: (message: Uint8Array) => Promise<Message[]>): Promise<Prepared> {
    const known = this.prepared.get(text);
    if (known) {
      // Most recently used last, so eviction takes the stalest.
      this.prepared.delete(text);
      this.prepared.set(text, known);
      return known;
    }
    while (this.prepared.size >= this.max) {
      const [oldText, oldest] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldText);
      await send(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    made += 1;
    const name = `safar_${made}`;
    await send(protocol.serialize.parse({ name, text }));
    const described = await send(protocol.serialize.describe({ type: 'S', name }));
    const statement: Prepared = {
      name,
      types: results.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    this.prepared.set(text, statement);
    return statement;
  }
}
