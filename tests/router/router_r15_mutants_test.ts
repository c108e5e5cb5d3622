// Behaviour of the template router that the fourteenth mutation round (seed
// 20261216, and bugs planted by hand in its least-tested files) found
// unguarded: each test names the planted bug it catches.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRequest,
  createResponse,
  createRoute,
  createRouter,
  HTTPExpression,
  RouteError,
} from "../../src/router/mod.ts";
import { withTimeout } from "../_timeout.ts";
import { hit, refuses, routerOf } from "./_patterns.ts";
import { refusal, watchUnhandled } from "./_r11_answers.ts";

const DECODER = new TextDecoder();

/** The next chunk of `reader` as text, bounded. */
async function nextText(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  what: string,
): Promise<string | undefined> {
  const { done, value } = await withTimeout(reader.read(), 5_000, what);
  return done ? undefined : DECODER.decode(value);
}

/**
 * Runs `body`, then asserts that no promise rejection went unhandled meanwhile.
 * Rejections are reported in the order they happened, so once a control
 * rejection made after `body` is reported, any left unhandled by it has been.
 */
async function leavesNoneUnhandled(body: () => Promise<void>): Promise<void> {
  const unhandled: unknown[] = [];
  const control = new Error("control");
  let controlSeen!: () => void;
  const controlReported = new Promise<void>((resolve) => controlSeen = resolve);
  const stopWatching = watchUnhandled((reason) => {
    if (reason === control) controlSeen();
    else unhandled.push(reason);
  });
  try {
    await body();
    Promise.reject(control);
    await withTimeout(controlReported, 5_000, "the control rejection");
    assert.deepEqual(unhandled, []);
  } finally {
    stopWatching();
  }
}

