import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** Bodies smaller than this go uncompressed (the headers would eat the gain). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * The encoding to answer with: Brotli when accepted, else gzip, else none. "q=0" refuses an encoding.
 * @example chooseEncoding('gzip, deflate, br') // 'br'
 */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/**
 * A body (text or bytes) in the chosen encoding, synchronously and at a low level: answers are
 * 1–250 kB of very repetitive JSON, where Brotli quality 1 and gzip level 1 keep 90–95 % of the
 * best ratio at a fraction of the cost, and a sync call avoids the per-chunk overhead of a stream.
 * Returns the encoding actually used (small bodies stay as they are).
 * @example encodeAnswer('{"a":1}', 'br') // { bytes: <Buffer ...>, encoding: 'identity' }
 */
export function encodeAnswer(body: string | Uint8Array, encoding: AnswerEncoding): { bytes: Uint8Array; encoding: AnswerEncoding } {
  const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (encoding === 'identity' || raw.length < COMPRESSION_THRESHOLD) return { bytes: raw, encoding: 'identity' };
  if (encoding === 'br') {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
    return { bytes: brotliCompressSync(raw, { params }), encoding: 'br' };
  }
  return { bytes: gzipSync(raw, { level: 1 }), encoding: 'gzip' };
}
