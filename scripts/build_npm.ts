/**
 * Builds the npm package `@switchyard/switchyard` (the JSR name: the unscoped
 * npm name `switchyard` belongs to an unrelated package) into `npm/` with
 * `deno pack`, proves it is complete, and runs the portable tests under Node
 * against the built files.
 *
 * Steps: pack (no source maps: they embed absolute paths) → unpack → fail when
 * any export lacks its `.d.ts` (`deno pack` only warns about slow types) or
 * the manifest lists runtime dependencies → add npm metadata → transpile
 * every portable test with TypeScript, rewriting imports of entry files to the
 * package name → `npm install` the tarball into an empty project and import
 * every entry point from it → `node --test`. The Node counts go to
 * `npm/node-test-summary.json` for the CI summary.
 *
 * A test file is portable when it uses no `Deno.` API, no `npm:` or `jsr:`
 * import, and imports library code only through public entry files.
 *
 * @module
 */
import { readExports } from "./_entry_points.ts";
import ts from "npm:typescript@5.9.3";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
// npm users install the package under its JSR name.
const NPM_NAME = "@switchyard/switchyard";
const out = join(root, "npm");
const pkgDir = join(out, "package");
const testsOut = join(out, "tests");

function fail(message: string): never {
  console.error(`✗ build_npm: ${message}`);
  Deno.exit(1);
}

async function run(
  cmd: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const result = await new Deno.Command(cmd, {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: result.code,
    stdout: new TextDecoder().decode(result.stdout),
    stderr: new TextDecoder().decode(result.stderr),
  };
}

// 1. pack and unpack
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const tarball = join(out, "switchyard.tgz");
const pack = await run(Deno.execPath(), [
  "pack",
  "--no-source-maps",
  "--allow-dirty",
  "-o",
  tarball,
], root);
// deno pack writes a .d.ts only for the modules its fast check reaches from
// the exports' types, and logs "Could not generate types for '…'" for every
// other module (each private helper). Those lines are set aside here and
// checked below: the build fails when a module without a .d.ts is imported
// by one, so a quiet build means complete types.
const UNTYPED =
  /^Could not generate types for '([^']+)'\. Types will not be included for this module\.$/;
const untyped: string[] = [];
const packLog: string[] = [];
for (const line of (pack.stdout + pack.stderr).split("\n")) {
  // deno-lint-ignore no-control-regex
  const match = UNTYPED.exec(line.replace(/\x1b\[[0-9;]*m/g, "").trim());
  if (match) untyped.push(match[1]);
  else if (line.trim() !== "") packLog.push(line);
}
console.log(packLog.join("\n"));
if (pack.code !== 0 || /\berror\b/i.test(pack.stderr)) {
  fail("deno pack reported an error");
}
mkdirSync(pkgDir, { recursive: true });
const untar = await run("tar", ["xzf", tarball, "-C", out], root);
if (untar.code !== 0) fail(`tar: ${untar.stderr}`);

// 2. completeness: every export has its .js and .d.ts; no runtime dependencies
const manifestPath = join(pkgDir, "package.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const exportsMap = readExports(new URL("../", import.meta.url));
for (const subpath of Object.keys(exportsMap)) {
  const entry = manifest.exports?.[subpath];
  if (!entry?.types || !entry?.import) {
    fail(`export "${subpath}" has no types/import in package.json`);
  }
  for (const file of [entry.types, entry.import]) {
    if (!existsSync(join(pkgDir, file))) {
      fail(`export "${subpath}": ${file} is missing`);
    }
  }
}
// deno pack writes .d.ts only for modules the public types reach, so a
// private helper may lack one; but every module a .d.ts imports must have one,
// or the types silently degrade to `any` for npm users.
function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(join(dir, entry.name))
      : [join(dir, entry.name)]
  );
}
const declarations = listFiles(pkgDir).filter((f) => f.endsWith(".d.ts"));
for (const file of declarations) {
  const text = readFileSync(file, "utf8");
  for (
    const [, spec] of text.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*)["'](\.[^"']+)["']/g,
    )
  ) {
    const target = resolve(dirname(file), spec).replace(/\.js$/, ".d.ts");
    if (!existsSync(target)) {
      fail(`${relative(pkgDir, file)} imports ${spec}, which has no .d.ts`);
    }
  }
}
// Every module deno pack said it has no types for is one of ours, shipped as
// .js, and (by the loop above) imported by no .d.ts.
for (const url of untyped) {
  const source = url.startsWith("file:") ? fileURLToPath(url) : url;
  const js = join(pkgDir, relative(root, source)).replace(/\.ts$/, ".js");
  if (relative(root, source).startsWith("..") || !existsSync(js)) {
    fail(`deno pack has no types for ${url}, which is not a packed module`);
  }
}
console.log(
  `✓ ${declarations.length} .d.ts files cover the public types; ${untyped.length} private modules need none`,
);
for (
  const field of ["dependencies", "peerDependencies", "optionalDependencies"]
) {
  if (manifest[field] && Object.keys(manifest[field]).length > 0) {
    fail(
      `package.json lists runtime ${field}: ${JSON.stringify(manifest[field])}`,
    );
  }
}

