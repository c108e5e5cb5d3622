// Behaviour the mutation draws of seeds 20261203, 20261204 and 20261205
// found unguarded in the template router, and bugs planted by hand beside
// them: each test names the planted bug it catches (`deno task mutation
// --sample`). Host lines: host_r11_mutants_test.ts; createRequest and
// createResponse: message_r11_mutants_test.ts.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRoute,
  createRouter,
  type ErrorHandler,
  HTTPExpression,
  RouteError,
} from "../../src/router/mod.ts";
import { answer, named, refusal, watchUnhandled } from "./_r11_answers.ts";

describe("createRoute: the reason phrase of a status line without one", () => {
  // _render.ts:250 (`parsed.status !== status` inverted): the init's reason
  // went out on another status, and the init's own status lost its reason.
  it("the init's reason goes with the init's status only", async () => {
    const moved = await createRoute({ statusText: "All good" })`
      HTTP/1.1 201

      made`(new Request("http://localhost/"));
    assert.equal(moved.status, 201);
    assert.equal(moved.statusText, "Created");
    assert.equal(await moved.text(), "made");
    const kept = await createRoute({ status: 404, statusText: "Gone fishing" })`
      HTTP/1.1 404

      nothing here`(new Request("http://localhost/"));
    assert.equal(kept.status, 404);
    assert.equal(kept.statusText, "Gone fishing");
    assert.equal(await kept.text(), "nothing here");
    // A reason written in the template wins over the init's.
    const written = await createRoute({ status: 404, statusText: "Gone" })`
      HTTP/1.1 404 Not Here
    `(new Request("http://localhost/"));
    assert.equal(written.statusText, "Not Here");
  });
});

describe("router: an errorHandler that answers a stream error with nothing", () => {
  // router.ts:498 (`response?.body` read as `response.body`): an
  // errorHandler that only logs a streamed part's failure (returns
  // undefined) made the router throw from a promise no one awaits.
  it("the stream fails for the client, the error is reported once, nothing is thrown", async () => {
    const unhandled: unknown[] = [];
    const stopWatching = watchUnhandled((reason) => unhandled.push(reason));
    try {
      const reported: string[] = [];
      const logOnly = ((error: Error) => {
        reported.push(error.message);
      }) as unknown as ErrorHandler;
      let fail: (error: Error) => void = () => {};
      const late = new Promise<string>((_, reject) => fail = reject);
      const router = createRouter({ errorHandler: logOnly }).endpoint`GET /`(
        createRoute({ streaming: true })`before ${() => late} after`,
      );
      const response = await router(new Request("http://localhost/"));
      assert.equal(response.status, 200);
      const text = response.text();
      fail(new Error("late"));
      await assert.rejects(text);
      assert.deepEqual(reported, ["late"]);
      // The handler's answer is read in a later microtask; a macrotask
      // runs only once every microtask before it has.
      await new Promise((resolve) => setTimeout(resolve, 0));
      assert.deepEqual(unhandled, []);
    } finally {
      stopWatching();
    }
  });
});

// What the measuring draw of seed 20261204 found unguarded.
describe("router: percent-escapes in a request path", () => {
  // _path.ts:13 (isUnreserved off by one at a bound: `code >= 66`, `<= 91`
  // and the like): an escape of A, Z, a or z stayed escaped and missed its
  // route, or one of @ [ ` { was decoded (RFC 3986 §6.2.2 decodes only the
  // unreserved characters).
  it("escapes of unreserved characters are decoded, every bound included; others are not", async () => {
    const router = createRouter({ caseSensitive: true })
      .endpoint`GET /AZaz09-._~`(named("unreserved"))
      .endpoint`GET /@`(named("at"))
      .endpoint`GET /[`(named("bracket"));
    for (
      const path of [
        "/%41%5A%61%7A%30%39%2D%2E%5F%7E",
        "/%41%5a%61%7a%30%39%2d%2e%5f%7e",
        "/AZaz09-._~",
      ]
    ) {
      assert.equal(
        await answer(router, `http://localhost${path}`),
        "unreserved",
        path,
      );
    }
    assert.equal(await answer(router, "http://localhost/@"), "at");
    assert.equal(await answer(router, "http://localhost/%40"), "404");
    assert.equal(await answer(router, "http://localhost/%5B"), "404");
    assert.equal(await answer(router, "http://localhost/%60"), "404");
  });

  // _path.ts:86 (`high < 0` or `low < 0` off by one): beside a malformed
  // escape, which makes decodeURIComponent throw, an escape whose hex digit
  // is 0 (%20, %09) stayed escaped in a parameter; and with `||` read as
  // `&&` or the `break` dropped, an escape with one bad digit was decoded.
  it("a parameter with a malformed escape still decodes its escapes holding a 0", async () => {
    const router = createRouter().endpoint`GET /files/:name`(
      (_request, context) => new Response(context.params.name),
    );
    assert.equal(
      await answer(router, "http://localhost/files/a%20b%09c%ZZ"),
      "a b\tc%ZZ",
    );
    assert.equal(
      await answer(router, "http://localhost/files/%0A-%FF"),
      "\n-%FF",
    );
    // An escape with one hex digit valid (%2G) stays as written too.
    assert.equal(
      await answer(router, "http://localhost/files/x%2Gy%20"),
      "x%2Gy ",
    );
  });
});

