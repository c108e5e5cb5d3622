// Behaviour of the template router that the eleventh mutation round (seeds
// 20261207 and 20261208, and bugs planted by hand in its least-tested files)
// found unguarded: each test names the planted bug it catches. CORS:
// cors_r12_mutants_test.ts.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRoute,
  createRouter,
  type RouterInit,
} from "../../src/router/mod.ts";
import { answer, named, refusal } from "./_r11_answers.ts";

describe("RouterInit: how a refused value is shown", () => {
  const message = (init: unknown) => {
    const error = refusal(() => createRouter(init as RouterInit));
    assert.equal(error.code, "INVALID_OPTION");
    return error.message;
  };
  // _options.ts:63 and :66 (a `return` dropped in describe): a function or
  // an object given where another kind belongs was shown by String(), so
  // the error (and any log of it) carried the function's source text.
  it("a function or an object is named by its kind, never by its text", () => {
    const handler = () => new Response("token sk-secret-in-source");
    const shown = message({ trailingSlash: handler });
    assert.match(shown, /^RouterInit\.trailingSlash .*got a function$/);
    assert.doesNotMatch(shown, /sk-secret|Response/);
    assert.match(
      message({ maxParamLength: { max: 10 } }),
      /maxParamLength .*got an object$/,
    );
  });

  // _options.ts:68 (`value.length > 60`→`>= 60`): a text of exactly 60
  // characters was shown with "…", as if cut.
  it("a text is shown whole up to 60 characters, then cut with …", () => {
    const sixty = "a".repeat(59) + "z";
    assert.match(message({ trailingSlash: sixty }), new RegExp(`"${sixty}"$`));
    assert.match(
      message({ trailingSlash: sixty + "!" }),
      new RegExp(`"${sixty}…"$`),
    );
  });

  // _options.ts:70 (the bigint test inverted): every number and boolean was
  // shown with a bigint's `n` ("got 1.5n"), and a bigint without it.
  it("a number, a boolean and a bigint are shown as written", () => {
    assert.match(message({ maxParamLength: 1.5 }), /got 1\.5$/);
    assert.match(message({ caseSensitive: 0 }), /got 0$/);
    assert.match(message({ cache: 1 }), /got 1$/);
    assert.match(message({ defaultHandler: false }), /got false$/);
    assert.match(message({ maxParamLength: 10n }), /got 10n$/);
  });
});

describe("router.remove: one route of a host that has others", () => {
  // _routes.ts:86 (the emptied-group test inverted): removing one route of
  // a host dropped the host's whole group, so its other routes answered 404.
  it("the host's other routes, exact or pattern, still answer", async () => {
    const router = createRouter()
      .endpoint`GET /a
        Host: api.example.com`(named("api a"))
      .endpoint`GET /b
        Host: api.example.com`(named("api b"))
      .endpoint`GET /c
        Host: :tenant.example.com`((_request, { params }) =>
      new Response(`c for ${params.tenant}`)
    )
      .endpoint`GET /d
        Host: :tenant.example.com`((_request, { params }) =>
      new Response(`d for ${params.tenant}`)
    );
    assert.equal(
      router.remove`GET /a
        Host: api.example.com`,
      true,
    );
    assert.equal(await answer(router, "http://api.example.com/a"), "404");
    assert.equal(await answer(router, "http://API.example.com/b"), "api b");
    assert.equal(
      router.remove`GET /c
        Host: :tenant.example.com`,
      true,
    );
    assert.equal(await answer(router, "http://acme.example.com/c"), "404");
    assert.equal(
      await answer(router, "http://acme.example.com/d"),
      "d for acme",
    );
    assert.deepEqual(
      router.routes().map(({ method, pattern, host }) =>
        `${method} ${pattern} ${host}`
      ),
      ["GET /b api.example.com", "GET /d :tenant.example.com"],
    );
  });

  // _routes.ts:90 (`g !== group`→`===`): removing a host's last route kept
  // only that host among the host patterns, so every other host pattern's
  // routes stopped answering.
  it("a host's last route removed: the other hosts' routes still answer", async () => {
    const router = createRouter()
      .endpoint`GET /
        Host: api.example.com`(named("api"))
      .endpoint`GET /
        Host: :tenant.example.com`(named("tenant"))
      .endpoint`GET /
        Host: :shop.example.org`(named("shop"));
    assert.equal(
      router.remove`GET /
        Host: api.example.com`,
      true,
    );
    assert.equal(await answer(router, "http://api.example.com/"), "tenant");
    assert.equal(await answer(router, "http://books.example.org/"), "shop");
    assert.equal(
      router.remove`GET /
        Host: :tenant.example.com`,
      true,
    );
    assert.equal(await answer(router, "http://acme.example.com/"), "404");
    assert.equal(await answer(router, "http://books.example.org/"), "shop");
  });
});

