import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createRoute, createRouter, RouteError } from "../../src/router/mod.ts";

const url = (path: string) => `http://localhost${path}`;

function quietConsoleError<T>(run: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = () => {};
  return run().finally(() => {
    console.error = original;
  });
}

describe("createRouter dispatch", () => {
  it("is a function, chains endpoint registrations and has fetch", async () => {
    const router = createRouter();
    const same = router.endpoint`GET /`(() => new Response("home"));
    assert.equal(same, router);
    assert.equal(router.fetch, router);
    assert.equal(
      await (await router.fetch(new Request(url("/")), {})).text(),
      "home",
    );
  });

  it("passes info to handlers as context.info", async () => {
    const info = { remoteAddr: { hostname: "127.0.0.1" } };
    const router = createRouter().endpoint`GET /`((_r, c) =>
      Response.json(c.info)
    );
    assert.deepEqual(
      await (await router(new Request(url("/")), info)).json(),
      info,
    );
  });

  it("hands the server info's remoteAddr and completed to routes and the default handler", async () => {
    const completed = Promise.resolve();
    const remoteAddr = { transport: "tcp", hostname: "127.0.0.1", port: 9 };
    const seen: unknown[] = [];
    // A fetch handler as the gateway is one: it reads `info.completed`.
    const fetchHandler = (
      _request: Request,
      info?: { remoteAddr?: unknown; completed?: Promise<void> },
    ) => {
      seen.push(info?.remoteAddr, info?.completed);
      return new Response("ok");
    };
    const router = createRouter({ defaultHandler: fetchHandler })
      .endpoint`POST /v1/*`(fetchHandler);
    await router(new Request(url("/v1/x"), { method: "POST" }), {
      remoteAddr,
      completed,
    });
    await router(new Request(url("/elsewhere")), { remoteAddr, completed });
    assert.equal(seen.length, 4);
    assert.equal(seen[0], remoteAddr);
    assert.equal(seen[1], completed);
    assert.equal(seen[2], remoteAddr);
    assert.equal(seen[3], completed);
    // No info, or one without those fields (or a non-promise completed):
    // undefined, as a handler served on its own would see.
    seen.length = 0;
    await router(new Request(url("/elsewhere")));
    await router(new Request(url("/elsewhere")), { completed: "soon" });
    assert.deepEqual(seen, [undefined, undefined, undefined, undefined]);
  });

  it("returns a promise to direct callers and a synchronous answer to servers", async () => {
    const sync = new Response("sync");
    const router = createRouter()
      .endpoint`GET /sync`(() => sync)
      .endpoint`GET /async`(async () =>
        await Promise.resolve(new Response("a"))
      )
      .endpoint`GET /throws`(() => {
        throw new Error("boom");
      });
    const info = {};
    // Called with the request alone: always a promise, as `await` and
    // `.then` callers expect.
    const direct = router(new Request(url("/sync")));
    assert.ok(direct instanceof Promise);
    assert.equal(await direct, sync);
    // Called as Deno.serve calls it: the handler's own Response, unwrapped.
    assert.equal(router(new Request(url("/sync")), info), sync);
    assert.ok(router(new Request(url("/async")), info) instanceof Promise);
    // Paths that need the router's own async work stay promises, and a
    // synchronous throw still reaches the error path rather than the server.
    const head = router(new Request(url("/sync"), { method: "HEAD" }), info);
    assert.ok(head instanceof Promise);
    assert.equal((await head).body, null);
    const missing = router(new Request(url("/nope")), info);
    assert.ok(missing instanceof Promise);
    assert.equal((await missing).status, 404);
    const failed = await quietConsoleError(async () =>
      await router(new Request(url("/throws")), info)
    );
    assert.equal(failed.status, 500);
  });

  it("answers 404 Not Found, or the defaultHandler", async () => {
    const plain = createRouter().endpoint`GET /a`(() => new Response("a"));
    const missing = await plain(new Request(url("/b")));
    assert.equal(missing.status, 404);
    assert.equal(await missing.text(), "Not Found");
    const custom = createRouter({
      defaultHandler: createRoute({ status: 404 })`no ${(r: Request) =>
        new URL(r.url).pathname}`,
    });
    const response = await custom(new Request(url("/zzz")));
    assert.equal(response.status, 404);
    assert.equal(await response.text(), "no /zzz");
  });

  it("matches the path without the fragment Request.url keeps, and escapes of unreserved characters in either hex case", async () => {
    const router = createRouter()
      .endpoint`GET /a`(() => new Response("a"))
      .endpoint`GET /~user/:name`((_request, { params }) =>
        new Response(`~${params.name}`)
      );
    const cases: Array<[string, string]> = [
      ["/a#frag", "a"],
      ["/a#f?x=1", "a"],
      ["/a?q=1#f", "a"],
      ["/%7Euser/x", "~x"],
      ["/%7euser/x", "~x"],
      ["/~user/%41%62%63", "~Abc"],
      ["/~user/%c3%a9", "~é"],
    ];
    for (const [path, text] of cases) {
      const response = await router(new Request(url(path)));
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), text, path);
    }
  });

  it("decodes path params as a path, where + is a plus, not a space", async () => {
    const router = createRouter().endpoint`GET /tags/:tag`((
      _request,
      { params },
    ) => new Response(params.tag));
    for (
      const [path, tag] of [
        ["/tags/c++", "c++"],
        ["/tags/a%2Bb", "a+b"],
        ["/tags/a+b%20c", "a+b c"],
        ["/tags/a%2Fb", "a/b"],
      ]
    ) {
      assert.equal(
        await (await router(new Request(url(path)))).text(),
        tag,
        path,
      );
    }
  });

  it("answers 405 with Allow when only the method differs", async () => {
    const router = createRouter()
      .endpoint`GET /items/:id`(() => new Response("get"))
      .endpoint`DELETE /items/:id`(() => new Response("delete"));
    const response = await router(
      new Request(url("/items/1"), { method: "PUT" }),
    );
    assert.equal(response.status, 405);
    assert.deepEqual(response.headers.get("allow")!.split(", ").sort(), [
      "DELETE",
      "GET",
      "HEAD",
      "OPTIONS",
    ]);
  });

  it("answers HEAD from GET routes with the same headers and no body", async () => {
    let called = 0;
    const router = createRouter().endpoint`GET /page`(createRoute()`
      HTTP/1.1 200 OK
      X-Custom: yes

      hello ${() => ++called}
    `);
    const get = await router(new Request(url("/page")));
    const head = await router(new Request(url("/page"), { method: "HEAD" }));
    assert.equal(head.status, 200);
    assert.equal(head.body, null);
    assert.equal(head.headers.get("x-custom"), "yes");
    const body = await get.text();
    assert.equal(body, "hello 1");
    assert.equal(head.headers.get("content-length"), String(body.length));
  });

  it("answers HEAD for a plain handler with the Content-Length of its GET body", async () => {
    // Deno.serve announced "content-length: 0" for the bodiless HEAD answer.
    let never: ReadableStreamDefaultController | undefined;
    const router = createRouter()
      .endpoint`GET /plain`(() => new Response("hello world"))
      .endpoint`GET /blob`(() => new Response(new Blob(["é"])))
      .endpoint`GET /events`(() =>
        new Response(new ReadableStream({ start: (c) => void (never = c) }))
      );
    const plain = await router(new Request(url("/plain"), { method: "HEAD" }));
    assert.equal(plain.body, null);
    assert.equal(plain.headers.get("content-length"), "11");
    assert.equal(plain.headers.get("content-type"), "text/plain;charset=UTF-8");
    const blob = await router(new Request(url("/blob"), { method: "HEAD" }));
    assert.equal(blob.headers.get("content-length"), "2");
    // A stream that never ends is not waited for and gets no length.
    const events = await router(
      new Request(url("/events"), { method: "HEAD" }),
    );
    assert.equal(events.status, 200);
    assert.equal(events.headers.get("content-length"), null);
    assert.equal(await events.text(), "");
    assert.ok(never !== undefined);
  });

  it("answers HEAD without a body on the error, 404 and 405 paths too", async () => {
    const routes = (router: ReturnType<typeof createRouter>) =>
      router
        .endpoint`GET /sync`(() => {
          throw new Error("secret detail");
        })
        .endpoint`GET /async`(() => Promise.reject(new Error("secret detail")))
        .endpoint`POST /post-only`(() => new Response("posted"));
    const plain = routes(createRouter());
    const handled = routes(
      createRouter({
        errorHandler: () => new Response("handled error page", { status: 503 }),
      }),
    );
    const cases: Array<[typeof plain, string, number]> = [
      [plain, "/sync", 500],
      [plain, "/async", 500],
      [handled, "/sync", 503],
      [handled, "/async", 503],
      [plain, "/missing", 404],
      [plain, "/post-only", 405],
    ];
    for (const [router, path, status] of cases) {
      const get = await router(new Request(url(path)));
      const getBody = await get.text();
      assert.equal(get.status, status, path);
      assert.ok(getBody.length > 0, `the GET answer to ${path} has a body`);
      assert.ok(!getBody.includes("secret detail"), getBody);
      const head = await router(new Request(url(path), { method: "HEAD" }));
      assert.equal(head.status, status, `HEAD ${path}`);
      assert.equal(head.body, null, `HEAD ${path} has no body`);
      assert.equal(
        head.headers.get("content-length"),
        String(new TextEncoder().encode(getBody).length),
        `HEAD ${path} announces the GET body's length`,
      );
      if (status === 405) {
        assert.equal(head.headers.get("allow"), "POST, OPTIONS");
      }
    }
  });

  it("uses an explicit HEAD or OPTIONS route when there is one", async () => {
    const router = createRouter()
      .endpoint`GET /x`(() => new Response("get"))
      .endpoint`HEAD /x`(() =>
        new Response(null, { headers: { "x-head": "own" } })
      )
      .endpoint`OPTIONS /x`(() => new Response("opts", { status: 200 }));
    assert.equal(
      (await router(new Request(url("/x"), { method: "HEAD" }))).headers.get(
        "x-head",
      ),
      "own",
    );
    assert.equal(
      await (await router(new Request(url("/x"), { method: "OPTIONS" })))
        .text(),
      "opts",
    );
  });

  it("answers OPTIONS with 204 and Allow", async () => {
    const router = createRouter().endpoint`POST /form`(() =>
      new Response("ok")
    );
    const response = await router(
      new Request(url("/form"), { method: "OPTIONS" }),
    );
    assert.equal(response.status, 204);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    assert.equal(
      (await router(new Request(url("/nope"), { method: "OPTIONS" }))).status,
      404,
    );
  });

  it("sends sync, async and substitution errors to errorHandler", async () => {
    const seen: string[] = [];
    const router = createRouter({
      errorHandler: (error, request) => {
        seen.push(`${new URL(request.url).pathname}:${error.message}`);
        return new Response("handled", { status: 503 });
      },
    })
      .endpoint`GET /sync`(() => {
        throw new Error("sync");
      })
      .endpoint`GET /async`(async () => {
        await Promise.resolve();
        throw new Error("async");
      })
      .endpoint`GET /sub`(
        createRoute()`x ${() => Promise.reject(new Error("sub"))}`,
      )
      .endpoint`GET /string`(() => {
        throw "not an error";
      });
    for (const path of ["/sync", "/async", "/sub", "/string"]) {
      const response = await router(new Request(url(path)));
      assert.equal(response.status, 503);
      assert.equal(await response.text(), "handled");
    }
    assert.deepEqual(seen, [
      "/sync:sync",
      "/async:async",
      "/sub:sub",
      "/string:not an error",
    ]);
  });

  it("answers 500 without internal detail when there is no errorHandler", async () => {
    const router = createRouter()
      .endpoint`GET /`(() => {
        throw new Error("secret database password");
      })
      .endpoint`GET /bad`(() => "not a response" as unknown as Response);
    await quietConsoleError(async () => {
      for (const path of ["/", "/bad"]) {
        const response = await router(new Request(url(path)));
        assert.equal(response.status, 500);
        const body = await response.text();
        assert.equal(body, "Internal Server Error");
      }
    });
  });

  it("falls back to 500 when the errorHandler itself throws", async () => {
    const router = createRouter({
      errorHandler: () => {
        throw new Error("again");
      },
    }).endpoint`GET /`(() => {
      throw new Error("first");
    });
    await quietConsoleError(async () => {
      assert.equal((await router(new Request(url("/")))).status, 500);
    });
  });

  it("mounts routes under baseUrl given as a path or a full URL", async () => {
    for (const baseUrl of ["/api", "/api/", "api", "https://example.com/api"]) {
      const router = createRouter({ baseUrl })
        .endpoint`GET /`(() => new Response("root"))
        .endpoint`GET /users/:id`((_r, c) => new Response(c.params.id));
      assert.equal(
        await (await router(new Request(url("/api")))).text(),
        "root",
        baseUrl,
      );
      assert.equal(
        await (await router(new Request(url("/api/users/7")))).text(),
        "7",
      );
      assert.equal((await router(new Request(url("/users/7")))).status, 404);
      assert.deepEqual(router.routes().map((r) => r.pattern), [
        "/api",
        "/api/users/:id",
      ]);
    }
  });

  it("lists routes with method, pattern and params", () => {
    const router = createRouter()
      .endpoint`GET /a/:x/:y?`(() => new Response())
      .endpoint`* /files/*`(() => new Response());
    assert.deepEqual(router.routes(), [
      { method: "GET", pattern: "/a/:x/:y?", params: ["x", "y"] },
      { method: "ALL", pattern: "/files/*", params: ["*"] },
    ]);
  });

  it("recompiles after a registration made after the first request", async () => {
    const router = createRouter().endpoint`GET /a`(() => new Response("a"));
    assert.equal((await router(new Request(url("/b")))).status, 404);
    router.endpoint`GET /b`(() => new Response("b"));
    assert.equal(await (await router(new Request(url("/b")))).text(), "b");
  });

  it("rejects invalid options", () => {
    assert.throws(
      () => createRouter({ cache: { maxEntries: -1 } }),
      RouteError,
    );
    for (const cacheControl of ["a\r\nb", "max-age=1\x01"]) {
      assert.throws(
        () => createRouter({ cache: { cacheControl } }),
        { code: "INVALID_OPTION" },
      );
    }
    assert.throws(() => createRouter({ baseUrl: "/a?b" }), RouteError);
  });

  it("never copies request headers into responses", async () => {
    const router = createRouter().endpoint`GET /`(createRoute()`hi`);
    const response = await router(
      new Request(url("/"), { headers: { "x-secret": "1", cookie: "a=b" } }),
    );
    assert.equal(response.headers.get("x-secret"), null);
    assert.equal(response.headers.get("cookie"), null);
    assert.equal(response.headers.get("set-cookie"), null);
  });
});

