// Ruby string literals for generated source. Double quotes, so that control
// characters can be escaped; `#` is always escaped, since `#{…}`, `#$x` and
// `#@x` interpolate inside double quotes. Nothing can end the literal early
// or run, and each value reads back exactly (the source is UTF-8, Ruby's
// default, so other non-ASCII text stays as written).

const RB_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  '"': '\\"',
  "#": "\\#",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

// C0, DEL, C1, and what editors show as a line end or as nothing.
const RB_SPECIAL =
  // deno-lint-ignore no-control-regex
  /[\\"#\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A double-quoted Ruby `String` literal (UTF-8) that evaluates to `value`. */
export function rbString(value: string): string {
  return '"' + value.replace(RB_SPECIAL, (c) => {
    const known = RB_ESCAPES[c];
    if (known !== undefined) return known;
    const code = c.charCodeAt(0);
    // \xHH below 0x80 is the same character in a UTF-8 string; above, \u.
    return code < 0x80
      ? "\\x" + code.toString(16).padStart(2, "0")
      : "\\u" + code.toString(16).padStart(4, "0");
  }) + '"';
}
