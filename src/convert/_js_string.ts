// JavaScript string literals for generated source code. JSON.stringify gives
// a literal that reproduces any string exactly (lone surrogates included,
// as \udXXX escapes); the extra escapes keep the literal safe where
// JSON.stringify alone is not: U+2028/U+2029 end lines in pre-ES2019
// engines, and `</script` or `<!--` change state inside an HTML <script>.
const UNSAFE_IN_SOURCE = /[\u2028\u2029]|<(?=\/script|!--)/gi;

const ESCAPES: Readonly<Record<string, string>> = {
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
  "<": "\\u003c",
};

/** A double-quoted JavaScript string literal that evaluates to `value`. */
export function jsString(value: string): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_SOURCE,
    (match) => ESCAPES[match],
  );
}
