import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createRoute, createRouter, RouteError } from "../../src/router/mod.ts";

const request = (path = "/", init?: RequestInit) =>
  new Request(`http://localhost${path}`, init);

/**
 * A non-function substitution (its text is the same for every request, so
 * the route is cacheable) that counts how often a render turns it into text.
 */
function renderCounter(text: string): { renders: number; toString(): string } {
  return {
    renders: 0,
    toString() {
      this.renders++;
      return text;
    },
  };
}

describe("createRoute templates", () => {
  it("parses status line, headers and body; removes common indentation", async () => {
    const route = createRoute()`
      HTTP/1.1 201 Created
      Content-Type: text/plain
      X-Two: a
      X-Two: b

      line one
        indented
      last
    `;
    const response = await route(request());
    assert.equal(response.status, 201);
    assert.equal(response.statusText, "Created");
    assert.equal(response.headers.get("content-type"), "text/plain");
    assert.equal(response.headers.get("x-two"), "a, b");
    assert.equal(await response.text(), "line one\n  indented\nlast");
  });

  it("keeps every Set-Cookie line and the defaults on every response", async () => {
    const route = createRoute({ headers: { "x-default": "d" } })`
      HTTP/1.1 200 OK
      Set-Cookie: a=1
      Set-Cookie: b=2

      ${(_request: Request) => "dynamic"}
    `;
    for (let i = 0; i < 2; i++) {
      const response = await route(request());
      assert.deepEqual(response.headers.getSetCookie(), ["a=1", "b=2"]);
      assert.equal(response.headers.get("x-default"), "d");
      assert.equal(
        response.headers.get("content-type"),
        "text/html; charset=utf-8",
      );
      // A response's headers are its own: changing them leaves the next alone.
      response.headers.set("x-default", "changed");
      assert.equal(response.statusText, "OK");
      assert.equal(await response.text(), "dynamic");
    }
  });

  it("accepts CRLF and a missing reason phrase", async () => {
    const route = createRoute()`HTTP/1.1 404\r\nX-A: 1\r\n\r\nbody\r\n`;
    const response = await route(request());
    assert.equal(response.status, 404);
    assert.equal(response.statusText, "Not Found");
    assert.equal(response.headers.get("x-a"), "1");
    assert.equal(await response.text(), "body\r\n");
  });

  it("drops the whole CRLF break before the closing line, like LF", async () => {
    for (const eol of ["\n", "\r\n"]) {
      const text =
        `${eol}  HTTP/1.1 200 OK${eol}  X-A: 1${eol}${eol}  a${eol}  b${eol}`;
      const route = createRoute()(Object.assign([text], { raw: [text] }));
      const response = await route(request());
      assert.equal(response.headers.get("x-a"), "1");
      assert.equal(await response.text(), `a${eol}b`);
    }
  });

  it("without a status line uses init.status or 200, and the whole text is body", async () => {
    const plain = await createRoute()`Content-Type: not a header`(request());
    assert.equal(plain.status, 200);
    // No status line, no reason: Fetch's default, as `new Response()` has.
    assert.equal(plain.statusText, "");
    assert.equal(await plain.text(), "Content-Type: not a header");
    const accepted = await createRoute({
      status: 202,
      statusText: "Queued",
    })`ok`(request());
    assert.equal(accepted.status, 202);
    assert.equal(accepted.statusText, "Queued");
  });

  it("defaults Content-Type to text/html; Content-Length is exact (explicit for HEAD)", async () => {
    const route = createRoute()`héllo ${"wörld"} 😀`;
    const response = await route(request());
    assert.equal(
      response.headers.get("content-type"),
      "text/html; charset=utf-8",
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    assert.equal(
      bytes.byteLength,
      new TextEncoder().encode("héllo wörld 😀").byteLength,
    );
    const head = await route(request("/", { method: "HEAD" }));
    assert.equal(Number(head.headers.get("content-length")), bytes.byteLength);
  });

  it("replaces a template Content-Length and merges init headers (template wins)", async () => {
    const route = createRoute({ headers: { "x-a": "init", "x-b": "init" } })`
      HTTP/1.1 200 OK
      Content-Length: 999
      X-A: template

      abc
    `;
    const response = await route(request());
    assert.equal(response.headers.get("content-length"), null);
    assert.equal(await response.text(), "abc");
    assert.equal(response.headers.get("x-a"), "template");
    const head = await route(request("/", { method: "HEAD" }));
    assert.equal(head.headers.get("content-length"), "3");
    assert.equal(response.headers.get("x-b"), "init");
  });

  it("calls function substitutions with request and context, awaiting them", async () => {
    const router = createRouter().endpoint`POST /echo/:id`(createRoute()`
      ${(_r, c) => c.params.id}:${async (r: Request) => await r.text()}:${() =>
      undefined}${null}${undefined}:${0}:${false}
    `);
    const response = await router(
      request("/echo/7", { method: "POST", body: "data" }),
    );
    assert.equal(await response.text(), "7:data::0:false");
  });

  it("calls each function once per request, in source order", async () => {
    const calls: string[] = [];
    const route = createRoute()`${() => calls.push("a")}${() =>
      calls.push("b")}`;
    await (await route(request())).text();
    await (await route(request())).text();
    assert.deepEqual(calls, ["a", "b", "a", "b"]);
  });

  it("streams bytes in place without converting them to text", async () => {
    const invalidUtf8 = new Uint8Array([0xff, 0xfe, 0x00]);
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array([1, 2]));
          controller.enqueue(new Uint8Array([3]));
          controller.close();
        },
      });
    const route = createRoute()`<${() => invalidUtf8}|${() =>
      invalidUtf8.buffer}|${() =>
      new Blob([new Uint8Array([9])])}|${stream}|${() =>
      new Uint16Array([0x4142])}>`;
    const bytes = new Uint8Array(await (await route(request())).arrayBuffer());
    assert.deepEqual([...bytes], [
      60,
      0xff,
      0xfe,
      0x00,
      124,
      0xff,
      0xfe,
      0x00,
      124,
      9,
      124,
      1,
      2,
      3,
      124,
      0x42,
      0x41,
      62,
    ]);
  });

  it("sets Content-Length for blobs and bytes, not for streams", async () => {
    const known = await createRoute()`a${() =>
      new Blob(["bc"])}${new Uint8Array([100])}`(
        request("/", { method: "HEAD" }),
      );
    assert.equal(known.headers.get("content-length"), "4");
    assert.equal(await known.text(), "abcd");
    const streamed = await createRoute()`a${() => new Blob(["b"]).stream()}`(
      request("/", { method: "HEAD" }),
    );
    assert.equal(streamed.headers.get("content-length"), null);
    assert.equal(await streamed.text(), "ab");
  });

  it("sends no body for 204, 205 and 304 and rejects a static body for them", async () => {
    for (const status of [204, 205, 304]) {
      const response = await createRoute()`HTTP/1.1 ${String(status)} X\n\n`(
        request(),
      );
      assert.equal(response.status, status);
      assert.equal(response.body, null);
      assert.equal(response.headers.get("content-length"), null);
    }
    assert.throws(() => createRoute()`HTTP/1.1 204 No Content\n\nbody`, {
      code: "INVALID_TEMPLATE",
    });
    assert.throws(() => createRoute()`HTTP/1.1 304 Not Modified\n\nbody`, {
      code: "INVALID_TEMPLATE",
    });
  });

  it("rejects CR, LF and NUL in head substitutions (no header injection)", async () => {
    for (
      const evil of [
        "a\r\nSet-Cookie: x=1",
        "a\nb",
        "a\0b",
        "a\rb",
        "a\x01b",
        "a\x1bb",
        "a\x7fb",
      ]
    ) {
      const header = createRoute()`HTTP/1.1 200 OK\nX-Name: ${() =>
        evil}\n\nbody`;
      await assert.rejects(header(request()), { code: "UNSAFE_SUBSTITUTION" });
      const status = createRoute()`HTTP/1.1 200 ${() => evil}\n\nbody`;
      await assert.rejects(status(request()), { code: "UNSAFE_SUBSTITUTION" });
    }
    const binary = createRoute()`HTTP/1.1 200 OK\nX-A: ${() =>
      new Uint8Array([65])}\n\n`;
    await assert.rejects(binary(request()), RouteError);
  });

  it("rejects header values Fetch cannot carry (above U+00FF) with its own code", async () => {
    const route = createRoute()`HTTP/1.1 200 OK\nX-Name: ${() =>
      "caf\u00e9 \u2615"}\n\nbody`;
    await assert.rejects(route(request()), { code: "UNSAFE_SUBSTITUTION" });
    const latin1 = createRoute()`HTTP/1.1 200 OK\nX-Name: ${() =>
      "caf\u00e9"}\n\nbody`;
    assert.equal((await latin1(request())).headers.get("x-name"), "caf\u00e9");
  });

  it("a router answers an unsafe substitution through its error path", async () => {
    const router = createRouter({
      errorHandler: () => new Response("safe", { status: 400 }),
    })
      .endpoint`GET /:name`(createRoute()`
        HTTP/1.1 200 OK
        X-Name: ${(_r, c) => c.params.name}

        hi
      `);
    const ok = await router(request("/bob"));
    assert.equal(ok.headers.get("x-name"), "bob");
    const injected = await router(request("/a%0D%0ASet-Cookie:%20x=1"));
    assert.equal(injected.status, 400);
    assert.equal(injected.headers.get("set-cookie"), null);
  });

  it("rejects malformed templates at definition time", () => {
    assert.throws(() => createRoute()`HTTP/1.1 abc\n\n`, {
      code: "INVALID_TEMPLATE",
    });
    assert.throws(() => createRoute()`HTTP/1.1 200 OK\nnot a header\n\n`, {
      code: "INVALID_TEMPLATE",
    });
    assert.throws(() => createRoute()`HTTP/1.1 101 Switching\n\n`, {
      code: "INVALID_TEMPLATE",
    });
    assert.throws(() => createRoute()`${new ReadableStream()}`, {
      code: "INVALID_TEMPLATE",
    });
    assert.throws(() => createRoute({ status: 99 }), {
      code: "INVALID_OPTION",
    });
    // A reason phrase Response cannot carry fails here, not on every request.
    assert.throws(() => createRoute()`HTTP/1.1 200 Ok✓\n\nbody`, {
      code: "INVALID_TEMPLATE",
    });
    assert.throws(() => createRoute({ statusText: "Ok✓" }), {
      code: "INVALID_OPTION",
    });
    // CR, LF and NUL would end the status line: a typed error, not the
    // platform's TypeError on the first request.
    for (const statusText of ["OK\r\nSet-Cookie: a=b", "OK\nX: y", "OK\0"]) {
      assert.throws(() => createRoute({ statusText }), {
        code: "INVALID_OPTION",
      });
    }
  });

  it("keeps a Latin-1 reason phrase, which Response accepts", async () => {
    const response = await createRoute()`HTTP/1.1 200 Très bien\n\nbody`(
      request(),
    );
    assert.equal(response.statusText, "Très bien");
  });

  it("streaming mode renders the same bytes", async () => {
    const route = createRoute({ streaming: true })`
      HTTP/1.1 200 OK
      Content-Type: text/plain

      a${() => Promise.resolve("b")}c${() => new Uint8Array([100])}
    `;
    const response = await route(request());
    assert.equal(response.headers.get("content-length"), null);
    assert.equal(await response.text(), "abcd");
  });

  it("errors the stream and reports to errorHandler when a streamed part fails", async () => {
    const reported: string[] = [];
    const router = createRouter({
      errorHandler: (error) => {
        reported.push(error.message);
        return new Response("ignored");
      },
    }).endpoint`GET /`(
      createRoute({ streaming: true })`before ${() =>
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("late")), 5)
        )} after`,
    );
    const response = await router(request());
    assert.equal(response.status, 200);
    await assert.rejects(response.text());
    assert.deepEqual(reported, ["late"]);
  });
});