describe("405 and OPTIONS on a host pattern's paths", () => {
  // _routes.ts:132 (`matchers.push(group.matcher)` dropped): a path known
  // only to a host pattern's routes was unknown on its own hosts, so another
  // method got 404 instead of 405 and OPTIONS no Allow list.
  it("a matching host knows the path, another host does not", async () => {
    const router = createRouter()
      .endpoint`GET /items/:id
        Host: :tenant.example.com`(named("item"));
    const on = "http://acme.example.com/items/1";
    assert.equal(await answer(router, on), "item");
    const wrong = await router(new Request(on, { method: "DELETE" }));
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get("allow"), "GET, HEAD, OPTIONS");
    const options = await router(new Request(on, { method: "OPTIONS" }));
    assert.equal(options.status, 204);
    assert.equal(options.headers.get("allow"), "GET, HEAD, OPTIONS");
    const elsewhere = "http://acme.example.org/items/1";
    assert.equal(await answer(router, elsewhere, { method: "DELETE" }), "404");
  });
});

describe("a constraint's end", () => {
  // _constraint.ts:13 (`char !== "]"`→`===` in constraintEnd): a class
  // ended at its second character, so a `}` inside it closed the
  // constraint and a valid pattern was refused as an invalid RegExp.
  it("a } inside a character class does not close the constraint", async () => {
    const router = createRouter()
      .endpoint`GET /t/:x{[a-c}]+}`((_request, { params }) =>
        new Response(params.x)
      )
      .endpoint`GET /n/:n{[0-9]{2}}`((_request, { params }) =>
        new Response(params.n)
      );
    assert.deepEqual(router.routes().map((route) => route.pattern), [
      "/t/:x{[a-c}]+}",
      "/n/:n{[0-9]{2}}",
    ]);
    assert.equal(await answer(router, "http://localhost/t/cab"), "cab");
    assert.equal(await answer(router, "http://localhost/t/cad"), "404");
    assert.equal(await answer(router, "http://localhost/n/42"), "42");
    assert.equal(await answer(router, "http://localhost/n/421"), "404");
  });
});

describe("a text/plain body's substitutions", () => {
  // _escape.ts:19 (`value === null || value === undefined`→`&&`): null and
  // undefined went out as the words "null" and "undefined" in every body
  // type but HTML, XML and JSON, where the router guide says nothing.
  it("null and undefined render nothing; 0 and false their text", async () => {
    for (const streaming of [false, true]) {
      const route = createRoute({ streaming })`
        HTTP/1.1 200 OK
        Content-Type: text/plain; charset=utf-8

        [${() => null}|${undefined}|${() => Promise.resolve(undefined)}|${() =>
        0}|${false}]`;
      const response = await route(new Request("http://localhost/"));
      assert.equal(
        await response.text(),
        "[|||0|false]",
        `streaming ${streaming}`,
      );
    }
  });
});

describe("a body's media type with blanks before its parameters", () => {
  // _escape.ts:33 (`.trim()` dropped from the essence): `text/html ;
  // charset=utf-8` (RFC 9110 allows blanks before `;`, and browsers render
  // it as HTML) was not recognized as HTML, so a substitution went out
  // unescaped.
  it("text/html ; charset=… still escapes, application/json ; … still encodes", async () => {
    const name = () => `<script>alert("x")</script>`;
    const page = await createRoute()`
      HTTP/1.1 200 OK
      Content-Type: text/html ; charset=utf-8

      <p>${name}</p>`(new Request("http://localhost/"));
    assert.equal(
      await page.text(),
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>",
    );
    const json = await createRoute()`
      HTTP/1.1 200 OK
      Content-Type: application/json ; charset=utf-8

      {"name": ${name}}`(new Request("http://localhost/"));
    assert.deepEqual(await json.json(), { name: name() });
  });
});

