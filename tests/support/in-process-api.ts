import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll } from 'vitest';
import { signUpAndLogin } from './auth';
import { createTestApp, TEST_ORIGIN } from './test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The web client's requests, answered by a real API created in this process: `fetch` of a
 * same-origin URL goes to the Hono app's `fetch`, with the cookies the app set (a cookie jar, as
 * a browser keeps) and the Origin header a browser adds to writes. Nothing of the project is
 * mocked; the page's document is at TEST_ORIGIN (see vitest.config.ts).
 * @example const api = startInProcessApi(); it('…', async () => { await api.signIn(); render(<Page />) })
 */
export function startInProcessApi(options: Parameters<typeof createTestApp>[0] = {}) {
  const jar = new Map<string, string>();
  let test: TestApp | undefined;
  const original = globalThis.fetch;

  const answer = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    if (!test) throw new Error('The in-process API is not running');
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, TEST_ORIGIN);
    if (url.origin !== TEST_ORIGIN) throw new TypeError(`No network in component tests: ${url.href}`);
    // jsdom's AbortSignal is not Node's; a request aborted before it is sent is refused as a browser would.
    const { signal, ...rest } = init;
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const headers = new Headers(rest.headers);
    const method = (rest.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') headers.set('Origin', TEST_ORIGIN);
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await test.app.fetch(new Request(url, { ...rest, method, headers }));
    for (const line of response.headers.getSetCookie()) keep(line);
    return response;
  };

  function keep(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) return;
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(at + 1).trim() === '';
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(at + 1).trim());
  }

  beforeAll(async () => {
    // PGlite reads its template through Blob.arrayBuffer(), which jsdom's Blob lacks: Node's for that moment.
    const DomBlob = globalThis.Blob;
    globalThis.Blob = NodeBlob as typeof Blob;
    try {
      test = await createTestApp(options);
    } finally {
      globalThis.Blob = DomBlob;
    }
    globalThis.fetch = answer;
  });
  afterAll(async () => {
    globalThis.fetch = original;
    await test?.close();
  });

  return {
    /** The app, its clock and world (available once the file's tests run). */
    get test(): TestApp {
      if (!test) throw new Error('The in-process API is not running');
      return test;
    },
    /** Signs a fresh traveller up and in (the browser now holds their session cookie). */
    async signIn(email?: string) {
      const { cookie, user } = await signUpAndLogin(this.test.app, email);
      keep(cookie);
      return { cookie, user };
    },
    signOut: () => jar.clear(),
  };
}
