// Behaviour of the template router that the twelfth mutation round (seeds
// 20261209 and 20261210, and bugs planted by hand in its least-tested files)
// found unguarded: each test names the planted bug it catches.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRoute,
  createRouter,
  type Handler,
  RouteError,
} from "../../src/router/mod.ts";
import { hit, refuses, routerOf } from "./_patterns.ts";
import { withTimeout } from "../_timeout.ts";

describe("a HEAD answer's Content-Length counts UTF-8 bytes at every boundary", () => {
  // _render.ts:310 (`next >= 0xdc00`→`> 0xdc00` in utf8Length): U+10000,
  // whose low surrogate is exactly U+DC00, was counted as a lone high
  // surrogate then a lone low one, 6 bytes instead of 4, so a client read
  // past the end of the body the GET sends.
  it("matches the bytes the GET sends, for the first and last code point of each width", async () => {
    const texts = [
      "\u007f",
      "\u0080",
      "\u07ff",
      "\u0800",
      "\uffff",
      "\u{10000}",
      "\u{10ffff}",
      "\u{dbff}\u{dc00}",
      "\u{d800}\u{dfff}",
      // Lone surrogates go out as U+FFFD, three bytes each.
      "\u{d800}a",
      "a\u{dbff}",
      "\u{dc00}",
      "\u{dfff}\u{d800}",
    ];
    for (const text of texts) {
      const route = createRoute({
        headers: { "content-type": "text/plain" },
      })`${text}`;
      const sent = new Uint8Array(
        await (await route(new Request("http://localhost/"))).arrayBuffer(),
      );
      const head = await route(
        new Request("http://localhost/", { method: "HEAD" }),
      );
      const shown = JSON.stringify(text);
      assert.equal(sent.byteLength, new TextEncoder().encode(text).byteLength);
      assert.equal(
        head.headers.get("content-length"),
        String(sent.byteLength),
        shown,
      );
    }
  });
});

describe("a constraint's class holding an escaped slash", () => {
  // _constraint.ts:33 (`return true`→`return false`) and :34 (its `return`
  // dropped): `\/` or `\x2f` inside brackets was read as a plain character,
  // so `[a\/]+` was accepted and its parameter read across segments.
  it("is refused in every spelling, wherever it stands in the class", () => {
    for (
      const klass of [
        "[a\\/]",
        "[\\/a]",
        "[a\\x2f]",
        "[\\x2Fa]",
        "[a\\u002f]",
        "[\\u002Fa]",
      ]
    ) {
      refuses(`/c/:id{${klass}+}`, 7, /can match "\/"/);
    }
  });

  // Found beside them: a "]" right after "[^" was read as a literal, as in
  // POSIX, so `[^]/]` passed as "anything but ] and /"; RegExp reads `[^]`
  // as any character, and the parameter matched `a/]` across segments.
  it("`[^]` is any character to RegExp, so it is refused as a class holding /", () => {
    for (const constraint of ["[^]/]", "[^]]+", "[^]a/]x", "[^]"]) {
      refuses(`/c/:id{${constraint}}`, 7, /negated class must exclude/);
    }
    refuses("/c/:id{[]/]}", 9, /cannot match "\/"/);
  });

  it("other escapes of the same form stay accepted and match as written", async () => {
    const router = routerOf("/d/:id{[a\\x2e]+}", "/u/:id{[b\\u002e]+}");
    assert.deepEqual(await hit(router, "/d/a.a"), {
      status: 200,
      name: "/d/:id{[a\\x2e]+}",
      params: { id: "a.a" },
    });
    assert.equal((await hit(router, "/u/b.b")).status, 200);
    assert.equal((await hit(router, "/d/a/a")).status, 404);
    assert.equal((await hit(router, "/u/b%2Fb")).status, 404);
  });
});

