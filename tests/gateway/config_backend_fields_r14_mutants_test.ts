// A config file's backend takes only the fields the configuration page
// names; any other is refused, named, with the known ones listed. A field
// written in another letter case (`baseUrl`, `apikey`) is the likeliest
// slip, and read silently it would leave the backend on its provider's
// default URL, or without its key.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseGatewayConfig } from "../../src/gateway/mod.ts";
import { configProblem } from "./_config_problem.ts";

const env = (name: string) =>
  ({ VLLM_KEY: "sk-local" } as const)[
    name as "VLLM_KEY"
  ];

const KNOWN =
  "(known: name, provider, apiKey, baseURL, models, defaultModel, maxTokensParameter)";

describe("a backend's fields in the config file", () => {
  // Bug (`_config_backends.ts`, the backend's `only(raw, where, […])`
  // check dropped): an unknown or miscased field was ignored.
  for (const field of ["baseUrl", "apikey", "base_url", "Name"]) {
    it(`refuses ${field}, naming it`, async () => {
      const backend: Record<string, unknown> = {
        name: "local",
        provider: "vllm",
        baseURL: "http://127.0.0.1:8001/v1",
        [field]: field === "apikey" ? "$VLLM_KEY" : "http://10.0.0.9:8001/v1",
      };
      assert.equal(
        await configProblem({ backends: [backend] }, env),
        `config: backends[0].${field} is not a known field ${KNOWN}`,
      );
    });
  }

  it("takes every field it names", async () => {
    const config = await parseGatewayConfig(
      JSON.stringify({
        backends: [{
          name: "local",
          provider: "vllm",
          apiKey: "$VLLM_KEY",
          baseURL: "http://127.0.0.1:8001/v1",
          models: ["llama"],
          defaultModel: "llama",
          maxTokensParameter: "max_completion_tokens",
        }],
      }),
      env,
    );
    assert.equal(config.backends?.[0].baseURL, "http://127.0.0.1:8001/v1");
    assert.equal(config.backends?.[0].apiKey, "sk-local");
  });
});
