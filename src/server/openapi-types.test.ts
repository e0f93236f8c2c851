import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';

/**
 * A client generated from the document compiles: openapi-typescript turns /api/openapi.json into
 * TypeScript types, and a small typed client over them (named by operationId) type-checks. A
 * document a generator cannot read, or operations renamed under a client, fail here.
 */

/** A tiny fetch client for a few operations, written only against the generated types. */
const CLIENT = `
import type { components, operations } from './api';

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Answer<O extends keyof operations, S extends keyof operations[O]['responses']> = JsonOf<operations[O]['responses'][S]>;
type Query<O extends keyof operations> = NonNullable<operations[O]['parameters']['query']>;
type Body<O extends keyof operations> = operations[O] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type ApiError = components['schemas']['Error'];

async function call<T>(method: string, url: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json', ...init.headers }, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  if (!res.ok) {
    const problem: ApiError = await res.json();
    throw new Error(problem.error.code + ': ' + problem.error.message);
  }
  return res.json();
}

export const client = {
  searchFlights: (query: Query<'searchFlights'>) => call<Answer<'searchFlights', 200>>('GET', '/api/search?' + new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined))),
  createHold: (body: Body<'createHold'>, key: operations['createHold']['parameters']['header']['idempotency-key']) => call<Answer<'createHold', 201>>('POST', '/api/bookings', { body, headers: { 'Idempotency-Key': key } }),
  getBooking: (id: operations['getBooking']['parameters']['path']['id']) => call<Answer<'getBooking', 200>>('GET', '/api/bookings/' + encodeURIComponent(id)),
};

export async function firstFlightThenHold(itineraryId: string, passengers: Body<'createHold'>['passengers']): Promise<string> {
  const found = await client.searchFlights({ from: 'DEL', to: 'BOM', date: '2026-12-24' });
  const cabin: 'economy' | 'premium' | 'business' | 'first' = found.query.cabin;
  const flightId: string | undefined = found.itineraries[0]?.legs[0]?.[0];
  if (!flightId) return 'nothing flies in ' + cabin;
  const held = await client.createHold({ itineraryId, passengers, quotedTotal: 0, acceptPriceChange: true }, crypto.randomUUID());
  const status: 'held' | 'confirmed' | 'expired' | 'cancelled' | 'partly_cancelled' | 'changed' = held.booking.status;
  const again = await client.getBooking(held.booking.id);
  // @ts-expect-error the generated answer type is exact: a field that does not exist is an error
  void again.booking.noSuchField;
  const declined: ApiError['error']['code'] = 'payment_failed';
  return status + ' ' + again.booking.pnr + ' ' + declined;
}
`;

describe('a client generated from /api/openapi.json type-checks', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'safar-openapi-types-'));
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('generates the types and compiles a small client against them', async () => {
    // openapi-typescript reads a JSON text as the document itself.
    const doc = await (await ctx.app.request('/api/openapi.json')).text();
    const types = astToString(await openapiTS(doc));
    expect(types).toContain('searchFlights: {');
    writeFileSync(path.join(dir, 'api.ts'), types);
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });
});
