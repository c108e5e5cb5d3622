// Behaviour a fresh mutation draw (seed 20261129) found unguarded in the
// converter, after the tests of convert_mutants_test.ts: each test names the
// planted bug it catches (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { parseCode } from "../../src/convert/fetch.ts";
import { parseResponse, stringify } from "../../src/convert/string.ts";
import {
  fromRequest as harFromRequest,
  toRequest,
} from "../../src/convert/har.ts";
import {
  ConversionError,
  ConversionErrorCode,
} from "../../src/convert/errors.ts";

function thrown(run: () => unknown): ConversionError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConversionError) return error;
    throw error;
  }
  assert.fail("expected a ConversionError");
}

async function rejected(run: () => Promise<unknown>): Promise<ConversionError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ConversionError) return error;
    throw error;
  }
  assert.fail("expected a ConversionError");
}

describe("converter behaviour a fresh mutation draw found unguarded", () => {
  // Bug: -O/--remote-name loses its entry in the options that change what
  // curl does with the response, so the warning no longer says the
  // regenerated command will not write the file.
  it("warns that -O and --remote-name write a file the regenerated command does not", () => {
    for (const option of ["-O", "--remote-name", "-o"]) {
      const command = option === "-o"
        ? "curl -o out.bin https://e.x/a"
        : `curl ${option} https://e.x/a`;
      const { warnings, request } = parseCurl(command);
      assert.equal(request.url, "https://e.x/a", command);
      assert.equal(warnings.length, 1, command);
      assert.equal(warnings[0].code, "IGNORED_OPTION");
      assert.equal(warnings[0].option, option);
      assert.match(
        warnings[0].message,
        /writes the response to a file/,
        command,
      );
    }
  });

  // Bug: `-H ';'` (a semicolon at offset 0) is taken as curl's "Name;"
  // form with an empty name instead of a header without a colon, which
  // curl skips.
  it("skips -H ';' with a warning, as curl does, and keeps 'Name;' as an empty header", () => {
    const skipped = parseCurl("curl -H ';' https://e.x/");
    assert.deepEqual(
      skipped.warnings.map((w) => w.code),
      ["INVALID_HEADER"],
    );
    assert.deepEqual(Object.keys(skipped.request.headers ?? {}), []);
    const empty = parseCurl("curl -H 'X-Empty;' https://e.x/");
    assert.deepEqual(empty.warnings, []);
    assert.equal(empty.request.headers?.["x-empty"], "");
  });

  // Bug: an entry with only one of method and url is read as a request,
  // and the error then names the missing field instead of the missing
  // request.
  it("refuses a HAR entry with a method or a url but not both as having no request", () => {
    for (
      const entry of [
        { method: "GET" },
        { url: "https://e.x/" },
        { method: "GET", url: "https://e.x/", request: 1 },
      ]
    ) {
      const error = thrown(() => toRequest(entry as never));
      assert.equal(error.code, "INVALID_HAR", JSON.stringify(entry));
      assert.equal(error.path, "request", JSON.stringify(entry));
    }
    const bare = toRequest({ method: "PUT", url: "https://e.x/b" } as never);
    assert.equal(bare.method, "PUT");
    assert.equal(bare.url, "https://e.x/b");
  });

  // Bug: the error for an unreadable startedDateTime string shows
  // "Invalid Date" instead of the text the caller passed.
  it("quotes an unreadable startedDateTime text in the error", async () => {
    for (const text of ["yesterday", "2024-13-45"]) {
      const error = await rejected(() =>
        harFromRequest({ method: "GET", url: "https://e.x/", headers: {} }, {
          startedDateTime: text,
        })
      );
      assert.equal(error.code, "INVALID_OPTION");
      assert.equal(error.path, "startedDateTime");
      assert.ok(error.message.endsWith(`: ${text}`), error.message);
    }
    const date = await rejected(() =>
      harFromRequest({ method: "GET", url: "https://e.x/", headers: {} }, {
        startedDateTime: new Date(NaN),
      })
    );
    assert.match(date.message, /Invalid Date$/);
  });

  // Bug: a code of the exported table is emptied or misspelled, so a
  // caller comparing `error.code` with the constant never matches.
  it("exports every error code as its own name", () => {
    const entries = Object.entries(ConversionErrorCode);
    assert.ok(entries.length >= 10);
    for (const [name, value] of entries) assert.equal(value, name);
  });
  // Survivors of the next fresh draw (seed 20261130).

  // Bug: \u{10FFFF}, the last code point, is refused as out of range.
  it("reads \\u{10FFFF} in fetch code and refuses \\u{110000}", () => {
    const last = parseCode(
      'fetch("https://e.x/", { method: "POST", body: "\\u{10FFFF}" })',
    );
    assert.equal(last.body?.codePointAt(0), 0x10ffff);
    const past = thrown(() =>
      parseCode(
        'fetch("https://e.x/", { method: "POST", body: "\\u{110000}" })',
      )
    );
    assert.equal(past.code, "INVALID_ESCAPE");
  });

  // Bug: the error for headers that are not a map says "got null" for
  // every kind of value.
  it("names the kind of a headers value that is not a map", async () => {
    for (
      const [headers, kind] of [
        [[1], "an array"],
        [5, "number"],
        ["x", "string"],
      ] as const
    ) {
      const error = await rejected(() =>
        stringify({ url: "https://e.x/", headers } as never)
      );
      assert.equal(error.code, "INVALID_INPUT");
      assert.ok(error.message.endsWith(`got ${kind}`), error.message);
    }
  });
  // Bug: the blanks after a reason phrase are kept ("Not Found \t ").
  it("drops the blanks after a reason phrase, and reads a status line with none", async () => {
    const found = await parseResponse("HTTP/1.1 404 Not Found \t \r\n\r\n");
    assert.equal(found.statusCode, 404);
    assert.equal(found.statusText, "Not Found");
    const bare = await parseResponse("HTTP/1.1 200  \r\n\r\n");
    assert.equal(bare.statusText, "");
  });
  // Bug: postData's mimeType is written as the content-type even when the
  // request has its own header, or when the mimeType is empty.
  it("keeps a HAR request's own content-type, and adds none for an empty mimeType", () => {
    const own = toRequest({
      method: "POST",
      url: "https://e.x/",
      headers: [{ name: "Content-Type", value: "text/plain; charset=utf-8" }],
      postData: { mimeType: "text/plain", text: "hi" },
    } as never);
    assert.deepEqual(own.headers, {
      "content-type": "text/plain; charset=utf-8",
    });
    assert.equal(own.body, "hi");
    const none = toRequest({
      method: "POST",
      url: "https://e.x/",
      headers: [],
      postData: { mimeType: "", text: "hi" },
    } as never);
    assert.deepEqual(none.headers, {});
    const added = toRequest({
      method: "POST",
      url: "https://e.x/",
      headers: [],
      postData: { mimeType: "application/json", text: "{}" },
    } as never);
    assert.deepEqual(added.headers, { "content-type": "application/json" });
  });
});
