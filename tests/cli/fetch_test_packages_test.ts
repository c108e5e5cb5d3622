// `deno task test` first fetches the tests' npm packages in one step
// (scripts/fetch_test_packages.ts), which says clearly when the registry
// cannot be reached (Deno only).
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";
import { cleanEnv } from "../examples/_serve_process.ts";

const SCRIPT = new URL("../../scripts/fetch_test_packages.ts", import.meta.url)
  .pathname;

async function fetchPackages(vars: Record<string, string>) {
  return await run(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-env", "--allow-run", SCRIPT],
    env: cleanEnv(vars),
    clearEnv: true,
    timeoutMs: 300_000,
  });
}

Deno.test("fetch_test_packages: an unreachable registry is one clear message, without the URL's credentials", async () => {
  // A port nothing listens on: the registry refuses at once.
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  const empty = await Deno.makeTempDir();
  try {
    const result = await fetchPackages({
      DENO_DIR: empty,
      NPM_CONFIG_REGISTRY: `http://ci:s3cret-token@127.0.0.1:${port}/`,
    });
    assert.equal(result.code, 1, result.err);
    assert.match(
      result.err,
      new RegExp(
        `^fetch_test_packages: the npm packages the tests use could not be fetched from http://127\\.0\\.0\\.1:${port}/: is the registry reachable`,
      ),
    );
    assert.doesNotMatch(result.err, /s3cret-token/);
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("fetch_test_packages: with the registry reachable, every package the tests import is fetched and it exits 0", async () => {
  // The machine's own registry settings: what `deno task test` runs with.
  const result = await fetchPackages({});
  assert.equal(result.code, 0, result.err);
  assert.equal(result.err, "");
});
