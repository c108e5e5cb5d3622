// The Ruby net/http target's warnings, written for the survivors of the
// thirteenth round's hand planting: what the generated program cannot send
// as the request asks is said, so that a user knows the wire will differ.
import assert from "node:assert/strict";
import { generateCode } from "../../../src/convert/code.ts";
import { BASE } from "./_refusal.ts";

const ruby = { target: "ruby-net-http" };

Deno.test("ruby-net-http: an HTTP/2 or HTTP/3 request warns that net/http sends HTTP/1.1", () => {
  for (const httpVersion of ["2", "HTTP/2", "3", "http/3.0"]) {
    const { warnings } = generateCode({ ...BASE, httpVersion }, ruby);
    assert.deepEqual(
      warnings.map((w) => w.code),
      ["HTTP_VERSION_IGNORED"],
      httpVersion,
    );
  }
  for (const httpVersion of [undefined, "1.1", "HTTP/1.1"]) {
    assert.deepEqual(
      generateCode({ ...BASE, httpVersion }, ruby).warnings,
      [],
      httpVersion,
    );
  }
});

Deno.test("ruby-net-http: a body's own Content-Length or Transfer-Encoding, in any letter case, warns that net/http frames it", () => {
  for (
    const name of ["Content-Length", "content-length", "TRANSFER-ENCODING"]
  ) {
    const { warnings } = generateCode({
      ...BASE,
      method: "POST",
      headers: {
        [name]: name.length === 14 ? "99" : "chunked",
        "content-type": "text/plain",
      },
      body: "abc",
    }, ruby);
    assert.deepEqual(
      warnings.map((w) => [w.code, w.header]),
      [["HEADER_SET_BY_CLIENT", name.toLowerCase()]],
      name,
    );
  }
  // Without a body, a Content-Length is a header like any other.
  const { warnings } = generateCode(
    { ...BASE, method: "DELETE", headers: { "content-length": "0" } },
    ruby,
  );
  assert.deepEqual(warnings, []);
});
