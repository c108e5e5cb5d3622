/**
 * Fetches, once and before any test runs, every npm package the tests import
 * (`deno cache` of the test files, pinned by deno.lock), so a machine that
 * cannot reach the npm registry gets one clear message at the start of
 * `deno task test` instead of a failure in the middle of the run. A cache
 * that already holds them needs no network.
 *
 * Runs `deno cache` with the caller's environment (registry, proxy and CA
 * variables: `NPM_CONFIG_REGISTRY`, `HTTPS_PROXY`, `DENO_CERT`, …).
 *
 * @module
 */
const root = new URL("../", import.meta.url);
const BOUND_MS = 300_000;

/** Test files and the helpers they import, under tests/. */
function testFiles(dir: URL): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    if (entry.isDirectory) {
      if (entry.name !== "fixtures") {
        files.push(...testFiles(new URL(`${entry.name}/`, dir)));
      }
    } else if (entry.name.endsWith(".ts")) {
      files.push(new URL(entry.name, dir).pathname);
    }
  }
  return files;
}

/** A registry URL fit to print: a token in it stays out of the message. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.href;
  } catch {
    return "the configured registry";
  }
}

const child = new Deno.Command(Deno.execPath(), {
  args: [
    "cache",
    "--lock=deno.lock",
    "--frozen-lockfile",
    ...testFiles(new URL("tests/", root)),
  ],
  cwd: root,
  stdout: "piped",
  stderr: "piped",
}).spawn();
const timer = setTimeout(() => {
  try {
    child.kill("SIGKILL");
  } catch {
    // Already exited.
  }
}, BOUND_MS);
const result = await child.output();
clearTimeout(timer);
if (!result.success) {
  const lines = new TextDecoder().decode(result.stderr).split("\n")
    // deno-lint-ignore no-control-regex
    .map((line) => line.replace(/\x1b\[[0-9;]*m/g, "").trim())
    .filter((line) => /error/i.test(line));
  const registry = withoutCredentials(
    Deno.env.get("NPM_CONFIG_REGISTRY") ?? "https://registry.npmjs.org/",
  );
  console.error(
    `fetch_test_packages: the npm packages the tests use could not be fetched from ${registry}` +
      (result.signal ? ` (no answer within ${BOUND_MS / 1000} s)` : "") +
      `: is the registry reachable from here (proxy, HTTPS_PROXY, NPM_CONFIG_REGISTRY, CA certificates)?` +
      (lines.length > 0 ? `\n  ${lines.slice(0, 3).join("\n  ")}` : ""),
  );
  Deno.exit(1);
}
