// Cookies for HAR entries: the `cookie` request header and each `set-cookie`
// response header parsed into HAR cookie objects, and back into a header.
import { headerValues } from "./_message.ts";
import type { HarCookie, HarNameValue } from "./har_types.ts";
import type { HeaderMap } from "./types.ts";

/** Cookies of the `cookie` request header(s) (`a=1; b=2`). */
export function requestCookies(headers: HeaderMap): HarCookie[] {
  const cookies: HarCookie[] = [];
  for (const line of headerValues(headers, "cookie")) {
    for (const part of line.split(";")) {
      if (part.trim() !== "") cookies.push(cookiePair(part));
    }
  }
  return cookies;
}

/** One cookie per `set-cookie` response header, attributes as fields. */
export function responseCookies(
  headers: HeaderMap,
  started: string,
): HarCookie[] {
  return headerValues(headers, "set-cookie").map((line) =>
    parseSetCookie(line, started)
  );
}

/**
 * The `cookie` header a HAR request's cookie list stands for; exporters may
 * list cookies without writing the header.
 */
export function cookieHeader(cookies: HarNameValue[]): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** `name=value` trimmed; without `=` the whole text is a nameless value. */
function cookiePair(text: string): HarCookie {
  const eq = text.indexOf("=");
  return eq === -1
    ? { name: "", value: text.trim() }
    : { name: text.slice(0, eq).trim(), value: text.slice(eq + 1).trim() };
}

/**
 * One `set-cookie` value. `Max-Age` is relative to the entry's start and wins
 * over `Expires` wherever it stands (RFC 6265 §5.3 step 3).
 */
function parseSetCookie(line: string, started: string): HarCookie {
  const parts = line.split(";");
  const cookie = cookiePair(parts[0]);
  let maxAge: number | undefined;
  for (let i = 1; i < parts.length; i++) {
    const attribute = parts[i];
    const at = attribute.indexOf("=");
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim()
      .toLowerCase();
    const value = at === -1 ? "" : attribute.slice(at + 1).trim();
    if (key === "max-age") {
      if (/^-?\d+$/.test(value)) maxAge = Number(value);
    } else setAttribute(cookie, key, value);
  }
  if (maxAge !== undefined) setMaxAge(cookie, maxAge, started);
  return cookie;
}

/** Sets a cookie attribute other than Max-Age; unknown ones are dropped. */
function setAttribute(cookie: HarCookie, key: string, value: string): void {
  switch (key) {
    case "path":
      cookie.path = value;
      break;
    case "domain":
      cookie.domain = value;
      break;
    case "expires": {
      // An unparseable date is dropped rather than written as an invalid one.
      const time = Date.parse(value);
      if (!Number.isNaN(time)) cookie.expires = new Date(time).toISOString();
      break;
    }
    case "httponly":
      cookie.httpOnly = true;
      break;
    case "secure":
      cookie.secure = true;
      break;
    case "samesite":
      if (value !== "") cookie.sameSite = value;
      break;
  }
}

/** The latest time a `Date` can hold (ECMAScript §21.4.1.1): +275760-09-13. */
const LATEST_DATE = 8.64e15;

/**
 * `expires` from Max-Age; a zero or negative age means "already expired". An
 * expiry past the latest representable date is capped to that date, as RFC
 * 6265 §5.2 lets a user agent do, rather than dropped or thrown on.
 */
function setMaxAge(cookie: HarCookie, maxAge: number, started: string): void {
  const expiry = Date.parse(started) + Math.max(maxAge, 0) * 1000;
  // `started` is a valid ISO date and `maxAge` a number, so `expiry` is never
  // NaN; it may be +Infinity for an age of hundreds of digits.
  cookie.expires = new Date(Math.min(expiry, LATEST_DATE)).toISOString();
}
