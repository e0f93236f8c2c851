import { type AddressInfo, createConnection } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, createTestApp } from '../../tests/support/test-app';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** Sends raw bytes on one TCP connection and collects everything the server writes until it closes (or `ms` pass). */
function exchange(port: number, chunks: string[], ms: number): Promise<{ text: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedByServer: false });
    }, ms);
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      text += data;
    });
    socket.on('end', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedByServer: true });
    });
    socket.on('error', reject);
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

describe('an early answer to an oversized body on a keep-alive connection', () => {
  let ctx: Ctx;
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  const headers = (length: number) =>
    `POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nConnection: keep-alive\r\nContent-Length: ${length}\r\n\r\n`;

  it('answers 413 with Connection: close and closes, so the client never sends another request into the unread body', async () => {
    // The client announced 300 kB but has sent only the start of it (a slow upload).
    const { text, closedByServer } = await exchange(port, [headers(300_000), '{"email":"', 'x'.repeat(1000)], 3000);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toContain('"payload_too_large"');
    expect(closedByServer).toBe(true);
  });

  it('answers 413 with Connection: close for a chunked body that grows past the limit', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunked = `POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const body = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const { text, closedByServer } = await exchange(port, [chunked, ...body], 3000);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(closedByServer).toBe(true);
  });

  it('keeps ordinary requests on the same connection (two answers, no close)', async () => {
    const get = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;
    const { text, closedByServer } = await exchange(port, [get, get], 1500);
    expect(text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(closedByServer).toBe(false);
  });
});
