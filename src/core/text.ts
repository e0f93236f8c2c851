/**
 * Characters no email address or person's name ever needs and that attackers and broken
 * clients do send: C0/C1 controls (NUL, newline, escape…), DEL, zero-width characters,
 * bidirectional overrides and isolates (which make "moc.elgoog@x" display as something
 * else), line/paragraph separators, word joiners and the byte-order mark.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_OR_CONTROL = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/;

/**
 * True when the text holds a control, invisible or bidirectional-formatting character.
 * @example hasInvisibleOrControl('a\u0000@b.co') // true
 * @example hasInvisibleOrControl('Asha Rao') // false
 */
export function hasInvisibleOrControl(text: string): boolean {
  return INVISIBLE_OR_CONTROL.test(text);
}
