// Host-aware routes: a `Host:` line under `METHOD /pattern` in the endpoint
// template. find-my-way's host-constraint cases, ported in our own words,
// and the 404/405 rules per host.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  type Handler,
  RouteError,
} from "../../src/router/mod.ts";

/** Answers with a name, the matched pattern and the params. */
const named = (name: string): Handler => (_request, { pattern, params }) =>
  Response.json({ name, pattern, params: { ...params } });

async function ask(
  router: (request: Request) => Promise<Response>,
  href: string,
  method = "GET",
): Promise<{ status: number; name?: string; params?: object }> {
  const response = await router(new Request(href, { method }));
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status };
  }
  const { name, params } = await response.json();
  return { status: 200, name, params };
}

describe("Host lines", () => {
  it("one path, several hosts and a route for every other host", async () => {
    const router = createRouter()
      .endpoint`GET /`(named("alpha"))
      .endpoint`GET /
        Host: fastify.io`(named("beta"))
      .endpoint`GET /
        Host: example.com`(named("gamma"));
    assert.equal(
      (await ask(router, "http://something-else.io/")).name,
      "alpha",
    );
    assert.equal((await ask(router, "http://fastify.io/")).name, "beta");
    assert.equal((await ask(router, "http://example.com/")).name, "gamma");
    // The second request to a host is answered alike (tables compiled once).
    assert.equal((await ask(router, "http://fastify.io/")).name, "beta");
  });

  it("a host pattern matches one label per parameter; an exact host wins over it", async () => {
    const router = createRouter()
      .endpoint`GET /
        Host: fastify.io`(named("beta"))
      .endpoint`GET /
        Host: :sub.fastify.io`(named("gamma"))
      .endpoint`GET /
        Host: www.fastify.io`(named("www"))
      .endpoint`GET /
        Host: :x.:y.io`(named("loose"));
    assert.equal((await ask(router, "http://fastify.io/")).name, "beta");
    assert.deepEqual(await ask(router, "http://foo.fastify.io/"), {
      status: 200,
      name: "gamma",
      params: { sub: "foo" },
    });
    assert.equal((await ask(router, "http://www.fastify.io/")).name, "www");
    // Both patterns match: the one with more literal labels wins.
    assert.equal((await ask(router, "http://bar.fastify.io/")).name, "gamma");
    assert.deepEqual((await ask(router, "http://a.b.io/")).params, {
      x: "a",
      y: "b",
    });
    assert.equal((await ask(router, "http://a.b.fastify.io/")).status, 404);
    assert.equal((await ask(router, "http://example.com/")).status, 404);
  });

  it("gives host params beside path params", async () => {
    const router = createRouter({ baseUrl: "/api" })
      .endpoint`GET /users/:id
        Host: :tenant.:region.example.com`(named("user"));
    assert.deepEqual(
      (await ask(router, "http://acme.eu.example.com/api/users/42")).params,
      { tenant: "acme", region: "eu", id: "42" },
    );
    assert.deepEqual(router.routes(), [{
      method: "GET",
      pattern: "/api/users/:id",
      params: ["id", "tenant", "region"],
      host: ":tenant.:region.example.com",
    }]);
  });

  it("compares hosts without case and ignores the port and a trailing dot", async () => {
    const router = createRouter()
      .endpoint`GET /x
        Host: API.Example.COM`(named("api"))
      .endpoint`GET /y
        host: :Tenant.example.com`(named("tenant"));
    for (
      const href of [
        "http://api.example.com/x",
        "http://API.EXAMPLE.com:8443/x",
        "https://api.example.com.:1/x",
      ]
    ) {
      assert.equal((await ask(router, href)).name, "api", href);
    }
    // A host param holds the host as the URL parser writes it: lower case.
    assert.deepEqual(
      (await ask(router, "http://ACME.example.com:8080/y")).params,
      { Tenant: "acme" },
    );
  });

  it("a path known only on another host is a 404 here, not a 405", async () => {
    const router = createRouter()
      .endpoint`GET /admin
        Host: admin.example.com`(named("admin"))
      .endpoint`GET /public`(named("public"));
    const admin = "http://admin.example.com/admin";
    const elsewhere = "http://www.example.com/admin";
    assert.equal((await ask(router, elsewhere)).status, 404);
    assert.equal((await ask(router, elsewhere, "DELETE")).status, 404);
    assert.equal((await ask(router, elsewhere, "OPTIONS")).status, 404);
    const wrong = await router(new Request(admin, { method: "DELETE" }));
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get("allow"), "GET, HEAD, OPTIONS");
    const options = await router(new Request(admin, { method: "OPTIONS" }));
    assert.equal(options.status, 204);
    assert.equal(options.headers.get("allow"), "GET, HEAD, OPTIONS");
    // Routes without Host answer on every host, this one included.
    const onAdmin = await router(
      new Request("http://admin.example.com/public", { method: "POST" }),
    );
    assert.equal(onAdmin.status, 405);
    const head = await router(new Request(admin, { method: "HEAD" }));
    assert.equal(head.status, 200);
    assert.equal(head.body, null);
  });

  it("decides by the path first, then by the host, as find-my-way does", async () => {
    for (const order of [0, 1]) {
      const router = createRouter();
      const hostRoute = () =>
        router.endpoint`GET /users/:id
          Host: api.example.com`(named("api user"))
          .endpoint`GET /users/list
          Host: :any.example.com`(named("any list"))
          .endpoint`GET /users/list
          Host: api.example.com`(named("api list"));
      const everyHost = () =>
        router.endpoint`GET /users/me`(named("me"))
          .endpoint`GET /users/:id`(named("user"));
      if (order === 0) {
        hostRoute();
        everyHost();
      } else {
        everyHost();
        hostRoute();
      }
      const api = "http://api.example.com";
      // A more specific path without Host beats a host route's param.
      assert.equal((await ask(router, `${api}/users/me`)).name, "me");
      // The same pattern: the host route wins over the route for every host.
      assert.equal((await ask(router, `${api}/users/7`)).name, "api user");
      assert.equal(
        (await ask(router, "http://www.example.com/users/7")).name,
        "user",
      );
      // The same pattern on two host routes: the exact host wins.
      assert.equal((await ask(router, `${api}/users/list`)).name, "api list");
      assert.equal(
        (await ask(router, "http://www.example.com/users/list")).name,
        "any list",
      );
    }
  });

  it("redirects a trailing slash within the host", async () => {
    const router = createRouter({ trailingSlash: "redirect" })
      .endpoint`GET /docs
        Host: docs.example.com`(named("docs"));
    const response = await router(new Request("http://docs.example.com/docs/"));
    assert.equal(response.status, 308);
    assert.equal(response.headers.get("location"), "/docs");
    const other = await router(new Request("http://www.example.com/docs/"));
    assert.equal(other.status, 404);
  });

  it("a duplicate is the same method, pattern and host (in any case)", () => {
    // The route for every host first: host routes of the same pattern are
    // not its duplicates.
    const router = createRouter()
      .endpoint`GET /x`(named("any"))
      .endpoint`GET /x
        Host: a.example.com`(named("a"))
      .endpoint`GET /x
        Host: b.example.com`(named("b"));
    assert.throws(
      () =>
        router.endpoint`GET /x
          Host: A.Example.com`(named("again")),
      { code: "DUPLICATE_ROUTE", message: /on host a\.example\.com/ },
    );
  });

  it("refuses a bad Host line at definition with a clear error", () => {
    const router = createRouter();
    const refuse = (endpoint: string, code: string, part: string) =>
      assert.throws(
        () => router.endpoint`${endpoint}`(named("never")),
        (error: unknown) => {
          assert.ok(error instanceof RouteError, String(error));
          assert.equal(error.code, code, error.message);
          assert.ok(error.message.includes(part), error.message);
          return true;
        },
      );
    refuse("GET /\nHost: example.com:8080", "INVALID_PATTERN", "port");
    refuse("GET /\nHost: exa mple.com", "INVALID_PATTERN", "label");
    refuse("GET /\nHost: a..b", "INVALID_PATTERN", "empty label");
    refuse("GET /\nHost: *.example.com", "INVALID_PATTERN", ":name");
    refuse("GET /\nHost:", "INVALID_PATTERN", "empty");
    refuse("GET /\nHost: :a.:a.com", "INVALID_PATTERN", "duplicate");
    refuse("GET /users/:id\nHost: :id.example.com", "INVALID_PATTERN", ":id");
    refuse("GET /\nAccept: text/html", "INVALID_ENDPOINT", "Host");
    refuse("GET /\nHost: a.com\nHost: b.com", "INVALID_ENDPOINT", "one Host");
  });
});
