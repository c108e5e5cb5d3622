// The twelfth round's hand planting of createFSRouter: what a route module
// may export.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFSRouter } from "../../src/router/mod.ts";

describe("createFSRouter: Fresh's handler export", () => {
  // fs_router.ts:114 (its `found.push` dropped): a module whose only route
  // is Fresh's `handler` function was refused as exporting no handler, and
  // beside method exports it answered no other method.
  it("a handler function answers every method; one beside GET answers the rest", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fs-router-r13-"));
    try {
      // JavaScript, so that Node (which runs no TypeScript) imports them too.
      await writeFile(
        join(dir, "fresh.js"),
        "export const handler = (request) => new Response(`fresh ${request.method}`);\n",
      );
      await writeFile(
        join(dir, "mixed.js"),
        'export const GET = () => new Response("get");\n' +
          'export const handler = () => new Response("other");\n',
      );
      const router = await createFSRouter(dir);
      const text = async (path: string, method: string) =>
        await (await router(
          new Request(`http://localhost${path}`, { method }),
        )).text();
      assert.equal(await text("/fresh", "GET"), "fresh GET");
      assert.equal(await text("/fresh", "DELETE"), "fresh DELETE");
      assert.equal(await text("/mixed", "GET"), "get");
      assert.equal(await text("/mixed", "POST"), "other");
      assert.deepEqual(
        router.routes().map(({ method, pattern }) => `${method} ${pattern}`),
        ["ALL /fresh", "GET /mixed", "ALL /mixed"],
      );
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
