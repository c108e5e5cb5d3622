import { describe, it } from "../_harness.ts";
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
    // The URL parser removes dot segments (also %2e%2e) before the router
    // sees the path; an escaped slash keeps the text in one segment, which
    // reaches a parameter as a string. Each answer is a 404 or the route
    // inside the directory that the normalized path names.
    const expected: [string, string][] = [
      ["/../../etc/passwd", "404 Not Found"],
      ["/%2e%2e/%2e%2e/etc/passwd", "404 Not Found"],
      ["/.%2E/x", "404 Not Found"],
      ["/users/..", "200 home"],
      ["/users/..%2f..%2fsecret", "200 user ../../secret"],
    ];
    for (const [path, answer] of expected) {
      assert.equal(await text(router, path), answer, path);
    }
    // A catch-all receives traversal text as a plain string, never as a file.
    assert.equal(
      await text(router, "/docs/..%2F..%2Fsecret"),
      "200 docs ../../secret",
    );
  });

  it("never answers with anything from outside its directory", async () => {
    const SECRET = "TOP-SECRET-7f3a";
    const base = await mkdtemp(join(tmpdir(), "fs-router-"));
    try {
      const routes = join(base, "routes");
      await mkdir(join(routes, "users"), { recursive: true });
      await mkdir(join(routes, "files"));
      // Next to the directory: a secret file, a secret route module, and a
      // sibling whose name starts with the directory's name.
      await writeFile(join(base, "secret.txt"), SECRET);
      await writeFile(
        join(base, "secret.js"),
        `export default () => new Response(${JSON.stringify(SECRET)});`,
      );
      await mkdir(join(base, "routes-evil"));
      await writeFile(
        join(base, "routes-evil", "leak.js"),
        `export default () => new Response(${JSON.stringify(SECRET)});`,
      );
      await writeFile(
        join(routes, "index.js"),
        'export const GET = () => new Response("home");',
      );
      await writeFile(
        join(routes, "users", "[id].js"),
        "export const GET = (_r, c) => new Response(`user ${c.params.id}`);",
      );
      await writeFile(
        join(routes, "files", "[...rest].js"),
        "export const GET = (_r, c) => new Response(`files ${c.params.rest}`);",
      );
      const router = await createFSRouter(routes);
      const probes: [string, string][] = [
        ["/../secret.txt", "404 Not Found"],
        ["/../../secret.js", "404 Not Found"],
        ["/%2e%2e/secret", "404 Not Found"],
        ["/.%2E/secret.txt", "404 Not Found"],
        ["/%2E%2E%2Fsecret.txt", "404 Not Found"],
        ["/..%2fsecret", "404 Not Found"],
        ["/..%5csecret", "404 Not Found"],
        ["/..\\secret.txt", "404 Not Found"],
        ["/../routes-evil/leak", "404 Not Found"],
        ["/files/../../secret", "404 Not Found"],
        ["/users/..", "200 home"],
        ["/users/../..", "200 home"],
        ["/users/..%2f..%2fsecret", "200 user ../../secret"],
        ["/users/%2e%2e%2F%2e%2e%2Fsecret.txt", "200 user ../../secret.txt"],
        ["/files/..%2F..%2Fsecret.js", "200 files ../../secret.js"],
        ["/files/a/%2e%2e/%2e%2e/%2e%2e/secret.txt", "404 Not Found"],
      ];
      for (const [path, answer] of probes) {
        for (const method of ["GET", "POST"]) {
          const seen = await text(router, path, method);
          assert.ok(!seen.includes(SECRET), `${method} ${path}: ${seen}`);
          if (method === "GET") assert.equal(seen, answer, path);
        }
      }
    } finally {
      await rm(base, { recursive: true, force: true });
    }
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

  it("a link to a directory inside adds a name; the directory keeps its own, and loops end", async () => {
    const base = await mkdtemp(join(tmpdir(), "fs-router-"));
    try {
      await mkdir(join(base, "v2"));
      await writeFile(
        join(base, "v2", "x.js"),
        'export const GET = () => new Response("v2/x");',
      );
      // Sorted before "v2", so it is scanned first.
      await symlink(join(base, "v2"), join(base, "latest"));
      await symlink(base, join(base, "v2", "up")); // a loop back to the root
      const router = await createFSRouter(base);
      assert.equal(await text(router, "/v2/x"), "200 v2/x");
      assert.equal(await text(router, "/latest/x"), "200 v2/x");
      assert.deepEqual(
        router.routes().map((route) => route.pattern).sort(),
        ["/latest/x", "/v2/x"],
      );
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });

  it("skips the declaration files tsc writes beside compiled routes", async () => {
    const base = await mkdtemp(join(tmpdir(), "fs-router-"));
    try {
      await writeFile(
        join(base, "index.js"),
        'export default () => new Response("home");',
      );
      await writeFile(
        join(base, "[id].js"),
        "export const GET = () => new Response('item');",
      );
      for (const name of ["index.d.ts", "[id].d.ts", "x.d.mts"]) {
        await writeFile(join(base, name), "export declare const GET: unknown;");
      }
      const router = await createFSRouter(base);
      assert.deepEqual(
        router.routes().map((route) => `${route.method} ${route.pattern}`)
          .sort(),
        ["ALL /", "GET /:id"],
      );
      assert.equal(await text(router, "/7"), "200 item");
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

describe("createFSRouter file names", () => {
  it("keeps -, (, {, + after a [param] literal: [id]-edit.ts is :id then -edit", async () => {
    const base = await mkdtemp(join(tmpdir(), "fs-router-"));
    try {
      const module = (name: string) =>
        `export default (_r, c) => new Response(${
          JSON.stringify(name)
        } + " " + JSON.stringify(c.params));`;
      await writeFile(join(base, "[id]-edit.js"), module("edit"));
      await writeFile(join(base, "v[n]+{x}.js"), module("plus"));
      const router = await createFSRouter(base);
      assert.equal(await text(router, "/7-edit"), '200 edit {"id":"7"}');
      assert.equal(await text(router, "/v2+%7Bx%7D"), '200 plus {"n":"2"}');
      assert.equal(
        (await router(new Request("http://localhost/7"))).status,
        404,
      );
    } finally {
      await rm(base, { recursive: true });
    }
  });
});
