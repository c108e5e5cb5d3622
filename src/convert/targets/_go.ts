// Go literals and URL spelling for generated source. Every character that
// could end a literal, start an escape, break gofmt or read differently in
// an editor is escaped, so no value can break out and each reads back
// exactly.
const GO_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  '"': '\\"',
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

// C0, DEL, C1, line and paragraph separators, zero-width and bidi controls
// and BOM (the Go compiler rejects a BOM past the file's start).
const GO_SPECIAL =
  // deno-lint-ignore no-control-regex
  /[\\"\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A double-quoted (interpreted) Go string literal that evaluates to `value`. */
export function goString(value: string): string {
  return '"' + value.replace(GO_SPECIAL, (c) => {
    const known = GO_ESCAPES[c];
    if (known !== undefined) return known;
    const code = c.charCodeAt(0);
    // \xHH is one byte in Go: only right for ASCII; U+0080 and up is \u.
    return code < 0x80
      ? "\\x" + code.toString(16).padStart(2, "0")
      : "\\u" + code.toString(16).padStart(4, "0");
  }) + '"';
}

// A raw string cannot hold a backquote, and Go drops CR from it; line breaks
// and tabs read best raw, every other special character does not.
const RAW_UNSAFE =
  // deno-lint-ignore no-control-regex
  /[`\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/**
 * A Go literal for a body: a raw `…` string when the value can be one (JSON
 * and form bodies read as written), else an interpreted one.
 */
export function goText(value: string): string {
  return RAW_UNSAFE.test(value) ? goString(value) : "`" + value + "`";
}

// What Go's url.URL keeps as written in a path (RawPath): unreserved, the
// sub-delimiters, ':', '@', '/', '[' ']' and escapes. Anything else makes Go
// re-escape the decoded path, which turns an encoded '/' into a separator.
const GO_PATH_KEEPS = /[A-Za-z0-9\-._~!$&'()*+,;=:@/[\]%]/;
const UTF8 = new TextEncoder();
const HEX2 = /^[0-9A-Fa-f]{2}$/;
// Whether a part needs respelling at all (most URLs do not).
const GO_PATH_RESPELL =
  /[^A-Za-z0-9\-._~!$&'()*+,;=:@/[\]%]|%(?![0-9A-Fa-f]{2})/;
const GO_LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/;

function goPathPart(part: string, path: boolean): string {
  if (!(path ? GO_PATH_RESPELL : GO_LONE_PERCENT).test(part)) return part;
  let out = "";
  for (let i = 0; i < part.length; i++) {
    const c = part[i];
    if (c === "%") {
      // url.Parse rejects a malformed escape; a lone '%' means itself.
      out += HEX2.test(part.slice(i + 1, i + 3)) ? "%" : "%25";
    } else if (!path || GO_PATH_KEEPS.test(c)) {
      out += c;
    } else {
      const code = part.codePointAt(i)!;
      if (code > 0xffff) i++;
      for (const byte of UTF8.encode(String.fromCodePoint(code))) {
        out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
      }
    }
  }
  return out;
}

/**
 * The URL spelled so that Go's `url.Parse` accepts it and `net/http` sends
 * the request target as written: in the path, characters Go would re-escape
 * are percent-encoded (UTF-8) and a `%` that starts no escape is `%25`; the
 * same for `%` in the fragment. The query goes out as written. In RFC 3986's
 * normal form the target is the one curl sends.
 */
export function goUrl(url: string): string {
  const authority = /^[a-z][a-z0-9+.\-]*:\/\/[^/?#]*/i.exec(url);
  const start = authority ? authority[0].length : 0;
  const rest = url.slice(start);
  const hash = rest.indexOf("#");
  const beforeHash = hash === -1 ? rest : rest.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const path = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const query = question === -1 ? "" : beforeHash.slice(question);
  const fragment = hash === -1 ? "" : rest.slice(hash);
  return url.slice(0, start) + goPathPart(path, true) + query +
    goPathPart(fragment, false);
}