describe("a streamed body's text between two substitutions", () => {
  // _template_parse.ts:99 (`merged[merged.length - 1]`→`merged[merged.length]`
  // in joinBody): adjacent texts were no longer merged, so every line of a
  // streamed template went out as its own chunk: a reader of the first chunk
  // got the page's first line, not the shell before the slow part, and a
  // served page cost one write and one chunk frame per line.
  it("arrives as one chunk in a streamed response", async () => {
    let release!: (text: string) => void;
    const slow = new Promise<string>((resolve) => release = resolve);
    const page = createRoute({ streaming: true })`
      <!doctype html>
      <title>Report</title>
      <p>working…</p>
      ${() => slow}
      <p>end</p>
    `;
    const response = await page(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(
      await nextText(reader, "the shell"),
      "<!doctype html>\n<title>Report</title>\n<p>working…</p>\n",
    );
    release("done");
    assert.equal(await nextText(reader, "the slow part"), "done");
    assert.equal(await nextText(reader, "the tail"), "\n<p>end</p>");
    assert.equal(await nextText(reader, "the end"), undefined);
  });

  it("arrives as one chunk in a request body a handler reads chunk by chunk", async () => {
    const request = await createRequest()`
      POST http://localhost/upload
      Content-Type: text/plain

      first line
      second line
      ${() =>
      new ReadableStream<string>({
        start(controller) {
          controller.enqueue("streamed");
          controller.close();
        },
      })}
      last line
    `;
    const reader = request.body!.getReader();
    const chunks: string[] = [];
    for (let i = 0; i < 10; i++) {
      const text = await nextText(reader, `request chunk ${i}`);
      if (text === undefined) break;
      chunks.push(text);
    }
    assert.deepEqual(chunks, [
      "first line\nsecond line\n",
      "streamed",
      "\nlast line",
    ]);
  });
});

describe("an escape in a constraint that is not \\u, before four hex digits", () => {
  // _regexp_tree.ts:136 (`char === "u" &&`→`||`): any escaped character
  // followed by four hex digits was read as one \u escape, so `\-aaaa` became
  // the one character U+AAAA, and a constraint that backtracks polynomially
  // on a run of "-aaaa" was accepted as linear.
  it("is read as the character and then the digits, as RegExp reads it", () => {
    refuses("/c/:x{[-a]+\\-aaaa[-a]+}", 11, /meet again/);
    refuses("/c/:x{\\-aaaa+a+}", 13, /meet again/);
    refuses("/c/:x{[_a-f]+\\_beef[_a-f]+}", 13, /meet again/);
  });
});

describe("substitutions that reject after an earlier one failed the response", () => {
  // _render.ts:54 (evaluate's `result.catch(noop)` dropped, seed 20261216)
  // and route.ts:291 (the fast path's `value.catch` dropped): a rejection no
  // one awaits any more, because another substitution already failed the
  // response, went unhandled, which ends a Deno server's process by default.
  it("answer 500 and leave no rejection unhandled", async () => {
    await leavesNoneUnhandled(async () => {
      const router = createRouter({
        errorHandler: () => new Response("", { status: 500 }),
      });
      // A fixed head (the fast path hands the rest over) and a substituted
      // one (every value evaluated at once).
      router.endpoint`GET /fixed`(
        createRoute()`${() => Promise.reject(new Error("first"))} ${() =>
          Promise.reject(new Error("second"))}`,
      );
      router.endpoint`GET /head`(createRoute()`
        HTTP/1.1 200 OK
        X-Kind: ${() => "dynamic"}

        ${() => Promise.reject(new Error("first"))} ${() =>
        Promise.reject(new Error("second"))}
      `);
      // A later substitution that throws at once: the promise before it
      // (handed over by the fast path) is then never awaited.
      router.endpoint`GET /throws`(
        createRoute()`${() => Promise.reject(new Error("first"))} ${() => {
          throw new Error("second");
        }}`,
      );
      for (const path of ["/fixed", "/head", "/throws"]) {
        const response = await router(new Request(`http://localhost${path}`));
        assert.equal(response.status, 500, path);
        await response.body?.cancel();
      }
    });
  });
});

describe("an HTTPExpression's header line holding a backslash", () => {
  // template.ts:82 and :84 (cook's `?? strings.raw[…]` dropped, read one
  // string off, or `??`→`||`): a text with an escape JavaScript cannot cook
  // (`\users`, `\xfiles`: Windows paths) is undefined in `strings`, and
  // its raw text must stand in for it; a line continuation cooks to "" and
  // must stay "", not bring its backslash back.
  it("matches the header value as written, on either side of a substitution", () => {
    const who = "me";
    const expression = HTTPExpression`
      GET /files/:name
      X-Dir: C:\users-${who}-\xfiles
    `;
    const request = (headers?: Record<string, string>) =>
      new Request("http://localhost/files/a", { headers });
    assert.equal(
      expression.test(request({ "x-dir": "C:\\Users-me-\\xfiles" })),
      true,
    );
    assert.equal(expression.test(request({ "x-dir": "C:\\Users-me-" })), false);
    assert.equal(expression.test(request()), false);
    assert.equal(
      expression.exec(request({ "x-dir": "c:\\users-me-\\xfiles" }))?.name,
      "a",
    );
  });

  it("ends at a line continuation right after a substitution", () => {
    const tag = "v1";
    const expression = HTTPExpression`GET /tagged
      X-Tag: ${tag}\
`;
    const request = (headers?: Record<string, string>) =>
      new Request("http://localhost/tagged", { headers });
    assert.equal(expression.test(request({ "x-tag": "v1" })), true);
    assert.equal(expression.test(request({ "x-tag": "v1\\" })), false);
    assert.equal(expression.test(request()), false);
  });
});

describe("a substituted stream's byte chunks of every kind", () => {
  // _render.ts:98 (chunkBytes' `return new Uint8Array(value)` for an
  // ArrayBuffer dropped, seed 20261217): an ArrayBuffer chunk fell through to
  // the text case and went out as "[object ArrayBuffer]". A stream of bytes
  // (a file, a proxied body) may hand out ArrayBuffers, views of part of a
  // buffer, or Uint8Arrays; each is sent as its bytes, escaped in no body.
  it("are sent as their bytes, in a known and in a streamed body", async () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const shared = bytes("__view__");
    const source = () =>
      new ReadableStream<unknown>({
        start(controller) {
          controller.enqueue(bytes("<a>").buffer);
          controller.enqueue(new DataView(shared.buffer, 2, 4));
          controller.enqueue(bytes("&"));
          controller.enqueue(new Uint16Array(bytes("<b").buffer));
          controller.close();
        },
      });
    for (const streaming of [false, true]) {
      const route = createRoute({ streaming })`
        HTTP/1.1 200 OK
        Content-Type: text/html

        [${source}]
      `;
      const response = await route(new Request("http://localhost/"));
      assert.equal(
        await response.text(),
        "[<a>view&<b]",
        `streaming ${streaming}`,
      );
    }
  });
});

