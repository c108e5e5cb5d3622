// Small helpers of the router's mutant tests: a handler that answers its
// name, a request's answer in one string, a definition's refusal, and a
// route whose head holds one given header line.
import assert from "node:assert/strict";
import process from "node:process";
import { createRoute, type Handler, RouteError } from "../../src/router/mod.ts";

/** A handler that answers `name`. */
export const named = (name: string): Handler => () => new Response(name);

/** The body of a 200 answer, else its status as text. */
export async function answer(
  router: (request: Request) => Promise<Response>,
  href: string,
  init?: RequestInit,
): Promise<string> {
  const response = await router(new Request(href, init));
  const text = await response.text();
  return response.status === 200 ? text : String(response.status);
}

/** The RouteError a definition throws, or a failed assertion. */
export function refusal(define: () => unknown): RouteError {
  try {
    define();
  } catch (error) {
    assert.ok(error instanceof RouteError, `not a RouteError: ${error}`);
    return error;
  }
  assert.fail("the definition was accepted");
}

/**
 * A route answering `HTTP/1.1 200 OK`, the header line `line` and the body
 * "body", defined as that template written out, indented, would be: `line`
 * is template text, not a substitution, so what the route's parser reads is
 * exactly its characters.
 */
export function routeWithHeadLine(
  line: string,
): (request: Request) => Promise<Response> {
  const text = `
    HTTP/1.1 200 OK
    ${line}

    body
  `;
  return createRoute()(Object.assign([text], { raw: [text] }));
}

/**
 * Calls `seen` with every promise rejection no one handles until the
 * returned function is called: Deno and browsers say so with an
 * `unhandledrejection` event, Node with the process's `unhandledRejection`.
 */
export function watchUnhandled(seen: (reason: unknown) => void): () => void {
  if (typeof globalThis.addEventListener === "function") {
    const listener = (event: PromiseRejectionEvent) => {
      event.preventDefault();
      seen(event.reason);
    };
    globalThis.addEventListener("unhandledrejection", listener);
    return () => globalThis.removeEventListener("unhandledrejection", listener);
  }
  const listener = (reason: unknown) => seen(reason);
  process.on("unhandledRejection", listener);
  return () => process.off("unhandledRejection", listener);
}
