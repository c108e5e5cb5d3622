import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  cook,
  createRequest,
  createResponse,
  createRouter,
  deconstruct,
  HTTPExpression,
  RouteError,
} from "../../src/router/mod.ts";

describe("HTTPExpression", () => {
  it("tests and execs method and path", () => {
    const expression = HTTPExpression`GET /users/:id`;
    const request = new Request("http://localhost/users/a%20b");
    assert.equal(expression.test(request), true);
    const result = expression.exec(request)!;
    assert.equal(result.id, "a b");
    assert.equal(result.method, "GET");
    assert.equal(result.headers, request.headers);
    assert.equal(
      expression.exec(
        new Request("http://localhost/users/1", { method: "POST" }),
      ),
      null,
    );
    assert.equal(expression.exec(new Request("http://localhost/users")), null);
    assert.equal(
      expression.test(new Request("http://localhost/users/1/x")),
      false,
    );
  });

  it("ALL, all and * match every method, extension methods too", () => {
    for (
      const expression of [
        HTTPExpression`ALL /x`,
        HTTPExpression`all /x`,
        HTTPExpression`* /x`,
      ]
    ) {
      for (const method of ["GET", "DELETE", "PATCH", "PURGE"]) {
        const request = new Request("http://localhost/x", { method });
        assert.equal(expression.exec(request)?.method, method);
      }
      assert.equal(expression.test(new Request("http://localhost/y")), false);
    }
    assert.equal(
      HTTPExpression`get /x`.test(new Request("http://localhost/x")),
      true,
      "the expression's method is upper-cased, as fetch normalizes GET",
    );
  });

  it("matches the root path with a pattern of optional segments", () => {
    const expression = HTTPExpression`GET /:lang?`;
    assert.equal(expression.test(new Request("http://localhost/")), true);
    assert.equal(
      expression.exec(new Request("http://localhost/"))!.lang,
      undefined,
    );
    assert.equal(
      expression.exec(new Request("http://localhost/de"))!.lang,
      "de",
    );
    assert.equal(expression.test(new Request("http://localhost/de/")), false);
    // The root pattern itself still matches the root path.
    const root = HTTPExpression`GET /`;
    assert.equal(root.test(new Request("http://localhost/")), true);
    assert.equal(root.test(new Request("http://localhost/x")), false);
  });

  it("constrains matches with header lines", () => {
    const expression = HTTPExpression`
      POST /api/*
      Content-Type: application/json
      Authorization: *
    `;
    const make = (headers: Record<string, string>) =>
      new Request("http://localhost/api/a/b", { method: "POST", headers });
    assert.equal(
      expression.test(
        make({ "content-type": "application/json", authorization: "x" }),
      ),
      true,
    );
    assert.equal(
      expression.test(
        make({
          "content-type": "Application/JSON; charset=utf-8",
          authorization: "x",
        }),
      ),
      true,
    );
    assert.equal(
      expression.test(make({ "content-type": "application/json" })),
      false,
    );
    assert.equal(
      expression.test(
        make({ "content-type": "text/plain", authorization: "x" }),
      ),
      false,
    );
    assert.equal(
      expression.exec(
        make({ "content-type": "application/json", authorization: "x" }),
      )!["*"],
      "a/b",
    );
  });

  it("a header rule with parameters matches the same parameters whatever the blanks", () => {
    const expression = HTTPExpression`
      POST /
      Content-Type: application/json; charset=utf-8
    `;
    const post = (type: string) =>
      new Request("http://localhost/", {
        method: "POST",
        headers: { "content-type": type },
      });
    for (
      const same of [
        "application/json; charset=utf-8",
        "application/json;charset=UTF-8",
        "Application/JSON ; charset=utf-8",
      ]
    ) assert.equal(expression.test(post(same)), true, same);
    for (
      const other of ["application/json", "application/json; charset=latin1"]
    ) {
      assert.equal(expression.test(post(other)), false, other);
    }
  });

  it("an invalid escape in an endpoint is a RouteError naming it, not a route", () => {
    assert.throws(() => createRouter().endpoint`GET /files\xZZ`, {
      code: "INVALID_PATTERN",
    });
    assert.throws(() => createRouter().endpoint`GET /items/${7}\xZZ`, {
      code: "INVALID_PATTERN",
    });
  });

  it("matches any method with * and rejects bad expressions", () => {
    assert.equal(
      HTTPExpression`* /x`.test(
        new Request("http://localhost/x", { method: "PATCH" }),
      ),
      true,
    );
    assert.throws(() => HTTPExpression`/x`, RouteError);
    assert.throws(() => HTTPExpression`GET /x\nbad header`, RouteError);
  });
});

