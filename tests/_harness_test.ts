// Deno-only: proves tests/_harness.ts runs describe/it under Deno's
// sanitizers, by running `deno test` on small files that use it. The child
// gets no --sanitize-* flags: the harness must turn the sanitizers on itself.
import assert from "node:assert/strict";
import { run } from "./_bounded.ts";

const harness = new URL("./_harness.ts", import.meta.url).href;

/** Runs `deno test` on `body` (after an import of the harness). */
async function denoTest(
  body: string,
): Promise<{ success: boolean; output: string }> {
  const dir = await Deno.makeTempDir({ prefix: "harness_test_" });
  try {
    const file = `${dir}/sample_test.ts`;
    await Deno.writeTextFile(
      file,
      `import { describe, it, test } from ${JSON.stringify(harness)};\n${body}`,
    );
    const { success, out, err } = await run(Deno.execPath(), {
      args: ["test", "--no-check", "--allow-read", file],
      cwd: dir,
      env: { NO_COLOR: "1" },
    });
    return { success, output: out + err };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a clean suite passes, its its run in order as steps", async () => {
  const { success, output } = await denoTest(`
const seen: string[] = [];
describe("outer", () => {
  it("first", () => { seen.push("first"); });
  describe("inner", () => {
    it("second", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push("second");
    });
  });
  it("third", () => {
    if (seen.join() !== "first,second") throw new Error("order: " + seen);
  });
});
test("top-level test", () => {});
`);
  assert.ok(success, output);
  assert.match(output, /ok \| 2 passed \(4 steps\) \| 0 failed/);
});

Deno.test("a timer left by an it in a describe fails the run", async () => {
  const { success, output } = await denoTest(`
describe("group", () => {
  describe("nested", () => {
    it("leaks a timer", () => { setTimeout(() => {}, 2000); });
  });
});
`);
  assert.equal(success, false, output);
  assert.match(output, /Leaks detected/);
  assert.match(output, /A timer was started in this test, but never completed/);
});

Deno.test("a top-level it that leaks a timer fails", async () => {
  const { success, output } = await denoTest(`
it("leaks a timer", () => { setTimeout(() => {}, 2000); });
`);
  assert.equal(success, false, output);
  assert.match(output, /A timer was started in this test, but never completed/);
});

Deno.test("an it that leaves a file open fails", async () => {
  const { success, output } = await denoTest(`
describe("group", () => {
  it("opens a file", () => { Deno.openSync(new URL(import.meta.url)); });
});
`);
  assert.equal(success, false, output);
  assert.match(output, /Leaks detected/);
  assert.match(output, /A file was opened during the test, but not closed/);
});

Deno.test("describe bodies must be synchronous", async () => {
  const { success, output } = await denoTest(`
describe("async", async () => {});
`);
  assert.equal(success, false, output);
  assert.match(output, /body must be synchronous/);
});
