import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createFSRouter, RouteError } from "../../src/router/mod.ts";

const fixtures = fileURLToPath(
  new URL("../fixtures/fs_routes/", import.meta.url),
);

async function text(
  router: (r: Request) => Promise<Response>,
  path: string,
  method = "GET",
) {
  const response = await router(
    new Request(`http://localhost${path}`, { method }),
  );
  return `${response.status} ${await response.text()}`;
}

describe("createFSRouter", () => {
  it("maps Fresh/Next.js file conventions to routes", async () => {
    const router = await createFSRouter(fixtures);
    assert.equal(await text(router, "/"), "200 home");
    assert.equal(await text(router, "/about", "PUT"), "200 about PUT");
    assert.equal(await text(router, "/users"), "200 users");
    assert.equal(await text(router, "/users/42"), "200 user 42");
    assert.equal(await text(router, "/users/42", "POST"), "201 created 42");
    assert.equal(await text(router, "/users/me"), "200 me");
    assert.equal(
      await text(router, "/posts/hello/comments"),
      "200 comments of hello",
    );
    assert.equal(await text(router, "/docs/a/b/c"), "200 docs a/b/c");
    assert.equal(await text(router, "/pricing"), "200 pricing");
    assert.equal(
      (await router(
        new Request("http://localhost/users/1", { method: "DELETE" }),
      )).status,
      405,
    );
    const patterns = router.routes().map((r) => `${r.method} ${r.pattern}`)
      .sort();
    assert.deepEqual(patterns, [
      "ALL /about",
      "ALL /docs/:rest*",
      "GET /",
      "GET /posts/:slug/comments",
      "GET /pricing",
      "GET /users",
      "GET /users/:id",
      "GET /users/me",
      "POST /users/:id",
    ]);
  });

  it("accepts a file: URL and a baseUrl", async () => {
    const router = await createFSRouter(
      new URL("../fixtures/fs_routes/", import.meta.url),
      {
        baseUrl: "/app",
      },
    );
    assert.equal(await text(router, "/app"), "200 home");
    assert.equal(await text(router, "/app/users/me"), "200 me");
  });

  it("ignores _ and test files and never serves a path outside the table", async () => {
    const router = await createFSRouter(fixtures);
    for (const path of ["/_helper", "/about_test", "/index"]) {
      assert.equal(
        (await router(new Request(`http://localhost${path}`))).status,
        404,
        path,
      );
    }
    for (
      const path of [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/users/..%2f..%2fsecret",
        "/.%2E/x",
      ]
    ) {
      const status =
        (await router(new Request(`http://localhost${path}`))).status;
      assert.ok(status === 404 || status === 200, path);
    }
    // A catch-all receives traversal text as a plain string, never as a file.
    assert.equal(
      await text(router, "/docs/..%2F..%2Fsecret"),
      "200 docs ../../secret",
    );
  });

  it("skips symlinks that point outside the directory", async () => {
    const base = await mkdtemp(join(tmpdir(), "fs-router-"));
    try {
      const routes = join(base, "routes");
      const outside = join(base, "outside");
      await mkdir(routes);
      await mkdir(outside);
      await writeFile(
        join(outside, "secret.js"),
        'export const GET = () => new Response("secret");',
      );
      await writeFile(
        join(routes, "inside.js"),
        'export const GET = () => new Response("inside");',
      );
      await symlink(join(outside, "secret.js"), join(routes, "leak.js"));
      await symlink(outside, join(routes, "leakdir"));
      await symlink(join(routes, "inside.js"), join(routes, "alias.js"));
      const router = await createFSRouter(routes);
      assert.equal(await text(router, "/inside"), "200 inside");
      assert.equal(await text(router, "/alias"), "200 inside");
      assert.equal(
        (await router(new Request("http://localhost/leak"))).status,
        404,
      );
      assert.equal(
        (await router(new Request("http://localhost/leakdir/secret"))).status,
        404,
      );
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });

  it("rejects a missing directory, a module without handlers and duplicates", async () => {
    await assert.rejects(createFSRouter(join(fixtures, "missing")), {
      code: "INVALID_ROUTE_MODULE",
    });
    const base = await mkdtemp(join(tmpdir(), "fs-router-"));
    try {
      await writeFile(join(base, "empty.js"), "export const x = 1;");
      await assert.rejects(createFSRouter(base), RouteError);
      await rm(join(base, "empty.js"));
      await writeFile(
        join(base, "a.js"),
        "export default () => new Response('1');",
      );
      await mkdir(join(base, "a"));
      await writeFile(
        join(base, "a", "index.js"),
        "export default () => new Response('2');",
      );
      await assert.rejects(createFSRouter(base), { code: "DUPLICATE_ROUTE" });
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
