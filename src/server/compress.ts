import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { type AnswerEncoding, COMPRESSION_THRESHOLD, chooseEncoding, encodeAnswer } from './encoding';

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
 *
 * JSON answers (`c.json`) are encoded as they are built, from the text at hand: reading an answer
 * back makes a full web Response, a stream and a header copy, most of a small answer's cost.
 * @example app.use('*', compressAnswers());
 */
export function compressAnswers(): MiddlewareHandler {
  // Answers encoded (or found too small) as they were built: only their headers are finished here.
  const built = new WeakSet<Response>();
  return async function compressAnswers(c, next) {
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (encoding !== 'identity' && c.req.method !== 'HEAD') encodeJsonAsBuilt(c, encoding, built);
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    const headers = res.headers;
    if (built.has(res)) {
      addVary(headers);
      if (headers.has('Content-Encoding')) weakenEtag(headers);
      return;
    }
    const type = headers.get('Content-Type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has('Content-Encoding') || NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) return;
    addVary(headers);
    const declared = headers.get('Content-Length');
    if (encoding === 'identity' || (declared !== null && Number(declared) < COMPRESSION_THRESHOLD) || res.body === null) return;
    const encoded = encodeAnswer(new Uint8Array(await res.arrayBuffer()), encoding);
    const out = new Headers(headers);
    if (encoded.encoding !== 'identity') {
      out.set('Content-Encoding', encoded.encoding);
      out.delete('Content-Length');
      weakenEtag(out);
    }
    // Assigning over an existing answer makes Hono rebuild it around a body stream; clearing it
    // first keeps the new answer plain bytes.
    c.res = undefined;
    c.res = new Response(encoded.bytes as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers: out });
  };
}

/** An encoded body is no longer byte-for-byte the one a strong ETag named: the tag becomes weak. */
function weakenEtag(headers: Headers): void {
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
}

/** Adds Accept-Encoding to an answer's Vary header (once; `*` already covers it). */
function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

type JsonArgs = [object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>];

/**
 * Makes this request's `c.json` encode its text at once: bytes with their Content-Encoding when
 * the text is worth compressing, else the text itself. Answers with their own caching headers
 * (or a ResponseInit) go the ordinary way, through the checks after the handler.
 */
function encodeJsonAsBuilt(c: Context, encoding: AnswerEncoding, built: WeakSet<Response>): void {
  const context = c as unknown as { json: (...args: JsonArgs) => Response };
  const plain = context.json;
  context.json = (object, arg, headers) => {
    if ((arg !== undefined && typeof arg !== 'number') || (headers && Object.keys(headers).some((name) => /^(cache-control|etag|content-type|content-encoding)$/i.test(name)))) {
      return plain(object, arg, headers);
    }
    const text = JSON.stringify(object);
    const asText = () => c.body(text, arg as never, { ...headers, 'Content-Type': 'application/json' });
    const encoded = encodeAnswer(text, encoding);
    let res = encoded.encoding === 'identity' ? asText() : c.body(encoded.bytes as Uint8Array<ArrayBuffer>, arg as never, { ...headers, 'Content-Type': 'application/json', 'Content-Encoding': encoded.encoding });
    // `Cache-Control: no-transform` set with c.header() before c.json still keeps the body as it is
    // (Hono keeps headers given to one answer for the next, so the encoding is taken off again).
    if (encoded.encoding !== 'identity' && NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) {
      res = asText();
      res.headers.delete('Content-Encoding');
    }
    built.add(res);
    return res;
  };
}
