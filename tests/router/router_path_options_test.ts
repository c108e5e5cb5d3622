// The path options find-my-way and Fastify users set: caseSensitive,
// ignoreDuplicateSlashes (with each trailingSlash mode) and maxParamLength.
// The find-my-way cases are ported in our own words.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  type Handler,
  type Router,
  type RouterInit,
} from "../../src/router/mod.ts";

const url = (path: string) => `http://localhost${path}`;

/** Answers with the route's pattern and its params as JSON. */
const echo: Handler = (_request, { pattern, params }) =>
  Response.json({ pattern, params: { ...params } });

function build(init: RouterInit, ...patterns: string[]): Router {
  const router = createRouter(init);
  for (const pattern of patterns) router.endpoint`GET ${pattern}`(echo);
  return router;
}

async function get(
  router: Router,
  path: string,
): Promise<{ status: number; pattern?: string; params?: object }> {
  const response = await router(new Request(url(path)));
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status };
  }
  return { status: 200, ...(await response.json()) };
}

describe("caseSensitive: false", () => {
  const insensitive = { caseSensitive: false };

  it("compares static routes of one, two and three segments without case", async () => {
    const router = build(insensitive, "/woo", "/foo/woo", "/foo/bar/woo");
    assert.equal((await get(router, "/WOO")).pattern, "/woo");
    assert.equal((await get(router, "/FoO/WOO")).pattern, "/foo/woo");
    assert.equal((await get(router, "/Foo/bAR/WoO")).pattern, "/foo/bar/woo");
  });

  it("keeps the request's case in params, whatever the case of the pattern and of param names", async () => {
    const router = build(
      insensitive,
      "/foo/:param",
      "/foo/my-:rest",
      "/Bar/:Param",
      "/two/:first/:second",
      "/dot/:name.:ext",
    );
    assert.deepEqual((await get(router, "/Foo/bAR")).params, { param: "bAR" });
    assert.deepEqual((await get(router, "/FOO/MY-bAR")).params, {
      rest: "bAR",
    });
    assert.deepEqual((await get(router, "/bar/baZ")).params, { Param: "baZ" });
    assert.deepEqual((await get(router, "/TWO/My/bAR")).params, {
      first: "My",
      second: "bAR",
    });
    assert.deepEqual((await get(router, "/DOT/ReadMe.MD")).params, {
      name: "ReadMe",
      ext: "MD",
    });
  });

  it("keeps the request's case in wildcards", async () => {
    const router = build(
      insensitive,
      "/Files/*",
      "/raw/:path+",
      "/img/*.PNG",
      "/Assets*",
    );
    assert.deepEqual((await get(router, "/IMG/Logo.png")).params, {
      "0": "Logo",
    });
    assert.deepEqual((await get(router, "/assets-V2/App.js")).params, {
      "*": "-V2/App.js",
    });
    assert.deepEqual((await get(router, "/FILES/baR/Qux.TXT")).params, {
      "*": "baR/Qux.TXT",
    });
    assert.deepEqual((await get(router, "/RAW/A/b")).params, { path: "A/b" });
  });

  it("tells apart routes that differ after a shared capitalized segment", async () => {
    const router = build(insensitive, "/Foo/bar/:param", "/Foo/baz/:param");
    assert.deepEqual(await get(router, "/foo/bar/baZ"), {
      status: 200,
      pattern: "/Foo/bar/:param",
      params: { param: "baZ" },
    });
    assert.deepEqual(await get(router, "/foo/baz/baR"), {
      status: 200,
      pattern: "/Foo/baz/:param",
      params: { param: "baR" },
    });
  });

  it("keeps literal segments more specific than params across letter case", async () => {
    // Registered in both orders: a literal beats a param whichever is first.
    for (
      const patterns of [["/Users/:id", "/users/me"], [
        "/users/me",
        "/Users/:id",
      ]]
    ) {
      const router = build(insensitive, ...patterns);
      assert.equal((await get(router, "/USERS/ME")).pattern, "/users/me");
      assert.equal((await get(router, "/uSeRs/Ada")).pattern, "/Users/:id");
    }
  });

  it("keeps the most specific route when its literal is written in another case than a sibling's", async () => {
    // "/Users/static/:x" sorts first and brings "/Users/:id/:tab" with it:
    // "/users" must join their branch, or the param route takes "/me".
    const router = build(
      insensitive,
      "/Users/static/:x",
      "/Users/:id/:tab",
      "/users/me/:tab",
    );
    assert.equal((await get(router, "/users/me/x")).pattern, "/users/me/:tab");
    assert.equal(
      (await get(router, "/USERS/ada/x")).pattern,
      "/Users/:id/:tab",
    );
    assert.equal(
      (await get(router, "/users/STATIC/x")).pattern,
      "/Users/static/:x",
    );
  });

  it("makes patterns that differ only in case one route: the second is a duplicate", () => {
    const router = build(insensitive, "/Users/:id");
    assert.throws(
      () => router.endpoint`GET /users/:name`(echo),
      { code: "DUPLICATE_ROUTE" },
    );
    // Case-sensitive (the default), they are two routes.
    build({}, "/Users/:id", "/users/:name");
  });

  it("applies to the base path and to the 405 and OPTIONS answers", async () => {
    const router = createRouter({ caseSensitive: false, baseUrl: "/API" })
      .endpoint`GET /Items`(echo);
    assert.equal((await get(router, "/api/items")).pattern, "/API/Items");
    const wrong = await router(
      new Request(url("/Api/ITEMS"), { method: "DELETE" }),
    );
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get("allow"), "GET, HEAD, OPTIONS");
  });

  it("compares a constraint without case too (documented)", async () => {
    const router = build(insensitive, "/code/:id{[a-z]+}");
    assert.deepEqual((await get(router, "/CODE/AbC")).params, { id: "AbC" });
  });

  it("is off by default, as in find-my-way", async () => {
    const router = build({}, "/woo", "/foo/:param");
    assert.equal((await get(router, "/WOO")).status, 404);
    assert.equal((await get(router, "/FOO/x")).status, 404);
    assert.equal((await get(router, "/woo")).status, 200);
  });
});

