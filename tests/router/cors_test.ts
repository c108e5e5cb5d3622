import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { cors, createRouter, RouteError } from "../../src/router/mod.ts";

const url = (path: string) => `http://localhost${path}`;

function app(options: Parameters<typeof cors>[0] = {}) {
  const helper = cors(options);
  const router = createRouter({ options: helper.options })
    .endpoint`GET /items/:id`(() => new Response("item"))
    .endpoint`PUT /items/:id`(() => Response.json({ saved: true }));
  return helper.wrap(router);
}

/** The CORS headers of a response (and Vary), by name. */
function corsHeaders(response: Response): Record<string, string> {
  return Object.fromEntries(
    [...response.headers].filter(([name]) =>
      name.startsWith("access-control-") || name === "vary"
    ),
  );
}

function preflight(path: string, headers: Record<string, string>): Request {
  return new Request(url(path), { method: "OPTIONS", headers });
}

describe("cors()", () => {
  it("answers a preflight with the path's methods, and marks the actual response", async () => {
    const serve = app({ origin: ["https://app.example"], maxAge: 600 });
    const answer = await serve(preflight("/items/1", {
      origin: "https://app.example",
      "access-control-request-method": "PUT",
      "access-control-request-headers": "content-type, x-token",
    }));
    assert.equal(answer.status, 204);
    assert.deepEqual(corsHeaders(answer), {
      "access-control-allow-origin": "https://app.example",
      "access-control-allow-methods": "GET, PUT, HEAD, OPTIONS",
      "access-control-allow-headers": "content-type, x-token",
      "access-control-max-age": "600",
      vary: "Origin, Access-Control-Request-Headers",
    });
    const put = await serve(
      new Request(url("/items/1"), {
        method: "PUT",
        headers: { origin: "https://app.example" },
      }),
    );
    assert.deepEqual(await put.json(), { saved: true });
    assert.equal(
      put.headers.get("access-control-allow-origin"),
      "https://app.example",
    );
    assert.equal(put.headers.get("vary"), "Origin");
  });

  it("gives no CORS header to another origin or a request without Origin", async () => {
    const serve = app({ origin: ["https://app.example"] });
    const other = await serve(preflight("/items/1", {
      origin: "https://evil.example",
      "access-control-request-method": "PUT",
    }));
    assert.equal(other.headers.get("access-control-allow-origin"), null);
    assert.equal(other.headers.get("access-control-allow-methods"), null);
    const plain = await serve(new Request(url("/items/1")));
    assert.equal(plain.headers.get("access-control-allow-origin"), null);
    assert.equal(await plain.text(), "item");
  });

  it("any origin is *, echoed with credentials; unknown paths stay 404", async () => {
    const star = await app()(
      new Request(url("/items/1"), {
        headers: { origin: "https://a.example" },
      }),
    );
    assert.equal(star.headers.get("access-control-allow-origin"), "*");
    const withCookies = app({ credentials: true, exposeHeaders: ["x-id"] });
    const answer = await withCookies(
      new Request(url("/items/1"), {
        headers: { origin: "https://a.example" },
      }),
    );
    assert.deepEqual(corsHeaders(answer), {
      "access-control-allow-origin": "https://a.example",
      "access-control-allow-credentials": "true",
      "access-control-expose-headers": "x-id",
      vary: "Origin",
    });
    const missing = await app()(preflight("/nope", {
      origin: "https://a.example",
      "access-control-request-method": "GET",
    }));
    assert.equal(missing.status, 404);
  });

  it("refuses options it cannot send", () => {
    assert.throws(() => cors({ origin: ["app.example"] }), RouteError);
    assert.throws(() => cors({ maxAge: -1 }), { code: "INVALID_OPTION" });
  });
});