describe("createRequest", () => {
  it("builds a request with headers and body", async () => {
    const request = await createRequest()`
      POST https://example.com/items?x=1 HTTP/1.1
      Content-Type: application/json
      X-Id: ${() => Promise.resolve(5)}

      {"a": ${1}}
    `;
    assert.equal(request.method, "POST");
    assert.equal(request.url, "https://example.com/items?x=1");
    assert.equal(request.headers.get("x-id"), "5");
    assert.deepEqual(await request.json(), { a: 1 });
  });

  it("resolves relative targets against Host or baseUrl and merges default headers", async () => {
    const viaHost = await createRequest()`GET /a\nHost: api.test\n\n`;
    assert.equal(viaHost.url, "http://api.test/a");
    const viaBase = await createRequest({
      baseUrl: "https://b.test",
      headers: { "x-d": "1", "x-e": "1" },
    })`
      DELETE /b
      X-E: 2
    `;
    assert.equal(viaBase.url, "https://b.test/b");
    assert.equal(viaBase.method, "DELETE");
    assert.equal(viaBase.headers.get("x-d"), "1");
    assert.equal(viaBase.headers.get("x-e"), "2");
    await assert.rejects(createRequest()`GET /relative`, {
      code: "INVALID_TEMPLATE",
    });
  });

  it("keeps binary bodies and rejects unsafe lines and GET bodies", async () => {
    const bytes = new Uint8Array([0, 255, 10]);
    const request = await createRequest()`PUT https://x.test/\n\n${bytes}`;
    assert.deepEqual([...new Uint8Array(await request.arrayBuffer())], [
      0,
      255,
      10,
    ]);
    await assert.rejects(
      createRequest()`GET https://x.test/\nX-A: ${"a\r\nb: c"}\n\n`,
      {
        code: "UNSAFE_SUBSTITUTION",
      },
    );
    await assert.rejects(createRequest()`GET https://x.test/\n\nbody`, {
      code: "INVALID_TEMPLATE",
    });
    // Methods Fetch forbids are our error, not the platform's TypeError.
    for (const method of ["TRACE", "connect", "TRACK"]) {
      await assert.rejects(
        createRequest()`${method} https://x.test/`,
        { code: "INVALID_TEMPLATE" },
        method,
      );
    }
  });
});

describe("createResponse", () => {
  it("builds a response like a route template", async () => {
    const response = await createResponse`
      HTTP/1.1 418 I'm a teapot
      Content-Type: text/plain

      short and stout
    `;
    assert.equal(response.status, 418);
    assert.equal(response.statusText, "I'm a teapot");
    assert.equal(response.headers.get("content-length"), "15");
    assert.equal(await response.text(), "short and stout");
  });

  it("reuses the parsed layout of a call site with new values", async () => {
    const make = (n: number) =>
      createResponse`HTTP/1.1 200 OK\nX-N: ${n}\n\n${n}`;
    assert.equal(await (await make(1)).text(), "1");
    const second = await make(2);
    assert.equal(second.headers.get("x-n"), "2");
    assert.equal(await second.text(), "2");
  });

  it("rejects injection and bodies on 204", async () => {
    await assert.rejects(createResponse`HTTP/1.1 200 OK\nX: ${"\n"}\n\n`, {
      code: "UNSAFE_SUBSTITUTION",
    });
    await assert.rejects(createResponse`HTTP/1.1 204 No Content\n\nx`, {
      code: "INVALID_TEMPLATE",
    });
  });
});

describe("deconstruct and cook", () => {
  it("deconstruct returns copies of strings, substitutions and raw", () => {
    const value = { a: 1 };
    const result = deconstruct`a\t${value}b${2}`;
    assert.deepEqual(result.strings, ["a\t", "b", ""]);
    assert.deepEqual(result.raw, ["a\\t", "b", ""]);
    assert.equal(result.substitutions[0], value);
    assert.equal(result.substitutions[1], 2);
  });

  it("cook joins cooked strings and substitutions", () => {
    assert.equal(
      cook`a\t${1}-${null}-${undefined}-${new TextEncoder().encode("é")}`,
      "a\t1---é",
    );
    assert.equal(cook``, "");
  });

  // A body read with arrayBuffer() is an ArrayBuffer, not a view: it is
  // text too, never "[object ArrayBuffer]". A view over part of a buffer
  // gives only its own bytes.
  it("cook decodes an ArrayBuffer, and a view over part of a buffer, as UTF-8", () => {
    const bytes = new TextEncoder().encode("[é€]");
    assert.equal(cook`<${bytes.buffer}>`, "<[é€]>");
    const inner = new Uint8Array(bytes.buffer, 1, bytes.byteLength - 2);
    assert.equal(cook`<${inner}>`, "<é€>");
    assert.equal(cook`${new DataView(bytes.buffer, 1, 2)}`, "é");
  });
});
