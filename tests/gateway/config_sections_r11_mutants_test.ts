// A config file without `backends` takes them from the environment
// (OPENAI_API_KEY, OLLAMA_HOST…), whose names the file cannot know: its
// routing may name any of them, and only a file that lists its backends has
// a name refused for naming none of them. A misspelt field in the breaker
// or health-check section is refused by name, as in every other section.
// A key's backends must be listed ones. Retry delays of 0 are allowed, and the base delay may not exceed the
// maximum: 0 is a delay like any other there, not "use the default".
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseGatewayConfig } from "../../src/gateway/mod.ts";

describe("routing.defaultBackend in a config file", () => {
  // Bug (`config.ts`, `known.size > 0` → `>= 0`): with the backends left
  // to the environment, every defaultBackend was refused as naming none.
  it("may name an environment backend when the file lists none, and must name a listed one otherwise", async () => {
    const none = () => undefined;
    const config = await parseGatewayConfig(
      JSON.stringify({ routing: { defaultBackend: "openai" } }),
      none,
    );
    assert.equal(config.routerConfig.defaultBackend, "openai");
    await assert.rejects(
      parseGatewayConfig(
        JSON.stringify({
          backends: [{ name: "echo", provider: "echo" }],
          routing: { defaultBackend: "openai" },
        }),
        none,
      ),
      /routing\.defaultBackend names no backend/,
    );
  });
});

describe("a key's backends in a config file", () => {
  // Bug (`config.ts`, the check of each key's `backends` dropped): a key
  // naming a backend the file does not list was taken, and its every
  // request then failed at routing.
  it("must name backends the file lists", async () => {
    await assert.rejects(
      parseGatewayConfig(
        JSON.stringify({
          backends: [{ name: "echo", provider: "echo" }],
          keys: [{
            id: "team",
            sha256: "a".repeat(64),
            backends: ["echo", "ecoh"],
          }],
        }),
        () => undefined,
      ),
      (error: Error) => {
        assert.equal(
          error.message,
          'config: keys[0].backends[1] names no backend ("ecoh")',
        );
        return true;
      },
    );
  });
});

describe("the config file's router sections", () => {
  // Bugs (`config.ts`, the `only(…)` check of `breaker` or `healthChecks`
  // dropped): `treshold` or `interval` was ignored without a word, so the
  // breaker kept its default threshold.
  it("refuse an unknown field in breaker and healthChecks, naming it", async () => {
    for (
      const [section, field] of [
        ["breaker", "treshold"],
        ["healthChecks", "interval"],
      ]
    ) {
      await assert.rejects(
        parseGatewayConfig(
          JSON.stringify({ [section]: { [field]: 5 } }),
          () => undefined,
        ),
        (error: Error) => {
          assert.ok(
            error.message.startsWith(
              `config: ${section}.${field} is not a known field`,
            ),
            error.message,
          );
          return true;
        },
      );
    }
  });

  // Bugs (`config.ts`, `retryMaxDelay ?? 10_000` or `retryBaseDelay ?? 500`
  // → `||`): a maximum delay of 0 was read as the default 10 s, so a base
  // delay above it passed, and a base delay of 0 as the default 500 ms, so
  // a maximum below 500 was refused.
  it("compare retry delays of 0 as 0, not as the defaults", async () => {
    const parse = (retries: Record<string, number>) =>
      parseGatewayConfig(JSON.stringify({ retries }), () => undefined);
    await assert.rejects(
      parse({ baseDelayMs: 100, maxDelayMs: 0 }),
      /retries\.baseDelayMs must not exceed retries\.maxDelayMs/,
    );
    const zero = await parse({ baseDelayMs: 0, maxDelayMs: 100 });
    assert.equal(zero.routerConfig.retryBaseDelay, 0);
    assert.equal(zero.routerConfig.retryMaxDelay, 100);
    const both = await parse({ baseDelayMs: 0, maxDelayMs: 0 });
    assert.equal(both.routerConfig.retryMaxDelay, 0);
  });
});
