// Java string literals for generated source, in ASCII only: javac reads a
// source file in the platform's encoding (JDK 17 and older), so every
// non-ASCII character is a \uXXXX escape. Control characters are octal
// escapes, never \u000a and the like, which javac turns into a real line
// break before it reads the literal. A backslash of the value is doubled, so
// `\u` in a value never starts a Unicode escape.

const JAVA_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  '"': '\\"',
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

// deno-lint-ignore no-control-regex
const JAVA_SPECIAL = /[\\"\x00-\x1f\x7f-\uffff]/g;

/** A Java `String` literal, ASCII only, that evaluates to `value`. */
export function javaString(value: string): string {
  return '"' + value.replace(JAVA_SPECIAL, (c) => {
    const known = JAVA_ESCAPES[c];
    if (known !== undefined) return known;
    const code = c.charCodeAt(0);
    // Three octal digits always, so that a digit after it stays a digit.
    return code < 0x80
      ? "\\" + code.toString(8).padStart(3, "0")
      : "\\u" + code.toString(16).padStart(4, "0");
  }) + '"';
}