describe("a streamed body reads a substituted stream only as its reader asks", () => {
  // _render.ts:424 (the `return` after a text part's enqueue dropped):
  // streamParts went on past the text it had handed out, opened the next
  // substituted stream and pulled a chunk from it before the client asked
  // for one, so a slow client no longer held back a cursor or an upstream
  // body chunk by chunk.
  it("pulls the substituted stream after the text before it is read", async () => {
    let pulls = 0;
    const route = createRoute({ streaming: true })`before ${() =>
      new ReadableStream<string>({
        pull(controller) {
          pulls++;
          if (pulls <= 2) controller.enqueue(`row${pulls} `);
          else controller.close();
        },
      }, { highWaterMark: 0 })} after`;
    const response = await route(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(await nextText(reader, "the text"), "before ");
    assert.equal(pulls, 0, "pulled before the reader asked");
    assert.equal(await nextText(reader, "row 1"), "row1 ");
    assert.equal(pulls, 1);
    assert.equal(await nextText(reader, "row 2"), "row2 ");
    assert.equal(pulls, 2);
    assert.equal(await nextText(reader, "the end text"), " after");
    assert.equal(await nextText(reader, "the end"), undefined);
  });
});

describe("an HTTPExpression header rule whose value holds a comma", () => {
  // expression.ts:81 (the `return true` of a whole-value match dropped):
  // a rule such as `Cache-Control: no-cache, no-store` was then compared
  // only with each comma-separated element of the request's header, none
  // of which is the whole list, so the very header it names never matched.
  it("matches the same list, in any letter case, and not a part of it", () => {
    const expression = HTTPExpression`
      GET /feed
      Cache-Control: no-cache, no-store
    `;
    const request = (value: string) =>
      new Request("http://localhost/feed", {
        headers: { "cache-control": value },
      });
    assert.equal(expression.test(request("no-cache, no-store")), true);
    assert.equal(expression.test(request("No-Cache, No-Store")), true);
    assert.equal(expression.test(request("no-cache")), false);
  });
});

describe("an HTTPExpression without a request line it can read", () => {
  // expression.ts:140 (the refusal quoting `lines[1]`, or `lines[0]` without
  // its `?? ""`): the message quoted a header line instead of the request
  // line it refuses, or the word undefined for an empty expression.
  it("is refused with INVALID_ENDPOINT, quoting that line", () => {
    const extra = refusal(() =>
      HTTPExpression`
        GET /items extra
        Accept: application/json
      `
    );
    assert.equal(extra.code, "INVALID_ENDPOINT");
    assert.match(extra.message, /^Invalid expression "GET \/items extra":/);
    const empty = refusal(() => HTTPExpression`  `);
    assert.equal(empty.code, "INVALID_ENDPOINT");
    assert.match(empty.message, /^Invalid expression "":/);
  });
});

describe("a header named by one character", () => {
  // expression.ts:151 (`colon <= 0`→`<= 1`): a one-character name is a
  // token (RFC 9110 §5.1) and was refused as a malformed header line, in an
  // HTTPExpression's rule as in a route's head.
  it("is a header like any other, in an expression and in a route", async () => {
    const expression = HTTPExpression`
      GET /one
      X: 1
    `;
    const request = (headers?: Record<string, string>) =>
      new Request("http://localhost/one", { headers });
    assert.equal(expression.test(request({ x: "1" })), true);
    assert.equal(expression.test(request({ x: "2" })), false);
    const response = await createRoute()`
      HTTP/1.1 200 OK
      X: ${() => "1"}

      one
    `(request());
    assert.equal(response.headers.get("x"), "1");
    assert.equal(await response.text(), "one");
  });
});

describe("a streamed body that ends", () => {
  // _render.ts:418 (the `return` after `controller.close()` dropped): the
  // pull went on past the last part and closed the stream again, and the
  // TypeError that threw went to the router's errorHandler for a response
  // that had been sent whole.
  it("reports no error once its last part is sent", async () => {
    const reported: unknown[] = [];
    const router = createRouter({
      errorHandler: (error) => {
        reported.push(error);
        return new Response("", { status: 500 });
      },
    });
    router.endpoint`GET /page`(
      createRoute({ streaming: true })`<p>${() => Promise.resolve("done")}</p>`,
    );
    const response = await router(new Request("http://localhost/page"));
    assert.equal(await response.text(), "<p>done</p>");
    assert.deepEqual(reported, []);
  });
});

describe("a constraint after another parameter of its segment", () => {
  // _regexp_ambiguity.ts:280 (canRead's `empty` case answering true): an
  // empty alternative or group was taken to read the text before the
  // parameter, so `:ext{(?:|_)[a-z]+}` after `:name.`, which cannot match
  // ".", was refused.
  it("is accepted when it cannot read the separator, and matches", async () => {
    const router = routerOf(
      "/f/:name.:ext{(?:|_)[a-z]+}",
      "/g/:name.:ext{[a-z]+(?:)}",
    );
    assert.deepEqual((await hit(router, "/f/report._md")).params, {
      name: "report",
      ext: "_md",
    });
    assert.deepEqual((await hit(router, "/g/report.pdf")).params, {
      name: "report",
      ext: "pdf",
    });
    assert.equal((await hit(router, "/f/report.p_f")).status, 404);
  });

  // _regexp_ambiguity.ts:284 (the `return` of canRead's choice case
  // dropped): an alternation then fell into the repeat case and answered
  // false, so a constraint whose alternative reads the separator was
  // accepted, and matching it backtracks quadratically in the segment.
  // _pattern.ts:408 (the constraint's offset one short in a segment that
  // mixes text and parameters): a refusal pointed at the "{" instead of the
  // character it names, unlike the same constraint as a whole segment.
  it("is refused at the character its refusal names, as a whole segment is", () => {
    refuses("/f/v:x{a/b}", 8, /cannot match "\/"/);
    refuses("/f/:x{a/b}", 7, /cannot match "\/"/);
    refuses("/f/v.:x{(?:a+)+}", 14, /repetition inside a repetition/);
  });

  it("is refused when one of its alternatives reads the separator", () => {
    refuses("/f/:name.:ext{(?:[a-z]|\\.)+}", 14, /cannot match "\."/);
    refuses("/f/:name-:ext{(?:[a-z]|-)+}", 14, /cannot match "-"/);
  });
});

describe("an HTTPExpression's header line that is not `Name: value`", () => {
  // expression.ts:151 (`colon <= 0 || !TOKEN.test(name)`→`&&`): a line
  // without a colon, or a name that is no token, was taken as a rule (a
  // line "Accept text/html" became a rule on a header "Accep"), and a name
  // with a space threw Headers' TypeError on every request it was tested on.
  it("is refused with INVALID_TEMPLATE when the expression is defined", () => {
    const noColon = refusal(() =>
      HTTPExpression`
        GET /items
        Accept text/html
      `
    );
    assert.equal(noColon.code, "INVALID_TEMPLATE");
    assert.match(noColon.message, /"Accept text\/html"/);
    const spaced = refusal(() =>
      HTTPExpression`
        GET /items
        Bad Name: x
      `
    );
    assert.equal(spaced.code, "INVALID_TEMPLATE");
    const empty = refusal(() =>
      HTTPExpression`
        GET /items
        : x
      `
    );
    assert.equal(empty.code, "INVALID_TEMPLATE");
  });
});

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

describe("a client that stops reading a streamed body midway", () => {
  // _render.ts:450 (the body's cancel no longer cancelling the substituted
  // stream it is reading): a client gone while a substituted stream was being
  // piped left that stream, locked by the body, running: a file handle, a
  // cursor or an upstream request held open with no one to read it.
  it("cancels the substituted stream being read, with the client's reason", async () => {
    let cancelled!: (reason: unknown) => void;
    const sourceCancelled = new Promise((resolve) => cancelled = resolve);
    let rows = 0;
    const route = createRoute()`rows: ${() =>
      new ReadableStream<string>({
        pull(controller) {
          controller.enqueue(`row${++rows} `);
        },
        cancel(reason) {
          cancelled(reason);
        },
      })}`;
    const response = await route(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(await nextText(reader, "the text"), "rows: ");
    assert.equal(await nextText(reader, "a row"), "row1 ");
    await reader.cancel("client gone");
    assert.equal(
      await withTimeout(sourceCancelled, 5_000, "the source's cancel"),
      "client gone",
    );
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

describe("empty chunks of a substituted stream", () => {
  // _render.ts:410 and :436 (the `continue` past an empty chunk dropped): an
  // empty string or byte array from the stream, or substituted bytes that
  // are empty, went out as an empty chunk, which a
  // chunked HTTP/1.1 writer that frames each chunk as it comes sends as the
  // zero-size chunk ending the body.
  it("are skipped: every chunk the body gives has bytes", async () => {
    for (const streaming of [false, true]) {
      const route = createRoute({ streaming })`[${() =>
        new ReadableStream<unknown>({
          start(controller) {
            for (const chunk of ["", "a", new Uint8Array(0), "", "b", ""]) {
              controller.enqueue(chunk);
            }
            controller.close();
          },
        })}]`;
      const response = await route(new Request("http://localhost/"));
      const reader = response.body!.getReader();
      const chunks: string[] = [];
      for (let i = 0; i < 20; i++) {
        const text = await nextText(reader, `chunk ${i}`);
        if (text === undefined) break;
        chunks.push(text);
      }
      assert.equal(chunks.join(""), "[ab]", `streaming ${streaming}`);
      assert.ok(
        chunks.every((chunk) => chunk !== ""),
        `an empty chunk among ${JSON.stringify(chunks)}`,
      );
    }
  });
});

describe("empty bytes substituted into a streamed body", () => {
  // _render.ts:436: see above; here the empty bytes are the substitution.
  it("give no chunk", async () => {
    const route = createRoute({ streaming: true })`a${() =>
      new Uint8Array(0)}${() => Promise.resolve(new Uint8Array(0))}b`;
    const response = await route(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(await nextText(reader, "the first text"), "a");
    assert.equal(await nextText(reader, "the last text"), "b");
    assert.equal(await nextText(reader, "the end"), undefined);
  });
});

describe("a bare * as an HTTPExpression's pattern", () => {
  // _pattern.ts:151 (`source === "*" || source === "/*"`→`&&`): the bare
  // `*` that the router's endpoint tag reads as `/*` (as Hono's
  // `app.get("*")` does) was refused in an HTTPExpression as a pattern not
  // starting with "/".
  it("is /*: every path, the rest of it as the * parameter", () => {
    const expression = HTTPExpression`GET *`;
    const exec = (path: string) =>
      expression.exec(new Request(`http://localhost${path}`))?.["*"];
    assert.equal(exec("/a/b"), "a/b");
    assert.equal(exec("/"), "");
    assert.equal(
      expression.test(new Request("http://localhost/a", { method: "POST" })),
      false,
    );
  });
});

describe("a * right after a constrained parameter", () => {
  // _pattern.ts:453 (`segment[i - 1] === "*"`→`segment[i]`): the refusal
  // spoke of rou3's "**", which the pattern does not hold.
  it("is refused as two parameters without text between them, and ** as rou3's", () => {
    refuses(
      "/f/x:a{[0-9]+}*",
      14,
      /^(?!.*rou3).*two parameters need literal text between them$/,
    );
    refuses("/f/**", 4, /rou3's "\*\*"/);
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

describe("a streamed body whose part fails", () => {
  // _render.ts:444 (cancelRest dropped from the body's error path): a failed
  // substitution errored the body but left the substituted streams after it,
  // never to be read, running: their files, cursors or upstream requests
  // stayed open. And :395 (its stream test's `&&` made `||`): a later value
  // that is no stream (42, null) was cancelled too, and the TypeError that
  // threw went unhandled.
  it("cancels the substituted streams after it, with the error", async () => {
    await leavesNoneUnhandled(async () => {
      let cancelled!: (reason: unknown) => void;
      const laterCancelled = new Promise((resolve) => cancelled = resolve);
      const failure = new Error("lookup failed");
      const route = createRoute({ streaming: true })`a ${() =>
        Promise.reject(failure)} ${() => 42} ${() => null} b ${() =>
        new ReadableStream<string>({
          pull(controller) {
            controller.enqueue("never read");
          },
          cancel(reason) {
            cancelled(reason);
          },
        })}`;
      const response = await route(new Request("http://localhost/"));
      const reader = response.body!.getReader();
      assert.equal(await nextText(reader, "the text"), "a ");
      await assert.rejects(withTimeout(reader.read(), 5_000, "the failure"), {
        message: "lookup failed",
      });
      assert.equal(
        await withTimeout(laterCancelled, 5_000, "the later stream's cancel"),
        failure,
      );
    });
  });
});

describe("a streamed JSON body", () => {
  // _render.ts:416 (`index >= parts.length`→`>`): the pull read one part past
  // the end, an undefined substitution, which JSON renders as null, so the
  // document gained a trailing "null".
  it("ends with its last part", async () => {
    const route = createRoute({
      streaming: true,
      headers: { "content-type": "application/json" },
    })`{"total": ${() => Promise.resolve(3)}}`;
    const response = await route(new Request("http://localhost/"));
    assert.equal(await response.text(), '{"total": 3}');
  });
});

describe("a route whose body starts with a substituted stream", () => {
  // _render.ts:422 (the `continue` past an empty text part dropped): the
  // fast path hands the body over with the text before the stream, "" here,
  // and that empty text went out as an empty first chunk.
  it("gives no empty chunk", async () => {
    const route = createRoute()`${() =>
      new ReadableStream<string>({
        start(controller) {
          controller.enqueue("streamed");
          controller.close();
        },
      })} tail`;
    const response = await route(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(await nextText(reader, "the stream's chunk"), "streamed");
    assert.equal(await nextText(reader, "the tail"), " tail");
    assert.equal(await nextText(reader, "the end"), undefined);
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

describe("a baseUrl with white space in its path", () => {
  // _pattern.ts:480 (the white-space refusal dropped): the endpoint tag
  // splits on white space, so only RouterInit.baseUrl brings a blank to the
  // pattern parser; without the refusal "/a b" became a literal, where a URL
  // writes the space as %20, so no request could ever reach its routes.
  it("is refused with INVALID_PATTERN at the blank", () => {
    for (const base of ["/api v1", "/api\u00a0v1", "/api\tv1"]) {
      assert.throws(
        () => createRouter({ baseUrl: base }),
        (error: unknown) =>
          error instanceof RouteError && error.code === "INVALID_PATTERN" &&
          error.offset === 4 && /white space/.test(error.message),
        JSON.stringify(base),
      );
    }
  });
});

describe("a mixed segment after a multi-segment parameter", () => {
  // _pattern.ts:220 (a multi-segment parameter's `segmentLiterals.push(0)`
  // dropped): the literal counts of the segments after it moved one place,
  // so `x:b` and `xy:b` after `:p+` tied and the one with less literal text
  // won by its key.
  it("with more literal text wins, in either order", async () => {
    for (
      const patterns of [
        ["/m/:p+/x:b", "/m/:p+/xy:b"],
        ["/m/:p+/xy:b", "/m/:p+/x:b"],
      ]
    ) {
      const router = routerOf(...patterns);
      assert.deepEqual(await hit(router, "/m/1/2/xyz"), {
        status: 200,
        name: "/m/:p+/xy:b",
        params: { p: "1/2", b: "z" },
      });
      assert.equal((await hit(router, "/m/1/xz")).name, "/m/:p+/x:b");
    }
  });
});

describe("a route's head line that is not a safe `Name: value`", () => {
  // _render.ts:150 (`colon <= 0 || !TOKEN.test(name)`→`&&`): a line without
  // a colon, or with a name that is no token, was taken as a header ("XTrace"
  // became a header "xtrac"; "Bad Name" reached Headers' TypeError); and
  // :163 (the control-character refusal's code emptied): a control written
  // into the template's own head was refused with the code "".
  it("is refused when the route is defined, with a code saying why", () => {
    const refusedAs = (define: () => unknown) => refusal(define).code;
    assert.equal(
      refusedAs(() =>
        createRoute()`
          HTTP/1.1 200 OK
          Bad Name: x

          body
        `
      ),
      "INVALID_TEMPLATE",
    );
    assert.equal(
      refusedAs(() =>
        createRoute()`
          HTTP/1.1 200 OK
          XTrace

          body
        `
      ),
      "INVALID_TEMPLATE",
    );
    assert.equal(
      refusedAs(() =>
        createRoute()`
          HTTP/1.1 200 OK
          X-A: a\x01b

          body
        `
      ),
      "UNSAFE_SUBSTITUTION",
    );
  });
});
