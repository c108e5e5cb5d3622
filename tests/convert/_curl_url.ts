// What a URL becomes in a generated curl command: curl refuses a raw space or
// control character, so fromRequest percent-encodes them. Written without a
// regex, independently of the generator.
export function curlEncodedUrl(url: string): string {
  return [...url].map((c) =>
    c <= " " || c === "\x7f"
      ? "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")
      : c
  ).join("");
}

/**
 * The URL curl sends for a generated command: `curlEncodedUrl`, then every
 * non-ASCII character of the path (up to `?` or `#`) as its UTF-8 bytes in
 * lower-case hex, as curl 7.88 writes them (tests/convert/curl_wire_test.ts).
 */
export function curlSentUrl(url: string): string {
  const encoded = curlEncodedUrl(url);
  const authority = encoded.indexOf("//") + 2;
  let pathEnd = authority;
  while (
    pathEnd < encoded.length && encoded[pathEnd] !== "?" &&
    encoded[pathEnd] !== "#"
  ) pathEnd++;
  const path = [...encoded.slice(authority, pathEnd)].map((c) =>
    c.codePointAt(0)! < 0x80
      ? c
      : [...new TextEncoder().encode(c)].map((b) =>
        "%" + b.toString(16).padStart(2, "0")
      ).join("")
  ).join("");
  return encoded.slice(0, authority) + path + encoded.slice(pathEnd);
}
