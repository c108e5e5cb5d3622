// Tests for the core utilities' survivors of the eleventh round's hand
// planting, each asserting what a user of core/utils relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  buildUrl,
  getByteSize,
  normalizeHeaders,
  parseQueryString,
} from "../../src/convert/core.ts";
import { ConversionError } from "../../src/convert/errors.ts";

describe("parseQueryString: what follows the first ?", () => {
  it("reads the query as the URL parser does, a second ? included", () => {
    for (
      const url of [
        "https://e.x/??a=1",
        "/p??a=1&b=2",
        "https://e.x/?a=1&a=2#?b=3",
        "https://e.x/p?x=?y",
        "https://e.x/?",
      ]
    ) {
      const expected: Record<string, string | string[]> = {};
      for (
        const [key, value] of new URL(url, "https://base.example/").searchParams
      ) {
        const had = expected[key];
        expected[key] = had === undefined ? value : [had].flat().concat(value);
      }
      assert.deepEqual(parseQueryString(url), expected, url);
    }
    // A bare query with or without its "?".
    assert.deepEqual(parseQueryString("?a=1"), { a: "1" });
    assert.deepEqual(parseQueryString("a=1"), { a: "1" });
  });

  it("gives an ordinary object the caller may change", () => {
    const query = parseQueryString("/s?q=a&page=2&q=b");
    query.page = "3";
    (query.q as string[]).push("c");
    delete query.q;
    assert.deepEqual(query, { page: "3" });
  });
});

describe("header values that are no text", () => {
  it("are INVALID_INPUT, whether a symbol or a value String() cannot convert", () => {
    const values: unknown[] = [
      Symbol("s"),
      Object.create(null),
      {
        toString: () => {
          throw new Error("the caller's own");
        },
      },
    ];
    for (const value of values) {
      for (
        const call of [
          () => normalizeHeaders({ a: value } as never),
          () => normalizeHeaders([["a", value]] as never),
          () => getByteSize(value as string),
        ]
      ) {
        assert.throws(call, (error: unknown) => {
          assert.ok(error instanceof ConversionError, String(error));
          assert.equal(error.code, "INVALID_INPUT");
          return true;
        });
      }
    }
  });
});

describe("buildUrl: a base URL that is no string", () => {
  it("is INVALID_INPUT naming what was given", () => {
    for (
      const [base, named] of [[null, "null"], [
        new URL("https://e.x/"),
        "object",
      ], [7, "number"]] as const
    ) {
      assert.throws(
        () => buildUrl(base as unknown as string, { a: 1 }),
        (error: unknown) => {
          assert.ok(error instanceof ConversionError, String(error));
          assert.equal(error.code, "INVALID_INPUT");
          assert.ok(error.message.endsWith(`got ${named}`), error.message);
          return true;
        },
      );
    }
  });
});

describe("buildUrl: no parameters", () => {
  it("gives the base URL back for null as for none, not a TypeError", () => {
    for (const base of ["/a?b=1#c", "https://e.x/"]) {
      assert.equal(buildUrl(base, null as never), base);
      assert.equal(buildUrl(base), base);
    }
  });
});

describe("buildUrl: a lone surrogate", () => {
  it("is INVALID_INPUT in a key or a value, never a URIError or U+FFFD", () => {
    for (
      const params of [{ q: "a\ud800" }, { ["\udc00k"]: "v" }, {
        q: ["ok", "\ud83d"],
      }]
    ) {
      assert.throws(() => buildUrl("/a", params), (error: unknown) => {
        assert.ok(error instanceof ConversionError, String(error));
        assert.equal(error.code, "INVALID_INPUT");
        return true;
      });
    }
  });
});
