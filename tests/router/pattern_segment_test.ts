// Patterns copied from Express, find-my-way, Fastify, rou3 and hono: a `-`
// ends a parameter name, a `*` glued to text, optional segments anywhere.
// Cases ported (rewritten) from find-my-way's, rou3's and hono's suites.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { assertLinear } from "../_complexity.ts";
import {
  createRouter,
  type Handler,
  HTTPExpression,
  RouteError,
  type Router,
} from "../../src/router/mod.ts";

function echo(name: string): Handler {
  return (_request, context) =>
    Response.json({ name, params: { ...context.params } });
}

type Hit = { status: number; name?: string; params?: Record<string, string> };

async function hit(router: Router, path: string): Promise<Hit> {
  const response = await router(new Request(`http://localhost${path}`));
  if (response.status !== 200) return { status: response.status };
  return { status: 200, ...(await response.json()) };
}

function routerOf(...patterns: string[]): Router {
  const router = createRouter();
  for (const pattern of patterns) {
    router.endpoint`GET ${pattern}`(echo(pattern));
  }
  return router;
}

/** Each case twice: the second pass runs on the table the first compiled. */
async function expectAll(
  router: Router,
  cases: readonly [string, Hit][],
): Promise<void> {
  for (let pass = 0; pass < 2; pass++) {
    for (const [path, expected] of cases) {
      assert.deepEqual(await hit(router, path), expected, path);
    }
  }
}

function refuses(pattern: string, offset: number, why: RegExp): void {
  assert.throws(
    () => createRouter().endpoint`GET ${pattern}`,
    (error: unknown) =>
      error instanceof RouteError && error.code === "INVALID_PATTERN" &&
      error.offset === offset && why.test(error.message),
    pattern,
  );
}

function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) yield [items[i], ...tail];
  }
}

describe("a - after a parameter name ends the name", () => {
  it("a parameter with a fixed suffix (find-my-way: parametric route with fixed suffix)", async () => {
    const router = routerOf("/a/:param-static", "/b/:param.static");
    await expectAll(router, [
      ["/a/param-static", {
        status: 200,
        name: "/a/:param-static",
        params: { param: "param" },
      }],
      ["/b/param.static", {
        status: 200,
        name: "/b/:param.static",
        params: { param: "param" },
      }],
      ["/a/param-param-static", {
        status: 200,
        name: "/a/:param-static",
        params: { param: "param-param" },
      }],
      ["/b/param.param.static", {
        status: 200,
        name: "/b/:param.static",
        params: { param: "param.param" },
      }],
      ["/a/param.param-static", {
        status: 200,
        name: "/a/:param-static",
        params: { param: "param.param" },
      }],
      ["/b/param-param.static", {
        status: 200,
        name: "/b/:param.static",
        params: { param: "param-param" },
      }],
      ["/a/-static", { status: 404 }],
      ["/a/param-Static", { status: 404 }],
    ]);
  });

  it("keeps the letter case of the name and of the text after it", async () => {
    const router = routerOf("/u/:userId-Edit");
    await expectAll(router, [
      ["/u/Ada-Edit", {
        status: 200,
        name: "/u/:userId-Edit",
        params: { userId: "Ada" },
      }],
      ["/u/Ada-edit", { status: 404 }],
    ]);
  });

  it("several parameters in a segment (find-my-way: multi parametric routes)", async () => {
    const router = routerOf(
      "/a/:p1-:p2",
      "/b/:p1.:p2",
      "/c/:p1-:p2-baz",
      "/d/:p1.:p2-baz",
      "/e/:p1-:p2/*",
      "/f/:p1-:p2/b/:p3",
      "/h5/:cityName-:poiName/hotels-c:cityId-r:poiId",
      "/combo/:p0.png/:p1-v",
    );
    const ok = (name: string, params: Record<string, string>): Hit => ({
      status: 200,
      name,
      params,
    });
    await expectAll(router, [
      ["/a/foo-bar", ok("/a/:p1-:p2", { p1: "foo", p2: "bar" })],
      ["/a/foo-bar-baz", ok("/a/:p1-:p2", { p1: "foo-bar", p2: "baz" })],
      ["/b/foo.bar-baz", ok("/b/:p1.:p2", { p1: "foo", p2: "bar-baz" })],
      ["/a/foo", { status: 404 }],
      ["/b/foo", { status: 404 }],
      ["/c/foo-bar-baz", ok("/c/:p1-:p2-baz", { p1: "foo", p2: "bar" })],
      ["/d/foo.bar-baz", ok("/d/:p1.:p2-baz", { p1: "foo", p2: "bar" })],
      [
        "/e/foo-bar/baz",
        ok("/e/:p1-:p2/*", { p1: "foo", p2: "bar", "*": "baz" }),
      ],
      [
        "/f/foo-bar/b/baz",
        ok("/f/:p1-:p2/b/:p3", {
          p1: "foo",
          p2: "bar",
          p3: "baz",
        }),
      ],
      [
        "/h5/a-b-c/hotels-c1-r2",
        ok(
          "/h5/:cityName-:poiName/hotels-c:cityId-r:poiId",
          { cityName: "a-b", poiName: "c", cityId: "1", poiId: "2" },
        ),
      ],
      [
        "/combo/a.b.png/c-d-v",
        ok("/combo/:p0.png/:p1-v", {
          p0: "a.b",
          p1: "c-d",
        }),
      ],
      ["/combo/logo.png/v", { status: 404 }],
    ]);
  });

  it("\\- writes the same route, so the two forms are one route", async () => {
    const router = routerOf("/u/:user\\-id");
    assert.deepEqual((await hit(router, "/u/ada-id")).params, { user: "ada" });
    assert.throws(() => router.endpoint`GET /u/:user-id`(echo("again")), {
      code: "DUPLICATE_ROUTE",
    });
  });

  it("matching stays linear on segments full of dashes", async () => {
    const router = routerOf("/:a-:b-end/x", "/q/:p1-:p2-baz");
    await assertLinear("dash-separated parameters", 16_000, async (n) => {
      for (
        const path of [
          "/" + "-".repeat(n) + "/x",
          "/" + "a-".repeat(n / 2) + "end/y",
          "/q/" + "-baz".repeat(n / 4) + "-",
        ]
      ) {
        assert.equal((await hit(router, path)).status, 404);
      }
    });
  });
});

