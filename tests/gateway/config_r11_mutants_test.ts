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

describe("the parsed config's aliases", () => {
  // Bugs (`_config_fields.ts` setOwn: `configurable: true` → `false`, or
  // `writable`): a program could not drop or redirect an alias of the
  // parsed config before building the gateway (a TypeError in strict code).
  it("are plain data: an alias can be redirected and removed", async () => {
    // `__proto__` as an alias name is a name like any other in the file.
    const config = await parseGatewayConfig(
      '{"backends":[{"name":"up","provider":"echo","models":["gpt-a"]}],' +
        '"aliases":{"fast":"up/gpt-a","__proto__":"up/gpt-a"}}',
      () => undefined,
    );
    assert.ok(Object.hasOwn(config.aliases, "__proto__"));
    config.aliases.fast = "up";
    assert.equal(config.aliases.fast, "up");
    delete config.aliases.fast;
    delete config.aliases["__proto__"];
    assert.equal(Object.hasOwn(config.aliases, "fast"), false);
    assert.equal(Object.hasOwn(config.aliases, "__proto__"), false);
  });
});
