// A URL spelled for the strict URI parsers of Ruby (URI, RFC 3986) and Java
// (java.net.URI, RFC 2396), which throw on what curl and WHATWG URL accept
// raw (`|`, `{`, `"`, `\`, a `%` without hex digits, non-ASCII…): every such
// character of the path, query and fragment is percent-encoded as UTF-8,
// which names the same resource. Neither library sends the userinfo, so the
// credentials are returned apart, as curl sends them.
import { ConversionError } from "../errors.ts";
import { percentDecode } from "../_percent_decode.ts";
import { encodeBase64, utf8Bytes } from "../_bytes.ts";
import { unsupported } from "./_request.ts";

// What both parsers take raw after the authority: RFC 3986's unreserved and
// sub-delims, ":", "@", "/", "?" (RFC 2396's marks and reserved are the same
// set), and a "%" that starts an escape.
const RAW = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
// The authority as the parsers take it: a host name, an IP literal, a port.
const AUTHORITY =
  /^[A-Za-z0-9\-._~!$&'()*+,;=%]*(?:\[[0-9A-Fa-f:.]+\])?(?::\d*)?$/;

/** A URL both parsers read as the request's, and its credentials. */
export interface StrictUrl {
  /** Scheme, authority without userinfo, and the encoded rest. */
  url: string;
  /** The URL's userinfo split at its first `:` and percent-decoded, as curl sends it. */
  credentials?: { user: string; password: string };
}

function encodeRest(rest: string): string {
  let out = "";
  let fragment = false;
  const bytes = new TextEncoder();
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === "%" && HEX2.test(rest.slice(i + 1, i + 3))) {
      out += c;
    } else if (RAW.test(c)) {
      out += c;
    } else if (c === "#" && !fragment) {
      fragment = true;
      out += c;
    } else {
      const code = rest.codePointAt(i)!;
      if (code > 0xffff) i++;
      for (const byte of bytes.encode(String.fromCodePoint(code))) {
        out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
      }
    }
  }
  return out;
}

/**
 * `url` (absolute, from `targetRequest`) for a strict URI parser. An
 * authority the parsers cannot read (a non-ASCII host) is refused.
 */
export function strictUrl(url: string, title: string): StrictUrl {
  const start = url.indexOf("//") + 2;
  let end = start;
  while (end < url.length && !"/?#".includes(url[end])) end++;
  let authority = url.slice(start, end);
  const out: StrictUrl = { url: "" };
  const at = authority.lastIndexOf("@");
  if (at !== -1) {
    const userinfo = authority.slice(0, at);
    authority = authority.slice(at + 1);
    if (userinfo !== "") {
      const colon = userinfo.indexOf(":");
      const [user, password] = colon === -1
        ? [userinfo, ""]
        : [userinfo.slice(0, colon), userinfo.slice(colon + 1)];
      out.credentials = {
        user: percentDecode(user, false),
        password: percentDecode(password, false),
      };
    }
  }
  if (!AUTHORITY.test(authority)) {
    unsupported(
      title,
      `the URI parser cannot read the host ${
        JSON.stringify(authority)
      } (write an internationalized name in its xn-- form)`,
    );
  }
  out.url = url.slice(0, start) + authority + encodeRest(url.slice(end));
  return out;
}

/**
 * The `authorization` value (`Basic …` of the UTF-8 bytes, as curl sends
 * it) that the URL's credentials become; `undefined` when the request already
 * has exactly that header. Another `authorization` header is `INVALID_URL`,
 * as in every writer, so that neither is dropped.
 */
export function basicAuthorization(
  credentials: { user: string; password: string },
  headers: ReadonlyArray<[string, string]>,
): string | undefined {
  const basic = "Basic " +
    encodeBase64(utf8Bytes(`${credentials.user}:${credentials.password}`));
  const given = headers.filter(([name]) =>
    name.toLowerCase() === "authorization"
  );
  if (given.length === 0) return basic;
  if (
    given.length === 1 &&
    given[0][1].replace(/^basic\s+/i, "Basic ") === basic
  ) return undefined;
  throw new ConversionError({
    code: "INVALID_URL",
    message:
      "the url carries credentials (user:password@), and the request already has another authorization header; remove one of the two",
  });
}
