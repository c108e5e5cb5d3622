// Host patterns of routes (`Host: api.example.com`, `Host: :tenant.example.com`)
// and the host of a request, both compared in lower case and without port.
import { RouteError } from "./errors.ts";

/** A compiled `Host:` line of an endpoint template. */
export interface HostPattern {
  /** The pattern as written, lower-cased but for parameter names. */
  readonly source: string;
  /** The host itself when the pattern has no parameter. */
  readonly exact: string | undefined;
  /** Anchored; one group per parameter, in `names` order. */
  readonly regexp: RegExp;
  /** Parameter names, in order. */
  readonly names: readonly string[];
  /** Literal labels: between two patterns that match a host, more wins. */
  readonly literals: number;
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;
const PARAM = /^:([A-Za-z0-9_]+)$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

function fail(source: string, offset: number, why: string): never {
  throw new RouteError({
    code: "INVALID_PATTERN",
    message: `Invalid Host pattern ${
      JSON.stringify(source)
    } at offset ${offset}: ${why}`,
    offset,
  });
}

/**
 * Compiles the value of a `Host:` line: dot-separated labels, each a
 * literal (letters, digits, `-`, `_`) or a `:name` parameter that matches
 * one label; or a bracketed IPv6 address. Letter case is ignored; a
 * trailing dot (`example.com.`) is the same host.
 *
 * @throws {RouteError} `INVALID_PATTERN` at the offset of the problem: a
 * port, an empty label, a character a host name cannot hold, a duplicate
 * parameter.
 */
export function parseHostPattern(value: string): HostPattern {
  const written = value.trim();
  if (written === "") fail(value, 0, "the Host line is empty");
  const source = written.endsWith(".") ? written.slice(0, -1) : written;
  if (IPV6.test(source.toLowerCase())) {
    const exact = source.toLowerCase();
    return {
      source: exact,
      exact,
      regexp: new RegExp(`^${exact.replace(/[.[\]]/g, "\\$&")}$`),
      names: [],
      literals: 1,
    };
  }
  const names: string[] = [];
  const parts: string[] = [];
  const shown: string[] = [];
  let literals = 0;
  let offset = 0;
  for (const label of source.split(".")) {
    const param = PARAM.exec(label);
    if (param !== null) {
      if (names.includes(param[1])) {
        fail(source, offset, `duplicate parameter ":${param[1]}"`);
      }
      names.push(param[1]);
      parts.push("([^.]+)");
      shown.push(label);
    } else {
      const lower = label.toLowerCase();
      if (label === "") fail(source, offset, "empty label");
      if (/:\d*$/.test(lower) && LABEL.test(lower.replace(/:\d*$/, ""))) {
        fail(
          source,
          offset + lower.indexOf(":"),
          "a Host pattern names no port: the router ignores the request's port",
        );
      }
      if (!LABEL.test(lower)) {
        const at = [...lower].findIndex((c) => !/[a-z0-9_-]/.test(c));
        fail(
          source,
          offset + Math.max(at, 0),
          "a label is letters, digits, - and _, or a :name parameter for one label",
        );
      }
      literals++;
      parts.push(lower.replace(/-/g, "\\-"));
      shown.push(lower);
    }
    offset += label.length + 1;
  }
  const text = shown.join(".");
  return {
    source: text,
    exact: names.length === 0 ? text : undefined,
    regexp: new RegExp(`^${parts.join("\\.")}$`),
    names,
    literals,
  };
}

/**
 * Orders host patterns from most to least specific: an exact host, then
 * more literal labels, then by text (never by registration).
 */
export function compareHosts(a: HostPattern, b: HostPattern): number {
  const exact = Number(b.exact !== undefined) - Number(a.exact !== undefined);
  if (exact !== 0) return exact;
  if (a.literals !== b.literals) return b.literals - a.literals;
  return a.source < b.source ? -1 : a.source > b.source ? 1 : 0;
}

/**
 * The host of an absolute URL string (`Request.url`): lower case, without
 * user info, port or a trailing dot. Servers build `Request.url` from the
 * Host header (or HTTP/2's `:authority`).
 */
export function hostOf(url: string): string {
  // Indices first, one slice at the end: every request of a router with
  // host routes comes here, and each intermediate string costs.
  let start = url.indexOf("//") + 2;
  let end = url.indexOf("/", start);
  if (end === -1) end = url.length;
  const at = url.lastIndexOf("@", end);
  if (at >= start) start = at + 1;
  if (url.charCodeAt(start) === 91) { // "[": an IPv6 address
    const close = url.indexOf("]", start);
    if (close !== -1 && close < end) end = close + 1;
  } else {
    const colon = url.indexOf(":", start);
    if (colon !== -1 && colon < end) end = colon;
  }
  if (end > start && url.charCodeAt(end - 1) === 46) end--; // FQDN's "."
  // The URL parser already lower-cases http(s) hosts: copy only if needed.
  for (let i = start; i < end; i++) {
    const code = url.charCodeAt(i);
    if (code >= 65 && code <= 90) return url.slice(start, end).toLowerCase();
  }
  return url.slice(start, end);
}

/**
 * The Host pattern of an endpoint template's header lines (the lines after
 * `METHOD /pattern`), or undefined without one. Blank lines are ignored.
 *
 * @throws {RouteError} `INVALID_ENDPOINT` for a line that is not
 * `Host: pattern`, or a second Host line; `INVALID_PATTERN` for a bad pattern.
 */
export function endpointHost(
  lines: readonly string[],
  endpoint: string,
): HostPattern | undefined {
  let host: HostPattern | undefined;
  for (const line of lines) {
    if (line.trim() === "") continue;
    const header = /^\s*([^:\s]+)\s*:(.*)$/.exec(line);
    const refuse = (why: string): never => {
      throw new RouteError({
        code: "INVALID_ENDPOINT",
        message: `Invalid endpoint ${JSON.stringify(endpoint)}: ${why}`,
      });
    };
    if (header === null || header[1].toLowerCase() !== "host") {
      refuse(
        `only a "Host: pattern" line may follow "METHOD /pattern" (got ${
          JSON.stringify(line.trim())
        }); match other headers in the handler or with HTTPExpression`,
      );
    }
    if (host !== undefined) refuse("a route has one Host line");
    host = parseHostPattern(header![2]);
  }
  return host;
}
