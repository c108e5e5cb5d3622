// What the convert draw 20261189 (round 21) led to:
// - fetch.fromRequest hands back an init whose headers are an ordinary
//   object the caller may change (add a token, drop a header), a
//   `__proto__` header an own property like any other. The drawn survivor
//   made each header read-only (assigning one then throws), and no test
//   changed the headers it got;
// - parseBody reads a body as JSON only when each object member has its
//   `:`. The drawn survivor skipped the character where the colon belongs,
//   so `{"a"x1}` was formatted as `{"a": 1}`, the `x` lost; no test had a
//   member without its colon.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { fromRequest } from "../../src/convert/fetch.ts";
import { parseBody } from "../../src/convert/body.ts";

describe("draw 20261189: the headers fromRequest hands back", () => {
  it("are an ordinary object the caller may change", async () => {
    const { options } = await fromRequest({
      method: "GET",
      url: "https://a.test/",
      headers: { accept: "text/html", ["__proto__"]: "p" },
    });
    const headers = options.headers as Record<string, string>;
    assert.equal(Object.getPrototypeOf(headers), Object.prototype);
    assert.ok(Object.hasOwn(headers, "__proto__"));
    headers.accept = "application/json";
    headers.authorization = "Bearer t";
    delete headers["__proto__"];
    assert.deepEqual({ ...headers }, {
      accept: "application/json",
      authorization: "Bearer t",
    });
    // fetch() takes it as it stands.
    const request = new Request("https://a.test/", options);
    assert.equal(request.headers.get("authorization"), "Bearer t");
  });
});

describe("draw 20261189: a JSON object's member without its colon", () => {
  it("is no JSON: the body is kept as text, nothing dropped", () => {
    for (const text of ['{"a" 1}', '{"a"x1}', '{"a";1}', '{"a":1,"b"2}']) {
      assert.throws(() => JSON.parse(text), SyntaxError, text);
      const parsed = parseBody(text, "application/json");
      assert.notEqual(parsed.type, "json", text);
      assert.equal(parsed.formatted, text, text);
    }
  });
});