describe("a JSON body's string literals around substitutions", () => {
  // _escape.ts:62 (`escaped = false`→`true`): after an escape in a string
  // literal of the template, every later quote of that text was read as
  // escaped, so a substitution after the literal counted as inside a string:
  // text went out unquoted and broke the document. Read without its escape,
  // the literal's odd quote count flips the state the other way.
  it("an escaped quote in the template's text ends no string early or late", async () => {
    const route = createRoute()`
      HTTP/1.1 200 OK
      Content-Type: application/json

      {"quote": "5\\" tall", "name": ${(request: Request) =>
      new URL(request.url).searchParams.get("name")}, "tag": "${() =>
      'a"b'}", "path": "C:\\\\", "n": ${() => 5}}`;
    const response = await route(
      new Request(
        "http://localhost/?name=" +
          encodeURIComponent('x", "admin": true, "y": "'),
      ),
    );
    assert.deepEqual(await response.json(), {
      quote: '5" tall',
      name: 'x", "admin": true, "y": "',
      tag: 'a"b',
      path: "C:\\",
      n: 5,
    });
  });

  // _escape.ts:53 (`let escaped = false`→`true`): the body's first
  // character was read as escaped, so a JSON document that is one string
  // literal had its substitutions written as quoted JSON values inside it.
  it("a body that is one string literal keeps its substitutions as string content", async () => {
    const route = createRoute()`
      HTTP/1.1 200 OK
      Content-Type: application/json

      "Hello, ${() => 'Ada "the first"'}!"`;
    const response = await route(new Request("http://localhost/"));
    assert.equal(await response.json(), 'Hello, Ada "the first"!');
  });
});

describe("a template's common indentation", () => {
  // _template_parse.ts:28 (`&&`→`||` in commonPrefix): the first line's
  // indentation was taken as the common one, so a body whose first line is
  // indented deeper than the next lost its relative indentation.
  it("is the least of its lines, also when the first line is the deepest", async () => {
    const route = createRoute()`
      HTTP/1.1 200 OK
      Content-Type: text/plain

          - nested first
        - then its parent
      end`;
    assert.equal(
      await (await route(new Request("http://localhost/"))).text(),
      "    - nested first\n  - then its parent\nend",
    );
    const bodyOnly = createRoute()`
        deeper
      shallow`;
    assert.equal(
      await (await bodyOnly(new Request("http://localhost/"))).text(),
      "  deeper\nshallow",
    );
  });

  // _template_parse.ts:60 (`startsWithBreak` starting true): a first line
  // that holds text counted, so its zero indentation left every other line
  // indented.
  it("a first line that holds text does not count", async () => {
    const route = createRoute()`<ul>
        <li>one</li>
      </ul>`;
    assert.equal(
      await (await route(new Request("http://localhost/"))).text(),
      "<ul>\n  <li>one</li>\n</ul>",
    );
    // _template_parse.ts:82 (its `return line` dropped): that first line's
    // own blanks were cut too.
    const indented = createRoute()`  first
        second
      third`;
    assert.equal(
      await (await indented(new Request("http://localhost/"))).text(),
      "  first\n  second\nthird",
    );
  });

  // _template_parse.ts:61 (`lines.length > 1`→`>= 1`) and :64 (`> 0`→`> 1`):
  // a one-line template of blanks lost them, and a template that is only a
  // line break and the closing backtick's indentation kept the blanks.
  it("blanks on the only line are the body; a break and indentation alone are none", async () => {
    const text = async (route: (request: Request) => Promise<Response>) =>
      await (await route(new Request("http://localhost/"))).text();
    assert.equal(await text(createRoute()`  `), "  ");
    assert.equal(
      await text(createRoute()`
      `),
      "",
    );
  });

  // _template_parse.ts:67 (`lines.length > 0`→`> 1`): with CRLF line ends
  // and one body line, the CR before the closing line stayed in the body.
  it("CRLF line ends: the break before the closing line goes, CR included", async () => {
    const route = createRoute()`\r\n      hello\r\n      `;
    assert.equal(
      await (await route(new Request("http://localhost/"))).text(),
      "hello",
    );
  });
});

describe("the cache's 304", () => {
  // _cache.ts:19 ("content-location" emptied in the list a 304 repeats): a
  // 304 dropped the Content-Location its 200 sends, which RFC 9110 §15.4.5
  // says it must repeat; the body's own headers stay out.
  it("repeats Content-Location, Vary and the validators, not the body's headers", async () => {
    const router = createRouter({ cache: true }).endpoint`GET /doc`(
      createRoute()`
        HTTP/1.1 200 OK
        Content-Type: text/plain
        Content-Location: /doc.en.txt
        Content-Language: en
        Vary: Accept-Language

        hello`,
    );
    const first = await router(new Request("http://localhost/doc"));
    assert.equal(await first.text(), "hello");
    const etag = first.headers.get("etag")!;
    const again = await router(
      new Request("http://localhost/doc", {
        headers: { "if-none-match": etag },
      }),
    );
    assert.equal(again.status, 304);
    assert.equal(again.headers.get("content-location"), "/doc.en.txt");
    assert.equal(again.headers.get("vary"), "Accept-Language");
    assert.equal(again.headers.get("etag"), etag);
    assert.equal(again.headers.get("content-type"), null);
    assert.equal(again.headers.get("content-language"), null);
  });
});