describe("router: HEAD of a handler's complete body, at the 1 MiB bound", () => {
  // router.ts:322 (`length <= HEAD_MEASURE_LIMIT`→`<`): a body of exactly
  // 1 MiB lost its Content-Length, though the router guide promises one for
  // a complete body of at most 1 MiB.
  it("a body of exactly 1 MiB gets its length, one byte more gets none", async () => {
    const mebibyte = 1 << 20;
    const router = createRouter()
      .endpoint`GET /text/:n`((_request, { params }) =>
        new Response("x".repeat(Number(params.n)))
      )
      .endpoint`GET /bytes/:n`((_request, { params }) =>
        new Response(new Uint8Array(Number(params.n)))
      );
    for (const kind of ["text", "bytes"]) {
      const head = (n: number) =>
        router(
          new Request(`http://localhost/${kind}/${n}`, { method: "HEAD" }),
        );
      const exact = await head(mebibyte);
      assert.equal(exact.status, 200, kind);
      assert.equal(exact.body, null, kind);
      assert.equal(exact.headers.get("content-length"), String(mebibyte), kind);
      const over = await head(mebibyte + 1);
      assert.equal(over.status, 200, kind);
      assert.equal(over.headers.get("content-length"), null, kind);
      assert.equal(await over.text(), "", kind);
    }
  });
});

// router.ts:332 (`clearTimeout(timer)` dropped): measuring a HEAD answer's
// body left its timer running, so a `deno test` of an app whose last step
// is a HEAD request failed the op sanitizer. A test of its own: the
// sanitizer checks when the whole test ends.
it("router: HEAD of a complete body leaves no timer behind", async () => {
  const router = createRouter().endpoint`GET /`(() => new Response("whole"));
  const head = await router(
    new Request("http://localhost/", { method: "HEAD" }),
  );
  assert.equal(head.headers.get("content-length"), "5");
});

describe("router: HEAD cancels the GET body it does not send", () => {
  // router.ts:333 (`reader.cancel()` dropped): the body of a GET answer a
  // HEAD request does not send was left open, so its source (a file, an
  // upstream response) was never told to stop; router.ts:351 (its
  // `cancel()` dropped) the same for a body whose length the handler set.
  it("a stream still running, one past the 1 MiB bound, and one of a stated length", async () => {
    const endless = (cancel: (reason: unknown) => void) =>
      new ReadableStream<Uint8Array>({ cancel });
    const cases = [
      { name: "endless", length: null, answer: endless },
      {
        name: "large",
        length: null,
        answer: (cancel: (reason: unknown) => void) =>
          new ReadableStream<Uint8Array>({
            pull: (controller) => controller.enqueue(new Uint8Array(1 << 16)),
            cancel,
          }),
      },
      { name: "stated", length: "4096", answer: endless },
    ];
    for (const { name, length, answer } of cases) {
      let cancelled: (reason: unknown) => void = () => {};
      const cancel = new Promise((resolve) => cancelled = resolve);
      const router = createRouter().endpoint`GET /`(() =>
        new Response(answer(cancelled), {
          headers: length === null ? {} : { "content-length": length },
        })
      );
      const head = await router(
        new Request("http://localhost/", { method: "HEAD" }),
      );
      assert.equal(head.status, 200, name);
      assert.equal(head.headers.get("content-length"), length, name);
      await withTimeout(cancel, 5_000, `${name}: the GET body not cancelled`);
      await head.body?.cancel();
    }
  });
});

describe("router cache: a template's empty ETag line", () => {
  // _cache.ts:140 (`own ?? entityTag(bytes)`→`||`) showed the fault: an
  // empty `ETag:` line was kept as the route's validator, so the answer
  // carried an empty ETag (no entity-tag, RFC 9110 §8.8.3) and `*` got a 304
  // naming it. Express reads an empty ETag as none and sends its own: so
  // does the cache now, and the tag it sends is the one compared.
  it("is replaced by the computed tag, which a revalidation names", async () => {
    const router = createRouter({ cache: true }).endpoint`GET /`(createRoute()`
      HTTP/1.1 200 OK
      ETag:
      Content-Type: text/plain

      hello`);
    const first = await router(new Request("http://localhost/"));
    assert.equal(await first.text(), "hello");
    const etag = first.headers.get("etag");
    assert.match(etag ?? "", /^"[^"]+"$/);
    const again = await router(
      new Request("http://localhost/", { headers: { "if-none-match": etag! } }),
    );
    assert.equal(again.status, 304);
    assert.equal(again.headers.get("etag"), etag);
    const changed = await router(
      new Request("http://localhost/", { headers: { "if-none-match": '""' } }),
    );
    assert.equal(changed.status, 200);
    assert.equal(await changed.text(), "hello");
  });

  it("a template's own tag is still kept and compared", async () => {
    const router = createRouter({ cache: true }).endpoint`GET /`(createRoute()`
      HTTP/1.1 200 OK
      ETag: "v1"

      hello`);
    const first = await router(new Request("http://localhost/"));
    assert.equal(first.headers.get("etag"), '"v1"');
    await first.body?.cancel();
    const again = await router(
      new Request("http://localhost/", {
        headers: { "if-none-match": '"v1"' },
      }),
    );
    assert.equal(again.status, 304);
  });
});

