import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { sendStored } from './idempotency';
import { json } from './openapi';

/**
 * `sendStored` is typed by the route's declared responses: a keyed handler cannot answer a status
 * or a body its route does not declare. These are compile-time checks (`npm run typecheck` fails
 * when an expected error disappears); the test only keeps the file in the suite.
 */
const route = createRoute({ method: 'post', path: '/things', responses: { 201: json(z.object({ id: z.string() }), 'Made'), 404: json(z.object({ error: z.object({ code: z.string() }) }), 'Gone') } });

export function typedAnswers(c: Context) {
  // @ts-expect-error 200 is not a status the route declares
  sendStored(c, route, { status: 200, body: { id: 'a' } });
  // @ts-expect-error the body is not the one declared for 201
  sendStored(c, route, { status: 201, body: { id: 1 } });
  return sendStored(c, route, { status: 201, body: { id: 'a' }, replayed: false });
}

describe('sendStored', () => {
  it('is typed by the route it answers for', () => {
    expect(typedAnswers).toBeTypeOf('function');
  });
});
