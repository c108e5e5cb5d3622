// The package's entry points as deno.json declares them, shared by the CI and
// npm build scripts so neither keeps its own copy of the export map.
import { readFileSync } from "node:fs";

/** The parsed `exports` map of deno.json: subpath → source file. */
export function readExports(root: URL): Record<string, string> {
  const config = JSON.parse(
    readFileSync(new URL("deno.json", root), "utf8"),
  ) as { exports: Record<string, string> };
  return config.exports;
}
