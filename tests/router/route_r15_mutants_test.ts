// Routes' heads and known-length bodies: what the fourteenth mutation round
// (bugs planted by hand in route.ts and _render.ts) found unguarded; each
// test names the planted bug it catches. Streamed bodies:
// router_r15_mutants_test.ts.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createResponse, createRoute } from "../../src/router/mod.ts";
import { refusal, routeWithHeadLine } from "./_r11_answers.ts";

describe("a route's length when its body is rendered late", () => {
  // route.ts:364 (`request.method === "HEAD"`→`!==`, or its `||`→`&&`, where
  // respond names the length): a route served as it is (Deno.serve's
  // handler) answered HEAD without the Content-Length its GET has, so a
  // client sizing a download from HEAD got nothing; and a body holding a
  // Blob, which Deno.serve would stream chunked, lost its length on GET.
  it("is named for HEAD and for a Blob body, in bytes", async () => {
    const greeting = createRoute()`héllo ${() => Promise.resolve("wörld")}`;
    const get = await greeting(new Request("http://localhost/"));
    const body = new Uint8Array(await get.arrayBuffer());
    assert.equal(new TextDecoder().decode(body), "héllo wörld");
    const head = await greeting(
      new Request("http://localhost/", { method: "HEAD" }),
    );
    assert.equal(head.status, 200);
    assert.equal(head.headers.get("content-length"), String(body.byteLength));
    await head.body?.cancel();
    const file = createRoute()`[${() => new Blob(["ä", "bc"])}]`;
    const blob = await file(new Request("http://localhost/"));
    assert.equal(blob.headers.get("content-length"), "6");
    assert.equal(await blob.text(), "[äbc]");
  });
});

describe("a Transfer-Encoding header given to a response", () => {
  // _render.ts:24 ("transfer-encoding" emptied out of the framing headers):
  // a Transfer-Encoding from a template line or RouteInit.headers was kept,
  // though the runtime frames the body itself: the answer then named codings
  // its bytes do not have (gzip never applied). Like Content-Length, it is
  // always left to the runtime.
  it("is dropped from a route and from createResponse, and the body kept", async () => {
    const route = createRoute({ headers: { "transfer-encoding": "chunked" } })`
      HTTP/1.1 200 OK
      Transfer-Encoding: gzip, chunked
      X-Kept: yes

      body
    `;
    const routed = await route(new Request("http://localhost/"));
    assert.equal(routed.headers.get("transfer-encoding"), null);
    assert.equal(routed.headers.get("x-kept"), "yes");
    assert.equal(await routed.text(), "body");
    const made = await createResponse`
      HTTP/1.1 200 OK
      Transfer-Encoding: chunked

      made
    `;
    assert.equal(made.headers.get("transfer-encoding"), null);
    assert.equal(await made.text(), "made");
  });
});

describe("a route called without a context", () => {
  // route.ts:372 (`context ?? new Context(…)` dropped): a route given
  // straight to Deno.serve, or called in a test, handed its substitutions
  // `undefined` for the context, so one reading `context.params` or
  // `context.url` threw, streamed or not.
  it("gives its substitutions an empty context of the request", async () => {
    for (const streaming of [false, true]) {
      const route = createRoute({ streaming })`${(_request, context) =>
        `${context.pattern}|${
          Object.keys(context.params).length
        }|${context.url.pathname}`}`;
      const response = await route(new Request("http://localhost/a/b?q=1"));
      assert.equal(await response.text(), "|0|/a/b", `streaming ${streaming}`);
    }
  });
});

describe("a one-line route whose status line follows a blank", () => {
  // _render.ts:193 (parseStatusLine's `text.trim()` dropped): a template
  // written on one line with a space after the backtick kept that space,
  // and its status line was refused as malformed.
  it("is read as its status line", async () => {
    const created = await createRoute()` HTTP/1.1 201 Created`(
      new Request("http://localhost/"),
    );
    assert.equal(created.status, 201);
    assert.equal(created.statusText, "Created");
    const made = await createResponse` HTTP/1.1 202 Accepted`;
    assert.equal(made.status, 202);
  });
});

describe("the length a HEAD answer names for text with lone surrogates", () => {
  // _render.ts:308 (utf8Length's `code >= 0xd800 && …`→`||`): any code unit
  // from U+D800 up was taken to start a pair, so a lone low surrogate after
  // another one (text cut in the middle of pairs) was counted with it as
  // one 4-byte character, where UTF-8 sends each as U+FFFD, 3 bytes: HEAD
  // named a length its GET does not send. And :310 (the low-surrogate test's
  // `&&` made `||`): a high surrogate was paired with whatever followed it.
  it("is the byte length of the GET's body", async () => {
    for (
      const text of [
        "\udc00\udc00",
        "a\ud83d",
        "\ud83d\ude00!",
        "\ue000\udc00",
        "\udbff\udfff\udc00",
        "\ud83d\u00e9",
        "\ud83d\ud83d\ude00",
        "\ud83d\udc00",
        "\udbff\udfff",
      ]
    ) {
      const route = createRoute()`<${text}>`;
      const get = await route(new Request("http://localhost/"));
      const bytes = (await get.arrayBuffer()).byteLength;
      const head = await route(
        new Request("http://localhost/", { method: "HEAD" }),
      );
      await head.body?.cancel();
      assert.equal(head.headers.get("content-length"), String(bytes), text);
    }
  });
});

describe("binary data substituted into a head line", () => {
  // _render.ts:114 (the code of its refusal emptied): an error handler that
  // tells an unsafe substitution from a bug by its code saw "".
  it("is refused with UNSAFE_SUBSTITUTION, whatever its kind", async () => {
    for (
      const value of [
        new Uint8Array([65]),
        new ArrayBuffer(1),
        new DataView(new ArrayBuffer(1)),
        new Blob(["A"]),
        new ReadableStream(),
      ]
    ) {
      const route = createRoute()`
        HTTP/1.1 200 OK
        X-Data: ${() => value}

        body
      `;
      await assert.rejects(route(new Request("http://localhost/")), {
        code: "UNSAFE_SUBSTITUTION",
        message: /Binary data/,
      });
    }
  });
});

describe("a body of one pending substitution under a substituted head", () => {
  // _render.ts:474 (pending's test inverted): a body whose only part is a
  // promise was taken as settled, and the promise went out as
  // "[object Promise]".
  it("is sent as the value the promise gives", async () => {
    const route = createRoute()`
      HTTP/1.1 200 OK
      X-Kind: ${() => "late"}

      ${() => Promise.resolve("resolved")}
    `;
    const response = await route(new Request("http://localhost/"));
    assert.equal(response.headers.get("x-kind"), "late");
    assert.equal(await response.text(), "resolved");
  });
});

describe("a route's head line that is not a safe `Name: value`", () => {
  // _render.ts:150 (`colon <= 0 || !TOKEN.test(name)`→`&&`): a line without
  // a colon, or with a name that is no token, was taken as a header ("XTrace"
  // became a header "xtrac"; "Bad Name" reached Headers' TypeError); and
  // :163 (the control-character refusal's code emptied): a control written
  // into the template's own head was refused with the code "".
  it("is refused when the route is defined, with a code saying why", () => {
    for (
      const [line, code] of [
        ["Bad Name: x", "INVALID_TEMPLATE"],
        ["XTrace", "INVALID_TEMPLATE"],
        ["X-A: a\x01b", "UNSAFE_SUBSTITUTION"],
      ]
    ) {
      assert.equal(refusal(() => routeWithHeadLine(line)).code, code, line);
    }
  });
});