describe("router: a constraint after another parameter of its segment", () => {
  // _regexp_ambiguity.ts:286 (`node.max > 0` read as `>= 0`, or `> 1`): a
  // part repeated at most zero times was taken to read the separator, so a
  // pattern that matches linearly was refused; one repeated at most once
  // (`-?`) was not, so a quadratic one was accepted.
  it("is refused only when it can read the separator before it", async () => {
    const router = createRouter()
      .endpoint`GET /:a-:b{-{0}[0-9]+}`(
        (_request, context) => Response.json(context.params),
      );
    const response = await router(new Request("http://localhost/x-12"));
    assert.deepEqual(await response.json(), { a: "x", b: "12" });
    const error = refusal(() =>
      createRouter().endpoint`GET /:a-:b{-?[0-9]+}`(named("never"))
    );
    assert.equal(error.code, "INVALID_PATTERN");
    assert.equal(error.offset, 7);
    assert.match(error.message, /cannot match "-"/);
  });
});

describe("HTTPExpression: a header line's name", () => {
  // expression.ts:150 (`.trim()` dropped from the name): a blank before
  // the colon, which an endpoint's Host line takes, made the name no token
  // and the expression was refused.
  it("takes blanks around the colon, as an endpoint's Host line does", () => {
    const expression = HTTPExpression`
      GET /x
      Accept : application/json
    `;
    const request = new Request("http://localhost/x", {
      headers: { accept: "application/json" },
    });
    assert.equal(expression.test(request), true);
    assert.equal(expression.test(new Request("http://localhost/x")), false);
  });
});

describe("HTTPExpression: a header line's value", () => {
  // expression.ts:159 (`.trim()` dropped from the value): `Name: *` kept
  // its blank, read as the literal text "*", so a request with the header
  // present did not match.
  it("`Name: *` requires the header to be present, whatever its value", () => {
    const expression = HTTPExpression`
      POST /hooks/:id
      X-Signature: *
      Content-Type: application/json
    `;
    const request = (headers: Record<string, string>) =>
      new Request("http://localhost/hooks/7", { method: "POST", headers });
    const signed = request({
      "x-signature": "sha256=ab12",
      "content-type": "application/json; charset=utf-8",
    });
    assert.equal(expression.test(signed), true);
    assert.equal(expression.exec(signed)?.id, "7");
    assert.equal(
      expression.test(request({ "content-type": "application/json" })),
      false,
    );
    assert.equal(
      expression.test(
        request({ "x-signature": "x", "content-type": "text/plain" }),
      ),
      false,
    );
  });
});

// What the third draw (seed 20261205) found unguarded.
describe("router: constraint classes read as the RegExp engine reads them", () => {
  // _regexp_tree.ts:168 (`text[i + 1] !== "]"` read as `text[i] !== "]"`): a
  // class ending in "-" ([a-z0-9-], a slug) read "-]" as a range, so the
  // pattern was refused or misread.
  it("a class ending in - holds the dash", async () => {
    const router = createRouter()
      .endpoint`GET /posts/:slug{[a-z0-9-]+}`(
        (_request, context) => new Response(context.params.slug),
      )
      .endpoint`GET /tags/:tag{[a-]+}`(
        (_request, context) => new Response(context.params.tag),
      );
    assert.equal(
      await answer(router, "http://localhost/posts/my-post-2"),
      "my-post-2",
    );
    assert.equal(await answer(router, "http://localhost/posts/My-Post"), "404");
    assert.equal(await answer(router, "http://localhost/tags/a-a"), "a-a");
  });

  // _regexp_tree.ts:130 (`!/[0-9]/` read as `/[0-9]/`): \0 not followed by a
  // digit (NUL, as V8 reads it) refused, and \01 (an octal escape V8 reads
  // otherwise) taken as NUL then 1.
  it("\\0 alone is NUL, \\0 before a digit is refused", async () => {
    const router = createRouter().endpoint`GET /:id{[^/\0]+}`(
      (_request, context) => new Response(context.params.id),
    );
    assert.equal(await answer(router, "http://localhost/ab-c"), "ab-c");
    const error = refusal(() =>
      createRouter().endpoint`GET /:id{a\01}`(named("never"))
    );
    assert.equal(error.code, "INVALID_PATTERN");
    assert.match(error.message, /"\\0" is not supported/);
  });
});

