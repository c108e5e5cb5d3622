// A client's `anthropic-beta` header: a body field may need its beta, so an
// Anthropic backend on the client's wire is sent the client's betas merged
// with the configured ones (each once); a backend of the other wire never
// sees the header, and the answer names it dropped.
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { anthropicClient } from "./_anthropic_client.ts";
import { serveGateway } from "./_serve.ts";
import { serveAnthropicWire, serveOpenAIWire } from "./_wire_mocks.ts";

const CONFIGURED = "configured-2025-01-01";
const ASKED = "context-1m-2025-08-07";

async function withFleet(
  mixed: boolean,
  run: (
    origin: string,
    claude: ReturnType<typeof serveAnthropicWire>,
    oa: ReturnType<typeof serveOpenAIWire>,
  ) => Promise<void>,
) {
  const oa = serveOpenAIWire();
  const claude = serveAnthropicWire();
  const backends: Array<[string, BackendAdapter]> = [[
    "claude",
    createAnthropicAdapter({
      apiKey: "upstream-key",
      baseURL: claude.origin,
      defaultModel: "claude-test",
      beta: [CONFIGURED],
    }),
  ]];
  if (mixed) {
    backends.push([
      "oa",
      createOpenAIAdapter({
        provider: "vllm",
        apiKey: "upstream-key",
        baseURL: `${oa.origin}/v1`,
        defaultModel: "gpt-test",
      }),
    ]);
  }
  const gateway = serveGateway({ backends });
  try {
    await run(gateway.origin, claude, oa);
  } finally {
    await gateway.close();
    await oa.close();
    await claude.close();
  }
}

/** Sends one Messages call with `beta` (as the client wrote it); the response. */
async function ask(
  origin: string,
  model: string,
  stream: boolean,
  beta: string,
): Promise<Response> {
  const client = anthropicClient(origin);
  const request = {
    model,
    max_tokens: 64,
    messages: [{ role: "user" as const, content: "Hi" }],
  };
  const options = { headers: { "Anthropic-Beta": beta } };
  if (stream) {
    const answer = await client.messages.create(
      { ...request, stream: true },
      options,
    ).withResponse();
    for await (const _ of answer.data) { /* drained */ }
    return answer.response;
  }
  const answer = await client.messages.create(request, options)
    .withResponse();
  assert.equal(answer.data.content[0].type, "text");
  return answer.response;
}

for (const mixed of [false, true]) {
  Deno.test(
    `anthropic SDK → gateway → Anthropic backend (${
      mixed ? "mixed fleet" : "relay"
    }): the client's anthropic-beta reaches it, merged with the configured beta, each name once, plain and streamed`,
    async () => {
      await withFleet(mixed, async (origin, claude) => {
        // The second call streams: its betas reach the upstream too.
        let index = 0;
        for (const stream of [false, true]) {
          const response = await ask(
            origin,
            "claude",
            stream,
            ` ${ASKED} ,${CONFIGURED},${ASKED}`,
          );
          assert.equal(response.headers.get("x-switchyard-dropped"), null);
          assert.equal(claude.calls.length, index + 1);
          assert.equal(
            claude.calls[index].headers.get("anthropic-beta"),
            `${CONFIGURED},${ASKED}`,
          );
          index++;
        }
      });
    },
  );
}

for (const stream of [false, true]) {
  Deno.test(`anthropic SDK → gateway → OpenAI backend (stream: ${stream}): the client's anthropic-beta is not sent and is named dropped`, async () => {
    await withFleet(true, async (origin, _claude, oa) => {
      const response = await ask(origin, "oa", stream, ASKED);
      assert.equal(oa.calls.length, 1);
      assert.equal(oa.calls[0].headers.get("anthropic-beta"), null);
      assert.ok(
        (response.headers.get("x-switchyard-dropped") ?? "").split(",")
          .includes("anthropic-beta"),
      );
    });
  });
}
