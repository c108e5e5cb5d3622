// `createAdapter` turns a config's backend spec into the adapter the
// gateway calls: every field given must reach the provider's wire. A proxy
// in front of OpenAI that wants `max_completion_tokens` says so with
// `maxTokensParameter`; without it, an OpenAI-compatible server gets
// `max_tokens`. The name matters where the gateway writes the body itself,
// as for a Messages client (an OpenAI-wire client's body is relayed as the
// client wrote it). The spec's key is the upstream's bearer token. And the
// host the command checks its network permission for is the one the
// adapter will call: the spec's own root, else its provider's.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  apiHost,
  type BackendSpec,
  createAdapter,
} from "../../src/gateway/mod.ts";
import { jsonPost, withGateway } from "./_in_process.ts";
import { openAICompletion, serveUpstream } from "./_serve.ts";
import { withTimeout } from "../_timeout.ts";

const WAIT_MS = 10_000;

/**
 * What the upstream received for one Messages request of `max_tokens: 7`
 * through `spec`.
 */
async function upstreamSees(
  spec: (origin: string) => BackendSpec,
): Promise<{ body: Record<string, unknown>; authorization: string | null }> {
  const upstream = serveUpstream(() => Response.json(openAICompletion("ok")));
  try {
    const backend = spec(upstream.origin);
    const adapter = createAdapter(backend);
    // The adapter is the backend's, by name, whatever its provider.
    assert.equal(adapter.metadata.name, backend.name);
    assert.equal(adapter.metadata.provider, backend.provider);
    return await withGateway({
      backends: [[backend.name, adapter]],
    }, async (gateway) => {
      const response = await withTimeout(
        gateway(jsonPost("/v1/messages", {
          model: `${backend.name}/gpt-test`,
          max_tokens: 7,
          messages: [{ role: "user", content: "hi" }],
        })),
        WAIT_MS,
        "the answer",
      );
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal((await response.json()).content[0].text, "ok");
      assert.equal(upstream.calls.length, 1);
      const [call] = upstream.calls;
      return {
        body: call.body,
        authorization: call.headers.get("authorization"),
      };
    });
  } finally {
    await upstream.close();
  }
}

describe("a backend spec's fields on the wire", () => {
  // Bug (`providers.ts`, the `maxTokensParameter` spread's condition
  // flipped): the option was parsed and checked, then left out of the
  // adapter, so the proxy got `max_tokens` and refused it.
  for (const provider of ["openai", "vllm"]) {
    it(`${provider}: maxTokensParameter names the token limit the upstream gets`, async () => {
      const given = await upstreamSees((origin) => ({
        name: "proxy",
        provider,
        apiKey: "sk-upstream",
        baseURL: `${origin}/v1`,
        maxTokensParameter: "max_completion_tokens",
      }));
      assert.equal(given.body.max_completion_tokens, 7);
      assert.equal(given.body.max_tokens, undefined);
      const unset = await upstreamSees((origin) => ({
        name: "proxy",
        provider,
        apiKey: "sk-upstream",
        baseURL: `${origin}/v1`,
      }));
      assert.equal(unset.body.max_tokens, 7);
      assert.equal(unset.body.max_completion_tokens, undefined);
    });
  }

  // Bugs (`providers.ts`): the `apiKey` spread dropped or its test
  // inverted (the upstream got no bearer token, or an empty one); the
  // spec's `name` not passed on (every OpenAI-compatible backend's adapter
  // named "openai" or its preset, whatever the config called it).
  it("the spec's apiKey is the upstream's bearer token; none is sent without one", async () => {
    const keyed = await upstreamSees((origin) => ({
      name: "keyed",
      provider: "openai",
      apiKey: "sk-Upstream-1",
      baseURL: `${origin}/v1`,
    }));
    assert.equal(keyed.authorization, "Bearer sk-Upstream-1");
    const keyless = await upstreamSees((origin) => ({
      name: "local",
      provider: "vllm",
      baseURL: `${origin}/v1`,
    }));
    assert.equal(keyless.authorization, null);
  });
});

describe("apiHost: the host a backend's adapter calls", () => {
  // Bug (`providers.ts`, `?? providerEntry(spec.provider)?.baseURL`
  // dropped): a backend with no baseURL of its own (OpenAI, Anthropic… at
  // their public APIs, the common case) had no host, so `switchyard
  // gateway` under a narrow --allow-net never warned that it could not
  // reach it.
  it("is the provider's API host without a baseURL, the baseURL's host:port with one", () => {
    const cases: Array<[BackendSpec, string | undefined]> = [
      [{ name: "a", provider: "openai", apiKey: "k" }, "api.openai.com"],
      [{ name: "b", provider: "anthropic", apiKey: "k" }, "api.anthropic.com"],
      [{ name: "c", provider: "groq", apiKey: "k" }, "api.groq.com"],
      [{ name: "d", provider: "ollama" }, "127.0.0.1:11434"],
      [
        {
          name: "e",
          provider: "openai",
          baseURL: "https://Proxy.example:8443/v1",
        },
        "proxy.example:8443",
      ],
      [
        { name: "f", provider: "ollama", baseURL: "http://10.0.0.5:11434" },
        "10.0.0.5:11434",
      ],
      // In-process backends call no host.
      [{ name: "echo", provider: "echo" }, undefined],
      [{ name: "mock", provider: "mock" }, undefined],
    ];
    for (const [spec, host] of cases) {
      assert.equal(apiHost(spec), host, JSON.stringify(spec));
    }
  });
});
