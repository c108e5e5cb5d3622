// The gateway's routes (path → method), the 404 or 405 for the rest, and
// the error shape each route answers in.
import { ANTHROPIC_API, OPENAI_API, type WireApi } from "./_apis.ts";
import { GatewayError } from "./errors.ts";

export const CHAT_PATH = "/v1/chat/completions";
export const MESSAGES_PATH = "/v1/messages";
export const COUNT_PATH = "/v1/messages/count_tokens";

const ROUTES: Readonly<Record<string, string>> = {
  [CHAT_PATH]: "POST",
  [MESSAGES_PATH]: "POST",
  [COUNT_PATH]: "POST",
  "/v1/models": "GET",
  "/api/router": "GET",
  "/metrics": "GET",
};

/** The 404 or 405 for a request no route takes, else undefined. */
export function routeError(
  method: string,
  path: string,
): GatewayError | undefined {
  const allowed = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
  if (allowed === undefined) {
    return new GatewayError({
      status: 404,
      type: "invalid_request_error",
      message: `Unknown route ${method} ${path}.`,
      code: "unknown_url",
    });
  }
  if (allowed === method) return undefined;
  return new GatewayError({
    status: 405,
    type: "invalid_request_error",
    message: `Use ${allowed} for ${path}.`,
    code: "method_not_allowed",
    headers: { allow: allowed },
  });
}

/**
 * The path of an absolute request URL. A path already in normal form (one
 * of the routes, no query) is cut from the string as it is, since the URL
 * parser would return it unchanged; anything else (dot segments, escapes,
 * a query) goes through the parser. Most requests are the first kind, and
 * skip building a URL object.
 */
export function pathOf(url: string): string {
  const scheme = url.indexOf("://");
  const start = scheme < 0 ? -1 : url.indexOf("/", scheme + 3);
  if (start > 0 && Object.hasOwn(ROUTES, url.slice(start))) {
    return url.slice(start);
  }
  return new URL(url).pathname;
}

/**
 * The error shape of a route that is not a chat call: Anthropic's for the
 * count route, and for any route under `/v1/messages` when the client sends
 * `anthropic-version` (every Anthropic SDK does); else OpenAI's.
 */
export function errorApi(path: string, headers: Headers): WireApi {
  const anthropic = path === COUNT_PATH ||
    ((path === MESSAGES_PATH || path.startsWith(`${MESSAGES_PATH}/`)) &&
      headers.has("anthropic-version"));
  return anthropic ? ANTHROPIC_API : OPENAI_API;
}
