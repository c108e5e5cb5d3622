// RFC 9110's token, the grammar of methods and header names, and its optional
// white space (OWS), shared by the conversion library, the template router and
// the listener.

/** A whole RFC 9110 token (methods, header field names). */
export const TOKEN: RegExp = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The first character that cannot be part of a token (for error offsets). */
export const NOT_TOKEN_CHAR: RegExp = /[^!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/** SP or HTAB: RFC 9110's optional white space, and nothing else. */
export function isOws(code: number): boolean {
  return code === 32 || code === 9;
}

/**
 * `value` without the SP and HTAB around it (RFC 9110 §5.5). Not
 * `String.prototype.trim`, which also takes U+00A0, VT, FF and other
 * Unicode spaces that a field value may hold or that must be refused.
 */
export function withoutOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isOws(value.charCodeAt(start))) start++;
  while (end > start && isOws(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end);
}