describe('router: trailingSlash "redirect" and a fragment', () => {
  // Found beside router.ts:370 (`hash > query`→`>=`, equivalent): a "?"
  // inside the fragment, which Request.url keeps (a service worker's
  // request, a test's), was sent on as the redirect's query.
  it("keeps the query, and nothing of the fragment, whatever it holds", async () => {
    const router = createRouter({ trailingSlash: "redirect" })
      .endpoint`GET /a`(() => new Response("a"));
    const cases = [
      ["/a/#frag?c=1", "/a"],
      ["/a/?q=1#f?x=2", "/a?q=1"],
      ["/a/?q=1#f", "/a?q=1"],
      ["/a/?q=1", "/a?q=1"],
      ["/a/#f", "/a"],
      ["/a/", "/a"],
    ];
    for (const [path, location] of cases) {
      const response = await router(new Request(`http://localhost${path}`));
      assert.equal(response.status, 308, path);
      assert.equal(response.headers.get("location"), location, path);
    }
  });
});

describe("router: a handler that returns no Response", () => {
  // router.ts:382 (`context.pattern || "the default route"`→`&&`): the
  // error named "the default route" for every route's handler, and nothing
  // for the default one, so the log did not say which handler was wrong.
  it("reaches errorHandler as INVALID_RESPONSE naming the route, or the default route", async () => {
    const seen: unknown[] = [];
    const router = createRouter({
      defaultHandler: (() => "nothing") as unknown as Handler,
      errorHandler: (error) => {
        seen.push(error);
        return new Response("handled", { status: 502 });
      },
    })
      .endpoint`GET /users/:id`((() => ({ id: 1 })) as unknown as Handler)
      .endpoint`GET /later`(
        (() => Promise.resolve(undefined)) as unknown as Handler,
      );
    const cases = [
      ["/users/7", "/users/:id"],
      ["/later", "/later"],
      ["/nowhere", "the default route"],
    ];
    for (const [path, named] of cases) {
      const response = await router(new Request(`http://localhost${path}`));
      assert.equal(response.status, 502, path);
      assert.equal(await response.text(), "handled", path);
      const error = seen.shift();
      assert.ok(error instanceof RouteError, path);
      assert.equal(error.code, "INVALID_RESPONSE", path);
      assert.equal(
        error.message,
        `The handler of ${named} did not return a Response`,
      );
    }
  });
});

