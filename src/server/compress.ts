import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { COMPRESSION_THRESHOLD, chooseEncoding, encodeAnswer } from './encoding';

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Compresses text answers (JSON, HTML, SVG …) in one synchronous call: Brotli when the client
 * accepts it, else gzip; bodies under 1 kB, answers already encoded (search answers, precompressed
 * files), HEAD, 204/206/304 and `Cache-Control: no-transform` stay as they are.
 *
 * Every answer this server makes is already in memory, so the body is read whole and the new
 * answer is bytes with a Content-Length: one write to the socket. A compression stream would cost
 * a web stream, a zlib transform and chunked encoding per answer, several times the CPU of the
 * booking steps' own work.
 * @example app.use('*', compressAnswers());
 */
export function compressAnswers(): MiddlewareHandler {
  return async function compressAnswers(c, next) {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    const headers = res.headers;
    const type = headers.get('Content-Type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has('Content-Encoding') || NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) return;
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const declared = headers.get('Content-Length');
    if (encoding === 'identity' || (declared !== null && Number(declared) < COMPRESSION_THRESHOLD) || res.body === null) return;
    const encoded = encodeAnswer(new Uint8Array(await res.arrayBuffer()), encoding);
    const out = new Headers(headers);
    if (encoded.encoding !== 'identity') {
      out.set('Content-Encoding', encoded.encoding);
      out.delete('Content-Length');
      const etag = out.get('ETag');
      if (etag && !etag.startsWith('W/')) out.set('ETag', `W/${etag}`);
    }
    // Assigning over an existing answer makes Hono rebuild it around a body stream; clearing it
    // first keeps the new answer plain bytes.
    c.res = undefined;
    c.res = new Response(encoded.bytes as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers: out });
  };
}
