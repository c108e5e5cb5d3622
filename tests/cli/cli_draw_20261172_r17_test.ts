// What the sixteenth round's fresh draw of the command (seed 20261172)
// showed no test checked: a `Deno` global without `version` (a partial shim
// some Node setups define) must not stop the command from running on Node.
import assert from "node:assert/strict";
import { runtimeModuleWith } from "./_runtime_as.ts";

// Bug (`_runtime.ts:285`, `deno?.version?.deno` → `deno?.version.deno`):
// with such a shim the command threw a TypeError before doing anything.
Deno.test("a Deno global without a version is no Deno: the command runs on Node", async () => {
  for (const shim of [{}, { version: {} }, { version: undefined }]) {
    const module = await runtimeModuleWith({ deno: shim });
    const runtime = await module.currentRuntime();
    assert.equal(runtime.name, "node", JSON.stringify(shim));
    assert.match(runtime.version, /^\d+\.\d+\.\d+/);
  }
  // And the real one is Deno.
  const real = await runtimeModuleWith({ deno: Deno });
  assert.equal((await real.currentRuntime()).name, "deno");
});