describe("router cache", () => {
  it("renders request-independent routes once, with ETag and 304", async () => {
    const router = createRouter({
      cache: { cacheControl: "public, max-age=60" },
    })
      .endpoint`GET /static`(createRoute()`<p>${"fixed"}</p>`)
      .endpoint`GET /dynamic`(createRoute()`${() => "x"}`);
    const first = await router(request("/static"));
    const etag = first.headers.get("etag")!;
    assert.match(etag, /^"[0-9a-z]+-[0-9a-z]+"$/);
    assert.equal(first.headers.get("cache-control"), "public, max-age=60");
    assert.equal(await first.text(), "<p>fixed</p>");
    const second = await router(request("/static"));
    assert.equal(second.headers.get("etag"), etag);
    assert.equal(await second.text(), "<p>fixed</p>");
    for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const revalidated = await router(
        request("/static", { headers: { "if-none-match": condition } }),
      );
      assert.equal(revalidated.status, 304, condition);
      assert.equal(revalidated.body, null);
      assert.equal(revalidated.headers.get("etag"), etag);
      assert.equal(
        revalidated.headers.get("cache-control"),
        "public, max-age=60",
      );
    }
    const changed = await router(
      request("/static", { headers: { "if-none-match": '"nope"' } }),
    );
    assert.equal(changed.status, 200);
    const dynamic = await router(request("/dynamic"));
    assert.equal(dynamic.headers.get("etag"), null);
  });

  it("different bodies get different ETags; etag: false adds none", async () => {
    const router = createRouter({ cache: true })
      .endpoint`GET /a`(createRoute()`aaa`)
      .endpoint`GET /b`(createRoute()`aab`);
    const a = (await router(request("/a"))).headers.get("etag");
    const b = (await router(request("/b"))).headers.get("etag");
    assert.notEqual(a, b);
    const plain = createRouter({ cache: { etag: false } }).endpoint`GET /`(
      createRoute()`x`,
    );
    assert.equal((await plain(request("/"))).headers.get("etag"), null);
  });

  it("renders a cached route once; without cache, on every request", async () => {
    const fixed = renderCounter("fixed");
    const route = createRoute()`<p>${fixed}</p>`;
    const cached = createRouter({ cache: true }).endpoint`GET /`(route);
    const first = await cached(request("/"));
    const etag = first.headers.get("etag")!;
    assert.equal(await first.text(), "<p>fixed</p>");
    assert.equal(await (await cached(request("/"))).text(), "<p>fixed</p>");
    const head = await cached(request("/", { method: "HEAD" }));
    assert.equal(head.headers.get("content-length"), "12");
    const revalidated = await cached(
      request("/", { headers: { "if-none-match": etag } }),
    );
    assert.equal(revalidated.status, 304);
    assert.equal(fixed.renders, 1);
    // The counter does count renders: the same route uncached renders each time.
    const uncached = createRouter().endpoint`GET /`(route);
    for (let i = 0; i < 3; i++) await (await uncached(request("/"))).text();
    assert.equal(fixed.renders, 4);
  });

  it("maxEntries evicts the least recently used route, which renders again", async () => {
    const counters = {
      a: renderCounter("A"),
      b: renderCounter("B"),
      c: renderCounter("C"),
    };
    const router = createRouter({ cache: { maxEntries: 2 } })
      .endpoint`GET /a`(createRoute()`${counters.a}`)
      .endpoint`GET /b`(createRoute()`${counters.b}`)
      .endpoint`GET /c`(createRoute()`${counters.c}`);
    const renders = () =>
      [counters.a, counters.b, counters.c].map((c) => c.renders);
    const get = async (path: string) => {
      const text = await (await router(request(path))).text();
      assert.equal(text, path.slice(1).toUpperCase());
    };
    for (const path of ["/a", "/b", "/a"]) await get(path);
    assert.deepEqual(renders(), [1, 1, 0]);
    await get("/c"); // full: drops /b, used less recently than /a
    for (const path of ["/a", "/c"]) await get(path);
    assert.deepEqual(renders(), [1, 1, 1]);
    await get("/b"); // rendered again; drops /a (least recently used now)
    await get("/c");
    assert.deepEqual(renders(), [1, 2, 1]);
    await get("/a");
    assert.deepEqual(renders(), [2, 2, 1]);
  });

  it("maxEntryBytes keeps large bodies out of the cache, with ETag and 304 still", async () => {
    const small = renderCounter("s");
    const large = renderCounter("x".repeat(64));
    const router = createRouter({
      cache: { maxEntryBytes: 16, cacheControl: "max-age=5" },
    })
      .endpoint`GET /small`(createRoute()`${small}`)
      .endpoint`GET /large`(createRoute()`${large}`);
    let etag: string | null = null;
    for (let i = 0; i < 3; i++) {
      assert.equal(await (await router(request("/small"))).text(), "s");
      const response = await router(request("/large"));
      assert.equal(await response.text(), "x".repeat(64));
      assert.match(response.headers.get("etag")!, /^"[0-9a-z]+-1s"$/);
      assert.equal(response.headers.get("cache-control"), "max-age=5");
      etag ??= response.headers.get("etag");
      assert.equal(response.headers.get("etag"), etag, "same bytes, same ETag");
    }
    assert.equal(small.renders, 1);
    assert.equal(large.renders, 3);
    const revalidated = await router(
      request("/large", { headers: { "if-none-match": etag! } }),
    );
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body, null);
    const head = await router(request("/large", { method: "HEAD" }));
    assert.equal(head.headers.get("content-length"), "64");
    assert.equal(head.headers.get("etag"), etag);
    // maxEntryBytes: 1 and maxEntries: 0 keep nothing, validators stay.
    for (const cache of [{ maxEntryBytes: 1 }, { maxEntries: 0 }]) {
      const tiny = renderCounter("tiny");
      const one = createRouter({ cache }).endpoint`GET /`(
        createRoute()`${tiny}`,
      );
      const first = await one(request("/"));
      const tag = first.headers.get("etag");
      assert.ok(tag !== null, JSON.stringify(cache));
      const again = await one(
        request("/", { headers: { "if-none-match": tag } }),
      );
      assert.equal(again.status, 304, JSON.stringify(cache));
      assert.equal(tiny.renders, 2, JSON.stringify(cache));
    }
  });

  it("keeps a template's own ETag and compares it, weakly", async () => {
    const page = createRoute()`
      HTTP/1.1 200 OK
      ETag: W/"v7"

      <h1>v7</h1>
    `;
    const router = createRouter({ cache: true }).endpoint`GET /`(page);
    const first = await router(request("/"));
    assert.equal(first.headers.get("etag"), 'W/"v7"');
    for (const condition of ['"v7"', 'W/"v7"', '"a", W/"v7"']) {
      const again = await router(
        request("/", { headers: { "if-none-match": condition } }),
      );
      assert.equal(again.status, 304, condition);
      assert.equal(again.headers.get("etag"), 'W/"v7"');
    }
    // etag: false adds none and sends no 304, but drops no template header.
    const off = createRouter({ cache: { etag: false } }).endpoint`GET /`(page);
    const plain = await off(
      request("/", { headers: { "if-none-match": 'W/"v7"' } }),
    );
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get("etag"), 'W/"v7"');
  });

  it("an empty or bare W/ ETag line is none: the computed tag is sent, and an empty If-None-Match member matches nothing", async () => {
    for (const own of ["", "W/"]) {
      const page = createRoute()`
        HTTP/1.1 200 OK
        ETag: ${own}

        <h1>page</h1>
      `;
      const router = createRouter({ cache: true }).endpoint`GET /`(page);
      const first = await router(request("/"));
      const etag = first.headers.get("etag")!;
      assert.match(etag, /^"[0-9a-z]+-[0-9a-z]+"$/, `${own}: computed`);
      await first.body?.cancel();
      for (const condition of ["", ",", ' , "other"', "W/"]) {
        const again = await router(
          request("/", { headers: { "if-none-match": condition } }),
        );
        assert.equal(again.status, 200, `${own} / ${condition}`);
        assert.equal(await again.text(), "<h1>page</h1>");
        assert.equal(again.headers.get("etag"), etag);
      }
      const named = await router(
        request("/", { headers: { "if-none-match": `W/${etag}` } }),
      );
      assert.equal(named.status, 304, own);
    }
  });

  it("serves cached 204 routes without a body (was a 500)", async () => {
    const router = createRouter({ cache: true })
      .endpoint`GET /empty`(createRoute()`HTTP/1.1 204 No Content`);
    for (const method of ["GET", "GET", "HEAD"]) {
      const response = await router(request("/empty", { method }));
      assert.equal(response.status, 204, method);
      assert.equal(response.body, null);
      assert.equal(response.headers.get("content-length"), null);
    }
  });

  it("answers If-None-Match with 304 only for a 2xx route (RFC 9110 §13.2.1)", async () => {
    const router = createRouter({ cache: true })
      .endpoint`GET /gone`(createRoute()`
        HTTP/1.1 410 Gone

        gone
      `);
    const first = await router(request("/gone"));
    const etag = first.headers.get("etag")!;
    for (const condition of ["*", etag]) {
      const again = await router(
        request("/gone", { headers: { "if-none-match": condition } }),
      );
      assert.equal(again.status, 410, condition);
      assert.equal(await again.text(), "gone");
    }
  });
});
