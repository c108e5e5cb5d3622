import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { assertLinear } from "../_complexity.ts";
import {
  createRouter,
  type Handler,
  HTTPExpression,
  RouteError,
} from "../../src/router/mod.ts";

// Every handler answers with its own pattern and the params it saw.
function echo(name: string): Handler {
  return (_request, context) =>
    Response.json({ name, params: context.params, pattern: context.pattern });
}

async function hit(
  router: ReturnType<typeof createRouter>,
  path: string,
  method = "GET",
): Promise<{ status: number; name?: string; params?: Record<string, string> }> {
  const response = await router(
    new Request(`http://localhost${path}`, { method }),
  );
  if (response.status !== 200 || method === "HEAD") {
    return { status: response.status };
  }
  return { status: 200, ...(await response.json()) };
}

function permutations(items: readonly string[]): string[][] {
  return items.length <= 1
    ? [[...items]]
    : items.flatMap((item, i) =>
      permutations([...items.slice(0, i), ...items.slice(i + 1)]).map(
        (rest) => [item, ...rest],
      )
    );
}

/**
 * Registers `patterns` (GET) in every order and checks that each probe path
 * is answered by the same pattern (or status) every time; returns the number
 * of orders tried.
 */
async function sameWinnerInEveryOrder(
  patterns: readonly string[],
  expected: Record<string, string | number>,
): Promise<number> {
  const orders = permutations(patterns);
  for (const order of orders) {
    const router = createRouter();
    for (const pattern of order) {
      router.endpoint`GET ${pattern}`(echo(pattern));
    }
    for (const [path, winner] of Object.entries(expected)) {
      const seen = await hit(router, path);
      assert.equal(
        seen.status === 200 ? seen.name : seen.status,
        winner,
        `${path} with routes registered as ${order.join(" ")}`,
      );
    }
  }
  return orders.length;
}

