import { expect } from '@playwright/test';
import type { z } from 'zod';

/** The contract fake the project `duffel` starts (playwright.config.ts: E2E_PORT + 20), on loopback. */
const fakeUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 20}`;

/**
 * Calls one of the fake's loopback controls (scripts/duffel-fake.ts lists them): a GET without a body,
 * else a POST of it. The answer must be 200 and is read through `schema`.
 * @example await fakeControl('/_fake/airline-change', z.object({ delivered: z.number() }), { bookingReference: 'ABC123' })
 */
export async function fakeControl<T extends z.ZodType>(path: `/_fake/${string}`, schema: T, body?: Record<string, unknown>): Promise<z.infer<T>> {
  const response = await fetch(`${fakeUrl}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json: unknown = await response.json();
  expect(response.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return schema.parse(json);
}
