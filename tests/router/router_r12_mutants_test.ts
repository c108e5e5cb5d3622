// Behaviour of the template router that the eleventh mutation round (seeds
// 20261207 and 20261208, and bugs planted by hand in its least-tested files)
// found unguarded: each test names the planted bug it catches. CORS:
// cors_r12_mutants_test.ts.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createRouter } from "../../src/router/mod.ts";
import { answer, named } from "./_r11_answers.ts";

describe("router.remove: one route of a host that has others", () => {
  // _routes.ts:86 (the emptied-group test inverted): removing one route of
  // a host dropped the host's whole group, so its other routes answered 404.
  it("the host's other routes, exact or pattern, still answer", async () => {
    const router = createRouter()
      .endpoint`GET /a
        Host: api.example.com`(named("api a"))
      .endpoint`GET /b
        Host: api.example.com`(named("api b"))
      .endpoint`GET /c
        Host: :tenant.example.com`((_request, { params }) =>
      new Response(`c for ${params.tenant}`)
    )
      .endpoint`GET /d
        Host: :tenant.example.com`((_request, { params }) =>
      new Response(`d for ${params.tenant}`)
    );
    assert.equal(
      router.remove`GET /a
        Host: api.example.com`,
      true,
    );
    assert.equal(await answer(router, "http://api.example.com/a"), "404");
    assert.equal(await answer(router, "http://API.example.com/b"), "api b");
    assert.equal(
      router.remove`GET /c
        Host: :tenant.example.com`,
      true,
    );
    assert.equal(await answer(router, "http://acme.example.com/c"), "404");
    assert.equal(
      await answer(router, "http://acme.example.com/d"),
      "d for acme",
    );
    assert.deepEqual(
      router.routes().map(({ method, pattern, host }) =>
        `${method} ${pattern} ${host}`
      ),
      ["GET /b api.example.com", "GET /d :tenant.example.com"],
    );
  });
});
