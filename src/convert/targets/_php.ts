// PHP literals for generated source. A single-quoted string keeps every
// character but \ and ' literal (no $ interpolation); a value with control
// or invisible characters is double-quoted with escapes, `$` escaped too, so
// no value can break out or interpolate and each reads back exactly.

// C0, DEL, C1, line and paragraph separators, zero-width and bidi controls
// and BOM: characters an editor mangles or hides.
const PHP_INVISIBLE =
  // deno-lint-ignore no-control-regex
  /[\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

const PHP_DOUBLE_SPECIAL =
  // deno-lint-ignore no-control-regex
  /[\\"$\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

const PHP_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  '"': '\\"',
  "$": "\\$",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/** A PHP string literal whose value is `value` (its UTF-8 bytes). */
export function phpString(value: string): string {
  if (!PHP_INVISIBLE.test(value)) {
    return "'" + value.replace(/[\\']/g, (c) => "\\" + c) + "'";
  }
  return '"' + value.replace(PHP_DOUBLE_SPECIAL, (c) => {
    const known = PHP_ESCAPES[c];
    if (known !== undefined) return known;
    const code = c.charCodeAt(0);
    // \xHH is one byte: right for ASCII only; \u{…} writes UTF-8.
    return code < 0x80
      ? "\\x" + code.toString(16).padStart(2, "0")
      : "\\u{" + code.toString(16) + "}";
  }) + '"';
}
