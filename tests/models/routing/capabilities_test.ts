// What capability-based routing reads a request to need, on the edges a
// client's conversation meets: a tool result sent back without the tool
// list, an empty tool list, a backend whose model list is empty, a request
// naming no model, and model translation (the model is substituted after
// the choice, so it filters nothing). The backend that must NOT be chosen is
// registered first: with no data every candidate ties and the first wins.
import assert from "node:assert/strict";
import {
  type AdapterCapabilities,
  createRouter,
  type IRChatRequest,
  type RouterConfig,
} from "../../../src/models/mod.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { req, routingOf } from "../_helpers.ts";

function routed(
  backends: Record<string, Partial<AdapterCapabilities>>,
  config: RouterConfig = {},
) {
  const router = createRouter({ capabilityBasedRouting: true, ...config });
  for (const [name, capabilities] of Object.entries(backends)) {
    router.register(
      name,
      createEchoAdapter({
        metadata: { capabilities: { streaming: true, ...capabilities } },
      }),
    );
  }
  return {
    async pick(request: IRChatRequest): Promise<string> {
      return routingOf(await router.execute(request)).backend;
    },
    dispose: () => router.dispose(),
  };
}

Deno.test("a tool result sent back without the tool list still needs a backend with tools", async () => {
  const router = routed({ plain: { tools: false }, tooly: { tools: true } });
  try {
    const request: IRChatRequest = {
      messages: [
        { role: "user", content: "weather in Oslo?" },
        {
          role: "tool",
          content: [{
            type: "tool_result",
            toolUseId: "call_1",
            content: "12°C",
          }],
        },
      ],
    };
    // Without it the tool-less backend, registered first, is chosen.
    assert.equal(await router.pick(req("no tools")), "plain");
    assert.equal(await router.pick(request), "tooly");
  } finally {
    router.dispose();
  }
});

Deno.test("an empty tool list needs no tools", async () => {
  const router = routed({ plain: { tools: false }, tooly: { tools: true } });
  try {
    assert.equal(await router.pick({ ...req("x"), tools: [] }), "plain");
  } finally {
    router.dispose();
  }
});

Deno.test("a backend with an empty model list serves any model; one with a list, a request naming none", async () => {
  const router = routed({
    open: { models: [] },
    listed: { models: ["m-1"] },
  });
  const listedOnly = routed({ listed: { models: ["m-1"] } });
  try {
    const named = req("x", { parameters: { model: "other" } });
    assert.equal(await router.pick(named), "open");
    assert.equal(await listedOnly.pick(req("no model named")), "listed");
  } finally {
    router.dispose();
    listedOnly.dispose();
  }
});

Deno.test("with model translation the requested model filters no backend: it is substituted after the choice", async () => {
  const router = routed(
    { claude: { models: ["claude-sonnet"] } },
    {
      modelTranslation: {
        strategy: "default",
        mapping: { claude: { "gpt-4o*": "claude-sonnet" } },
      },
    },
  );
  try {
    const request = req("x", { parameters: { model: "gpt-4o-mini" } });
    assert.equal(await router.pick(request), "claude");
  } finally {
    router.dispose();
  }
});
