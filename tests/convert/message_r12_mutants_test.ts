// Tests for the shared message helpers' survivors of the eleventh round's
// hand planting (native messages to plain form, header look-up), each through
// the public conversions a user calls.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  stringifyRequest,
  stringifyResponse,
} from "../../src/convert/string.ts";
import { fromRequest as curlFromRequest } from "../../src/convert/curl.ts";
import { fromRequest as fetchFromRequest } from "../../src/convert/fetch.ts";
import { fromRequest as harFromRequest } from "../../src/convert/har.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { toRequest as curlToRequest } from "../../src/convert/curl.ts";
import { parseRequest } from "../../src/convert/string.ts";

const at = { startedDateTime: "2024-05-01T12:00:00.000Z" };

describe("a native message without a body", () => {
  it("converts to a message with no body, not an empty one", async () => {
    const post = () => new Request("https://e.x/a", { method: "POST" });
    assert.equal(
      await stringifyRequest(
        new Request("https://e.x/a", { method: "DELETE" }),
      ),
      "DELETE https://e.x/a HTTP/1.1\r\nhost: e.x\r\n\r\n",
    );
    assert.equal(
      await stringifyResponse(new Response(null, { status: 204 })),
      "HTTP/1.1 204 No Content\r\n\r\n",
    );
    assert.equal(
      await curlFromRequest(post()),
      "curl 'https://e.x/a' -X 'POST'",
    );
    assert.deepEqual(await fetchFromRequest(post()), {
      url: "https://e.x/a",
      options: { method: "POST", headers: {} },
    });
  });
});

describe("a native body that is not UTF-8", () => {
  it("is refused naming the kind of message and the HAR function that can carry it", async () => {
    const bytes = () => new Uint8Array([0x61, 0xff, 0xfe]);
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => stringifyResponse(new Response(bytes())),
        "The native Response's body (3 bytes)",
      ],
      [
        () =>
          stringifyRequest(
            new Request("https://e.x/", { method: "PUT", body: bytes() }),
          ),
        "The native Request's body (3 bytes)",
      ],
    ];
    for (const [call, start] of cases) {
      await assert.rejects(call(), (error: unknown) => {
        assert.ok(error instanceof ConversionError, String(error));
        assert.equal(error.code, "INVALID_INPUT");
        assert.ok(error.message.startsWith(start), error.message);
        const kind = start.includes("Request") ? "Request" : "Response";
        assert.ok(error.message.includes(`har.from${kind} `), error.message);
        return true;
      });
    }
  });
});

describe("the content type a HAR entry names", () => {
  it("is the first value of a repeated header, and the first of two spellings", async () => {
    const cases: Record<string, string | string[]>[] = [
      { "content-type": ["text/plain", "text/html"] },
      { "Content-Type": "text/plain", "CONTENT-TYPE": "text/html" },
    ];
    for (const headers of cases) {
      const entry = await harFromRequest(
        { method: "POST", url: "https://e.x/", headers, body: "x" },
        at,
      );
      assert.equal(entry.request.postData?.mimeType, "text/plain");
    }
  });
});

/**
 * Runs `fn` with Object.prototype's `__proto__` accessor as the language
 * defines it (Node and browsers): there, assigning a string to a `__proto__`
 * key does nothing, where Deno's own accessor makes an entry of it.
 */
function withStandardProtoAccessor<T>(fn: () => T): T {
  const own = Object.getOwnPropertyDescriptor(Object.prototype, "__proto__");
  Object.defineProperty(Object.prototype, "__proto__", {
    get(this: object) {
      return Object.getPrototypeOf(this);
    },
    set(this: object, proto: unknown) {
      if (typeof proto === "object") Object.setPrototypeOf(this, proto);
    },
    configurable: true,
  });
  try {
    return fn();
  } finally {
    if (own === undefined) {
      delete (Object.prototype as { __proto__?: unknown }).__proto__;
    } else Object.defineProperty(Object.prototype, "__proto__", own);
  }
}