describe("the linearity check reads a constraint as RegExp does", () => {
  // _regexp_tree.ts:118 (the `return` of `\D` dropped; `\W` beside it,
  // planted by hand): a class escape negated in a class, `[^\D]` (the
  // digits), was read as another set, so a linear constraint was refused.
  it("a negated class escape inside a negated class is the class it names", async () => {
    const router = routerOf("/d/:x{[^\\D]+[a-z]+}", "/w/:x{[^\\W]+-[a-z]+}");
    assert.deepEqual((await hit(router, "/d/123abc")).params, { x: "123abc" });
    assert.equal((await hit(router, "/d/abc")).status, 404);
    assert.deepEqual((await hit(router, "/w/ab_1-xy")).params, {
      x: "ab_1-xy",
    });
    assert.equal((await hit(router, "/w/a.b-xy")).status, 404);
  });

  // _regexp_tree.ts:160 (`!` dropped before the class-escape test): a
  // one-character escape (`\x61`, `\u007A`) was no range end, so
  // `[\x61-\x7a]` was read as a, "-" and z, and a constraint that
  // backtracks polynomially, as `[a-z]+[b-y]+` does, was accepted.
  it("an escaped character is a range end, so overlapping ranges are refused", () => {
    refuses("/c/:x{[\\x61-\\x7a]+[b-y0-9]+}", 18, /meet again/);
    refuses("/c/:x{[\\u0061-\\u007A]+[b-y]+}", 22, /meet again/);
    refuses("/c/:x{[a-\\x7a]+[b-y]+}", 15, /meet again/);
  });

  // _regexp_ambiguity.ts:168 (`Math.max(0, min - 1)`→`Math.min`): `x{n,}`
  // was checked as `x+`, one copy, so the bound the router guide states
  // (more than 400 positions once written out is refused) no longer held.
  it("`x{n,}` is written out n times against the 400-position bound", async () => {
    const router = routerOf("/c/:x{[a-z]{400,}}");
    assert.equal((await hit(router, "/c/" + "a".repeat(400))).status, 200);
    assert.equal((await hit(router, "/c/" + "a".repeat(399))).status, 404);
    refuses("/c/:x{[a-z]{401,}}", 6, /too large to check/);
    refuses("/c/:x{(?:ab){201,}}", 9, /too large to check/);
    refuses("/c/:x{[a-z]{2,}[0-9]{399,}}", 15, /too large to check/);
  });
});

describe("createRoute: asynchronous substitutions in the head", () => {
  // route.ts:335 (`await settle(results, allHead)` dropped): the head was
  // rendered before its promises settled, so a status or header from an
  // async function went out as "[object Promise]" (a RouteError).
  it("are awaited before the status line and headers are read, on every request", async () => {
    let calls = 0;
    const router = createRouter().endpoint`GET /`(createRoute()`
      HTTP/1.1 ${() => Promise.resolve(201)} Created
      X-User: ${() => Promise.resolve(`ada-${++calls}`)}
      X-Static: ${Promise.resolve("kept")}
      Content-Type: text/plain

      hello ${() => Promise.resolve("world")}`);
    for (const method of ["GET", "HEAD", "GET"]) {
      const response = await router(
        new Request("http://localhost/", { method }),
      );
      assert.equal(response.status, 201, method);
      assert.equal(response.headers.get("x-user"), `ada-${calls}`, method);
      assert.equal(response.headers.get("x-static"), "kept", method);
      const text = await response.text();
      assert.equal(text, method === "HEAD" ? "" : "hello world", method);
    }
    assert.equal(calls, 3);
  });
});

describe("router.remove: the route named, not another of its method", () => {
  // _matcher.ts:350 (`r.method === method && key matches`→`||`): the first
  // route of the method was taken out of the table instead of the one
  // named, so removing `/b` silenced `/a` and `/b` still answered.
  it("removing a later route of a method leaves the earlier ones answering", async () => {
    const router = createRouter()
      .endpoint`GET /a`(() => new Response("a"))
      .endpoint`POST /a`(() => new Response("posted"))
      .endpoint`GET /b/:id`(() => new Response("b"))
      .endpoint`GET /c`(() => new Response("c"));
    assert.equal(router.remove`GET /b/:id`, true);
    // router.ts:737 (`&&`→`||` before the host test): the listing dropped
    // the first route without a Host line instead of the one removed.
    assert.deepEqual(
      router.routes().map(({ method, pattern }) => `${method} ${pattern}`),
      ["GET /a", "POST /a", "GET /c"],
    );
    const status = async (path: string, method = "GET") => {
      const response = await router(
        new Request(`http://localhost${path}`, { method }),
      );
      const text = await response.text();
      return response.status === 200 ? text : String(response.status);
    };
    assert.equal(await status("/a"), "a");
    assert.equal(await status("/a", "POST"), "posted");
    assert.equal(await status("/b/1"), "404");
    assert.equal(await status("/c"), "c");
    assert.equal(router.remove`GET /c`, true);
    assert.equal(await status("/a"), "a");
    assert.equal(await status("/c"), "404");
  });
});