describe("trailingSlash", () => {
  const build = (init: Parameters<typeof createRouter>[0]) =>
    createRouter(init)
      .endpoint`GET /a/:id`((_r, c) => new Response(`a ${c.params.id}`))
      .endpoint`GET /dir/`(() => new Response("dir"))
      .endpoint`GET /both`(() => new Response("no slash"))
      .endpoint`GET /both/`(() => new Response("slash"));

  it("is strict by default: the other form is a 404", async () => {
    const router = build({});
    assert.equal((await router(new Request(url("/a/1/")))).status, 404);
    assert.equal((await router(new Request(url("/dir")))).status, 404);
  });

  it("ignore serves the other form; an exact route still wins", async () => {
    const router = build({ trailingSlash: "ignore" });
    assert.equal(await (await router(new Request(url("/a/1/")))).text(), "a 1");
    assert.equal(await (await router(new Request(url("/dir")))).text(), "dir");
    assert.equal(
      await (await router(new Request(url("/both/")))).text(),
      "slash",
    );
    assert.equal((await router(new Request(url("/x/")))).status, 404);
    const head = await router(new Request(url("/a/1/"), { method: "HEAD" }));
    assert.equal(head.status, 200);
    assert.equal(head.body, null);
  });

  it("redirect answers 308 to the route's form, query kept", async () => {
    const router = build({ trailingSlash: "redirect" });
    const response = await router(
      new Request(url("/a/1/?q=1"), { method: "POST" }),
    );
    // No POST route on /a/1: the redirect only happens for the method's route.
    assert.equal(response.status, 404);
    const get = await router(new Request(url("/a/1/?q=1#f")));
    assert.equal(get.status, 308);
    assert.equal(get.headers.get("location"), "/a/1?q=1");
    const dir = await router(new Request(url("/dir")));
    assert.equal(dir.headers.get("location"), "/dir/");
  });

  it("never redirects to a protocol-relative //host location", async () => {
    const router = createRouter({ trailingSlash: "redirect" })
      .endpoint`GET /*/evil.example`(() => new Response("page"));
    assert.equal(
      (await router(new Request(url("/x/evil.example/")))).status,
      308,
    );
    const open = await router(new Request(url("//evil.example/")));
    assert.equal(open.status, 404);
    assert.equal(open.headers.get("location"), null);
  });

  it("reaches the / route under baseUrl with /api/", async () => {
    const strict = createRouter({ baseUrl: "/api" })
      .endpoint`GET /`(() => new Response("root"));
    assert.equal((await strict(new Request(url("/api/")))).status, 404);
    const ignore = createRouter({ baseUrl: "/api", trailingSlash: "ignore" })
      .endpoint`GET /`(() => new Response("root"));
    assert.equal(
      await (await ignore(new Request(url("/api/")))).text(),
      "root",
    );
    const redirect = createRouter({
      baseUrl: "/api",
      trailingSlash: "redirect",
    }).endpoint`GET /`(() => new Response("root"));
    const answer = await redirect(new Request(url("/api/")));
    assert.equal(answer.status, 308);
    assert.equal(answer.headers.get("location"), "/api");
  });

  it("refuses an unknown value", () => {
    assert.throws(
      () => createRouter({ trailingSlash: "loose" as "strict" }),
      { code: "INVALID_OPTION" },
    );
  });
});

