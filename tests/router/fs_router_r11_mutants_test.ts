// The third draw (seed 20261205) on createFSRouter: what a route directory
// may hold beside its route modules.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFSRouter } from "../../src/router/mod.ts";

describe("createFSRouter: files that are no route module", () => {
  // fs_router.ts:177 (its `continue` dropped): a README.md or a stylesheet
  // beside the routes was imported as a module, and the router was never
  // built.
  it("are left out; the modules beside them are routed", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fs-router-r11-"));
    try {
      await writeFile(
        // JavaScript, so that Node (which runs no TypeScript) imports it too.
        join(dir, "index.js"),
        'export const GET = () => new Response("home");\n',
      );
      await writeFile(join(dir, "README.md"), "# The routes\n");
      await writeFile(join(dir, "site.css"), "body { margin: 0 }\n");
      const router = await createFSRouter(dir);
      const home = await router(new Request("http://localhost/"));
      assert.equal(await home.text(), "home");
      assert.deepEqual(router.routes().map((route) => route.pattern), ["/"]);
      const readme = await router(new Request("http://localhost/README"));
      assert.equal(readme.status, 404);
      await readme.body?.cancel();
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
