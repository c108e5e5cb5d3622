// The gateway's one route table: path → method, the wire its errors are
// written in, whether it is a model call (metrics), and its handler.
// Dispatch, the 404 and 405 answers, and the error shape of any path
// (unknown ones included) all derive from it.
import { ANTHROPIC_API, OPENAI_API, type WireApi } from "./_apis.ts";
import type { Exchange } from "./_exchange.ts";
import { GatewayError } from "./errors.ts";
import { handleChat } from "./_handle_chat.ts";
import { handleCompletions } from "./_handle_completions.ts";
import { handleEmbeddings } from "./_handle_embeddings.ts";
import {
  handleCount,
  handleMetrics,
  handleModels,
  handleRouterInfo,
} from "./_handle_info.ts";
import { handleModel } from "./_handle_model.ts";
import { handleResponses } from "./_handle_responses.ts";
import {
  CHAT_PATH,
  COMPLETIONS_PATH,
  COUNT_PATH,
  EMBEDDINGS_PATH,
  MESSAGES_PATH,
  MODELS_PATH,
  RESPONSES_PATH,
} from "./_path.ts";

export { CHAT_PATH, COUNT_PATH, MESSAGES_PATH, pathOf } from "./_path.ts";

/** One route. */
export interface Route {
  /** `GET` or `POST`; the admin API's routes also `DELETE`. */
  readonly method: string;
  /** The wire of its answers and errors; undefined: the caller's. */
  readonly api: WireApi | undefined;
  /** A model call: counted in the request metrics. */
  readonly metered: boolean;
  handle(
    ex: Exchange,
    info: unknown,
    path: string,
  ): Promise<Response> | Response;
}

const ROUTES: Readonly<Record<string, Route>> = {
  [CHAT_PATH]: {
    method: "POST",
    api: OPENAI_API,
    metered: true,
    handle: (ex, info) => handleChat(ex, info),
  },
  [MESSAGES_PATH]: {
    method: "POST",
    api: ANTHROPIC_API,
    metered: true,
    handle: (ex, info) => handleChat(ex, info),
  },
  [COUNT_PATH]: {
    method: "POST",
    api: ANTHROPIC_API,
    metered: false,
    handle: handleCount,
  },
  [EMBEDDINGS_PATH]: {
    method: "POST",
    api: OPENAI_API,
    metered: true,
    handle: handleEmbeddings,
  },
  [COMPLETIONS_PATH]: {
    method: "POST",
    api: OPENAI_API,
    metered: true,
    handle: handleCompletions,
  },
  [RESPONSES_PATH]: {
    method: "POST",
    api: OPENAI_API,
    metered: true,
    handle: handleResponses,
  },
  [MODELS_PATH]: {
    method: "GET",
    api: undefined,
    metered: false,
    handle: handleModels,
  },
  "/api/router": {
    method: "GET",
    api: OPENAI_API,
    metered: false,
    handle: handleRouterInfo,
  },
  "/metrics": {
    method: "GET",
    api: OPENAI_API,
    metered: false,
    handle: handleMetrics,
  },
};

/** Routes below a prefix: `/v1/models/{id}`. */
const PREFIXED: ReadonlyArray<readonly [string, Route]> = [
  [`${MODELS_PATH}/`, {
    method: "GET",
    api: undefined,
    metered: false,
    handle: (ex, _info, path) => handleModel(ex, path),
  }],
];

/** The route a path names, if any. */
export function routeAt(path: string): Route | undefined {
  if (Object.hasOwn(ROUTES, path)) return ROUTES[path];
  for (const [prefix, route] of PREFIXED) {
    if (path.startsWith(prefix) && path.length > prefix.length) return route;
  }
  return undefined;
}

/** The 404 or 405 for a request `route` does not take, else undefined. */
export function routeError(
  method: string,
  path: string,
  route: Route | undefined,
): GatewayError | undefined {
  if (route === undefined) {
    return new GatewayError({
      status: 404,
      type: "invalid_request_error",
      message: `Unknown route ${method} ${path}.`,
      code: "unknown_url",
    });
  }
  if (route.method === method) return undefined;
  return new GatewayError({
    status: 405,
    type: "invalid_request_error",
    message: `Use ${route.method} for ${path}.`,
    code: "method_not_allowed",
    headers: { allow: route.method },
  });
}

/**
 * The wire a path's errors are written in: the route's own, else the
 * caller's — Anthropic's when the request sends `anthropic-version` or
 * `x-api-key` (every Anthropic SDK does), OpenAI's otherwise.
 */
export function errorApi(path: string, headers: Headers): WireApi {
  const own = routeAt(path)?.api;
  if (own !== undefined) return own;
  return headers.has("anthropic-version") || headers.has("x-api-key")
    ? ANTHROPIC_API
    : OPENAI_API;
}
