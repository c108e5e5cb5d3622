// Python 3 literals for generated source. Every character that could end
// the literal, start an escape or read differently in an editor is escaped,
// so no value can break out and each one reads back exactly.
import type { TargetRequest } from "./_request.ts";
import { isNonAscii } from "./_request.ts";

const PY_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  '"': '\\"',
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

// C0, DEL, C1, and the characters editors and Python's own line splitting
// treat as line or paragraph ends, or show as nothing.
const PY_SPECIAL =
  // deno-lint-ignore no-control-regex
  /[\\"\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A double-quoted Python `str` literal that evaluates to `value`. */
export function pyString(value: string): string {
  return '"' + value.replace(PY_SPECIAL, (c) => {
    const known = PY_ESCAPES[c];
    if (known !== undefined) return known;
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? "\\x" + code.toString(16).padStart(2, "0")
      : "\\u" + code.toString(16).padStart(4, "0");
  }) + '"';
}

/**
 * A literal whose value goes on the wire as UTF-8: a `str` while it is
 * ASCII, else `"…".encode()` (http.client would encode a `str` as Latin-1,
 * sending é as one byte and failing on anything past U+00FF).
 */
export function pyWireText(value: string): string {
  return isNonAscii(value) ? `${pyString(value)}.encode()` : pyString(value);
}

/** `headers = {...}` (or a list of pairs), or "" for no headers. */
export function pyHeaders(request: TargetRequest, pairs: boolean): string {
  if (request.headers.length === 0) return "";
  const items = request.headers.map(([name, value]) =>
    pairs
      ? `    (${pyString(name)}, ${pyWireText(value)}),\n`
      : `    ${pyString(name)}: ${pyWireText(value)},\n`
  );
  return pairs
    ? `headers = [\n${items.join("")}]\n`
    : `headers = {\n${items.join("")}}\n`;
}
