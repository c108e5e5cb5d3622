// The fifteenth round's look at createFSRouter: the order it reads a
// directory in.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFSRouter } from "../../src/router/mod.ts";

describe("createFSRouter: the order of its routes", () => {
  // fs_router.ts:151 (`entries.sort();` dropped): which route answers never
  // depends on the order (the matcher ranks patterns, then their keys), but
  // routes() lists, and the modules are imported, in the order the scan
  // registers them. Without the sort that is the runtime's own order: Bun
  // gives the directory's, Deno's and Node's readdir give UTF-8 byte order,
  // which for a name with a character above U+FFFF and one with a character
  // from U+E000 up is not JavaScript's order. The listing then differed from
  // one runtime to the next.
  it("is JavaScript's order of the names, depth first, whatever the runtime reads", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fs-router-r16-"));
    try {
      await mkdir(join(dir, "a"));
      // Written last first, and JavaScript, so that Node imports them too.
      for (
        const name of ["\uff01.js", "\u{1f600}.js", "b.js", "a.js", "a/x.js"]
      ) {
        await writeFile(
          join(dir, name),
          `export const GET = () => new Response(${JSON.stringify(name)});\n`,
        );
      }
      const router = await createFSRouter(dir);
      assert.deepEqual(
        router.routes().map(({ pattern }) => pattern),
        ["/a/x", "/a", "/b", "/\u{1f600}", "/\uff01"],
      );
      const response = await router(
        new Request(`http://localhost/${encodeURIComponent("\uff01")}`),
      );
      assert.equal(await response.text(), "\uff01.js");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
