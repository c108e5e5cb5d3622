// The command as the npm package ships it, for tests that run it under Node
// (Node 20 cannot run .ts): src/cli/mod.ts bundled to one ES module in a
// temporary directory, which the caller removes.
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";

/** Bundles `cli` (src/cli/mod.ts) to `${dir}/cli.mjs`. */
export async function bundleCli(cli: URL, dir: string): Promise<string> {
  const out = `${dir}/cli.mjs`;
  const bundled = await run(Deno.execPath(), {
    args: [
      "bundle",
      "--no-lock",
      "--platform",
      "browser",
      "-o",
      out,
      cli.pathname,
    ],
    cwd: dir,
  });
  assert.equal(bundled.code, 0, bundled.err);
  return out;
}
