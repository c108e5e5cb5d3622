// UTF-8 length without allocating an encoded copy: content-length of large
// bodies must not double their memory.

/**
 * Bytes `text` takes in UTF-8. A lone surrogate counts 3 bytes, the size of
 * the U+FFFD that TextEncoder writes in its place.
 */
export function utf8ByteLength(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        // A pair is 2 UTF-16 units and 4 UTF-8 bytes.
        bytes += 2;
        i++;
      } else {
        bytes += 2;
      }
    } else {
      bytes += 2;
    }
  }
  return bytes;
}
