// CORS options that bugs planted by hand in cors.ts (eleventh mutation
// round) showed unguarded: each test names the planted bug it catches.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { cors, createRouter } from "../../src/router/mod.ts";

function serve(options: Parameters<typeof cors>[0]) {
  const helper = cors(options);
  return helper.wrap(
    createRouter({ options: helper.options })
      .endpoint`GET /items/:id`(() => new Response("item")),
  );
}

describe("cors(): option edges", () => {
  // `init.maxAge < 0`→`<= 0`: maxAge 0 (a browser re-asks before every
  // request) refused as negative. The cors package for Express and hono's
  // cors both send `Access-Control-Max-Age: 0` for it.
  it("maxAge 0 is accepted and sent, a negative one refused", async () => {
    const answer = await serve({ maxAge: 0 })(
      new Request("http://localhost/items/1", {
        method: "OPTIONS",
        headers: {
          origin: "https://app.example",
          "access-control-request-method": "GET",
        },
      }),
    );
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get("access-control-max-age"), "0");
    assert.throws(() => cors({ maxAge: -1 }), { code: "INVALID_OPTION" });
  });

  // `init.exposeHeaders.length > 0`→`>= 0`: an empty list sent an empty
  // `Access-Control-Expose-Headers`. Express's cors and hono send none.
  it("an empty exposeHeaders list sends no Expose-Headers, a listed one does", async () => {
    const request = () =>
      new Request("http://localhost/items/1", {
        headers: { origin: "https://app.example" },
      });
    const none = await serve({ exposeHeaders: [] })(request());
    assert.equal(await none.text(), "item");
    assert.equal(none.headers.get("access-control-allow-origin"), "*");
    assert.equal(none.headers.has("access-control-expose-headers"), false);
    const listed = await serve({ exposeHeaders: ["X-Id", "ETag"] })(request());
    assert.equal(
      listed.headers.get("access-control-expose-headers"),
      "X-Id, ETag",
    );
  });

  // `init.allowHeaders === undefined && asked !== null`→`||`: a configured
  // allowHeaders list, which no request changes, answered with
  // `Vary: Access-Control-Request-Headers`. And an echoing preflight that
  // was not asked for headers sent no Vary, though its answer depends on
  // them (fixed: the cors package for Express sends it whenever it echoes).
  it("Vary names Access-Control-Request-Headers exactly when the answer echoes them", async () => {
    const preflight = (asked?: string) =>
      new Request("http://localhost/items/1", {
        method: "OPTIONS",
        headers: {
          origin: "https://app.example",
          "access-control-request-method": "GET",
          ...(asked === undefined
            ? {}
            : { "access-control-request-headers": asked }),
        },
      });
    const echoing = serve({});
    const unasked = await echoing(preflight());
    assert.equal(unasked.headers.has("access-control-allow-headers"), false);
    assert.equal(unasked.headers.get("vary"), "Access-Control-Request-Headers");
    const asked = await echoing(preflight("X-Token"));
    assert.equal(asked.headers.get("access-control-allow-headers"), "X-Token");
    assert.equal(asked.headers.get("vary"), "Access-Control-Request-Headers");
    const fixed = serve({ allowHeaders: ["Content-Type", "X-Token"] });
    for (const request of [preflight("x-other"), preflight()]) {
      const answer = await fixed(request);
      assert.equal(answer.status, 204);
      assert.equal(
        answer.headers.get("access-control-allow-headers"),
        "Content-Type, X-Token",
      );
      assert.equal(answer.headers.get("vary"), null);
    }
  });
});
