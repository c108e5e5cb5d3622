// Private byte helpers for HAR: base64 both ways (shared with the model
// adapters, in ../_base64.ts), strict UTF-8 detection and
// the latin1 "binary string" form (one char per byte, as atob returns), so
// binary content can travel through string-typed bodies without loss.

export { decodeBase64, encodeBase64 } from "../_base64.ts";

const encoder = new TextEncoder();
const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** UTF-8 bytes of `text`. */
export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The UTF-8 text of `bytes`, or `undefined` when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return fatalDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** True when `text` has no lone surrogate, i.e. it has an exact UTF-8 form. */
export function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code >= 0xdc00) return false;
    const next = text.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** Bytes of a latin1 binary string, or `undefined` if a char is above 0xFF. */
export function latin1Bytes(text: string): Uint8Array | undefined {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return undefined;
    bytes[i] = code;
  }
  return bytes;
}

/** The latin1 binary string of `bytes` (one char per byte). */
export function latin1String(bytes: Uint8Array): string {
  let out = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    out += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return out;
}
