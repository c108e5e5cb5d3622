// The Router's own metadata (a Router is an adapter: it can be registered in
// another Router) agrees with how it routes: a backend that does not say
// `streaming: false` is taken as streaming by capability routing, so the
// Router that holds it says it streams too.
import assert from "node:assert/strict";
import {
  type AdapterCapabilities,
  type BackendAdapter,
  createRouter,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

function withCapabilities(capabilities: unknown): BackendAdapter {
  const echo = createEchoAdapter();
  return {
    ...echo,
    metadata: {
      ...echo.metadata,
      capabilities: capabilities as AdapterCapabilities,
    },
  };
}

Deno.test("a Router holding a backend that leaves streaming unsaid says it streams; one of only streaming: false does not", () => {
  const unsaid = createRouter().register("a", withCapabilities({}));
  const none = createRouter()
    .register("a", withCapabilities({ streaming: false }))
    .register("b", withCapabilities({ streaming: false, tools: true }));
  try {
    assert.equal(unsaid.metadata.capabilities.streaming, true);
    assert.equal(none.metadata.capabilities.streaming, false);
    assert.equal(none.metadata.capabilities.tools, true);
  } finally {
    unsaid.dispose();
    none.dispose();
  }
});
