/**
 * Prints, as a Markdown table, the size of each entry point bundled alone for
 * the browser (esbuild, minified, ES2022), raw and gzipped: the numbers in
 * docs/performance.md, "Browser bundles".
 *
 * ```sh
 * deno run -A --lock=deno.lock scripts/browser_sizes.ts
 * ```
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { readExports } from "./_entry_points.ts";
import { bundleForBrowser, gzipSize, stopBundler } from "./_browser_bundle.ts";

const root = new URL("../", import.meta.url);
const rows = ["| entry point | minified | gzipped |", "| --- | --: | --: |"];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  for (const [subpath, file] of Object.entries(readExports(root))) {
    const { code } = await bundleForBrowser(fileURLToPath(new URL(file, root)));
    const bytes = new TextEncoder().encode(code).byteLength;
    rows.push(
      `| \`${subpath}\` | ${kb(bytes)} | ${kb(await gzipSize(code))} |`,
    );
  }
} finally {
  await stopBundler();
}
console.log(rows.join("\n"));