describe("405 and OPTIONS hooks", () => {
  it("methodNotAllowed and options receive the Allow list", async () => {
    const seen: string[][] = [];
    const router = createRouter({
      methodNotAllowed: (request, { allow }) => {
        seen.push([...allow]);
        return Response.json({ method: request.method }, {
          status: 405,
          headers: { allow: allow.join(", ") },
        });
      },
      options: (_request, { allow }) =>
        new Response(null, {
          status: 204,
          headers: {
            "access-control-allow-origin": "*",
            "access-control-allow-methods": allow.join(", "),
          },
        }),
    })
      .endpoint`GET /x`(() => new Response("x"))
      .endpoint`PUT /x`(() => new Response("x"));
    const wrong = await router(new Request(url("/x"), { method: "DELETE" }));
    assert.equal(wrong.status, 405);
    assert.deepEqual(await wrong.json(), { method: "DELETE" });
    assert.deepEqual(seen, [["GET", "PUT", "HEAD", "OPTIONS"]]);
    const preflight = await router(
      new Request(url("/x"), { method: "OPTIONS" }),
    );
    assert.equal(preflight.status, 204);
    assert.equal(
      preflight.headers.get("access-control-allow-methods"),
      "GET, PUT, HEAD, OPTIONS",
    );
    // A path without routes stays a 404: hooks answer known paths only.
    const unknown = await router(
      new Request(url("/y"), { method: "OPTIONS" }),
    );
    assert.equal(unknown.status, 404);
  });

  it("a hook that throws goes to errorHandler", async () => {
    const router = createRouter({
      methodNotAllowed: () => {
        throw new Error("boom");
      },
      errorHandler: (error) => new Response(error.message, { status: 500 }),
    }).endpoint`GET /x`(() => new Response("x"));
    const response = await router(new Request(url("/x"), { method: "POST" }));
    assert.equal(response.status, 500);
    assert.equal(await response.text(), "boom");
  });
});

describe("404 versus 405", () => {
  it("a one-method catch-all does not turn unknown paths into 405", async () => {
    const router = createRouter()
      .endpoint`OPTIONS /*`(() => new Response(null, { status: 204 }))
      .endpoint`GET /users`(() => new Response("users"));
    assert.equal((await router(new Request(url("/nope")))).status, 404);
    const post = await router(new Request(url("/users"), { method: "POST" }));
    assert.equal(post.status, 405);
    assert.equal(post.headers.get("allow"), "GET, HEAD, OPTIONS");
    const preflight = await router(
      new Request(url("/nope"), { method: "OPTIONS" }),
    );
    assert.equal(preflight.status, 204);
  });

  it("a GET catch-all (SPA fallback) leaves other methods a 404; a prefix wildcard makes its paths known", async () => {
    const router = createRouter({ baseUrl: "/app" })
      .endpoint`GET /:rest*`(() => new Response("index"))
      .endpoint`GET /static/*`(() => new Response("file"));
    assert.equal(
      (await router(new Request(url("/app/x"), { method: "POST" }))).status,
      404,
    );
    const wrong = await router(
      new Request(url("/app/static/a.css"), { method: "POST" }),
    );
    assert.equal(wrong.status, 405);
  });
});
