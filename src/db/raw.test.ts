import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../tests/support/postgres';
import { type Database, openPostgres, wrapPglite } from './client';
import { joinStatements, q, queryRows, rawText, toDate, toQuery } from './raw';

describe('hand-written statements', () => {
  it('bind every value as a parameter, numbered through nested pieces', () => {
    const legs = joinStatements([q`(${'6E1@2026-12-24'}, ${1}::int)`, q`(${'AI2@2026-12-24'}, ${2}::int)`], ', ');
    expect(toQuery(q`select * from ${rawText('leg0')} where (a, b) in (${legs}) and c = ${null} ${q``}`)).toEqual({
      text: 'select * from leg0 where (a, b) in (($1, $2::int), ($3, $4::int)) and c = $5 ',
      params: ['6E1@2026-12-24', 1, 'AI2@2026-12-24', 2, null],
    });
    expect(toQuery(joinStatements([], ', '))).toEqual({ text: '', params: [] });
  });

  const probe = q`select ${'x'}::text as t, ${7}::int as n, ${'2026-11-25T10:00:00.123Z'}::timestamptz as at,
    json_build_object('a', ${3}::int) as j, ${null}::text as nothing`;
  const check = (rows: Record<string, unknown>[]) => {
    expect(rows).toHaveLength(1);
    const [row] = rows as [Record<string, unknown>];
    expect(row).toMatchObject({ t: 'x', n: 7, j: { a: 3 }, nothing: null });
    // Timestamps come back as strings on both drivers, as under Drizzle's own raw statements.
    expect(typeof row.at).toBe('string');
    expect(toDate(row.at).toISOString()).toBe('2026-11-25T10:00:00.123Z');
  };
  const onBoth = async (database: Database) => {
    try {
      check(await queryRows(database.db, probe));
      check(await database.db.transaction((tx) => queryRows(tx, probe)));
    } finally {
      await database.close();
    }
  };

  it('give the same rows on PGlite, alone and in a transaction', async () => {
    await onBoth(wrapPglite(await PGlite.create()));
  });

  it.skipIf(!TEST_DATABASE_URL)('give the same rows on PostgreSQL, alone and in a transaction', async () => {
    await onBoth(await openPostgres(TEST_DATABASE_URL as string, { migrate: false, poolSize: 1 }));
  });
});
