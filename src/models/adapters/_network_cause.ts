/**
 * Why a fetch failed, on Deno and on Node. Both runtimes reject with a bare
 * `TypeError: fetch failed` and keep the reason in `cause`: Node's undici as
 * an error `code` (ENOTFOUND, ECONNREFUSED, UND_ERR_SOCKET, certificate
 * codes…), Deno as a message (`dns error`, `Connection refused`, `invalid
 * peer certificate`…), both sometimes nested or in an AggregateError. One
 * stable word names the cause, so an operator's alert need not parse either
 * runtime's text: `dns`, `refused`, `reset`, `tls`, `timeout`, `unreachable`
 * or `other`.
 *
 * The runtime's own text is never copied whole: Deno's names the full URL
 * (query string included), so the detail kept for `tls`, `timeout` and
 * `other` has URLs cut to their origin.
 *
 * @module
 */

/** The kind of a transport failure (`AdapterError.details.cause`). */
export type NetworkCause =
  | "dns"
  | "refused"
  | "reset"
  | "tls"
  | "timeout"
  | "unreachable"
  | "other";

const BY_CODE: Readonly<Record<string, NetworkCause>> = {
  ENOTFOUND: "dns",
  EAI_AGAIN: "dns",
  EAI_FAIL: "dns",
  EAI_NONAME: "dns",
  EAI_NODATA: "dns",
  ECONNREFUSED: "refused",
  ECONNRESET: "reset",
  ECONNABORTED: "reset",
  EPIPE: "reset",
  UND_ERR_SOCKET: "reset",
  UND_ERR_CLOSED: "reset",
  ETIMEDOUT: "timeout",
  UND_ERR_CONNECT_TIMEOUT: "timeout",
  UND_ERR_HEADERS_TIMEOUT: "timeout",
  UND_ERR_BODY_TIMEOUT: "timeout",
  ENETUNREACH: "unreachable",
  EHOSTUNREACH: "unreachable",
  ENETDOWN: "unreachable",
  EHOSTDOWN: "unreachable",
  EPROTO: "tls",
};

// OpenSSL's and Node's certificate and handshake codes.
const TLS_CODE =
  /^(ERR_SSL_|ERR_TLS_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|HOSTNAME_MISMATCH$)/;

// Deno's error classes, for APIs that throw them rather than a message.
const BY_NAME: Readonly<Record<string, NetworkCause>> = {
  ConnectionRefused: "refused",
  ConnectionReset: "reset",
  ConnectionAborted: "reset",
  BrokenPipe: "reset",
  UnexpectedEof: "reset",
  TimedOut: "timeout",
  NetworkUnreachable: "unreachable",
};

// Deno's (hyper's, rustls') messages, in the order they are tried: "tls
// handshake eof" is TLS, not a reset.
const BY_MESSAGE: ReadonlyArray<readonly [RegExp, NetworkCause]> = [
  [
    /dns error|failed to lookup address|name or service not known|nodename nor servname|temporary failure in name resolution|no such host/i,
    "dns",
  ],
  [/connection refused/i, "refused"],
  [
    /certificate|\btls\b|\bssl\b|handshake|received corrupt message|peer is incompatible|invalidcontenttype/i,
    "tls",
  ],
  [
    /network is unreachable|host is unreachable|no route to host/i,
    "unreachable",
  ],
  [/timed out|timeout/i, "timeout"],
  [
    /connection reset|connection closed|connection aborted|broken pipe|unexpected eof|end of file|other side closed|socket hang up|error reading a body from connection/i,
    "reset",
  ],
];

type Any = { [key: string]: unknown };

/** `error` and everything it wraps (`cause`, AggregateError's `errors`). */
function chainOf(error: unknown): Any[] {
  const chain: Any[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && chain.length < 16) {
    const next = queue.shift();
    if (typeof next !== "object" || next === null) continue;
    const item = next as Any;
    if (chain.includes(item)) continue;
    chain.push(item);
    queue.push(item.cause);
    if (Array.isArray(item.errors)) queue.push(...item.errors);
  }
  return chain;
}

const text = (value: unknown): string => typeof value === "string" ? value : "";

/** The cause of a failed fetch (see the module docs). */
export function networkCause(error: unknown): NetworkCause {
  const chain = chainOf(error);
  for (const item of chain) {
    const code = text(item.code);
    // Own keys only: a code or name such as `constructor` (a custom fetch's
    // error) would otherwise find an Object.prototype member, a function
    // taken for the cause, and hide the cause its message names.
    if (Object.hasOwn(BY_CODE, code)) return BY_CODE[code];
    if (TLS_CODE.test(code)) return "tls";
  }
  for (const item of chain) {
    const name = text(item.name);
    if (Object.hasOwn(BY_NAME, name)) return BY_NAME[name];
  }
  for (const [pattern, cause] of BY_MESSAGE) {
    if (chain.some((item) => pattern.test(text(item.message)))) return cause;
  }
  return "other";
}

const MAX_DETAIL_CHARS = 200;

/**
 * The runtime's own words for a failure, cut down for a message: the
 * innermost message but `fetch failed` (or its code, when it has no
 * message), without Deno's `error sending request for url (…)` preamble,
 * URLs cut to their origin, one line; empty when there is nothing more to
 * say. For an OpenSSL error Node writes as a source location, its code.
 */
export function networkDetail(error: unknown): string {
  const chain = chainOf(error);
  let detail = "";
  for (const item of chain) {
    const message = text(item.message).trim();
    const code = text(item.code);
    if (/^ERR_SSL_/.test(code) && /:error:/.test(message)) {
      detail = code.slice("ERR_SSL_".length).toLowerCase().replaceAll(
        "_",
        " ",
      );
    } else if (message !== "" && !/^fetch failed$/i.test(message)) {
      detail = message;
    } else if (code !== "") detail = code;
  }
  return detail
    .replace(/^error sending request (for url|from) [^:]*\([^)]*\)[^:]*: /i, "")
    .replace(/^client error \(\w+\): /i, "")
    .replace(
      /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@)]*@)?([^\s/?#)]*)[^\s)]*/gi,
      "$1$2",
    )
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_DETAIL_CHARS);
}

/** The words a message uses for each cause. */
export const CAUSE_TEXT: Readonly<Record<NetworkCause, string>> = {
  dns: "DNS lookup failed",
  refused: "connection refused",
  reset: "connection reset",
  tls: "TLS failed",
  timeout: "timed out",
  unreachable: "host unreachable",
  other: "network error",
};

/**
 * `host:port` of a URL, the port filled in for http and https; no user,
 * path or query (they may hold secrets). Empty for an unparsable URL.
 */
export function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    const port = parsed.port ||
      (parsed.protocol === "https:"
        ? "443"
        : parsed.protocol === "http:"
        ? "80"
        : "");
    return port ? `${parsed.hostname}:${port}` : parsed.hostname;
  } catch {
    return "";
  }
}