describe("router.endpoint written over lines", () => {
  // router.ts:695 (`.trim()` dropped from the endpoint text): an endpoint
  // that opens with a line break, as a template does, was refused as
  // INVALID_ENDPOINT (its first line empty), and so was its removal.
  it("may start and end with a line break and indentation, with or without a Host line, and blanks after the pattern", async () => {
    const router = createRouter()
      .endpoint`
        GET /x
        Host: a.example
      `(() => new Response("host x"))
      .endpoint`
        GET /y
      `(() => new Response("y"))
      .endpoint`GET /z${" \t"}
        Host: b.example`(() => new Response("host z"));
    const body = async (href: string) => {
      const response = await router(new Request(href));
      return response.status === 200 ? await response.text() : response.status;
    };
    assert.equal(await body("http://a.example/x"), "host x");
    assert.equal(await body("http://b.example/x"), 404);
    assert.equal(await body("http://b.example/y"), "y");
    // router.ts:697 (`line.trim()` dropped): blanks after the pattern, before
    // the Host line, were read as a third word.
    assert.equal(await body("http://b.example/z"), "host z");
    assert.deepEqual(router.routes()[0], {
      method: "GET",
      pattern: "/x",
      params: [],
      host: "a.example",
    });
    assert.equal(
      router.remove`
        GET /y
      `,
      true,
    );
    assert.equal(await body("http://b.example/y"), 404);
  });
});

describe("maxParamLength: the bound itself, and the next route that fits", () => {
  // _matcher.ts:488 (`length > max`→`>=` in scan, planted by hand): a
  // parameter of exactly maxParamLength characters was refused in the
  // search for the next route, though the guide says "the most characters
  // a one-segment parameter may capture". _matcher.ts:476
  // (`groups.push(i + 1)`→`push(i)`): that search measured the capture
  // before each parameter (here the unlimited `:rest*`), so a route whose
  // own parameters fit was skipped.
  it("a value of exactly the bound matches; past it, the next route whose parameters fit answers", async () => {
    const router = createRouter({ maxParamLength: 4 })
      .endpoint`GET /f/:a/:b`((_request, { params }) =>
        Response.json({ route: "pair", ...params })
      )
      .endpoint`GET /f/:rest*/:b`((_request, { params }) =>
        Response.json({ route: "rest", ...params })
      );
    const read = async (path: string) => {
      const response = await router(new Request(`http://localhost${path}`));
      return response.status === 200 ? await response.json() : response.status;
    };
    assert.deepEqual(await read("/f/abcd/wxyz"), {
      route: "pair",
      a: "abcd",
      b: "wxyz",
    });
    assert.deepEqual(await read("/f/abcde/b"), {
      route: "rest",
      rest: "abcde",
      b: "b",
    });
    // The next route's own parameter at exactly the bound fits too.
    assert.deepEqual(await read("/f/abcde/wxyz"), {
      route: "rest",
      rest: "abcde",
      b: "wxyz",
    });
    assert.deepEqual(await read("/f/a/bcdef"), 404);
  });
});

describe("maxParamLength: a next route whose optional parameter is absent", () => {
  // _matcher.ts:488 (`captures[group]?.length`→`.length`): the search for
  // the next route read the length of an optional parameter the path left
  // out, and the request got a 500 instead of that route.
  it("answers, without the parameter", async () => {
    const router = createRouter({ maxParamLength: 4 })
      .endpoint`GET /w/:a/:b`(() => new Response("pair"))
      .endpoint`GET /w/:rest*/:opt?`((_request, { params }) =>
        Response.json({ ...params })
      );
    const response = await router(new Request("http://localhost/w/abcdefgh/x"));
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { rest: "abcdefgh/x" });
  });
});

// router.ts:745 (`enumerable: true`→`false`): `fetch` was hidden from a
// spread, so a server config built as `{ ...router, port }` had no fetch.
it("router: fetch is its own enumerable property, so a spread copy serves", async () => {
  const router = createRouter().endpoint`GET /`(() => new Response("home"));
  assert.ok(Object.keys(router).includes("fetch"));
  const config = { ...router, port: 8000 };
  assert.equal(config.fetch, router);
  const response = await config.fetch(new Request("http://localhost/"));
  assert.equal(await response.text(), "home");
});
