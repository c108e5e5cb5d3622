/**
 * `createFSRouter`: a router built from a directory of route modules
 * (Fresh / Next.js conventions).
 *
 * @module
 */
import { RouteError } from "./errors.ts";
import {
  createRouter,
  type Handler,
  type Router,
  type RouterInit,
} from "./router.ts";

/**
 * Options of {@linkcode createFSRouter}: the router's options plus the file
 * extensions that count as route modules.
 *
 * @example Only TypeScript modules
 * ```ts
 * import type { FSRouterInit } from "@switchyard/switchyard/router";
 * const init: FSRouterInit = { extensions: [".ts"], baseUrl: "/app" };
 * console.log(init.extensions); // [".ts"]
 * ```
 */
export interface FSRouterInit extends RouterInit {
  /**
   * Route module extensions. Default on Deno (and Bun) `.ts`, `.tsx`,
   * `.js`, `.jsx`, `.mjs`; on Node, which cannot import TypeScript or JSX,
   * `.js` and `.mjs`. Declaration files (`.d.ts`, `.d.mts`, …) are never
   * routes.
   */
  extensions?: string[];
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
// Node 20 imports neither TypeScript nor JSX; Deno and Bun import both.
const runsTypeScript = "Deno" in globalThis || "Bun" in globalThis;
const DEFAULT_EXTENSIONS = runsTypeScript
  ? [".ts", ".tsx", ".js", ".jsx", ".mjs"]
  : [".js", ".mjs"];
// What `tsc --declaration` writes beside compiled routes: types, not routes.
const DECLARATION = /\.d\.[cm]?tsx?$|\.d\.[^.]+\.ts$/;

function invalid(message: string, cause?: unknown): RouteError {
  return new RouteError({ code: "INVALID_ROUTE_MODULE", message, cause });
}

/** The Node built-ins the directory scan uses (Deno and Bun provide them). */
interface FileSystem {
  readonly fs: typeof import("node:fs/promises");
  readonly path: typeof import("node:path");
  readonly url: typeof import("node:url");
}

/**
 * Loads the file-system built-ins at the first call, not at import: the
 * router entry points must bundle for browsers, where these do not exist.
 * The imports sit in a `try` body, which tells bundlers (esbuild, Vite) that
 * a failure is handled, so they leave them out of a browser bundle instead
 * of failing to resolve them.
 */
async function loadFileSystem(): Promise<FileSystem> {
  try {
    // One awaited import per statement: esbuild treats only a directly
    // awaited `import()` in a `try` body as handled (not one in Promise.all).
    const fs = await import("node:fs/promises");
    const path = await import("node:path");
    const url = await import("node:url");
    return { fs, path, url };
  } catch (cause) {
    throw invalid(
      "createFSRouter needs a file system (Deno, Node or Bun), which this runtime lacks",
      cause,
    );
  }
}

/** The pattern segment of a file or directory name; "" adds no segment. */
function segmentOf(name: string, file: string, isFile: boolean): string {
  if (isFile && name === "index") return "";
  if (/^\(.+\)$/.test(name) && !isFile) return "";
  const catchAll = /^\[\[?\.\.\.([A-Za-z0-9_]+)\]?\]$/.exec(name);
  if (catchAll) {
    if (!isFile) throw invalid(`${file}: a catch-all segment must be a file`);
    return `:${catchAll[1]}*`;
  }
  const literal = name.replace(/\[[A-Za-z0-9_]+\]/g, "");
  if (/[\[\]:*?#\s\\]/.test(literal)) {
    throw invalid(`${file}: unsupported characters in a route file name`);
  }
  // Characters with a meaning in patterns stay literal: `[id]-edit.ts` is
  // `:id` followed by "-edit", `{x}.ts` the text "{x}".
  return name.replace(/[-(){}+]/g, "\\$&").replace(
    /\[([A-Za-z0-9_]+)\]/g,
    ":$1",
  );
}

function handlersOf(
  module: Record<string, unknown>,
  file: string,
): [string, Handler][] {
  const found: [string, Handler][] = [];
  const take = (source: Record<string, unknown>) => {
    for (const method of METHODS) {
      if (typeof source[method] === "function") {
        found.push([method, source[method] as Handler]);
      }
    }
  };
  take(module);
  const handler = module.handler;
  if (typeof handler === "function") found.push(["ALL", handler as Handler]);
  else if (handler !== null && typeof handler === "object") {
    take(handler as Record<string, unknown>);
  }
  if (typeof module.default === "function") {
    found.push(["ALL", module.default as Handler]);
  }
  if (found.length === 0) {
    throw invalid(
      `${file} exports no handler (GET, POST, … , handler or default)`,
    );
  }
  return found;
}

interface RouteFile {
  readonly pattern: string;
  readonly path: string;
}

async function scan(
  system: FileSystem,
  root: string,
  directory: string,
  segments: readonly string[],
  extensions: readonly string[],
  ancestors: Set<string>,
  files: RouteFile[],
): Promise<void> {
  // Only a link back up its own path is a loop; a link to a directory
  // elsewhere inside the root serves that directory under a second name
  // and must not hide the directory's own routes.
  const { fs: { readdir, realpath, stat }, path: { extname, join, sep } } =
    system;
  if (ancestors.has(directory)) return;
  ancestors.add(directory);
  const entries = await readdir(directory);
  entries.sort();
  for (const name of entries) {
    if (name.startsWith("_") || name.startsWith(".")) continue;
    let real: string;
    try {
      real = await realpath(join(directory, name));
    } catch {
      continue; // a dangling link
    }
    // Symlinks may point anywhere: only what resolves inside the root is served.
    if (real !== root && !real.startsWith(root + sep)) continue;
    const info = await stat(real);
    if (info.isDirectory()) {
      const segment = segmentOf(name, join(directory, name), false);
      await scan(
        system,
        root,
        real,
        segment ? [...segments, segment] : segments,
        extensions,
        ancestors,
        files,
      );
      continue;
    }
    const extension = extname(name);
    if (!info.isFile() || !extensions.includes(extension)) continue;
    if (DECLARATION.test(name)) continue;
    const base = name.slice(0, -extension.length);
    if (/[._]test$/.test(base)) continue;
    const segment = segmentOf(base, join(directory, name), true);
    const all = segment ? [...segments, segment] : segments;
    files.push({ pattern: "/" + all.join("/"), path: real });
  }
  // A failed scan rejects createFSRouter as a whole, so no cleanup on error.
  ancestors.delete(directory);
}

/**
 * Builds a {@linkcode Router} from a route directory. Async because it reads
 * the directory and imports every route module up front (eagerly: a broken
 * module fails here, not at the first request). Files added later are not
 * seen. Works on Deno, Node and Bun; the file-system modules it needs are
 * imported at the first call, so importing the router costs a browser bundle
 * nothing (there the call rejects with `INVALID_ROUTE_MODULE`).
 *
 * Conventions:
 * - `index.ts` → the directory's path; `about.ts` → `/about`.
 * - `[id].ts` or a `[id]/` directory → `:id`; `v[n].ts` → `/v:n`.
 * - `[...rest].ts` (or `[[...rest]].ts`) → `/:rest*`, zero or more segments,
 *   `params.rest`.
 * - `(group)/` directories add no segment. Names starting with `_` or `.`,
 *   and `*_test.*` / `*.test.*` files, are ignored.
 * - A module exports `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD`,
 *   `OPTIONS` handlers, and/or `default` (or Fresh's `handler` function)
 *   for every method, or a `handler` object of method handlers.
 * - Static segments beat parameters whatever the file order.
 * - Modules are imported, and `router.routes()` lists their routes, in
 *   JavaScript's order of the names, depth first: the same on every runtime,
 *   whatever order it reads the directory in.
 *
 * Safety: requests are matched against the route table built here, never
 * mapped to the file system, so no request path (`..`, `%2e%2e`, `%2f`)
 * reaches a file; symlinks whose target resolves outside the directory are
 * skipped. A link to a directory inside serves it under both names; a link
 * back up its own path (a loop) is not followed.
 *
 * @param dir The route directory (path or `file:` URL).
 * @param init Router options and module extensions.
 * @returns A promise of the router.
 * @throws {RouteError} `INVALID_ROUTE_MODULE` for an unreadable directory,
 * a module without handlers or an unsupported file name; `DUPLICATE_ROUTE`
 * when two files give the same route (`a.ts` and `a/index.ts`).
 *
 * @example Serving a routes directory
 * ```ts ignore
 * import { createFSRouter } from "@switchyard/switchyard/router";
 * const router = await createFSRouter(new URL("./routes/", import.meta.url));
 * Deno.serve({ hostname: "127.0.0.1", port: 8000 }, router);
 * ```
 *
 * @example Listing the routes of a directory
 * ```ts
 * import { createFSRouter } from "@switchyard/switchyard/router";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/index.ts`, "export default () => new Response('home');");
 * const router = await createFSRouter(dir);
 * console.log(router.routes()); // [{ method: "ALL", pattern: "/", params: [] }]
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function createFSRouter(
  dir: string | URL,
  init: FSRouterInit = {},
): Promise<Router> {
  const { extensions = DEFAULT_EXTENSIONS, ...routerInit } = init;
  const system = await loadFileSystem();
  const { fs: { realpath, stat }, url: { fileURLToPath, pathToFileURL } } =
    system;
  const path = dir instanceof URL || dir.startsWith("file:")
    ? fileURLToPath(dir)
    : dir;
  let root: string;
  try {
    root = await realpath(path);
    if (!(await stat(root)).isDirectory()) throw new Error("not a directory");
  } catch (cause) {
    throw invalid(`Cannot read the route directory ${path}`, cause);
  }
  const files: RouteFile[] = [];
  await scan(system, root, root, [], extensions, new Set(), files);
  const router = createRouter(routerInit);
  for (const file of files) {
    let module: Record<string, unknown>;
    try {
      module = await import(pathToFileURL(file.path).href);
    } catch (cause) {
      throw invalid(`Cannot import route module ${file.path}`, cause);
    }
    for (const [method, handler] of handlersOf(module, file.path)) {
      router.endpoint`${method} ${file.pattern}`(handler);
    }
  }
  return router;
}
