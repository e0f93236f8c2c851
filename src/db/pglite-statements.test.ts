import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteStatements } from './pglite-statements';

describe('PGlite statements kept prepared', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create table things (id uuid primary key, name text not null unique, size int, doc jsonb, at timestamptz);
      insert into things values ('5b0f6c5e-8d47-4c34-9c6a-0f5a4f1d2a01', 'kettle', 2, '{"a":[1,"b"]}', '2026-12-24T10:00:00Z')`);
  });
  afterAll(() => db.close());

  const shape = (r: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }) => ({
    rows: r.rows,
    fields: r.fields.map((f) => [f.name, f.dataTypeID]),
    affectedRows: r.affectedRows ?? 0,
  });

  it('answers exactly as PGlite.query does: rows, fields, types, nulls, array rows and custom parsers', async () => {
    const statements = new PgliteStatements(db);
    const cases: [string, unknown[], object?][] = [
      ['select id, name, size, doc, at from things where name = $1', ['kettle']],
      ['select $1::int as n, $2::text as t, $3::jsonb as j, $4::timestamptz as at, $5::int as nothing', [7, 'x', JSON.stringify({ k: [1] }), new Date('2026-12-24T10:00:00Z'), null]],
      ['select name, size from things where size > $1', [0], { rowMode: 'array' }],
      ['select at from things where name = $1', ['kettle'], { parsers: { 1184: (v: string) => v } }],
      ['select name from things where name = $1', ['missing']],
    ];
    for (const [text, params, options] of cases) {
      // Twice: the second run takes the prepared statement.
      for (let i = 0; i < 2; i += 1) expect(shape(await statements.query(text, params, options))).toEqual(shape(await db.query(text, params, options)));
    }
    expect(statements.size).toBe(cases.length);
  });

  it('reports affected rows of writes and keeps the session usable after an error', async () => {
    const statements = new PgliteStatements(db);
    const insert = 'insert into things (id, name, size) values ($1, $2, $3)';
    expect((await statements.query(insert, ['5b0f6c5e-8d47-4c34-9c6a-0f5a4f1d2a02', 'lamp', 1])).affectedRows).toBe(1);
    // A unique violation: PostgreSQL's code, and the next statement works.
    const duplicate = await statements.query(insert, ['5b0f6c5e-8d47-4c34-9c6a-0f5a4f1d2a03', 'lamp', 1]).catch((error: unknown) => error);
    expect((duplicate as { code?: string }).code).toBe('23505');
    // A value the parameter's type refuses fails at bind; the statement stays prepared.
    await expect(statements.query(insert, ['not-a-uuid', 'chair', 1])).rejects.toThrow(/uuid/);
    // A statement that does not parse is not kept.
    const before = statements.size;
    await expect(statements.query('selec 1', [])).rejects.toThrow(/syntax/);
    expect(statements.size).toBe(before);
    expect((await statements.query('select count(*)::int as n from things where name = $1', ['lamp'])).rows).toEqual([{ n: 1 }]);
  });

  it('closes the least recently used statement beyond its bound, and prepares it again when asked', async () => {
    const statements = new PgliteStatements(db, 3);
    const prepared = async () => (await db.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'safar_%'`)).rows[0]?.n;
    const baseline = await prepared();
    for (let i = 0; i < 5; i += 1) expect((await statements.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    expect(statements.size).toBe(3);
    expect(await prepared()).toBe((baseline ?? 0) + 3);
    // The first text was closed: asking again prepares it anew.
    expect((await statements.query('select $1::int + 0 as n', [41])).rows).toEqual([{ n: 41 }]);
    expect(statements.size).toBe(3);
  });

  it('runs inside a transaction: sees its own writes, and a rollback undoes them', async () => {
    const statements = new PgliteStatements(db);
    await db
      .transaction(async () => {
        await statements.query('insert into things (id, name) values ($1, $2)', ['5b0f6c5e-8d47-4c34-9c6a-0f5a4f1d2a09', 'undone'], {}, true);
        expect((await statements.query('select name from things where name = $1', ['undone'], {}, true)).rows).toEqual([{ name: 'undone' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await statements.query('select name from things where name = $1', ['undone'])).rows).toEqual([]);
  });

  it('gives the same answer as PGlite.query for any parameters (property)', async () => {
    const statements = new PgliteStatements(db, 4);
    const texts = [
      'select $1::int as a, $2::text as b',
      'select coalesce($1::int, -1) + 1 as a, upper($2::text) as b',
      'select $2::text || $1::int as b',
      'select array[$1::int, 2] as a, $2::text as b',
      'select jsonb_build_object($2::text, $1::int) as j',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...texts), fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 })), fc.string({ maxLength: 20 }).filter((s) => !s.includes('\u0000')), async (text, a, b) => {
        expect(shape(await statements.query(text, [a, b]))).toEqual(shape(await db.query(text, [a, b])));
      }),
      { numRuns: 150 },
    );
  });
});
