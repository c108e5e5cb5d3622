// Helpers of the Node targets (node:http, axios).
import { jsString } from "../_js_string.ts";
import { isNonAscii } from "./_request.ts";

/**
 * A header value for Node: Node writes header strings as Latin-1, so a
 * non-ASCII value is given as the Latin-1 reading of its UTF-8 bytes, which
 * puts those bytes on the wire.
 */
export function nodeHeaderValue(value: string): string {
  return isNonAscii(value)
    ? `Buffer.from(${jsString(value)}).toString("latin1")`
    : jsString(value);
}

/** An object key: `["__proto__"]` as a computed key, which stays a property. */
export function jsKey(name: string): string {
  return name === "__proto__" ? `[${jsString(name)}]` : jsString(name);
}
