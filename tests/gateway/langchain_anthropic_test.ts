// LangChain's Anthropic integration (ChatAnthropic) through the gateway:
// the input tokens it records for a streamed answer come from message_start,
// so that event must carry the backend's count, cache reads and writes
// included, not the gateway's estimate. Against the loopback Anthropic-wire
// backend that refuses unknown body keys; whole answers too.
import assert from "node:assert/strict";
import { ChatAnthropic } from "npm:@langchain/anthropic@1.5.11";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { serveGateway } from "./_serve.ts";
import {
  ANSWER,
  ANTHROPIC_DETAIL_USAGE,
  DETAILS,
  serveAnthropicWire,
} from "./_wire_mocks.ts";

async function withGateway(
  run: (origin: string, upstream: string) => Promise<void>,
) {
  const upstream = serveAnthropicWire();
  const gateway = serveGateway({
    backends: [[
      "claude",
      createAnthropicAdapter({
        apiKey: "upstream-key",
        baseURL: upstream.origin,
        defaultModel: "claude-test",
      }),
    ]],
  });
  try {
    await run(gateway.origin, upstream.origin);
  } finally {
    await gateway.close();
    await upstream.close();
  }
}

function chat(origin: string, model = "claude"): ChatAnthropic {
  return new ChatAnthropic({
    model,
    apiKey: "client-key",
    anthropicApiUrl: origin,
    maxRetries: 0,
    maxTokens: 256,
  });
}

const { input_tokens, cache_read_input_tokens, cache_creation_input_tokens } =
  ANTHROPIC_DETAIL_USAGE;
// LangChain's input_tokens is the whole prompt: 9 uncached + 6 read + 4 written.
const WHOLE_PROMPT = input_tokens + cache_read_input_tokens +
  cache_creation_input_tokens;

/** A stream's text and the usage LangChain records for it. */
async function streamed(model: ChatAnthropic) {
  let text = "";
  let total;
  for await (const chunk of await model.stream(`Hi, ${DETAILS}`)) {
    text += chunk.text;
    total = total === undefined ? chunk : total.concat(chunk);
  }
  return { text, usage: total?.usage_metadata };
}

Deno.test("LangChain ChatAnthropic → gateway → Anthropic backend: a stream records the backend's input tokens and cache counts", async () => {
  await withGateway(async (origin, upstream) => {
    // What LangChain records talking to the backend itself (it adds
    // message_start's output count to message_delta's, whoever serves).
    const direct = await streamed(chat(upstream, "claude-test"));
    assert.equal(direct.usage?.input_tokens, WHOLE_PROMPT);
    // Twice: the second stream of the gateway must not inherit the first's counts.
    for (let round = 0; round < 2; round++) {
      const { text, usage } = await streamed(chat(origin));
      assert.equal(text, ANSWER);
      assert.equal(usage?.input_tokens, WHOLE_PROMPT);
      assert.deepEqual(usage?.input_token_details, {
        cache_read: cache_read_input_tokens,
        cache_creation: cache_creation_input_tokens,
      });
      assert.deepEqual(usage, direct.usage);
    }
  });
});

Deno.test("LangChain ChatAnthropic → gateway → Anthropic backend: a whole answer records the same counts", async () => {
  await withGateway(async (origin) => {
    const answer = await chat(origin).invoke(`Hi, ${DETAILS}`);
    assert.equal(answer.text, ANSWER);
    assert.equal(answer.usage_metadata?.input_tokens, WHOLE_PROMPT);
    assert.equal(
      answer.usage_metadata?.output_tokens,
      ANTHROPIC_DETAIL_USAGE.output_tokens,
    );
  });
});
