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
