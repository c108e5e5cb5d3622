// Bugs planted by hand in the twelfth mutation round, on the models-core
// files with the fewest hand-list entries, that the suite let through:
// - under capability routing, a backend whose metadata declares no
//   capabilities (an untyped adapter) is taken to stream, as the Router's
//   own metadata already says, so a stream reaches it.
import assert from "node:assert/strict";
import { type BackendAdapter, createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { drain, req, streamText } from "./_helpers.ts";

Deno.test("capability routing: a backend whose metadata declares no capabilities is taken to stream, twice (the cached reading too)", async () => {
  const echo = createEchoAdapter();
  const bare = {
    execute: echo.execute.bind(echo),
    executeStream: echo.executeStream.bind(echo),
  } as unknown as BackendAdapter;
  const router = createRouter({ capabilityBasedRouting: true })
    .register("bare", bare);
  try {
    for (const text of ["first", "second"]) {
      const chunks = await withTimeout(
        drain(router.executeStream(req(text))),
        5_000,
        text,
      );
      assert.equal(chunks.at(-1)?.type, "done");
      assert.equal(streamText(chunks), text);
    }
  } finally {
    router.dispose();
  }
});
