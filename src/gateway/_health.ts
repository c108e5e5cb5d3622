// The probes an orchestrator sends (Docker's HEALTHCHECK, Kubernetes'
// liveness and readiness probes): `/healthz` says the process answers,
// `/readyz` whether it can serve a model call now. Neither needs a key
// (probes carry none, as with /metrics) and neither is logged: a probe every
// few seconds would drown the request log.
import type { Router as ModelRouter } from "../models/mod.ts";
import type { RouterStore } from "../models/store.ts";
import { jsonResponse } from "./_json_response.ts";
import { requestIdOf } from "./_request_parts.ts";

export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";

/** Longest wait for the shared store's answer before it counts as down. */
const STORE_PROBE_MS = 1_000;
/** A key no state lives under: the probe reads it, never writes. */
const PROBE_KEY = "readyz-probe";

/** True when `path` is one of the probes. */
export function isProbe(path: string): boolean {
  return path === HEALTH_PATH || path === READY_PATH;
}

const FAILED = "the shared store (Redis) failed the probe read";

/**
 * Why the store is not usable, or undefined when it answers a read within
 * the bound. The store's own error text is not passed on: a client's
 * message may hold its connection details.
 */
async function storeProblem(store: RouterStore): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      Promise.resolve(store.readHealth(PROBE_KEY)).then(
        () => undefined,
        () => FAILED,
      ),
      new Promise<string>((resolve) => {
        timer = setTimeout(
          () =>
            resolve(
              `the shared store (Redis) did not answer within ${STORE_PROBE_MS} ms`,
            ),
          STORE_PROBE_MS,
        );
      }),
    ]);
  } catch {
    return FAILED; // a store that throws synchronously
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer to a probe: `/healthz` 200 `{ status: "ok" }`; `/readyz` 200
 * when at least one backend's breaker is not open and the shared store (if
 * any) answers, else 503 with `reasons`.
 */
export async function probe(
  path: string,
  request: Request,
  router: ModelRouter,
  store: RouterStore | undefined,
): Promise<Response> {
  const method = request.method;
  const headers = {
    "x-request-id": requestIdOf(request.headers),
    "cache-control": "no-store",
  };
  if (method !== "GET" && method !== "HEAD") {
    return jsonResponse({
      error: {
        message: `Use GET for ${path}.`,
        type: "invalid_request_error",
        code: "method_not_allowed",
      },
    }, { status: 405, headers: { ...headers, allow: "GET, HEAD" } });
  }
  if (path === HEALTH_PATH) return jsonResponse({ status: "ok" }, { headers });
  const backends: Record<string, string> = {};
  for (const info of router.getBackendInfo()) {
    backends[info.name] = info.circuitBreakerState;
  }
  const reasons: string[] = [];
  const names = Object.keys(backends);
  if (names.length === 0) reasons.push("no backend is registered");
  else if (names.every((name) => backends[name] === "open")) {
    reasons.push(`every backend's circuit is open (${names.join(", ")})`);
  }
  let storeState = "none";
  if (store) {
    const problem = await storeProblem(store);
    storeState = problem ? "unavailable" : "ok";
    if (problem) reasons.push(problem);
  }
  const ready = reasons.length === 0;
  return jsonResponse({
    status: ready ? "ready" : "not ready",
    backends,
    store: storeState,
    ...(ready ? {} : { reasons }),
  }, { status: ready ? 200 : 503, headers });
}
