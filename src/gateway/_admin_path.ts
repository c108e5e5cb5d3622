// Which paths the admin API and the console may take: an absolute path
// without a trailing slash, outside the gateway's own routes, so neither
// can shadow a model route, the metrics or the probes.
import { routeAt } from "./_routes.ts";
import { isProbe } from "./_health.ts";

/** Why `path` cannot be an admin or console path, or undefined. */
export function adminPathProblem(path: string): string | undefined {
  if (!/^\/[A-Za-z0-9._~\/-]*[^/]$/.test(path) || path.includes("//")) {
    return "must be a path starting with / and not ending with /";
  }
  if (
    path === "/v1" || path.startsWith("/v1/") || isProbe(path) ||
    routeAt(path) !== undefined
  ) {
    return "must not be /v1, below it, or another route of the gateway";
  }
  return undefined;
}
