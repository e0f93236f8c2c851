/**
 * The token a mailed link carries in its fragment (`#token=…`), which never reaches a server
 * log or a Referer header. `name` picks the parameter.
 * @example linkToken('#token=abc', 'token') // 'abc'
 */
export function linkToken(hash: string, name: 'token' | 'change'): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get(name) ?? '';
}
