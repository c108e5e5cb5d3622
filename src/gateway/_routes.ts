// The gateway's routes (path → method) and the 404 or 405 for the rest.
import { PATH as COUNT_PATH } from "./_count_tokens.ts";
import { GatewayError } from "./errors.ts";

const ROUTES: Readonly<Record<string, string>> = {
  "/v1/chat/completions": "POST",
  "/v1/messages": "POST",
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
