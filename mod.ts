/**
 * Switchyard: HTTP messages moved between forms and between handlers.
 *
 * The root entry point holds the conversion core utilities (`detectType`,
 * `normalizeHeaders`, `allFormats`, `parseQueryString`, `buildUrl`,
 * `getByteSize`, `formatHeaders`) and the template-literal router
 * (`createRouter`, `createRoute`, `HTTPExpression`, `createRequest`,
 * `createResponse`, `createFSRouter`, `deconstruct`, `cook`). Each conversion
 * module has its own entry point (`./string`, `./har`, `./curl`, `./fetch`,
 * `./body`, `./random`); the model router lives in `./models`, and `./serve`
 * serves a router (or any fetch handler) on Deno or Node 20+ with header,
 * body and idle timeouts, a connection cap and a body bound, which
 * `Deno.serve` lacks.
 *
 * @example Convert a curl command, then serve a template route
 * ```ts
 * import { allFormats, createRoute, createRouter, detectType } from "@switchyard/switchyard";
 * import { toRequest } from "@switchyard/switchyard/curl";
 *
 * const command = "curl -X POST https://api.example.com/users -d name=Ada";
 * console.log(detectType(command)); // "curl"
 * const { httpString } = await allFormats(toRequest(command));
 * console.log(httpString.split("\r\n")[0]); // "POST https://api.example.com/users HTTP/1.1"
 *
 * const router = createRouter();
 * router.endpoint`GET /hello/:name`(createRoute()`HTTP/1.1 200 OK
 * Content-Type: text/plain
 *
 * Hello, ${(_request: Request, context: { params: Record<string, string> }) => context.params.name}!`);
 * const response = await router(new Request("http://localhost/hello/Ada"));
 * console.log(await response.text()); // "Hello, Ada!"
 * ```
 *
 * @module
 */
export * from "./src/convert/core.ts";
export * from "./src/router/mod.ts";
