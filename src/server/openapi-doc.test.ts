import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import { publicOrigin } from './config';
import { API_TAGS } from './openapi';

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
interface OperationDoc {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  responses?: Record<string, Response>;
}
interface Doc {
  info: { contact?: { name?: string; url?: string } };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  components?: { schemas?: Record<string, Schema> };
}

/** A verb and a noun in camelCase: `getBooking`, `createPasswordReset`. */
const OPERATION_ID = /^[a-z]+(?:[A-Z][a-z0-9]*)+$/;

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

  it('names every operation once (camelCase operationId), files it under one declared tag, and describes it', () => {
    const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const label = `${method.toUpperCase()} ${path}`;
        const id = operation.operationId ?? '';
        if (!OPERATION_ID.test(id)) problems.push(`${label}: operationId "${id}" is not camelCase verbNoun`);
        if (seen.has(id)) problems.push(`${label}: operationId "${id}" is also ${seen.get(id)}`);
        seen.set(id, label);
        if (operation.tags?.length !== 1 || !declared.has(operation.tags[0] ?? '')) problems.push(`${label}: tags ${JSON.stringify(operation.tags)} is not one declared tag`);
        if (!operation.summary?.trim()) problems.push(`${label}: no summary`);
        if (!operation.description?.trim()) problems.push(`${label}: no description`);
      }
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(60);
  });

  it('describes every tag, uses each, and names its contact and server', () => {
    expect(doc.tags?.map((tag) => tag.name)).toEqual(API_TAGS.map((tag) => tag.name));
    for (const tag of doc.tags ?? []) expect(tag.description, tag.name).toMatch(/\S/);
    const used = new Set(Object.values(doc.paths).flatMap((operations) => Object.values(operations).flatMap((operation) => operation.tags ?? [])));
    expect(API_TAGS.map((tag) => tag.name).filter((name) => !used.has(name))).toEqual([]);
    expect(doc.info.contact?.url).toBe(publicOrigin(ctx.config));
    expect(doc.servers?.map((server) => server.url)).toEqual([publicOrigin(ctx.config)]);
  });

  it('writes every pattern as a plain JSON Schema pattern (no JavaScript regex flags)', () => {
    const patterns = JSON.stringify(doc).match(/"pattern":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(patterns.length).toBeGreaterThan(10);
    expect(patterns.filter((pattern) => /\/[a-z]+"$/.test(pattern))).toEqual([]);
  });
});
