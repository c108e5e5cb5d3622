// Routes' heads: what the fifteenth mutation round found unguarded or wrong;
// each test names the planted bug it catches.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRequest,
  createResponse,
  createRoute,
} from "../../src/router/mod.ts";
import { refusal, routeWithHeadLine } from "./_r11_answers.ts";

const request = () => new Request("http://localhost/");

describe("white space around a head line's value, name and reason phrase", () => {
  // _render.ts parseHeaderLine and parseStatusLine took String's trim() off
  // a value, a name and the status line: besides HTTP's optional white
  // space (space and tab) that also removes U+00A0, VT, FF, U+3000 and the
  // other Unicode spaces. U+00A0 is a byte a field value or a reason phrase
  // may hold (obs-text): Fetch's Headers and Node's setHeader keep it, and a
  // name substituted with one lost it here. A VT or FF is a control, which
  // Node refuses and this router refuses inside a value, but at an edge it
  // was silently dropped. Now only spaces and tabs are taken off.
  it("takes off spaces and tabs, and keeps U+00A0 as part of the text", async () => {
    const spaced = await routeWithHeadLine("X-A: \t v w \t")(request());
    assert.equal(spaced.headers.get("x-a"), "v w");
    await spaced.body?.cancel();
    const kept = await routeWithHeadLine("X-A: \u00a0v\u00a0")(request());
    assert.equal(kept.headers.get("x-a"), "\u00a0v\u00a0");
    assert.equal(await kept.text(), "body");
    // The same for data substituted there, and on the second request.
    const named = createRoute()`
      HTTP/1.1 200 OK
      X-Name: ${(incoming: Request) =>
      new URL(incoming.url).searchParams.get("n")}

      hello
    `;
    for (const name of ["\u00a0Bob", "Ann\u00a0"]) {
      const href = `http://localhost/?n=${encodeURIComponent(name)}`;
      const response = await named(new Request(href));
      assert.equal(response.headers.get("x-name"), name);
      await response.body?.cancel();
    }
    const made = await createResponse`HTTP/1.1 200 \u00a0Fine\u00a0
X-B:\u00a0`;
    assert.equal(made.statusText, "\u00a0Fine\u00a0");
    assert.equal(made.headers.get("x-b"), "\u00a0");
    const tabbed = await createResponse`HTTP/1.1 201 \t Made \t`;
    assert.equal(tabbed.statusText, "Made");
    const sent = await createRequest()`
      POST http://localhost/items
      X-C: \u00a0c

      {}
    `;
    assert.equal(sent.headers.get("x-c"), "\u00a0c");
    await sent.body?.cancel();
  });

  it("refuses a control or a wide space at an edge, as inside the text", async () => {
    for (
      const [line, code] of [
        ["X-A: v\v", "UNSAFE_SUBSTITUTION"],
        ["X-A: \fv", "UNSAFE_SUBSTITUTION"],
        ["X-A: v\u3000", "UNSAFE_SUBSTITUTION"],
        ["X-A\u00a0: v", "INVALID_TEMPLATE"],
        ["\u00a0X-A: v", "INVALID_TEMPLATE"],
      ]
    ) {
      assert.equal(
        refusal(() => routeWithHeadLine(line)).code,
        code,
        JSON.stringify(line),
      );
    }
    await assert.rejects(createResponse`HTTP/1.1 200 OK\f`, {
      code: "INVALID_TEMPLATE",
      message: /reason phrase/,
    });
    await assert.rejects(createResponse`HTTP/1.1 200 \vOK`, {
      code: "INVALID_TEMPLATE",
      message: /reason phrase/,
    });
  });
});
