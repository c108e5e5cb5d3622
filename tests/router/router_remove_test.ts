// Removing routes at run time: router.remove`METHOD /pattern` (and its Host
// line). The compiled table is rebuilt at the next request.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createRouter, type Handler } from "../../src/router/mod.ts";
import { withTimeout } from "../_timeout.ts";

const url = (path: string) => `http://localhost${path}`;
const named = (name: string): Handler => () => new Response(name);

async function answer(
  router: (request: Request) => Promise<Response>,
  href: string,
  method = "GET",
): Promise<string> {
  const response = await router(new Request(href, { method }));
  const text = await response.text();
  return response.status === 200 ? text : String(response.status);
}

describe("router.remove", () => {
  it("removes a static and a dynamic route between two requests; the others still answer", async () => {
    const router = createRouter()
      .endpoint`GET /about`(named("about"))
      .endpoint`GET /users/:id`(named("user"))
      .endpoint`GET /users/:id/posts`(named("posts"))
      .endpoint`GET /*`(named("fallback"));
    assert.equal(await answer(router, url("/users/1")), "user");
    assert.equal(await answer(router, url("/about")), "about");
    assert.equal(router.remove`GET /users/:id`, true);
    assert.equal(router.remove`GET /about`, true);
    assert.equal(await answer(router, url("/users/1")), "fallback");
    assert.equal(await answer(router, url("/about")), "fallback");
    assert.equal(await answer(router, url("/users/1/posts")), "posts");
    assert.equal(router.remove`GET /users/:id`, false);
    assert.deepEqual(
      router.routes().map((route) => route.pattern),
      ["/users/:id/posts", "/*"],
    );
  });

  it("finds the route by an equivalent pattern, whatever its param names", async () => {
    const router = createRouter({ baseUrl: "/api" })
      .endpoint`GET /users/:id`(named("user"));
    assert.equal(router.remove`GET /users/:name`, true);
    assert.deepEqual(router.routes(), []);
    assert.equal(await answer(router, url("/api/users/1")), "404");
  });

  it("removes one method only: the path stays known to the others (405), then unknown (404)", async () => {
    const router = createRouter()
      .endpoint`GET /items`(named("list"))
      .endpoint`POST /items`(named("create"));
    assert.equal(router.remove`GET /items`, true);
    assert.equal(await answer(router, url("/items"), "HEAD"), "405");
    assert.equal(await answer(router, url("/items")), "405");
    assert.equal(await answer(router, url("/items"), "POST"), "create");
    assert.equal(router.remove`POST /items`, true);
    assert.equal(await answer(router, url("/items"), "DELETE"), "404");
  });

  it("lets the same route be registered again after its removal", async () => {
    const router = createRouter().endpoint`ALL /x`(named("first"));
    assert.equal(router.remove`* /x`, true);
    router.endpoint`ALL /x`(named("second"));
    assert.equal(await answer(router, url("/x"), "PATCH"), "second");
  });

  it("removes a host route alone: the route for every host answers there again", async () => {
    const router = createRouter()
      .endpoint`GET /`(named("every host"))
      .endpoint`GET /
        Host: :tenant.example.com`(named("tenant"));
    assert.equal(await answer(router, "http://a.example.com/"), "tenant");
    assert.equal(router.remove`GET /`, true);
    assert.equal(await answer(router, "http://a.example.com/"), "tenant");
    assert.equal(await answer(router, "http://other.io/"), "404");
    assert.equal(
      router.remove`GET /
        Host: :name.EXAMPLE.com`,
      false, // another param name is another host pattern's text
    );
    assert.equal(
      router.remove`GET /
        Host: :tenant.EXAMPLE.com`,
      true,
    );
    assert.equal(await answer(router, "http://a.example.com/"), "404");
    assert.deepEqual(router.routes(), []);
  });

  it("compares without case under caseSensitive: false", async () => {
    const router = createRouter({ caseSensitive: false })
      .endpoint`GET /Users/:id`(named("user"));
    assert.equal(router.remove`GET /users/:id`, true);
    assert.equal(await answer(router, url("/users/1")), "404");
  });

  it("lets a request already dispatched finish with the route it matched", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => release = resolve);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => entered = resolve);
    const router = createRouter().endpoint`GET /slow`(async () => {
      entered();
      await released;
      return new Response("done");
    });
    const pending = router(new Request(url("/slow")));
    await withTimeout(inside, 5_000, "the handler never started");
    assert.equal(router.remove`GET /slow`, true);
    release();
    const response = await withTimeout(pending, 5_000, "no response");
    assert.equal(await response.text(), "done");
    assert.equal(await answer(router, url("/slow")), "404");
  });
});
