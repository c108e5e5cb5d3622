// Standard base64 both ways, shared by the conversion library (HAR bodies,
// Basic credentials) and the model adapters (inline image bytes).

const ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// 255 marks a character that is not in the base64 alphabet.
const DECODE_TABLE: Uint8Array = (() => {
  const table = new Uint8Array(128).fill(255);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

/** Standard padded base64 of `bytes`. */
export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let out = "";
  const full = bytes.length - (bytes.length % 3);
  for (let i = 0; i < full; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] +
      ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
    // Flush often so long bodies do not build one deep rope string.
    if (out.length >= 8192) {
      parts.push(out);
      out = "";
    }
  }
  const rest = bytes.length - full;
  if (rest === 1) {
    const n = bytes[full] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + "==";
  } else if (rest === 2) {
    const n = (bytes[full] << 16) | (bytes[full + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] +
      ALPHABET[(n >> 6) & 63] + "=";
  }
  parts.push(out);
  return parts.join("");
}

/**
 * Decodes standard base64. ASCII white space is skipped (MIME-wrapped
 * exports) and padding may be omitted; anything else that is not base64 —
 * a foreign character, misplaced `=`, a dangling 6-bit group — gives the
 * offset of the problem instead of bytes.
 */
export function decodeBase64(
  text: string,
): { bytes: Uint8Array } | { offset: number } {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let length = 0;
  let buffer = 0;
  let bits = 0;
  let padding = 0;
  let groupStart = 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
      continue;
    }
    if (code === 0x3d) { // "="
      padding++;
      count++;
      continue;
    }
    const value = code < 128 ? DECODE_TABLE[code] : 255;
    if (value === 255 || padding > 0) return { offset: i };
    if (count % 4 === 0) groupStart = i;
    count++;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[length++] = (buffer >> bits) & 0xff;
      buffer &= (1 << bits) - 1;
    }
  }
  const data = count - padding;
  // One leftover character carries only 6 bits: never produced by an encoder.
  if (data % 4 === 1) return { offset: groupStart };
  if (padding > 0 && (count % 4 !== 0 || padding > 2)) {
    return { offset: text.length - 1 };
  }
  return { bytes: out.subarray(0, length) };
}
