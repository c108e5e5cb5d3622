// Template router benchmarks, side by side with hono and rou3 in one run:
//   deno bench -A bench/router_bench.ts
// Routes and probes: hono's benchmarks/routers standard set.
import { Hono } from "npm:hono@4.13.19";
import { RegExpRouter } from "npm:hono@4.13.19/router/reg-exp-router";
import {
  addRoute,
  createRouter as createRou3,
  findRoute,
} from "npm:rou3@1.0.0";
import { createRoute, createRouter, type Router } from "../src/router/mod.ts";
import { Matcher } from "../src/router/_matcher.ts";
import { parsePattern } from "../src/router/_pattern.ts";

const ROUTES: [string, string][] = [
  ["GET", "/user"],
  ["GET", "/user/comments"],
  ["GET", "/user/avatar"],
  ["GET", "/user/lookup/username/:username"],
  ["GET", "/user/lookup/email/:address"],
  ["GET", "/event/:id"],
  ["GET", "/event/:id/comments"],
  ["POST", "/event/:id/comment"],
  ["GET", "/map/:location/events"],
  ["GET", "/status"],
  ["GET", "/very/deeply/nested/route/hello/there"],
  ["GET", "/static/*"],
];

const PROBES: [string, string][] = [
  ["GET", "/user"],
  ["GET", "/user/comments"],
  ["GET", "/user/lookup/username/hey"],
  ["GET", "/event/abcd1234/comments"],
  ["POST", "/event/abcd1234/comment"],
  ["GET", "/very/deeply/nested/route/hello/there"],
  ["GET", "/static/index.html"],
];

// --- matcher only ------------------------------------------------------------
const ours = new Matcher<string>();
const hono = new RegExpRouter<string>();
const rou3 = createRou3<string>();
for (const [method, path] of ROUTES) {
  ours.add(method, parsePattern(path), path);
  hono.add(method, path, path);
  addRoute(rou3, method, path.replace("*", "**"), path);
}
// Sanity: every matcher finds the same route for every probe.
for (const [method, path] of PROBES) {
  const expected = ours.match(method, path)?.route.value;
  if (hono.match(method, path)[0][0]?.[0] !== expected) {
    throw new Error(`hono ${path}`);
  }
  if (findRoute(rou3, method, path)?.data !== expected) {
    throw new Error(`rou3 ${path}`);
  }
}

Deno.bench(
  "switchyard matcher",
  { group: "all together", baseline: true },
  () => {
    for (const [method, path] of PROBES) ours.match(method, path);
  },
);
Deno.bench("hono RegExpRouter", { group: "all together" }, () => {
  for (const [method, path] of PROBES) hono.match(method, path);
});
Deno.bench("rou3", { group: "all together" }, () => {
  for (const [method, path] of PROBES) findRoute(rou3, method, path);
});

// --- full dispatch: Request -> Response -------------------------------------
const router = createRouter();
const app = new Hono({ router: new RegExpRouter() });
for (const [method, path] of ROUTES) {
  router.endpoint`${method} ${path}`(() => new Response("ok"));
  app.on(method, path, () => new Response("ok"));
}
const REQUESTS = PROBES.map(([method, path]) =>
  new Request(`http://localhost${path}`, { method })
);

Deno.bench(
  "switchyard router(request)",
  { group: "dispatch", baseline: true },
  async () => {
    for (const request of REQUESTS) await router(request);
  },
);
Deno.bench("hono app.fetch(request)", { group: "dispatch" }, async () => {
  for (const request of REQUESTS) await app.fetch(request);
});

// --- template route vs plain handler ----------------------------------------
// The comparison: a template route against a handler returning
// `new Response(string)`. The two do not send the same response: the template
// adds the Content-Type its spec requires (text/html; charset=utf-8), which
// `new Response(string)` skips (Deno fills in text/plain internally, without
// validation). So a third row sends exactly
// what the template sends, from a handler with its init built once (the
// cheapest way to write it), to show what the template itself costs.
const templated = createRouter().endpoint`GET /hello/:name`(
  createRoute()`Hello ${(_request, context) => context.params.name}!`,
);
const handwritten = createRouter().endpoint`GET /hello/:name`(
  (_request, context) => new Response(`Hello ${context.params.name}!`),
);
const SAME_RESPONSE: ResponseInit = {
  headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
};
const handwrittenSame = createRouter().endpoint`GET /hello/:name`(
  (_request, context) =>
    new Response(`Hello ${context.params.name}!`, SAME_RESPONSE),
);
const HELLO = new Request("http://localhost/hello/world");
// Sanity: the template and the third row answer alike.
for (const router of [templated, handwrittenSame]) {
  const response = await router(HELLO);
  const seen = [
    response.status,
    response.statusText,
    response.headers.get("content-type"),
    await response.text(),
  ].join(" ");
  if (seen !== "200  text/html; charset=utf-8 Hello world!") {
    throw new Error(`template comparison: ${seen}`);
  }
}

Deno.bench("handler returning new Response(string)", {
  group: "template",
  baseline: true,
}, async () => {
  await handwritten(HELLO);
});
Deno.bench("createRoute template, one param substitution", {
  group: "template",
}, async () => {
  await templated(HELLO);
});
Deno.bench("handler returning the template's response (content type)", {
  group: "template",
}, async () => {
  await handwrittenSame(HELLO);
});

// --- what the matching options cost ------------------------------------------
// The same routes and requests; each option alone, against the defaults. A
// host route makes every request read its host (the others still match).
function optionRouter(init: Parameters<typeof createRouter>[0], host = false) {
  const optioned = createRouter(init);
  for (const [method, path] of ROUTES) {
    optioned.endpoint`${method} ${path}`(() => new Response("ok"));
  }
  if (host) {
    optioned.endpoint`GET /only-here
      Host: api.example.com`(() => new Response("api"));
  }
  return optioned;
}
const OPTION_ROUTERS: [string, Router][] = [
  ["defaults", optionRouter({})],
  ["caseSensitive: false", optionRouter({ caseSensitive: false })],
  ["ignoreDuplicateSlashes", optionRouter({ ignoreDuplicateSlashes: true })],
  ["maxParamLength: Infinity", optionRouter({ maxParamLength: Infinity })],
  ["one host route registered", optionRouter({}, true)],
];
const INFO = {};
for (const [name, optioned] of OPTION_ROUTERS) {
  Deno.bench(name, { group: "options", baseline: name === "defaults" }, () => {
    for (const request of REQUESTS) optioned(request, INFO);
  });
}
