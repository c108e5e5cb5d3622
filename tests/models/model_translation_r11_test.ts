// Model translation's `default` strategy on the edges its config allows: a
// per-backend `defaultModels` entry wins over the adapter's own default
// model; a backend whose model list is empty serves any model, so nothing
// is substituted; a mapping that lands on the model already asked for is no
// substitution (no request change, no warning).
import assert from "node:assert/strict";
import { createRouter, type RouterConfig } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { collectWarnings, req } from "./_helpers.ts";

function translating(
  translation: RouterConfig["modelTranslation"],
  models: readonly string[],
) {
  const { warnings, onWarning } = collectWarnings();
  const backend = createEchoAdapter({
    metadata: {
      defaultModel: "claude-sonnet",
      capabilities: { streaming: true, models },
    },
  });
  const router = createRouter({ onWarning, modelTranslation: translation })
    .register("claude", backend);
  return {
    router,
    warnings,
    async sent(model: string): Promise<unknown> {
      await router.execute(req("x", { parameters: { model } }));
      return backend.calls.at(-1)?.request?.parameters?.model;
    },
  };
}

const SERVED = ["claude-haiku", "claude-sonnet"];

Deno.test("a backend's defaultModels entry wins over its adapter's default model", async () => {
  const { router, sent } = translating({
    strategy: "default",
    defaultModels: { claude: "claude-haiku" },
  }, SERVED);
  try {
    assert.equal(await sent("gpt-4o"), "claude-haiku");
  } finally {
    router.dispose();
  }
  const plain = translating({ strategy: "default" }, SERVED);
  try {
    assert.equal(await plain.sent("gpt-4o"), "claude-sonnet");
  } finally {
    plain.router.dispose();
  }
});

Deno.test("a backend with an empty model list gets the model asked for", async () => {
  const { router, sent, warnings } = translating({ strategy: "default" }, []);
  try {
    assert.equal(await sent("gpt-4o"), "gpt-4o");
    assert.deepEqual(
      warnings.filter((w) => w.code === "model-substituted"),
      [],
    );
  } finally {
    router.dispose();
  }
});

Deno.test("a mapping onto the model already asked for substitutes nothing and warns of nothing", async () => {
  const { router, sent, warnings } = translating({
    strategy: "pattern",
    mapping: { claude: { "claude-*": "claude-sonnet" } },
  }, SERVED);
  try {
    assert.equal(await sent("claude-sonnet"), "claude-sonnet");
    assert.equal(await sent("claude-opus"), "claude-sonnet");
    const substituted = warnings.filter((w) => w.code === "model-substituted");
    assert.deepEqual(substituted.map((w) => w.details?.from), ["claude-opus"]);
  } finally {
    router.dispose();
  }
});

// Bug: the Router kept the caller's own config object, so editing it after
// createRouter changed routing, while the compiled tables stayed as built.
Deno.test("model translation is fixed when the Router is built: editing the config object afterwards changes nothing", async () => {
  const defaultModels: Record<string, string> = { claude: "claude-haiku" };
  const config: {
    strategy: "default" | "none";
    defaultModels: typeof defaultModels;
  } = {
    strategy: "default",
    defaultModels,
  };
  const { router, sent } = translating(config, SERVED);
  try {
    assert.equal(await sent("gpt-4o"), "claude-haiku");
    defaultModels.claude = "claude-sonnet";
    config.strategy = "none";
    assert.equal(await sent("gpt-4o"), "claude-haiku");
  } finally {
    router.dispose();
  }
});
