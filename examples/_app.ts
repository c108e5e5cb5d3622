/**
 * The demo application behind `deno task start`, built on the template
 * router:
 *
 * | route | what |
 * |---|---|
 * | `GET /` | converter playground (one self-contained HTML page, cached with an ETag) |
 * | `POST /api/convert` | curl / raw HTTP / HAR / fetch → every form (`_convert_api.ts`) |
 * | `POST /v1/chat/completions` | OpenAI-compatible chat, JSON or SSE (`_gateway.ts`) |
 * | `GET /v1/models` | one entry per backend and model |
 * | `GET /api/router` | model-router backend info and stats |
 * | `GET /healthz` | `ok` |
 *
 * `createApp` does no I/O besides reading `playground.html` once (pass
 * `page` to skip that), so tests and benchmarks call it in-process.
 *
 * @module
 */
import {
  createRoute,
  createRouter,
  raw,
  type Router,
} from "../src/router/mod.ts";
import type { Router as ModelRouter } from "../src/models/mod.ts";
import { handleConvert } from "./_convert_api.ts";
import { createGateway, type GatewayOptions } from "./_gateway.ts";

/** Options of {@linkcode createApp}. */
export interface AppOptions {
  /** The model router the gateway routes through. */
  modelRouter: ModelRouter;
  /** The playground page; default `examples/playground.html`. */
  page?: string;
  /** Gateway options (body limit, clock). */
  gateway?: GatewayOptions;
}

/**
 * Reads the playground page that ships next to this module.
 *
 * @returns The HTML text.
 *
 * @example Usage
 * ```ts
 * import { loadPlaygroundPage } from "./_app.ts";
 * console.log(loadPlaygroundPage().startsWith("<!doctype html>")); // true
 * ```
 */
export function loadPlaygroundPage(): string {
  return Deno.readTextFileSync(new URL("./playground.html", import.meta.url));
}

/**
 * Builds the demo router.
 *
 * @param options The model router, and optionally the page and gateway options.
 * @returns The template router; hand it to `Deno.serve`.
 *
 * @example In-process request
 * ```ts
 * import { createEchoAdapter } from "../src/models/testing.ts";
 * import { createGatewayModelRouter } from "./_backends.ts";
 * import { createApp } from "./_app.ts";
 * const modelRouter = createGatewayModelRouter([["echo", createEchoAdapter()]]);
 * const app = createApp({ modelRouter, page: "<!doctype html><title>t</title>" });
 * const response = await app(new Request("http://localhost/v1/models"));
 * console.log((await response.json()).data[0].id); // "echo"
 * modelRouter.dispose();
 * ```
 */
export function createApp(options: AppOptions): Router {
  const page = options.page ?? loadPlaygroundPage();
  const router = createRouter({
    cache: { cacheControl: "no-cache" },
    errorHandler(error) {
      console.error(error);
      return Response.json({
        error: { code: "INTERNAL", message: "Internal server error." },
      }, { status: 500 });
    },
  });
  router.endpoint`GET /`(createRoute()`
    HTTP/1.1 200 OK
    Content-Type: text/html; charset=utf-8
    Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'
    X-Content-Type-Options: nosniff

    ${raw(page)}`);
  router.endpoint`GET /healthz`(createRoute()`
    HTTP/1.1 200 OK
    Content-Type: text/plain; charset=utf-8

    ok`);
  router.endpoint`POST /api/convert`(handleConvert);
  createGateway(options.modelRouter, options.gateway).register(router);
  return router;
}
