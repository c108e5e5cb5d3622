// What the pattern tests share: a router whose every route answers with its
// own pattern and the params it read, a request against it, and the check
// that a pattern is refused where and why it should be.
import assert from "node:assert/strict";
import {
  createRouter,
  type Handler,
  RouteError,
  type Router,
} from "../../src/router/mod.ts";

/** A handler answering JSON: the route's `name` and the params it read. */
export function echo(name: string): Handler {
  return (_request, context) =>
    Response.json({ name, params: { ...context.params } });
}

/** What a request reached: the status, and on a 200 the route and params. */
export type Hit = {
  status: number;
  name?: string;
  params?: Record<string, string>;
};

/** Sends `method path` to `router` and reads the {@link echo} answer. */
export async function hit(
  router: Router,
  path: string,
  method = "GET",
): Promise<Hit> {
  const response = await router(
    new Request(`http://localhost${path}`, { method }),
  );
  if (response.status !== 200) return { status: response.status };
  return { status: 200, ...(await response.json()) };
}

/** A router with a `GET` route per pattern, each echoing its pattern. */
export function routerOf(...patterns: string[]): Router {
  const router = createRouter();
  for (const pattern of patterns) {
    router.endpoint`GET ${pattern}`(echo(pattern));
  }
  return router;
}

/**
 * Asserts `GET pattern` is refused with `INVALID_PATTERN`, at `offset` and
 * with a message matching `why` when given.
 */
export function refuses(pattern: string, offset?: number, why?: RegExp): void {
  assert.throws(
    () => createRouter().endpoint`GET ${pattern}`,
    (error: unknown) =>
      error instanceof RouteError && error.code === "INVALID_PATTERN" &&
      (offset === undefined || error.offset === offset) &&
      (why === undefined || why.test(error.message)),
    pattern,
  );
}
