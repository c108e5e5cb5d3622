// The framing headers of a request head read line by line (no Headers object
// per request): a header repeated on a second line, or written in another
// letter case, frames the request exactly as a single line would.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { HttpWireError, parseHead } from "../../src/serve/_http1.ts";

/** The head's text as WireReader.readHead hands it on (no final empty line). */
function head(...lines: string[]) {
  return parseHead(lines.join("\r\n"));
}

function statusOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpWireError) return error.status;
    throw error;
  }
  return undefined;
}

describe("serveGateway's head: framing headers over several lines", () => {
  it("takes a Content-Length repeated with one value, refuses two values", () => {
    const same = head(
      "POST /v1/chat/completions HTTP/1.1",
      "Host: a",
      "Content-Length: 12",
      "content-length: 12",
    );
    assert.deepEqual(same.body, { kind: "length", length: 12 });
    assert.equal(
      statusOf(() =>
        head("POST / HTTP/1.1", "Content-Length: 12", "CONTENT-LENGTH: 13")
      ),
      400,
    );
  });

  it("reads Transfer-Encoding on any line and in any case", () => {
    assert.deepEqual(
      head("POST / HTTP/1.1", "Host: a", "TRANSFER-ENCODING: Chunked").body,
      { kind: "chunked" },
    );
    // Two lines are one list, "chunked, chunked": not a coding it decodes.
    assert.equal(
      statusOf(() =>
        head(
          "POST / HTTP/1.1",
          "Transfer-Encoding: chunked",
          "transfer-encoding: chunked",
        )
      ),
      501,
    );
    assert.equal(
      statusOf(() =>
        head("POST / HTTP/1.1", "Content-Length: 3", "Transfer-Encoding: x")
      ),
      400,
    );
  });

  it("closes when `close` is on the second Connection line, in any case", () => {
    assert.equal(
      head("GET / HTTP/1.1", "Connection: upgrade", "CONNECTION: Close")
        .keepAlive,
      false,
    );
    assert.equal(
      head("GET / HTTP/1.1", "Connection: upgrade", "connection: te")
        .keepAlive,
      true,
    );
    assert.equal(
      head("GET / HTTP/1.0", "connection: te", "Connection: Keep-Alive")
        .keepAlive,
      true,
    );
  });

  it("sees Expect: 100-continue in any case, only on HTTP/1.1", () => {
    const lines = [
      "POST / HTTP/1.1",
      "EXPECT: 100-Continue",
      "Content-Length: 1",
    ];
    assert.equal(head(...lines).expectContinue, true);
    assert.equal(
      head("POST / HTTP/1.0", ...lines.slice(1)).expectContinue,
      false,
    );
    assert.equal(
      head("POST / HTTP/1.1", "Content-Length: 1").expectContinue,
      false,
    );
  });

  it("keeps the Host value and every line for the handler", () => {
    const parsed = head(
      "GET /v1/models HTTP/1.1",
      "HOST: api.example:8080",
      "X-Tag: one",
      "x-tag: two",
    );
    assert.equal(parsed.host, "api.example:8080");
    assert.equal(head("GET / HTTP/1.1", "Accept: */*").host, "");
    assert.equal(parsed.headers.get("x-tag"), "one, two");
    assert.equal(parsed.headers.get("host"), "api.example:8080");
    assert.deepEqual(parsed.fields, [
      ["HOST", "api.example:8080"],
      ["X-Tag", "one"],
      ["x-tag", "two"],
    ]);
  });
});
