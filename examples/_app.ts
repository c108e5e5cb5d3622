/**
 * The demo application behind `deno task start`, built on the template
 * router:
 *
 * | route | what |
 * |---|---|
 * | `GET /` | converter playground (one self-contained HTML page, cached with an ETag) |
 * | `POST /api/convert` | curl / raw HTTP / HAR / fetch → every form (`_convert_api.ts`) |
 * | `GET /healthz` | `ok` |
 * | anything else | the gateway of `./gateway` (`/v1/chat/completions`, `/v1/messages`, `/v1/models`, `/api/router`, `/metrics`) |
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
import type { Gateway } from "../src/gateway/mod.ts";
import { handleConvert } from "./_convert_api.ts";

/** Options of {@linkcode createApp}. */
export interface AppOptions {
  /** The gateway that answers every route the demo does not own. */
  gateway: Gateway;
  /** The playground page; default `examples/playground.html`. */
  page?: string;
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
 * @param options The gateway, and optionally the page.
 * @returns The template router; hand it to `Deno.serve`.
 *
 * @example In-process request
 * ```ts
 * import { createEchoAdapter } from "../src/models/testing.ts";
 * import { createGateway } from "../src/gateway/mod.ts";
 * import { createApp } from "./_app.ts";
 * const gateway = createGateway({ backends: [["echo", createEchoAdapter()]] });
 * const app = createApp({ gateway, page: "<!doctype html><title>t</title>" });
 * const response = await app(new Request("http://localhost/v1/models"));
 * console.log((await response.json()).data[0].id); // "echo"
 * gateway.dispose();
 * ```
 */
export function createApp(options: AppOptions): Router {
  const page = options.page ?? loadPlaygroundPage();
  const router = createRouter({
    cache: { cacheControl: "no-cache" },
    defaultHandler: options.gateway,
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
  return router;
}
