// The Router's metadata declares the largest context window of its
// backends. A backend whose capabilities override says NaN (a window read
// from a setting that is not a number, `Number("128k")`) made the Router's
// window NaN whatever the other backends declared, for as long as that
// backend was registered; a window that is not a positive number now
// declares nothing, as a missing one does.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { type BackendAdapter, createRouter } from "../../src/models/mod.ts";
import { OpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

/** An OpenAI backend whose window override came from `setting`. */
const fromSetting = (setting: string) =>
  new OpenAIAdapter({
    apiKey: "sk-example",
    capabilities: { maxContextTokens: Number(setting) },
  });

/** An echo backend declaring a window of `tokens`. */
const declaring = (tokens: number) =>
  createEchoAdapter({
    metadata: { capabilities: { streaming: true, maxContextTokens: tokens } },
  });

/** The Router's declared window with `backends` registered in order. */
function windowOf(...backends: BackendAdapter[]) {
  const router = createRouter();
  backends.forEach((backend, i) => router.register(`b${i}`, backend));
  try {
    return router.metadata.capabilities.maxContextTokens;
  } finally {
    router.dispose();
  }
}

describe("the Router's declared context window", () => {
  // Bug (`_registry.ts`, the union of windows): Math.max with a NaN is NaN,
  // and a NaN union stayed NaN for every backend after it.
  it("a backend whose window is NaN does not hide the others', before or after it", () => {
    const bad = fromSetting("128k");
    assert.ok(Number.isNaN(bad.metadata.capabilities.maxContextTokens));
    assert.equal(windowOf(bad, declaring(128_000)), 128_000);
    assert.equal(windowOf(declaring(128_000), bad), 128_000);
    assert.equal(
      windowOf(declaring(8_000), bad, declaring(200_000)),
      200_000,
    );
  });

  it("a window that is not a positive number declares nothing", () => {
    assert.equal(windowOf(fromSetting("128k")), undefined);
    assert.equal(windowOf(declaring(0)), undefined);
    assert.equal(windowOf(declaring(-1), declaring(0)), undefined);
    assert.equal(windowOf(declaring(4_096), declaring(-1)), 4_096);
  });

  // Round 22's models-core draw: a bound of 1 instead of 0 left the
  // smallest windows undeclared; any positive window is one.
  it("the smallest positive window is declared", () => {
    assert.equal(windowOf(declaring(1)), 1);
    assert.equal(windowOf(declaring(0), declaring(1)), 1);
    assert.equal(windowOf(declaring(0.5)), 0.5);
  });
});
