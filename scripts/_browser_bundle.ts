// Bundles the package for browsers with esbuild, as a user's bundler would:
// `@switchyard/switchyard` and its subpaths resolve through deno.json's
// `exports`. Shared by tests/browser/ and scripts/browser_sizes.ts.
import * as esbuild from "npm:esbuild@0.28.2";
import { fileURLToPath } from "node:url";
import { readExports } from "./_entry_points.ts";

const root = new URL("../", import.meta.url);
const NAME = "@switchyard/switchyard";

/** One browser bundle and what it imports from outside itself. */
export interface BrowserBundle {
  /** Minified ES module text. */
  code: string;
  /** Imports left in the bundle (not bundled), with their kind. */
  external: { path: string; kind: string }[];
}

/** Resolves the package's own name and subpaths to their source files. */
const selfReference: esbuild.Plugin = {
  name: "switchyard-self-reference",
  setup(build) {
    const exportsMap = readExports(root);
    build.onResolve({ filter: /^@switchyard\/switchyard(\/.*)?$/ }, (args) => {
      const subpath = "." + args.path.slice(NAME.length);
      const file = exportsMap[subpath];
      if (file === undefined) {
        return { errors: [{ text: `${NAME} exports no "${subpath}"` }] };
      }
      return { path: fileURLToPath(new URL(file, root)) };
    });
  },
};

/**
 * Bundles `file` (a path) for the browser, minified, as an ES module.
 * Rejects with esbuild's error (e.g. `Could not resolve "node:fs"`) when the
 * code cannot be bundled for a browser.
 */
export async function bundleForBrowser(file: string): Promise<BrowserBundle> {
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [selfReference],
  });
  const external = Object.values(result.metafile.inputs).flatMap((input) =>
    input.imports.filter((item) => item.external).map((item) => ({
      path: item.path,
      kind: item.kind,
    }))
  );
  return { code: result.outputFiles[0].text, external };
}

/** Ends esbuild's service process (the test sanitizers require it). */
export async function stopBundler(): Promise<void> {
  await esbuild.stop();
}

/** Size in bytes of `text` as UTF-8, gzipped (level as CompressionStream). */
export async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return (await new Response(stream).arrayBuffer()).byteLength;
}
