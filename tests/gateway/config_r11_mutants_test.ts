// An alias may target a name that is also an alias when a backend serves
// that name (docs/gateway/configuration.md): as its `defaultModel`, or as any
// entry of its `models`, not only the first.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseGatewayConfig } from "../../src/gateway/mod.ts";

describe("an alias whose target is also an alias", () => {
  // Bug (`_config_backends.ts`, `b.defaultModel === target ||
  // (b.models ?? []).includes(target)` → `&&`): a model a backend serves
  // counted only when it was both the default and listed, so a config whose
  // alias targets a backend's second model (itself an alias) was refused.
  it("is accepted when a backend lists it (not first) or names it default", async () => {
    const config = await parseGatewayConfig(
      JSON.stringify({
        backends: [
          { name: "up", provider: "echo", models: ["gpt-a", "gpt-b"] },
          { name: "own", provider: "echo", defaultModel: "gpt-c" },
        ],
        aliases: {
          second: "gpt-b",
          "gpt-b": "up/gpt-b",
          fallback: "gpt-c",
          "gpt-c": "own/gpt-c",
        },
      }),
      () => undefined,
    );
    assert.equal(config.aliases.second, "gpt-b");
    assert.equal(config.aliases.fallback, "gpt-c");
  });

  it("is refused when no backend serves it", async () => {
    await assert.rejects(
      parseGatewayConfig(
        JSON.stringify({
          backends: [{ name: "up", provider: "echo", models: ["gpt-a"] }],
          aliases: { fast: "gpt-z", "gpt-z": "up/gpt-a" },
        }),
        () => undefined,
      ),
      /aliases\.fast targets another alias \("gpt-z"\)/,
    );
  });
});
