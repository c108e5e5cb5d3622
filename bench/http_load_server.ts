// Server for bench/http_load.sh: `router` serves the standard route set with
// the template router; `bare` answers every request with "ok" from a handler
// that takes no argument, `bare-request` from one that takes the request.
// Deno.serve skips building the Request object (and the connection info) for
// a handler declared without parameters, a saving no router can have, so
// `bare-request` is the baseline that does the same serving work.
import { createRouter } from "../src/router/mod.ts";

const [mode = "router", port = "8000"] = Deno.args;
const ok = () => new Response("ok");
const okWithRequest = (_request: Request) => new Response("ok");
const router = createRouter();
for (
  const endpoint of [
    "GET /user",
    "GET /user/comments",
    "GET /user/avatar",
    "GET /user/lookup/username/:username",
    "GET /user/lookup/email/:address",
    "GET /event/:id",
    "GET /event/:id/comments",
    "POST /event/:id/comment",
    "GET /map/:location/events",
    "GET /status",
    "GET /very/deeply/nested/route/hello/there",
    "GET /static/*",
  ]
) router.endpoint`${endpoint}`(ok);

Deno.serve(
  { hostname: "127.0.0.1", port: Number(port), onListen() {} },
  mode === "bare" ? ok : mode === "bare-request" ? okWithRequest : router,
);