describe("path matching", () => {
  it("matches params, including mid-segment ones", async () => {
    const router = createRouter()
      .endpoint`GET /users/:id`(echo("user"))
      .endpoint`GET /api/v:version/items`(echo("items"))
      .endpoint`GET /files/:name.:ext`(echo("file"));
    assert.deepEqual(await hit(router, "/users/42"), {
      status: 200,
      name: "user",
      params: { id: "42" },
      pattern: "/users/:id",
    });
    assert.deepEqual((await hit(router, "/api/v2/items")).params, {
      version: "2",
    });
    assert.deepEqual((await hit(router, "/files/a.tar.gz")).params, {
      name: "a.tar",
      ext: "gz",
    });
    assert.equal((await hit(router, "/users")).status, 404);
    assert.equal((await hit(router, "/users/42/x")).status, 404);
  });

  it("static segments beat params whatever the registration order", async () => {
    for (const reversed of [false, true]) {
      const router = createRouter();
      const routes: [string, Handler][] = [
        ["/users/:id", echo("param")],
        ["/users/me", echo("static")],
        ["/users/:id/posts", echo("param-posts")],
        ["/users/me/:tab", echo("static-tab")],
        ["/users/*", echo("wildcard")],
      ];
      if (reversed) routes.reverse();
      for (const [pattern, handler] of routes) {
        router.endpoint`GET ${pattern}`(handler);
      }
      assert.equal((await hit(router, "/users/me")).name, "static");
      assert.equal((await hit(router, "/users/1")).name, "param");
      assert.equal((await hit(router, "/users/me/posts")).name, "static-tab");
      assert.equal((await hit(router, "/users/1/posts")).name, "param-posts");
      assert.equal((await hit(router, "/users/1/a/b")).name, "wildcard");
    }
  });

  it("optional params match with and without the segment", async () => {
    const router = createRouter().endpoint`GET /posts/:slug?`(echo("posts"));
    assert.deepEqual((await hit(router, "/posts")).params, {});
    assert.deepEqual((await hit(router, "/posts/hello")).params, {
      slug: "hello",
    });
    assert.equal((await hit(router, "/posts/a/b")).status, 404);
  });

  it("a pattern of optional segments matches the root path", async () => {
    // Registered with a wildcard too: on "/", optional beats wildcard.
    for (const order of [0, 1]) {
      const router = createRouter();
      const routes = [
        () => router.endpoint`GET /:lang?`(echo("lang")),
        () => router.endpoint`GET /*`(echo("wildcard")),
      ];
      routes[order]();
      routes[1 - order]();
      assert.deepEqual(await hit(router, "/"), {
        status: 200,
        name: "lang",
        params: {},
        pattern: "/:lang?",
      });
      assert.deepEqual((await hit(router, "/en")).params, { lang: "en" });
      assert.equal((await hit(router, "/en/x")).name, "wildcard");
      assert.equal((await hit(router, "/", "POST")).status, 405);
    }
    const two = createRouter().endpoint`GET /:a?/:b?`(echo("ab"));
    assert.deepEqual((await hit(two, "/")).params, {});
    assert.deepEqual((await hit(two, "/x/y")).params, { a: "x", b: "y" });
    const home = createRouter()
      .endpoint`GET /`(echo("home"))
      .endpoint`GET /:lang?`(echo("lang"));
    assert.equal((await hit(home, "/")).name, "home");
  });

  it("a trailing * matches zero or more segments and binds params['*']", async () => {
    const router = createRouter()
      .endpoint`GET /static/*`(echo("static"))
      .endpoint`GET /docs/:path*`(echo("docs"));
    assert.deepEqual((await hit(router, "/static/index.html")).params, {
      "*": "index.html",
    });
    assert.deepEqual((await hit(router, "/static/a/b/c.js")).params, {
      "*": "a/b/c.js",
    });
    assert.deepEqual((await hit(router, "/static")).params, { "*": "" });
    assert.deepEqual((await hit(router, "/docs/x/y")).params, { path: "x/y" });
  });

  it("treats regular-expression characters as literal text", async () => {
    const router = createRouter()
      .endpoint`GET /a.b`(echo("dot"))
      .endpoint`GET /c+(d)|[e]^$`(echo("symbols"))
      .endpoint`GET /café`(echo("unicode"));
    assert.equal((await hit(router, "/a.b")).name, "dot");
    assert.equal((await hit(router, "/aXb")).status, 404);
    assert.equal((await hit(router, "/c+(d)|[e]^$")).name, "symbols");
    assert.equal((await hit(router, "/cd")).status, 404);
    assert.equal((await hit(router, "/caf%C3%A9")).name, "unicode");
    assert.equal((await hit(router, "/caf%c3%a9")).name, "unicode");
  });

  it("percent-decodes params and keeps malformed escapes as written", async () => {
    const router = createRouter().endpoint`GET /p/:value`(echo("p"));
    assert.deepEqual((await hit(router, "/p/a%20b")).params, { value: "a b" });
    assert.deepEqual((await hit(router, "/p/a%2Fb")).params, { value: "a/b" });
    assert.deepEqual((await hit(router, "/p/%E0%A4%A")).params, {
      value: "%E0%A4%A",
    });
    assert.deepEqual((await hit(router, "/p/100%")).params, { value: "100%" });
    assert.deepEqual((await hit(router, "/p/%FF%41")).params, {
      value: "%FFA",
    });
    assert.deepEqual((await hit(router, "/p/%41")).params, { value: "A" });
  });

  it("normalizes escapes of unreserved characters in the request path", async () => {
    const router = createRouter().endpoint`GET /user`(echo("user"));
    assert.equal((await hit(router, "/%75ser")).name, "user");
  });

  it("is strict about trailing slashes", async () => {
    const router = createRouter().endpoint`GET /a`(echo("a")).endpoint`GET /b/`(
      echo("b"),
    );
    assert.equal((await hit(router, "/a")).status, 200);
    assert.equal((await hit(router, "/a/")).status, 404);
    assert.equal((await hit(router, "/b/")).status, 200);
    assert.equal((await hit(router, "/b")).status, 404);
  });

  it("prefers a method-specific route over ALL at equal specificity", async () => {
    const router = createRouter()
      .endpoint`ALL /x`(echo("all"))
      .endpoint`GET /x`(echo("get"));
    assert.equal((await hit(router, "/x")).name, "get");
    assert.equal((await hit(router, "/x", "PUT")).name, "all");
    assert.equal((await hit(router, "/x", "HEAD")).status, 200);
  });

  it("routes sharing a prefix pick the most specific whatever the order", async () => {
    // Routes sharing "/event/:id" share one capture group in the RegExp; the
    // route ending there, the literal continuation, a second parameter, a
    // mid-segment one and the wildcard must still pick the best route.
    for (const reversed of [false, true]) {
      const routes: [string, Handler][] = [
        ["/event/:id/*", echo("rest")],
        ["/event/:id", echo("event")],
        ["/event/:id/comments", echo("comments")],
        ["/event/:id/:tab", echo("tab")],
        ["/event/:id/v:version", echo("version")],
        ["/:kind/:id/comments", echo("any-comments")],
      ];
      const router = createRouter();
      for (const [pattern, handler] of reversed ? routes.reverse() : routes) {
        router.endpoint`GET ${pattern}`(handler);
      }
      // The wildcard could match "/event/7" with nothing after it, but the
      // route that consumes no wildcard is more specific.
      assert.deepEqual(await hit(router, "/event/7"), {
        status: 200,
        name: "event",
        params: { id: "7" },
        pattern: "/event/:id",
      });
      assert.equal((await hit(router, "/event/7/comments")).name, "comments");
      assert.equal((await hit(router, "/event/7/v2")).name, "version");
      assert.deepEqual((await hit(router, "/event/7/v2")).params, {
        id: "7",
        version: "2",
      });
      assert.deepEqual((await hit(router, "/event/7/photos")).params, {
        id: "7",
        tab: "photos",
      });
      assert.deepEqual((await hit(router, "/event/7/a/b%20c")).params, {
        id: "7",
        "*": "a/b c",
      });
      assert.deepEqual((await hit(router, "/event/7/")).params, {
        id: "7",
        "*": "",
      });
      assert.deepEqual((await hit(router, "/place/7/comments")).params, {
        kind: "place",
        id: "7",
      });
    }
  });

  it("the winner of every path is the same in every registration order", async () => {
    const patterns = [
      "/a/:id",
      "/a/:id/*",
      "/a/:id?",
      "/a/new",
      "/a/v:ver",
      "/a/*",
    ];
    // Probe -> pattern that must answer it (segment by segment: literal,
    // literal with param, param, end of pattern, optional, wildcard).
    const expected: Record<string, string | number> = {
      "/a": "/a/:id?", // optional absent beats an empty wildcard
      "/a/": "/a/*", // "" is no parameter value
      "/a/1": "/a/:id", // no optional or wildcard consumed
      "/a/new": "/a/new",
      "/a/v2": "/a/v:ver",
      "/a/v": "/a/:id", // v:ver needs at least one character
      "/a/1/x": "/a/:id/*",
      "/a/new/x": "/a/:id/*", // param beats wildcard at the 2nd segment
      "/a/v2/x/y": "/a/:id/*",
      "/b": 404,
    };
    assert.equal(await sameWinnerInEveryOrder(patterns, expected), 720);
  });

  it("constrained, one-or-more and middle captures: the same winner in every order", async () => {
    const patterns = [
      "/a/:n{[0-9]+}",
      "/a/:id",
      "/a/:rest+",
      "/a/*/z",
      "/a/*",
      "/a/:n{[0-9]+}/z",
    ];
    // Segment by segment: literal, mixed, constrained, param, end of
    // pattern, optional, one-or-more, zero-or-more.
    const expected: Record<string, string | number> = {
      "/a": "/a/*",
      "/a/": "/a/*",
      "/a/7": "/a/:n{[0-9]+}", // constrained beats plain
      "/a/x": "/a/:id",
      "/a/z": "/a/:id", // a param beats an empty middle wildcard
      "/a/x/y": "/a/:rest+",
      "/a/x/z": "/a/:rest+", // one-or-more beats zero-or-more at segment 2
      "/a/7/z": "/a/:n{[0-9]+}/z",
      "/b": 404,
    };
    assert.equal(await sameWinnerInEveryOrder(patterns, expected), 720);
  });

  it("ALL loses to a method route only at equal specificity, in any order", async () => {
    for (const reversed of [false, true]) {
      const routes: [string, string, Handler][] = [
        ["ALL", "/m/:id", echo("all-param")],
        ["GET", "/m/*", echo("get-wildcard")],
        ["ALL", "/m/x", echo("all-static")],
        ["GET", "/m/x", echo("get-static")],
        ["GET", "/m/:id", echo("get-param")],
      ];
      const router = createRouter();
      for (
        const [method, pattern, handler] of reversed ? routes.reverse() : routes
      ) {
        router.endpoint`${method} ${pattern}`(handler);
      }
      assert.equal((await hit(router, "/m/x")).name, "get-static");
      assert.equal((await hit(router, "/m/x", "PUT")).name, "all-static");
      assert.equal((await hit(router, "/m/1")).name, "get-param");
      assert.equal((await hit(router, "/m/1", "PUT")).name, "all-param");
      assert.equal((await hit(router, "/m/1/2")).name, "get-wildcard");
      assert.equal((await hit(router, "/m/1/2", "PUT")).status, 405);
    }
  });

  it("mixed segments: more literal text wins, in any order", async () => {
    for (const reversed of [false, true]) {
      const routes = ["/f/v:ver", "/f/:name.json", "/f/:name"];
      const router = createRouter();
      for (const pattern of reversed ? routes.reverse() : routes) {
        router.endpoint`GET ${pattern}`(echo(pattern));
      }
      assert.equal((await hit(router, "/f/v1.json")).name, "/f/:name.json");
      assert.equal((await hit(router, "/f/v1")).name, "/f/v:ver");
      assert.equal((await hit(router, "/f/x")).name, "/f/:name");
    }
  });

  it("rejects invalid patterns at registration with INVALID_PATTERN", () => {
    for (
      const pattern of [
        "users",
        "/a**",
        "/:",
        "/:a:b",
        "/:id/:id",
        "/a?b",
        "/a#b",
        "/x/:n?y",
        "/a\\b", // URLs turn "\" into "/": it could never match
      ]
    ) {
      assert.throws(
        () => createRouter().endpoint`GET ${pattern}`,
        (error: unknown) =>
          error instanceof RouteError && error.code === "INVALID_PATTERN",
        pattern,
      );
    }
  });

  it("matches an encoded backslash written as %5C", async () => {
    const router = createRouter().endpoint`GET /a%5Cb`(echo("backslash"));
    assert.equal((await hit(router, "/a%5cb")).name, "backslash");
  });

  it("rejects malformed endpoints and duplicate routes", () => {
    const router = createRouter().endpoint`GET /a/:x`(echo("a"));
    assert.throws(() => router.endpoint`/a`, { code: "INVALID_ENDPOINT" });
    assert.throws(() => router.endpoint`GET /a extra`, {
      code: "INVALID_ENDPOINT",
    });
    assert.throws(() => router.endpoint`GET /a/:y`(echo("b")), {
      code: "DUPLICATE_ROUTE",
    });
  });

  it("never throws at request time, whatever the path", async () => {
    const router = createRouter()
      .endpoint`GET /a/:x`(echo("a"))
      .endpoint`GET /b/*`(echo("b"));
    // A malformed escape stays as written in the param; a path no route
    // matches is a plain 404.
    const expected: Array<[string, Awaited<ReturnType<typeof hit>>]> = [
      ["/a/%", { status: 200, name: "a", params: { x: "%" } }],
      ["/a/%%", { status: 200, name: "a", params: { x: "%%" } }],
      ["/a/%zz", { status: 200, name: "a", params: { x: "%zz" } }],
      ["/b/%E0%80", { status: 200, name: "b", params: { "*": "%E0%80" } }],
      ["/(", { status: 404 }],
      ["/[", { status: 404 }],
      // The URL parser strips a trailing C0 control: the path is "/a/".
      ["/a/\u0000", { status: 404 }],
      ["/a/x\u0000y", { status: 200, name: "a", params: { x: "x\u0000y" } }],
      ["/😀/%F0%9F", { status: 404 }],
    ];
    for (const [path, want] of expected) {
      const { pattern: _, ...got } = await hit(router, path) as {
        pattern?: string;
        status: number;
      };
      assert.deepEqual(got, want, JSON.stringify(path));
    }
  });

  it("matches several params of one segment in linear time (no ReDoS)", async () => {
    const router = createRouter()
      .endpoint`GET /:a-:b-:c/x`(echo("dashes"))
      .endpoint`GET /g/:a--:b--:c.png`(echo("multi"))
      .endpoint`GET /h/:a]:b^:c`(echo("class"));
    // Each of these took from seconds to minutes when every split of the
    // segment was tried before the match failed at "/x" (3000 dashes: 30 s).
    const hostile = [
      "/" + "-".repeat(100_000) + "/y",
      "/" + "a-".repeat(50_000) + "/y",
      "/" + "-a".repeat(50_000) + "/y",
      "/g/" + "-".repeat(100_000) + ".jpg",
    ];
    for (const path of hostile) {
      assert.equal((await hit(router, path)).status, 404);
    }
    await assertLinear("hostile multi-param segments", 100_000, async (n) => {
      for (
        const path of [
          "/" + "-".repeat(n) + "/y",
          "/" + "a-".repeat(n / 2) + "/y",
          "/g/" + "-".repeat(n) + ".jpg",
        ]
      ) {
        assert.equal((await hit(router, path)).status, 404);
      }
    });
    // The first parameter stays greedy; a later one never holds the literal before it.
    assert.deepEqual((await hit(router, "/a-b-c-d/x")).params, {
      a: "a-b",
      b: "c",
      c: "d",
    });
    assert.deepEqual((await hit(router, "/g/x-y--z--w.png")).params, {
      a: "x-y",
      b: "z",
      c: "w",
    });
    assert.deepEqual((await hit(router, "/h/a]x]b^c^d")).params, {
      a: "a]x",
      b: "b^c",
      c: "d",
    });
  });

  it("compiles and matches 10,000 routes correctly, in linear time", async () => {
    const build = (count: number) => {
      const router = createRouter().endpoint`GET /:section/:id`(echo("any"));
      // Wildcards first, so that registration order disagrees with specificity
      // (and the best route of a path is in another RegExp chunk than the first).
      for (let i = count / 2 - 1; i >= 0; i--) {
        router.endpoint`GET /r${i}/:id/files/*`(echo(`rest${i}`));
      }
      for (let i = 0; i < count / 2; i++) {
        router.endpoint`GET /r${i}/:id`(echo(`r${i}`));
      }
      return router;
    };
    // One RegExp of every route took 4.7 s to compile here, 10,000 registrations 1 s.
    await assertLinear("compiling routes", 10_000, async (count) => {
      assert.equal((await hit(build(count), "/r0/1")).name, "r0");
    });
    const router = build(10_000);
    for (const i of [1, 255, 256, 257, 2500, 4999]) {
      assert.deepEqual(await hit(router, `/r${i}/x%20y`), {
        status: 200,
        name: `r${i}`,
        params: { id: "x y" },
        pattern: `/r${i}/:id`,
      });
      assert.deepEqual((await hit(router, `/r${i}/7/files/a/b`)).params, {
        id: "7",
        "*": "a/b",
      });
    }
    assert.deepEqual((await hit(router, "/zzz/9")).params, {
      section: "zzz",
      id: "9",
    });
    assert.equal((await hit(router, "/r1/7", "POST")).status, 405);
    assert.equal((await hit(router, "/r1")).status, 404);
  });
});

describe("maps built from request data", () => {
  it("params inherit nothing, in routes and HTTPExpression results", async () => {
    let seen: Readonly<Record<string, string>> | undefined;
    const router = createRouter().endpoint`GET /a/:constructor?`(
      (_request, context) => {
        seen = context.params;
        return new Response("ok");
      },
    );
    await router(new Request("http://localhost/a"));
    assert.equal(seen!.constructor, undefined);
    assert.equal("toString" in seen!, false);
    assert.equal("hasOwnProperty" in seen!, false);
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(seen)), null);
    assert.deepEqual(
      Object.getOwnPropertyNames(Object.getPrototypeOf(seen)),
      [],
    );
    await router(new Request("http://localhost/a/x"));
    assert.equal(seen!.constructor, "x");
    assert.deepEqual({ ...seen }, { constructor: "x" });
    const expression = HTTPExpression`GET /b/:toString?`;
    const result = expression.exec(new Request("http://localhost/b"))!;
    assert.equal(result.toString, undefined);
    assert.equal("hasOwnProperty" in result, false);
  });
});
