import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';

/**
 * The OpenAPI document describes what every endpoint really answers: each 2xx JSON answer
 * has a schema with a shape all the way down (no `{}` / any / unknown anywhere inside),
 * and answers without JSON say what they are (a binary media type, or 204 with no body).
 */

type Schema = Record<string, unknown>;
interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Doc {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Keys that describe a schema without constraining it. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'default', 'deprecated']);
const BINARY_TYPES = /^(application\/pdf|image\/[a-z0-9.+-]+)$/;

/** Paths inside a schema (following $refs once) where anything at all would be allowed. */
function looseSpots(schema: unknown, components: Record<string, Schema>, where = '', seen = new Set<string>()): string[] {
  if (typeof schema !== 'object' || schema === null) return [`${where || '(root)'} is not a schema`];
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    const target = components[name];
    if (!target) return [`${where || '(root)'} points at a missing component ${name}`];
    return looseSpots(target, components, where, new Set([...seen, name]));
  }
  const keys = Object.keys(s).filter((key) => !ANNOTATIONS.has(key));
  if (keys.length === 0) return [where || '(root)'];
  const spots: string[] = [];
  for (const [key, value] of Object.entries((s.properties as Record<string, unknown> | undefined) ?? {})) spots.push(...looseSpots(value, components, `${where}.${key}`, seen));
  if (s.items !== undefined) spots.push(...looseSpots(s.items, components, `${where}[]`, seen));
  if (typeof s.additionalProperties === 'object') spots.push(...looseSpots(s.additionalProperties, components, `${where}{}`, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const [i, branch] of ((s[key] as unknown[] | undefined) ?? []).entries()) spots.push(...looseSpots(branch, components, `${where}|${key}${i}`, seen));
  }
  return spots;
}

describe('the OpenAPI document describes real answers', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let doc: Doc;

  beforeAll(async () => {
    ctx = await createTestApp();
    doc = (await (await ctx.app.request('/api/openapi.json')).json()) as Doc;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('the checker finds an unknown nested anywhere', () => {
    expect(looseSpots({ type: 'object', properties: { a: { description: 'x' } } }, {})).toEqual(['.a']);
    expect(looseSpots({ type: 'array', items: { $ref: '#/components/schemas/X' } }, { X: { type: 'object', properties: { y: {} } } })).toEqual(['[].y']);
    expect(looseSpots({ anyOf: [{ type: 'string' }, {}] }, {})).toEqual(['|anyOf1']);
    expect(looseSpots({ type: 'object', properties: { a: { type: 'string' } } }, {})).toEqual([]);
  });

  it('every 2xx answer has a full JSON schema, a binary media type, or no body (204)', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (!status.startsWith('2')) continue;
          checked += 1;
          const label = `${method.toUpperCase()} ${path} ${status}`;
          const content = Object.entries(response.content ?? {});
          if (content.length === 0) {
            if (status !== '204') problems.push(`${label}: no content declared`);
            continue;
          }
          for (const [mediaType, media] of content) {
            if (BINARY_TYPES.test(mediaType)) continue;
            if (mediaType !== 'application/json') problems.push(`${label}: unexpected media type ${mediaType}`);
            for (const spot of looseSpots(media.schema, doc.components?.schemas ?? {})) problems.push(`${label}: ${spot} allows anything`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });
});
