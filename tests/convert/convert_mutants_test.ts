// Behaviour the mutation sample found unguarded in the converter: each test
// names the planted bug it catches (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  fromRequest as curlFromRequest,
  parseCurl,
} from "../../src/convert/curl.ts";
import { getByteSize } from "../../src/convert/core.ts";
import { stringifyResponse } from "../../src/convert/string.ts";
import { percentDecode } from "../../src/convert/_percent_decode.ts";
import { fromRequest, parseCode } from "../../src/convert/fetch.ts";
import { toRequest, toResponse } from "../../src/convert/har.ts";
import {
  ConversionError,
  ConversionErrorCode,
  parseRequest,
  stringify,
} from "../../src/convert/string.ts";
import { createRng, randomRequest } from "../../src/convert/random.ts";

function base64Offset(text: string): number | undefined {
  try {
    toResponse({
      response: { status: 200, content: { text, encoding: "base64" } },
    });
  } catch (error) {
    if (error instanceof ConversionError && error.code === "INVALID_BASE64") {
      return error.offset;
    }
    throw error;
  }
  return undefined;
}

describe("converter behaviour the mutation sample found unguarded", () => {
  // Bug: the start of a 4-character group is recorded at the wrong count,
  // so the error points into the middle of the previous group.
  it("points a dangling base64 character at itself, white space counted", () => {
    assert.equal(base64Offset("abcde"), 4);
    assert.equal(base64Offset("abcdefghi"), 8);
    assert.equal(base64Offset("abcd\r\nefgh\r\ni"), 12);
    assert.equal(base64Offset("abcd"), undefined);
  });

  // Bug: --basic is not recognised as an authentication option and gets an
  // IGNORED_OPTION warning although it picks the (default) Basic scheme.
  it("takes --basic as the Basic scheme, with no warning", () => {
    for (
      const command of [
        "curl --basic -u a:b https://e.x/",
        "curl -u a:b --basic https://e.x/",
      ]
    ) {
      const parsed = parseCurl(command);
      assert.equal(parsed.request.headers.authorization, "Basic YTpi");
      assert.deepEqual(parsed.warnings, [], command);
    }
  });

  // Bug: the warning for -r with -T loses its code.
  it("warns FILE_REFERENCE for a range on an upload, naming -r", () => {
    const { warnings } = parseCurl("curl -r 0-99 -T f.txt https://e.x/");
    const range = warnings.find((w) => w.option === "-r");
    assert.equal(range?.code, "FILE_REFERENCE");
    assert.equal(range?.offset, 5);
  });

  // Bug: the generated headers object has non-configurable properties, so
  // a caller cannot delete or redefine a header before calling fetch().
  it("gives fetch() arguments whose headers the caller can edit", async () => {
    const { options } = await fromRequest({
      method: "GET",
      url: "https://e.x/",
      headers: { "x-trace": "1", accept: "text/html" },
    });
    const headers = options.headers as Record<string, string>;
    assert.ok(delete headers["x-trace"]);
    assert.deepEqual(Object.keys(headers), ["accept"]);
    Object.defineProperty(headers, "accept", { value: "application/json" });
    assert.equal(headers.accept, "application/json");
  });

  // Bug: a HAR name/value pair whose value is null is refused instead of
  // read as empty, as a missing value is.
  it("reads a null or missing HAR header value as empty", () => {
    const request = toRequest({
      request: {
        method: "GET",
        url: "https://e.x/",
        headers: [
          { name: "x-null", value: null },
          { name: "x-missing" },
          { name: "x-set", value: "v" },
        ],
      },
    } as never);
    assert.equal(request.headers["x-null"], "");
    assert.equal(request.headers["x-missing"], "");
    assert.equal(request.headers["x-set"], "v");
  });

  // Bug: `\9` (like `\1`…`\8`) is read as "9" instead of refused, though a
  // strict-mode string literal cannot hold it.
  it("refuses \\1 through \\9 in fetch code, and reads \\0 as NUL", () => {
    for (const digit of ["1", "5", "8", "9"]) {
      assert.throws(
        () => parseCode(`fetch("https://e.x/\\${digit}")`),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_ESCAPE",
        digit,
      );
    }
    assert.equal(
      parseCode(`fetch("https://e.x/?a=\\0")`).url,
      "https://e.x/?a=\0",
    );
  });

  // Bugs: any unit after a high surrogate taken as its pair; U+xxFFF's low
  // half (0xDFFF) not taken as one.
  it("counts UTF-8 bytes as TextEncoder does, at every surrogate edge", () => {
    const cases = [
      "\ud800\udc00",
      "\ud800\udfff",
      "\udbff\udfff",
      "\ud800é",
      "\ud800a",
      "a\ud800",
      "\udc00\ud800",
      "\ud800\ud800\udc00",
      "\udfff",
    ];
    for (const text of cases) {
      assert.equal(
        getByteSize(text),
        new TextEncoder().encode(text).length,
        JSON.stringify(text),
      );
    }
  });

  // Bug: the "no overlong form" bound of F0 applied to F1–F4 instead, so
  // overlong F0 80 80 80 decodes and U+40000 (F1 80 80 80) does not.
  it("decodes four-byte escapes exactly where decodeURIComponent does", () => {
    for (
      const escaped of [
        "%F0%80%80%80",
        "%F0%8F%BF%BF",
        "%F0%90%80%80",
        "%F1%80%80%80",
        "%F3%BF%BF%BF",
        "%F4%8F%BF%BF",
        "%F4%90%80%80",
      ]
    ) {
      let expected = escaped;
      try {
        expected = decodeURIComponent(escaped);
      } catch {
        // Not UTF-8: percentDecode keeps it as written.
      }
      assert.equal(percentDecode(escaped, false), expected, escaped);
    }
  });

  // Bug: the error for a native message's binary body names the other kind
  // (a Request's error sends the reader to har.fromResponse).
  it("names the kind of native message whose body is not UTF-8", async () => {
    const binary = new Uint8Array([0xff]);
    await assert.rejects(
      curlFromRequest(
        new Request("https://e.x/", { method: "POST", body: binary }),
      ),
      (error: ConversionError) =>
        error.code === "INVALID_INPUT" &&
        error.message.startsWith("The native Request's body") &&
        error.message.includes("har.fromRequest"),
    );
    await assert.rejects(
      stringifyResponse(new Response(binary)),
      (error: ConversionError) =>
        error.code === "INVALID_INPUT" &&
        error.message.startsWith("The native Response's body") &&
        error.message.includes("har.fromResponse"),
    );
  });

  // Bug: a code constant's value differs from its name, so a caller's
  // `error.code === ConversionErrorCode.X` never matches.
  it("gives every error code constant its own name as value", () => {
    for (const [name, value] of Object.entries(ConversionErrorCode)) {
      assert.equal(value, name);
    }
    assert.throws(
      () => parseRequest("GET\r\n\r\n"),
      (error: ConversionError) =>
        error.code === ConversionErrorCode.INVALID_REQUEST_LINE,
    );
  });

  // Bug: a caller's `rng` is ignored (a fresh generator is used), so a
  // shared generator neither decides the output nor advances.
  it("draws from the caller's rng, which wins over a seed", () => {
    const a = createRng(7);
    const b = createRng(7);
    assert.deepEqual(
      randomRequest({ rng: a }),
      randomRequest({ rng: b, seed: 1 }),
    );
    assert.equal(a.nextUint32(), b.nextUint32());
    // The draw advanced the shared generator past its first value.
    const c = createRng(7);
    randomRequest({ rng: c });
    assert.notEqual(c.nextUint32(), createRng(7).nextUint32());
  });

  // Bug: the refusal of a non-object names the wrong kind ("got object" for
  // null, "got null" for a string).
  it("names what stringify got instead of a message", async () => {
    for (
      const [value, kind] of [[null, "null"], ["GET /", "string"], [
        42,
        "number",
      ]] as const
    ) {
      await assert.rejects(
        stringify(value as never),
        (error: ConversionError) =>
          error.code === "INVALID_INPUT" &&
          error.message.endsWith(`got ${kind}`),
      );
    }
  });
});