describe("a * glued to text", () => {
  it("is a one-segment wildcard named by its place (rou3: wildcard segment patterns)", async () => {
    for (const order of permutations(["/files/*.png", "/files/file-*-*.png"])) {
      const router = routerOf(...order, "/combo/*.png/*-v");
      await expectAll(router, [
        ["/files/logo.png", {
          status: 200,
          name: "/files/*.png",
          params: { "0": "logo" },
        }],
        ["/files/icon.jpg", { status: 404 }],
        ["/files/a/b.png", { status: 404 }],
        // More literal text wins whatever the registration order.
        ["/files/file-a-b.png", {
          status: 200,
          name: "/files/file-*-*.png",
          params: { "0": "a", "1": "b" },
        }],
        ["/files/file-a.png", {
          status: 200,
          name: "/files/*.png",
          params: { "0": "file-a" },
        }],
        ["/combo/logo.png/abc-v", {
          status: 200,
          name: "/combo/*.png/*-v",
          params: { "0": "logo", "1": "abc" },
        }],
        ["/combo/logo.png/v", { status: 404 }],
      ]);
    }
  });

  it("is the same route as a parameter in its place", () => {
    const router = routerOf("/files/*.png");
    assert.throws(() => router.endpoint`GET /files/:name.png`(echo("x")), {
      code: "DUPLICATE_ROUTE",
    });
  });

  it("ends a pattern as a suffix wildcard over the rest of the path (hono, find-my-way: /assets*)", async () => {
    const router = routerOf("/assets*");
    await expectAll(router, [
      ["/assets", { status: 200, name: "/assets*", params: { "*": "" } }],
      ["/assets-v2", { status: 200, name: "/assets*", params: { "*": "-v2" } }],
      ["/assets/app.js", {
        status: 200,
        name: "/assets*",
        params: { "*": "/app.js" },
      }],
      ["/assets/css/a%20b.css", {
        status: 200,
        name: "/assets*",
        params: { "*": "/css/a b.css" },
      }],
      ["/asset", { status: 404 }],
      ["/Assets", { status: 404 }],
    ]);
    const expression = HTTPExpression`GET /assets*`;
    assert.equal(
      expression.exec(new Request("http://localhost/assets-v2/x"))?.["*"],
      "-v2/x",
    );
  });

  it("ranks as text with a parameter, after one with as much text, in any order", async () => {
    const patterns = [
      "/assets",
      "/assets/:file",
      "/assets*",
      "/assets:v",
      "/assets-:v",
      "/:name",
    ];
    const expected: [string, string][] = [
      ["/assets", "/assets"],
      ["/assets/app.js", "/assets/:file"],
      ["/assets/a/b", "/assets*"],
      ["/assets-v2", "/assets-:v"],
      ["/assetsX", "/assets:v"],
      ["/other", "/:name"],
    ];
    for (const order of permutations(patterns)) {
      const router = routerOf(...order);
      for (const [path, name] of expected) {
        assert.equal((await hit(router, path)).name, name, `${path} ${order}`);
      }
    }
    // Without a one-segment rival, the suffix wildcard beats a parameter.
    const router = routerOf("/:name", "/assets*");
    assert.equal((await hit(router, "/assetsX")).name, "/assets*");
  });

  it("a suffix wildcard is the pattern's one multi-segment parameter", () => {
    refuses("/a/*/assets*", 11, /at most one multi-segment/);
    refuses("/:rest+/x*", 9, /at most one multi-segment/);
    // rou3's ** is * here.
    refuses("/files/**", 8, /"\*\*" is "\*" here/);
    refuses("/a/:id*x", 6, /whole segment/);
  });

  it("matching stays linear with in-segment wildcards", async () => {
    const router = routerOf("/w/*-*-end/x", "/s/v*");
    await assertLinear("in-segment wildcards", 16_000, async (n) => {
      for (
        const path of [
          "/w/" + "-".repeat(n) + "/x",
          "/w/" + "a-".repeat(n / 2) + "end/y",
        ]
      ) {
        assert.equal((await hit(router, path)).status, 404);
      }
      assert.equal(
        (await hit(router, "/s/v" + "/-".repeat(n / 2))).status,
        200,
      );
    });
  });
});