describe("router: two parameters in a segment split by one character", () => {
  // Planted beside seed 20261205's _pattern.ts:96 (the test of the
  // characters a class must escape inverted): a `]` between two parameters
  // closed the class of the second one's capture, so `/:a]:b` never
  // matched; the others still split.
  it("splits at ], ^, - and ~ alike", async () => {
    const router = createRouter()
      .endpoint`GET /b/:a]:b`((_request, context) =>
        Response.json(context.params)
      )
      .endpoint`GET /c/:a^:b`((_request, context) =>
        Response.json(context.params)
      )
      .endpoint`GET /d/:a-:b`((_request, context) =>
        Response.json(context.params)
      )
      .endpoint`GET /t/:a~:b`((_request, context) =>
        Response.json(context.params)
      );
    for (
      const [path, params] of [
        ["/b/x]y", { a: "x", b: "y" }],
        ["/c/x^y", { a: "x", b: "y" }],
        ["/d/x-y-z", { a: "x-y", b: "z" }],
        ["/t/x~y", { a: "x", b: "y" }],
      ] as const
    ) {
      const response = await router(new Request(`http://localhost${path}`));
      assert.equal(response.status, 200, path);
      assert.deepEqual(await response.json(), params, path);
    }
  });
});

describe("router: two parameters in a segment split by several characters", () => {
  // _pattern.ts:96 (`separator.length === 1` inverted): a separator of two
  // characters went into a character class, which excludes each of them
  // (or, for "--", is no valid class at all), so `/:from--:to` broke.
  it("the second parameter excludes the separator, not its characters", async () => {
    const router = createRouter()
      .endpoint`GET /range/:from--:to`(
        (_request, context) => Response.json(context.params),
      )
      .endpoint`GET /file/:name.x:rest`(
        (_request, context) => Response.json(context.params),
      );
    const range = await router(
      new Request("http://localhost/range/2020-01--2021-02"),
    );
    assert.deepEqual(await range.json(), { from: "2020-01", to: "2021-02" });
    const file = await router(new Request("http://localhost/file/a.x.xbc"));
    assert.deepEqual(await file.json(), { name: "a.x", rest: "bc" });
  });
});

describe("createRoute: the status a template may send", () => {
  // _render.ts:255 (`status > 599` read as `>= 599`, or `> 600`): 599, the
  // last status Response takes, was refused, or 600 let through to
  // Response's own RangeError.
  it("200 through 599 are sent; 199 and 600 are refused naming the range", async () => {
    for (const status of [200, 599]) {
      const response = await createRoute()`
        HTTP/1.1 ${status} Custom

        body`(new Request("http://localhost/"));
      assert.equal(response.status, status);
      assert.equal(response.statusText, "Custom");
      assert.equal(await response.text(), "body");
    }
    for (const status of [199, 600]) {
      await assert.rejects(
        async () =>
          await createRoute()`
            HTTP/1.1 ${status} Custom

            body`(new Request("http://localhost/")),
        (error: unknown) =>
          error instanceof RouteError && error.code === "INVALID_TEMPLATE" &&
          /allowed: 200-599/.test(error.message),
        String(status),
      );
    }
  });
});

describe("createRoute: the status its init may name", () => {
  // Planted by hand in route.ts's validateInit (`status < 200` read as
  // `<= 200`): createRoute({ status: 200 }) refused, where 200 is the
  // default it names.
  it("200 and 599 are taken, 199, 600 and 404.5 are an INVALID_OPTION", async () => {
    for (const status of [200, 599]) {
      const response = await createRoute({ status })`ok`(
        new Request("http://localhost/"),
      );
      assert.equal(response.status, status);
      assert.equal(await response.text(), "ok");
    }
    for (const status of [199, 600, 404.5]) {
      const error = refusal(() => createRoute({ status }));
      assert.equal(error.code, "INVALID_OPTION", String(status));
      assert.match(error.message, /from 200 to 599/);
    }
  });
});