describe("ignoreDuplicateSlashes", () => {
  const collapse = { ignoreDuplicateSlashes: true };

  it("reads runs of slashes as one, for static and param routes (find-my-way issue 240)", async () => {
    const router = build(collapse, "/a/b", "/a/:pam/c");
    for (const path of ["/a/b", "/a//b", "//a///b"]) {
      assert.equal((await get(router, path)).pattern, "/a/b", path);
    }
    for (const path of ["/a/b/c", "/a//b/c", "/a///b///c", "/a//foo//c"]) {
      assert.equal((await get(router, path)).pattern, "/a/:pam/c", path);
    }
    assert.deepEqual((await get(router, "/a//x//c")).params, { pam: "x" });
    assert.equal((await get(router, "/a/c")).status, 404);
    assert.equal((await get(router, "/a//c")).status, 404);
  });

  it("collapses the pattern too, and the path a wildcard captures", async () => {
    const router = build(collapse, "////foo", "/static/*");
    assert.equal((await get(router, "/foo")).pattern, "/foo");
    assert.equal((await get(router, "///foo")).pattern, "/foo");
    assert.deepEqual((await get(router, "/static//css///a.css")).params, {
      "*": "css/a.css",
    });
  });

  it("leaves an encoded slash alone: %2F is data, not a separator", async () => {
    const router = build(collapse, "/a/:x");
    assert.deepEqual((await get(router, "/a/%2F%2Fb")).params, { x: "//b" });
  });

  it("is off by default: //a is not /a", async () => {
    const router = build({}, "/a/b");
    assert.equal((await get(router, "//a/b")).status, 404);
    assert.equal((await get(router, "/a//b")).status, 404);
  });

  it("with trailingSlash strict (the default), the collapsed path must match as is", async () => {
    const router = build(collapse, "/a/b", "/c/");
    assert.equal((await get(router, "//a//b")).status, 200);
    assert.equal((await get(router, "//a//b//")).status, 404); // it is /a/b/
    assert.equal((await get(router, "/c///")).pattern, "/c/");
    assert.equal((await get(router, "//c")).status, 404);
  });

  it('with trailingSlash "ignore", the collapsed path is served by the other form', async () => {
    const router = build({ ...collapse, trailingSlash: "ignore" }, "/a/b");
    assert.equal((await get(router, "//a//b//")).pattern, "/a/b");
    assert.equal((await get(router, "/a/b///")).pattern, "/a/b");
  });

  it('with trailingSlash "redirect", duplicates alone are answered, a trailing slash redirects to the collapsed form', async () => {
    const router = build({ ...collapse, trailingSlash: "redirect" }, "/a/b");
    assert.equal((await get(router, "//a//b")).status, 200);
    const response = await router(new Request(url("//a//b//?q=1")));
    assert.equal(response.status, 308);
    // Never "//a/b": a Location starting with "//" would name another host.
    assert.equal(response.headers.get("location"), "/a/b?q=1");
  });
});

