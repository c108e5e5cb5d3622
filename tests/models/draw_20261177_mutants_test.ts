// Survivors of the fresh mutation draw with seed 20261177 (models-core), each
// with the behaviour a user relies on that the suite did not read:
// - model translation's `default` strategy on a backend that declares no
//   model list: an adapter without metadata (a plain object with its two methods),
//   or whose metadata has no capabilities, serves any model, so the model
//   asked for reaches it unchanged (the tests before gave every backend a
//   testing adapter's metadata, which always lists capabilities).
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  type IRChatRequest,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { collectWarnings, req } from "./_helpers.ts";

Deno.test("model translation (default): a backend with no metadata, or metadata without capabilities, gets the model asked for", async () => {
  const echo = createEchoAdapter();
  const seen: (string | undefined)[] = [];
  const execute = (request: IRChatRequest, signal?: AbortSignal) => {
    seen.push(request.parameters?.model);
    return echo.execute(request, signal);
  };
  const executeStream = echo.executeStream.bind(echo);
  const bare = { execute, executeStream } as unknown as BackendAdapter;
  const noCapabilities = {
    execute,
    executeStream,
    metadata: { name: "plain", provider: "plain", defaultModel: "plain-1" },
  } as unknown as BackendAdapter;
  for (const [name, adapter] of [["bare", bare], ["plain", noCapabilities]]) {
    const { warnings, onWarning } = collectWarnings();
    const router = createRouter({
      onWarning,
      modelTranslation: { strategy: "default" },
    }).register(name as string, adapter as BackendAdapter);
    try {
      const response = await router.execute(
        req("x", { parameters: { model: "gpt-4o" } }),
      );
      assert.equal(response.message.content, "x", String(name));
      assert.equal(seen.at(-1), "gpt-4o", String(name));
      assert.deepEqual(
        warnings.filter((w) => w.code === "model-substituted"),
        [],
        String(name),
      );
    } finally {
      router.dispose();
    }
  }
});