// 3. npm metadata
manifest.name = NPM_NAME;
manifest.description =
  "HTTP message conversion (raw, HAR, curl, fetch), a template-literal HTTP router, a bounded HTTP server for Deno and Node, and a multi-backend model router.";
manifest.engines = { node: ">=20" };
// The `switchyard` command: a small launcher beside the packed `./cli`
// entry, since that module runs nothing when imported (Node 20 has no
// `import.meta.main`).
const cliEntry = manifest.exports?.["./cli"]?.import;
if (typeof cliEntry !== "string") fail('export "./cli" has no import path');
mkdirSync(join(pkgDir, "bin"), { recursive: true });
writeFileSync(
  join(pkgDir, "bin", "switchyard.mjs"),
  `#!/usr/bin/env node
import { main } from ${JSON.stringify(`../${cliEntry.replace(/^\.\//, "")}`)};
process.exit(await main(process.argv.slice(2)));
`,
  { mode: 0o755 },
);
manifest.bin = { switchyard: "./bin/switchyard.mjs" };
manifest.sideEffects = false;
manifest.keywords = [
  "http",
  "har",
  "curl",
  "fetch",
  "router",
  "server",
  "llm",
  "openai",
  "anthropic",
];
writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
// The tarball is what npm users install: pack it again with the npm
// metadata (deno pack wrote the JSR name and no engines).
rmSync(tarball);
const repack = await run("tar", ["czf", tarball, "-C", out, "package"], root);
if (repack.code !== 0) fail(`tar: ${repack.stderr}`);
console.log(
  `✓ ${
    Object.keys(exportsMap).length
  } exports, each with .js and .d.ts; no runtime dependencies`,
);

// 4. portable tests, transpiled
const entryBySource = new Map<string, string>();
for (const [subpath, file] of Object.entries(exportsMap)) {
  entryBySource.set(
    resolve(root, file),
    subpath === "." ? NPM_NAME : `${NPM_NAME}/${subpath.slice(2)}`,
  );
}

function listTests(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "fixtures") files.push(...listTests(path));
    } else if (entry.name.endsWith(".ts")) files.push(path);
  }
  return files;
}

const testsRoot = join(root, "tests");
const sources = new Map<string, string>();
for (const file of listTests(testsRoot)) {
  sources.set(file, readFileSync(file, "utf8"));
}

const importPattern = /(\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"']+)\2/g;
// tests/_harness.ts runs node:test-style suites as sanitized Deno.test steps;
// on Node its importers get node:test itself, so it counts as portable.
const harness = join(testsRoot, "_harness.ts");
const portability = new Map<string, string | true>();

/** The text without whole-line comments, which may name Deno APIs freely. */
function withoutCommentLines(text: string): string {
  return text.split("\n").filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join("\n");
}

/** Why `file` cannot run on Node, or true when it can (imports included). */
function portable(file: string, seen = new Set<string>()): string | true {
  const known = portability.get(file);
  if (known !== undefined) return known;
  if (seen.has(file)) return true;
  seen.add(file);
  const text = sources.get(file);
  let verdict: string | true = true;
  if (text === undefined) verdict = "not a test-tree file";
  else if (/\bDeno\./.test(withoutCommentLines(text))) {
    verdict = "uses Deno APIs";
  } else {
    for (const [, , , spec] of text.matchAll(importPattern)) {
      if (
        spec.startsWith("npm:") || spec.startsWith("jsr:") ||
        spec.startsWith("http")
      ) {
        verdict = `imports ${spec}`;
        break;
      }
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec);
      if (entryBySource.has(target) || target === harness) continue;
      if (target.startsWith(testsRoot) && sources.has(target)) {
        const inner = portable(target, seen);
        if (inner !== true) {
          verdict = `imports ${spec} (${inner})`;
          break;
        }
        continue;
      }
      if (target.startsWith(join(testsRoot, "fixtures"))) continue;
      verdict = `imports non-entry ${spec}`;
      break;
    }
  }
  portability.set(file, verdict);
  return verdict;
}

const nodeTests: string[] = [];
let skipped = 0;
for (const file of sources.keys()) {
  const verdict = portable(file);
  const rel = relative(testsRoot, file);
  if (verdict !== true) {
    if (/_test\.ts$/.test(file)) {
      skipped++;
      console.log(`  deno only: tests/${rel} — ${verdict}`);
    }
    continue;
  }
  const rewritten = sources.get(file)!.replace(
    importPattern,
    (whole, prefix, quote, spec) => {
      if (!spec.startsWith(".")) return whole;
      const target = resolve(dirname(file), spec);
      if (target === harness) return `${prefix}${quote}node:test${quote}`;
      const entry = entryBySource.get(target);
      if (entry) return `${prefix}${quote}${entry}${quote}`;
      return `${prefix}${quote}${spec.replace(/\.ts$/, ".js")}${quote}`;
    },
  );
  const js = ts.transpileModule(rewritten, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: false,
    },
    fileName: file,
  }).outputText;
  const target = join(testsOut, rel.replace(/\.ts$/, ".js"));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, js);
  if (/_test\.ts$/.test(file)) nodeTests.push(target);
}
if (existsSync(join(testsRoot, "fixtures"))) {
  cpSync(join(testsRoot, "fixtures"), join(testsOut, "fixtures"), {
    recursive: true,
  });
}
writeFileSync(
  join(out, "package.json"),
  JSON.stringify({ type: "module", private: true }) + "\n",
);
// The tests import the package from the tarball itself, unpacked where npm
// would put it, so its package.json (name, exports) is what they exercise.
const installed = join(out, "node_modules", NPM_NAME);
mkdirSync(installed, { recursive: true });
const unpack = await run("tar", [
  "xzf",
  tarball,
  "-C",
  installed,
  "--strip-components=1",
], root);
if (unpack.code !== 0) fail(`tar: ${unpack.stderr}`);
// What npm users get: the tarball's own package.json, checked against the
// literal name rather than NPM_NAME, so a changed constant fails the build.
const installedManifest = JSON.parse(
  readFileSync(join(installed, "package.json"), "utf8"),
);
const problems: string[] = [];
if (installedManifest.name !== "@switchyard/switchyard") {
  problems.push(`name is ${JSON.stringify(installedManifest.name)}`);
}
if (installedManifest.bin?.switchyard !== "./bin/switchyard.mjs") {
  problems.push(`bin is ${JSON.stringify(installedManifest.bin)}`);
}
if (installedManifest.engines?.node !== ">=20") {
  problems.push(`engines is ${JSON.stringify(installedManifest.engines)}`);
}
for (
  const field of ["dependencies", "peerDependencies", "optionalDependencies"]
) {
  if (Object.keys(installedManifest[field] ?? {}).length > 0) {
    problems.push(`${field} is ${JSON.stringify(installedManifest[field])}`);
  }
}
if (problems.length > 0) {
  fail(
    `the tarball's package.json should name @switchyard/switchyard for node >=20 with the switchyard bin and no runtime dependencies, but its ${
      problems.join("; ")
    }`,
  );
}
console.log(
  `✓ ${nodeTests.length} portable test files for Node; ${skipped} Deno-only`,
);
if (nodeTests.length === 0) fail("no portable tests found");

// 5. what a user does: npm installs the tarball into an empty project
// (offline: it has no dependencies to fetch) and Node imports every entry
// point by the package's name.
const consumer = join(out, "consumer");
mkdirSync(consumer, { recursive: true });
writeFileSync(
  join(consumer, "package.json"),
  JSON.stringify({ name: "consumer", private: true, type: "module" }) + "\n",
);
const npmInstall = await run("npm", [
  "install",
  "--offline",
  "--no-audit",
  "--no-fund",
  tarball,
], consumer);
if (npmInstall.code !== 0) {
  fail(`npm install of the tarball failed: ${npmInstall.stderr}`);
}
const specifiers = [...entryBySource.values()];
const importAll =
  specifiers.map((specifier, i) =>
    `import * as m${i} from ${JSON.stringify(specifier)};`
  ).join("\n") +
  `\nconsole.log(JSON.stringify([${
    specifiers.map((_, i) => `Object.keys(m${i}).length`).join(", ")
  }]));`;
const imported = await run(
  "node",
  ["--input-type=module", "-e", importAll],
  consumer,
);
const counts: number[] = imported.code === 0 ? JSON.parse(imported.stdout) : [];
if (counts.length !== specifiers.length || counts.includes(0)) {
  fail(`node could not import every entry point: ${imported.stderr}`);
}
console.log(
  `✓ npm installs the tarball as ${NPM_NAME}; node imports its ${specifiers.length} entry points`,
);

// 6. run them under Node
const nodeVersion = (await run("node", ["--version"], out)).stdout.trim();
console.log(`node ${nodeVersion}: node --test ${nodeTests.length} files`);
const node = await run(
  "node",
  ["--test", "--test-reporter=tap", ...nodeTests],
  out,
);
const tap = node.stdout;
writeFileSync(join(out, "node-test.tap"), tap + node.stderr);
const count = (label: string) =>
  Number(tap.match(new RegExp(`^# ${label} (\\d+)`, "m"))?.[1] ?? NaN);
const passed = count("pass");
const failedCount = count("fail");
if (Number.isNaN(passed) || Number.isNaN(failedCount)) {
  console.error(tap.slice(-4000), node.stderr.slice(-4000));
  fail("could not read node's test summary");
}
// Each failing test's block: its `not ok` line and YAML diagnostics.
for (const block of tap.matchAll(/^( *)not ok [^\n]*\n(?:\1 +[^\n]*\n)*/gm)) {
  if (!block[0].includes("subtestsFailed")) console.error(block[0]);
}
writeFileSync(
  join(out, "node-test-summary.json"),
  JSON.stringify({ node: nodeVersion, passed, failed: failedCount }) + "\n",
);
console.log(`node test: ${passed} passed, ${failedCount} failed`);
if (node.code !== 0 || failedCount > 0) Deno.exit(1);