describe("maxParamLength", () => {
  const long = (n: number) => "x".repeat(n);

  it("sends a param longer than the limit to the 404 path (find-my-way's cases)", async () => {
    const router = build(
      { maxParamLength: 10 },
      "/test/:param",
      "/regex/:param{[0-9a-z]+}",
      "/multi/:param.bar",
      "/pair/:a.:b",
      "/opt/:param?",
    );
    for (const prefix of ["/test/", "/regex/", "/opt/"]) {
      assert.equal((await get(router, prefix + long(10))).status, 200);
      assert.equal((await get(router, prefix + long(11))).status, 404);
    }
    assert.equal((await get(router, `/multi/${long(10)}.bar`)).status, 200);
    assert.equal((await get(router, `/multi/${long(11)}.bar`)).status, 404);
    assert.equal((await get(router, `/pair/${long(10)}.y`)).status, 200);
    assert.equal((await get(router, `/pair/y.${long(11)}`)).status, 404);
    assert.equal((await get(router, `/pair/${long(11)}.y`)).status, 404);
  });

  it("lets the next route that matches answer, as find-my-way does: a wildcard, then the default handler", async () => {
    const router = build(
      { maxParamLength: 10 },
      "/files/:name",
      "/files/*",
      "/users/:id",
    );
    assert.equal(
      (await get(router, `/files/${long(10)}`)).pattern,
      "/files/:name",
    );
    assert.deepEqual(await get(router, `/files/${long(11)}`), {
      status: 200,
      pattern: "/files/*",
      params: { "*": long(11) },
    });
    let defaulted = 0;
    const withDefault = createRouter({
      maxParamLength: 10,
      defaultHandler: () => {
        defaulted++;
        return new Response("default", { status: 404 });
      },
    }).endpoint`GET /users/:id`(echo);
    assert.equal((await get(withDefault, `/users/${long(11)}`)).status, 404);
    assert.equal(defaulted, 1);
  });

  it("makes no path known for the 405 rule: another method gets 404, not 405", async () => {
    const router = build({ maxParamLength: 10 }, "/users/:id");
    const response = await router(
      new Request(url(`/users/${long(11)}`), { method: "DELETE" }),
    );
    assert.equal(response.status, 404);
    await response.body?.cancel();
  });

  it("does not limit *, :name*, :name+ or a * ending a pattern; a * inside a segment is one segment, limited", async () => {
    const router = build(
      { maxParamLength: 10 },
      "/a/*",
      "/b/:rest*",
      "/c/:path+",
      "/assets*",
      "/img/*.png",
    );
    for (const prefix of ["/a/", "/b/", "/c/", "/assets-"]) {
      assert.equal((await get(router, prefix + long(5000))).status, 200);
    }
    assert.deepEqual((await get(router, `/img/${long(10)}.png`)).params, {
      "0": long(10),
    });
    assert.equal((await get(router, `/img/${long(11)}.png`)).status, 404);
  });

  it("counts the path as sent: a percent-escape is three characters", async () => {
    const router = build({ maxParamLength: 6 }, "/w/:word");
    assert.deepEqual((await get(router, "/w/é")).params, { word: "é" }); // %C3%A9
    assert.equal((await get(router, "/w/éa")).status, 404);
  });

  it("defaults to 1024 characters; Infinity removes the limit", async () => {
    const router = build({}, "/t/:token");
    assert.equal((await get(router, `/t/${long(1024)}`)).status, 200);
    assert.equal((await get(router, `/t/${long(1025)}`)).status, 404);
    const unlimited = build({ maxParamLength: Infinity }, "/t/:token");
    assert.equal((await get(unlimited, `/t/${long(100_000)}`)).status, 200);
  });

  it("limits params of routes past the first 256 of a big table too", async () => {
    const patterns = Array.from({ length: 300 }, (_, i) => `/r${i}/:id`);
    const router = build({ maxParamLength: 10 }, ...patterns);
    // "/r99/:id" sorts last of the 300: its RegExp is the second one.
    assert.equal((await get(router, `/r99/${long(10)}`)).status, 200);
    assert.equal((await get(router, `/r99/${long(11)}`)).status, 404);
  });
});