describe("optional segments anywhere", () => {
  it("a leading or middle optional parameter (Express: /:lang?/docs; rou3: optional mid-path)", async () => {
    const router = routerOf("/:lang?/docs", "/api/:version?/users");
    await expectAll(router, [
      ["/docs", { status: 200, name: "/:lang?/docs", params: {} }],
      ["/en/docs", {
        status: 200,
        name: "/:lang?/docs",
        params: { lang: "en" },
      }],
      ["/en/fr/docs", { status: 404 }],
      ["/api/v2/users", {
        status: 200,
        name: "/api/:version?/users",
        params: { version: "v2" },
      }],
      ["/api/users", { status: 200, name: "/api/:version?/users", params: {} }],
      ["/api/users/users", {
        status: 200,
        name: "/api/:version?/users",
        params: { version: "users" },
      }],
    ]);
  });

  it("the first optional takes a segment first, the literal one after it wins otherwise", async () => {
    const router = routerOf("/:a?/:b?/end");
    await expectAll(router, [
      ["/end", { status: 200, name: "/:a?/:b?/end", params: {} }],
      ["/x/end", { status: 200, name: "/:a?/:b?/end", params: { a: "x" } }],
      ["/x/y/end", {
        status: 200,
        name: "/:a?/:b?/end",
        params: { a: "x", b: "y" },
      }],
      ["/x/y/z/end", { status: 404 }],
    ]);
  });

  it("at most four per pattern, so matching stays linear; the fifth is refused at its offset", async () => {
    const four = "/:a?/:b?/:c?/:d?/end";
    const router = routerOf(four);
    refuses(four.replace("/end", "/:e?/end"), 17, /at most 4 optional/);
    await assertLinear("four optional segments", 20_000, async (n) => {
      for (const path of ["/x".repeat(n) + "/nope", "/x".repeat(n)]) {
        assert.equal((await hit(router, path)).status, 404);
      }
    });
    assert.equal((await hit(router, "/1/2/3/4/end")).status, 200);
  });
});
