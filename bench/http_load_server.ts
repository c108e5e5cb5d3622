// Server for bench/http_load.sh: `router` serves the standard route set with
// the template router, `bare` answers every request with "ok".
import { createRouter } from "../src/router/mod.ts";

const [mode = "router", port = "8000"] = Deno.args;
const ok = () => new Response("ok");
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
  mode === "bare" ? ok : router,
);