describe("header names Object.prototype holds", () => {
  it("stay ordinary headers where __proto__ has its accessor, as the language defines it", () => {
    const [curl, raw] = withStandardProtoAccessor(() => [
      curlToRequest("curl -H '__proto__: x' -H 'constructor: y' https://e.x/"),
      parseRequest("GET / HTTP/1.1\r\nHost: e.x\r\n__proto__: z\r\n\r\n"),
    ]);
    assert.equal(
      Object.getOwnPropertyDescriptor(curl.headers, "__proto__")?.value,
      "x",
    );
    assert.equal(curl.headers.constructor, "y");
    assert.equal(Object.getPrototypeOf(curl.headers), Object.prototype);
    assert.equal(
      Object.getOwnPropertyDescriptor(raw.headers, "__proto__")?.value,
      "z",
    );
  });

  it("can be changed and deleted by the caller like any other", () => {
    const { headers } = curlToRequest(
      "curl -H 'constructor: y' -H 'toString: t' -H 'accept: a' https://e.x/",
    );
    delete (headers as { constructor?: unknown }).constructor;
    headers.tostring = "u";
    delete headers.accept;
    assert.deepEqual(Object.entries(headers), [["tostring", "u"]]);
  });
});

describe("a plain message from an untyped caller", () => {
  it("is a GET without a method, and keeps every header around one coerced or dropped", async () => {
    const request = {
      url: "https://e.x/a",
      headers: {
        accept: "x",
        "x-n": 2,
        "x-skip": null,
        "x-b": [true, "y"],
        z: "last",
      },
    };
    assert.equal(
      await stringifyRequest(request as never),
      "GET https://e.x/a HTTP/1.1\r\nhost: e.x\r\naccept: x\r\nx-n: 2\r\n" +
        "x-b: true\r\nx-b: y\r\nz: last\r\n\r\n",
    );
    // Without a method and with headers that need no change; a dropped
    // header first.
    assert.equal(
      await stringifyRequest({ url: "https://e.x/b", headers: {} } as never),
      "GET https://e.x/b HTTP/1.1\r\nhost: e.x\r\n\r\n",
    );
    for (
      const headers of [{ "x-skip": null, accept: "x" }, { "x-skip": null }]
    ) {
      const text = await stringifyRequest(
        { method: "POST", url: "https://e.x/c", headers } as never,
      );
      assert.ok(text.startsWith("POST https://e.x/c HTTP/1.1\r\n"), text);
      assert.equal(text.includes("x-skip"), false, text);
    }
    // The caller's object is left as it was.
    assert.equal(request.headers["x-n"], 2);
    assert.equal("method" in request, false);
    assert.equal(
      await stringifyResponse(
        { statusCode: 200, headers: { "x-a": "1", "x-n": 2 } } as never,
      ),
      "HTTP/1.1 200 OK\r\nx-a: 1\r\nx-n: 2\r\n\r\n",
    );
  });
});

describe("a message that is no object", () => {
  it("is INVALID_INPUT naming the kind expected", async () => {
    const cases: [() => Promise<string>, string][] = [
      [() => stringifyRequest(5 as never), "native Request, got number"],
      [() => stringifyResponse("x" as never), "native Response, got string"],
      [() => stringifyResponse([] as never), "native Response, got an array"],
      [
        () => stringifyRequest({ url: "https://e.x/", headers: [] } as never),
        "headers must be a header map object, got an array",
      ],
      [
        () => stringifyRequest({ url: "https://e.x/", method: null } as never),
        "method must be a string, got null",
      ],
      [
        () => stringifyRequest({ url: "https://e.x/", body: 5 } as never),
        "body must be a string, got number",
      ],
    ];
    for (const [call, end] of cases) {
      await assert.rejects(call(), (error: unknown) => {
        assert.ok(error instanceof ConversionError, String(error));
        assert.equal(error.code, "INVALID_INPUT");
        assert.ok(error.message.endsWith(end), error.message);
        return true;
      });
    }
  });
});

describe("a request object of the caller's own class", () => {
  it("is read through its getters when its fields already have their types", async () => {
    // The fields live on the class's prototype: a copy of the object's own
    // fields would have no method, url or body.
    class Call {
      headers = { "content-type": "text/plain", accept: ["a", "b"] };
      get method() {
        return "PUT";
      }
      get url() {
        return "https://e.x/items/7";
      }
      get body() {
        return "hi";
      }
    }
    assert.equal(
      await stringifyRequest(new Call()),
      "PUT https://e.x/items/7 HTTP/1.1\r\nhost: e.x\r\ncontent-type: text/plain\r\n" +
        "accept: a\r\naccept: b\r\n" +
        "content-length: 2\r\n\r\nhi",
    );
  });
});
