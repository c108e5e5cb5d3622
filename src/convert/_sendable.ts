// The one check that every writer (raw HTTP, curl, fetch() code, HAR) and
// every reader that feeds one (HAR, curl) runs before a request is written:
// nothing in the method or a header can put a line on the wire that the
// request did not have. The codes are those of the raw-HTTP writer.
import { ConversionError } from "./errors.ts";
import type { HeaderMap, HttpRequest } from "./types.ts";
import { TOKEN } from "../_http_token.ts";
import { checkHeaderField } from "./_http_text.ts";

/**
 * Throws `INVALID_HEADER` for a header name that is not an HTTP token or a
 * value holding CR, LF or NUL (each would split or end a header line).
 */
export function checkSendableHeaders(headers: HeaderMap): void {
  // Every writer runs this on every request: no entry list is built.
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (Array.isArray(value)) {
      for (const item of value) checkHeaderField(name, item);
    } else if (value !== undefined) checkHeaderField(name, value);
  }
}

/**
 * `request` when its method is an HTTP token (else `INVALID_REQUEST_LINE`:
 * `GET / HTTP/1.1\r\nX: y` would inject a request line) and its headers pass
 * {@linkcode checkSendableHeaders}. The URL is not checked here: each writer
 * percent-encodes what a request line cannot carry.
 */
export function checkSendableRequest<T extends HttpRequest>(request: T): T {
  if (typeof request.method !== "string" || !TOKEN.test(request.method)) {
    throw new ConversionError({
      code: "INVALID_REQUEST_LINE",
      message: `the method ${
        JSON.stringify(request.method)
      } is not an HTTP token`,
      path: "method",
    });
  }
  checkSendableHeaders(request.headers);
  return request;
}
