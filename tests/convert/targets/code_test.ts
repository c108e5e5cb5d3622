// The code-generation entry and each target's refusals and warnings, without
// running any interpreter (the wire suite does that): bad input gets a typed
// error with a code, never code that sends something else.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  ConversionError,
  generateCode,
  targets,
  toCode,
} from "../../../src/convert/code.ts";
import { allFormats } from "../../../src/convert/all_formats.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";

const BASE: HttpRequest = {
  method: "GET",
  url: "https://a.test/",
  headers: {},
};

function refusal(request: HttpRequest, target: string): ConversionError {
  try {
    generateCode(request, { target });
  } catch (error) {
    assert.ok(error instanceof ConversionError, String(error));
    return error;
  }
  assert.fail(`${target} generated code for ${JSON.stringify(request)}`);
}

// Targets whose client upper-cases the method or keeps one value per name.
const UPPER_CASING = [
  "httpie",
  "wget",
  "node-http",
  "node-axios",
  "python-requests",
  "python-httpx",
];
const ONE_VALUE_PER_NAME = ["wget", "fetch", "node-axios", "python-requests"];
const SHELL = ["curl", "httpie", "wget"];

describe("code targets", () => {
  it("lists unique ids, each with a language and a title", () => {
    const ids = targets.map((target) => target.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const target of targets) {
      assert.match(target.id, /^[a-z]+(-[a-z]+)*$/);
      assert.ok(target.language.length > 0 && target.title.length > 0);
    }
  });

  it("an unknown target is INVALID_OPTION naming the known ones", async () => {
    await assert.rejects(
      () => toCode(BASE, { target: "cobol" }),
      (error: ConversionError) =>
        error.code === "INVALID_OPTION" &&
        error.message.includes("python-requests"),
    );
  });

  for (const target of targets) {
    it(`${target.id}: CR or LF in a header value is INVALID_HEADER`, () => {
      for (const value of ["a\r\nx-injected: 1", "a\nb", "a\rb"]) {
        const error = refusal(
          { ...BASE, headers: { "x-a": value } },
          target.id,
        );
        assert.equal(error.code, "INVALID_HEADER");
      }
    });

    it(`${target.id}: a method that is not a token is INVALID_REQUEST_LINE`, () => {
      const error = refusal(
        { ...BASE, method: "GET / HTTP/1.1\r\nX: y" },
        target.id,
      );
      assert.equal(error.code, "INVALID_REQUEST_LINE");
    });

    it(`${target.id}: the code is deterministic and names the URL`, () => {
      const request = { ...BASE, url: "https://a.test/path?q=1" };
      const first = generateCode(request, { target: target.id }).code;
      assert.equal(generateCode(request, { target: target.id }).code, first);
      assert.ok(first.includes("https://a.test/path?q=1"), first);
    });
  }

  for (const id of UPPER_CASING) {
    it(`${id}: a lower-case method is UNSUPPORTED_BY_TARGET (the client would send it upper-cased)`, () => {
      for (const method of ["patch", "Get", "purge"]) {
        assert.equal(
          refusal({ ...BASE, method }, id).code,
          "UNSUPPORTED_BY_TARGET",
        );
      }
      // The same method upper-case is fine.
      assert.ok(
        generateCode({ ...BASE, method: "PATCH" }, { target: id }).code,
      );
    });
  }

  for (const id of ONE_VALUE_PER_NAME) {
    it(`${id}: a repeated header is UNSUPPORTED_BY_TARGET, in any letter case`, () => {
      const repeated = { ...BASE, headers: { "x-m": ["1", "2"] } };
      assert.equal(refusal(repeated, id).code, "UNSUPPORTED_BY_TARGET");
      const cased = { ...BASE, headers: { "X-M": "1", "x-m": "2" } };
      assert.equal(refusal(cased, id).code, "UNSUPPORTED_BY_TARGET");
    });
  }

  for (const id of SHELL) {
    it(`${id}: NUL in the body is refused (no argument can carry it)`, () => {
      const error = refusal({ ...BASE, method: "POST", body: "a\0b" }, id);
      assert.equal(error.code, "INVALID_INPUT");
    });
  }

  it("httpie: a method of other than letters is refused, a backslash before a separator too", () => {
    assert.equal(
      refusal({ ...BASE, method: "M-SEARCH" }, "httpie").code,
      "UNSUPPORTED_BY_TARGET",
    );
    const value = { ...BASE, headers: { "x-a": "a\\=b" } };
    assert.equal(refusal(value, "httpie").code, "UNSUPPORTED_BY_TARGET");
  });

  it("fetch: a body on GET or HEAD, and a non-ASCII header value, are refused", () => {
    for (const method of ["GET", "HEAD", "get"]) {
      assert.equal(
        refusal({ ...BASE, method, body: "x" }, "fetch").code,
        "UNSUPPORTED_BY_TARGET",
      );
    }
    assert.equal(
      refusal({ ...BASE, headers: { "x-a": "café" } }, "fetch").code,
      "UNSUPPORTED_BY_TARGET",
    );
  });

  it("a client speaking HTTP/1.1 only warns for an HTTP/2 request", () => {
    for (
      const id of [
        "python-requests",
        "python-httpx",
        "node-http",
        "node-axios",
        "httpie",
        "wget",
      ]
    ) {
      const { warnings } = generateCode({ ...BASE, httpVersion: "2" }, {
        target: id,
      });
      assert.deepEqual(
        warnings.map((w) => w.code),
        ["HTTP_VERSION_IGNORED"],
        id,
      );
      const plain = generateCode({ ...BASE, httpVersion: "1.1" }, {
        target: id,
      });
      assert.deepEqual(plain.warnings, [], id);
    }
  });

  it("a lone surrogate is sent as U+FFFD, with a warning", () => {
    const { code, warnings } = generateCode(
      { ...BASE, method: "POST", body: "a\ud800b" },
      { target: "python-requests" },
    );
    assert.deepEqual(warnings.map((w) => w.code), ["LONE_SURROGATE_REPLACED"]);
    assert.ok(code.includes('"a\ufffdb".encode()'), code);
  });

  it("wget warns that it adds a form Content-Type to a body without one", () => {
    const { warnings } = generateCode({ ...BASE, method: "POST", body: "x" }, {
      target: "wget",
    });
    assert.deepEqual(warnings.map((w) => [w.code, w.header]), [[
      "HEADER_SET_BY_CLIENT",
      "content-type",
    ]]);
  });

  it("a path-only URL takes its server from the host header, else INVALID_URL", () => {
    const request = {
      ...BASE,
      url: "/x?y=1",
      headers: { host: "h.test:8080" },
    };
    const { code } = generateCode(request, { target: "python-httpx" });
    assert.ok(code.includes('"http://h.test:8080/x?y=1"'), code);
    assert.equal(
      refusal({ ...BASE, url: "/x" }, "python-httpx").code,
      "INVALID_URL",
    );
  });

  it("a native Request is read from a clone", async () => {
    const request = new Request("https://a.test/n", {
      method: "PUT",
      body: "it's",
    });
    const { code } = await toCode(request, { target: "node-axios" });
    assert.ok(code.includes(`data: "it's"`), code);
    assert.equal(request.bodyUsed, false);
  });

  it("a native body that is not UTF-8 is INVALID_INPUT, never U+FFFD on the wire", async () => {
    const request = new Request("https://a.test/b", {
      method: "POST",
      body: new Uint8Array([0x61, 0xff, 0x62]),
    });
    for (const target of ["python-requests", "wget", "node-http"]) {
      await assert.rejects(
        () => toCode(request, { target }),
        (error: ConversionError) => error.code === "INVALID_INPUT",
      );
    }
  });

  it("allFormats has every target's code or its refusal", async () => {
    const all = await allFormats({ ...BASE, method: "patch" });
    for (const target of targets) {
      assert.ok(
        (target.id in all.code) !== (target.id in all.codeRefused),
        target.id,
      );
    }
    assert.equal(
      all.codeRefused["python-requests"].code,
      "UNSUPPORTED_BY_TARGET",
    );
    assert.ok(all.code.curl.includes("-X 'patch'"));
  });
});
