// HTTPExpression and the head lines it shares with routes: what the
// fourteenth mutation round (bugs planted by hand in expression.ts and
// template.ts) found unguarded; each test names the planted bug it catches.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createRoute, HTTPExpression } from "../../src/router/mod.ts";
import { refusal } from "./_r11_answers.ts";

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
