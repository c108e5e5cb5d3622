// The router app bench/serve_router_load.sh serves three ways: one template
// route with a parameter, as a small real app answers.
import { createRoute, createRouter, type Router } from "../src/router/mod.ts";

/** A fresh router with `GET /hello/:name`. */
export function helloRouter(): Router {
  return createRouter().endpoint`GET /hello/:name`(createRoute()`
    HTTP/1.1 200 OK
    Content-Type: text/plain

    Hello ${(_request, context) => context.params.name}!
  `);
}
