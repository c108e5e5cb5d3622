// Deno-only (npm:fast-check): whatever the path, method and header values,
// the router's promise resolves to a Response and no request header reaches
// the response.
import fc from "npm:fast-check@4.10.2";
import assert from "node:assert/strict";
import { createRoute, createRouter } from "../../src/router/mod.ts";

function build(errorHandler: boolean) {
  return createRouter({
    cache: { cacheControl: "max-age=1" },
    defaultHandler: (request) => {
      if (request.headers.has("x-throw")) throw new Error("default");
      return new Response("default");
    },
    ...(errorHandler
      ? {
        errorHandler: (error: Error, request: Request) => {
          if (request.headers.has("x-throw-again")) throw error;
          return new Response("handled", { status: 500 });
        },
      }
      : {}),
  })
    .endpoint`GET /users/:id`(createRoute()`
      HTTP/1.1 200 OK
      X-Id: ${(_r, c) => c.params.id}
      X-Echo: ${(r) => r.headers.get("x-a")}

      user ${(_r, c) => c.params.id}
    `)
    .endpoint`GET /files/:name.:ext`(createRoute({ streaming: true })`
      ${(_r, c) => c.params.name}.${(_r, c) => Promise.resolve(c.params.ext)}
    `)
    .endpoint`POST /users/:id`(async (request) => {
      if (request.headers.has("x-throw")) throw new Error("async");
      return new Response(await request.text());
    })
    .endpoint`GET /static/*`(createRoute()`static`)
    .endpoint`ALL /any/:a-:b-:c/x`((_r, c) => Response.json(c.params))
    .endpoint`GET /`(createRoute()`home`);
}

const routers = [build(true), build(false)];

const pathArb = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom("users/", "files/", "static/", "any/", "%", "%2e%2e/", "%2F")
    .chain((prefix) =>
      fc.string({ maxLength: 40 }).map((rest) => prefix + rest)
    ),
);
const methodArb = fc.oneof(
  fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"),
  fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,12}$/),
);
const headersArb = fc.dictionary(
  fc.constantFrom("x-a", "x-throw", "x-throw-again", "if-none-match", "x-b"),
  fc.string({ unit: "binary", maxLength: 30 }),
  { maxKeys: 4 },
);

function makeRequest(
  path: string,
  method: string,
  headers: Record<string, string>,
): Request | undefined {
  try {
    return new Request(`http://localhost/${path}`, {
      method,
      headers,
      body: method === "POST" ? "body" : undefined,
    });
  } catch {
    return undefined; // the runtime refuses it; a server never sees it
  }
}

Deno.test("the router answers every request with a Response", async () => {
  const originalError = console.error;
  console.error = () => {};
  try {
    await fc.assert(
      fc.asyncProperty(
        pathArb,
        methodArb,
        headersArb,
        fc.boolean(),
        async (path, method, headers, withErrorHandler) => {
          const request = makeRequest(path, method, headers);
          fc.pre(request !== undefined);
          const router = routers[withErrorHandler ? 0 : 1];
          const response = await router(request!);
          assert.ok(response instanceof Response);
          assert.ok(response.status >= 200 && response.status <= 599);
          await response.body?.cancel();
          for (const name of response.headers.keys()) {
            assert.ok(!["x-a", "x-throw", "x-b"].includes(name), name);
          }
          if (response.status === 500) {
            assert.equal(response.headers.get("x-echo"), null);
          }
        },
      ),
      { numRuns: 2000 },
    );
  } finally {
    console.error = originalError;
  }
});

Deno.test("header substitutions with CR, LF, NUL, U+0085 or U+2028 never add a header", async () => {
  const originalError = console.error;
  console.error = () => {};
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 20 }),
        fc.constantFrom("\r", "\n", "\r\n", "\0", "\u0085", "\u2028", ""),
        fc.string({ unit: "binary", maxLength: 20 }),
        async (before, separator, after) => {
          const value = `${before}${separator}X-Injected: 1${after}`;
          const route = createRoute()`
            HTTP/1.1 200 OK
            X-Value: ${() => value}

            body
          `;
          const router = createRouter().endpoint`GET /`(route);
          const response = await router(new Request("http://localhost/"));
          await response.body?.cancel();
          assert.equal(response.headers.get("x-injected"), null);
          if (response.status === 200) {
            assert.ok(!/[\r\n\0]/.test(response.headers.get("x-value")!));
          } else assert.equal(response.status, 500);
        },
      ),
      { numRuns: 500 },
    );
  } finally {
    console.error = originalError;
  }
});
