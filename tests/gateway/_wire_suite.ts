// One suite for the answer side of both client wires: a client library (the
// openai SDK or the Anthropic SDK) asks the gateway, whose backends are the
// real OpenAI and Anthropic adapters in front of loopback upstreams that
// refuse unknown body keys, for an answer rich in details (logprobs, usage
// details, reasoning with its signature, a matched stop sequence) or for a
// refusal, whole and streamed. What each client must see is written once
// here, per backend wire, in the client's own terms; one test file per
// client wire runs it.
import assert from "node:assert/strict";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { serveGateway } from "./_serve.ts";
import {
  ANSWER,
  DETAILS,
  LOGPROBS,
  REDACTED,
  REFUSAL,
  REFUSE,
  serveAnthropicWire,
  serveOpenAIWire,
  STOP_SEQUENCE,
  THINKING,
} from "./_wire_mocks.ts";

/** The backend wires, by the model name that routes to each. */
export type BackendWire = "openai" | "anthropic";
const MODELS: Record<BackendWire, string> = {
  openai: "oa",
  anthropic: "claude",
};

/** An answer as a client read it, in that client's wire terms. */
export interface ClientAnswer {
  /** The answer text (Anthropic: the text blocks joined). */
  text: string;
  /** OpenAI's `message.refusal` (null on the Anthropic wire). */
  refusal: string | null;
  /** Content tokens' `[token, logprob]`, or null. */
  logprobs: Array<[string, number]> | null;
  /** Refusal tokens' `[token, logprob]`, or null. */
  refusalLogprobs: Array<[string, number]> | null;
  /** `finish_reason` or `stop_reason`. */
  stopReason: string;
  /** Anthropic's `stop_sequence` (null on the OpenAI wire). */
  stopSequence: string | null;
  /** The usage object as the client received it. */
  usage: Record<string, unknown>;
  /** Reasoning blocks (Anthropic's `thinking` / `redacted_thinking`). */
  thinking: unknown[];
  /** A stream's `message_start` usage (Anthropic streams only). */
  startUsage?: Record<string, unknown>;
}

/** A client wire: how its library asks, and what it must read. */
export interface ClientWire {
  name: "openai" | "anthropic";
  ask(
    origin: string,
    model: string,
    prompt: string,
    stream: boolean,
  ): Promise<ClientAnswer>;
}

type Scenario = "details" | "refuse";

async function withGateway(
  run: (origin: string, logs: RequestLogEntry[]) => Promise<void>,
): Promise<void> {
  const openAIWire = serveOpenAIWire();
  const anthropicWire = serveAnthropicWire();
  const logs: RequestLogEntry[] = [];
  const gateway = serveGateway({
    backends: [
      [
        "oa",
        createOpenAIAdapter({
          provider: "vllm",
          apiKey: "upstream-key",
          baseURL: `${openAIWire.origin}/v1`,
          defaultModel: "gpt-test",
        }),
      ],
      [
        "claude",
        createAnthropicAdapter({
          apiKey: "upstream-key",
          baseURL: anthropicWire.origin,
          defaultModel: "claude-test",
        }),
      ],
    ],
    logger: (entry) => logs.push(entry),
  });
  try {
    await run(gateway.origin, logs);
  } finally {
    await gateway.close();
    await openAIWire.close();
    await anthropicWire.close();
  }
}

const tokens = (pieces: string[]): Array<[string, number]> =>
  pieces.map((t) => [t, LOGPROBS[t]]);

/** What an OpenAI client must read. */
function expectOpenAI(
  answer: ClientAnswer,
  backend: BackendWire,
  scenario: Scenario,
  stream: boolean,
): void {
  if (scenario === "details") {
    assert.equal(answer.text, ANSWER);
    assert.equal(answer.refusal, null);
    assert.equal(answer.stopReason, "stop");
    if (backend === "openai") {
      assert.deepEqual(answer.logprobs, tokens(["Bon", "jour"]));
      assert.equal(answer.usage.prompt_tokens, 19);
      assert.equal(answer.usage.completion_tokens, 12);
      assert.deepEqual(
        (answer.usage.prompt_tokens_details as Record<string, unknown>)
          .cached_tokens,
        6,
      );
      assert.deepEqual(
        (answer.usage.completion_tokens_details as Record<string, unknown>)
          .reasoning_tokens,
        4,
      );
    } else {
      // Anthropic has no logprobs; its 9 uncached + 6 read + 4 written input
      // tokens are OpenAI's 19 prompt tokens, 6 of them cached, 4 written to
      // the cache (OpenAI's `cache_write_tokens`).
      assert.equal(answer.logprobs, null);
      assert.equal(answer.usage.prompt_tokens, 19);
      assert.equal(answer.usage.completion_tokens, 7);
      assert.equal(answer.usage.total_tokens, 26);
      assert.deepEqual(answer.usage.prompt_tokens_details, {
        cached_tokens: 6,
        cache_write_tokens: 4,
      });
      // Anthropic's thinking tokens are OpenAI's reasoning tokens.
      assert.deepEqual(answer.usage.completion_tokens_details, {
        reasoning_tokens: 3,
      });
    }
    return;
  }
  if (backend === "openai") {
    assert.equal(answer.refusal, REFUSAL.join(""));
    assert.equal(answer.text, "");
    assert.equal(answer.stopReason, "stop");
    assert.deepEqual(answer.refusalLogprobs, tokens(REFUSAL));
  } else {
    // Anthropic refuses by stop reason alone, with no text to carry.
    assert.equal(answer.refusal, null);
    assert.equal(answer.text, "");
    assert.equal(answer.stopReason, "content_filter");
  }
  void stream;
}

/** What an Anthropic client must read. */
function expectAnthropic(
  answer: ClientAnswer,
  backend: BackendWire,
  scenario: Scenario,
  stream: boolean,
  log: RequestLogEntry | undefined,
): void {
  if (scenario === "details") {
    assert.equal(answer.text, ANSWER);
    if (backend === "anthropic") {
      assert.deepEqual(answer.thinking, [THINKING, REDACTED]);
      assert.equal(answer.stopReason, "stop_sequence");
      assert.equal(answer.stopSequence, STOP_SEQUENCE);
      assert.equal(answer.usage.input_tokens, 9);
      assert.equal(answer.usage.cache_read_input_tokens, 6);
      assert.equal(answer.usage.cache_creation_input_tokens, 4);
      assert.equal(answer.usage.output_tokens, 7);
      assert.deepEqual(answer.usage.output_tokens_details, {
        thinking_tokens: 3,
      });
      if (stream) {
        // The backend's own count, known before the first token.
        assert.equal(answer.startUsage?.input_tokens, 9);
        assert.equal(answer.startUsage?.cache_read_input_tokens, 6);
        assert.equal(answer.startUsage?.cache_creation_input_tokens, 4);
        assert.equal(log?.start_tokens_estimated, undefined);
      }
    } else {
      // OpenAI's 19 prompt tokens of which 6 cached: 13 uncached.
      assert.deepEqual(answer.thinking, []);
      assert.equal(answer.stopReason, "end_turn");
      assert.equal(answer.stopSequence, null);
      assert.equal(answer.usage.input_tokens, 13);
      assert.equal(answer.usage.cache_read_input_tokens, 6);
      assert.equal(answer.usage.cache_creation_input_tokens, undefined);
      assert.equal(answer.usage.output_tokens, 12);
      // OpenAI's reasoning tokens are Anthropic's thinking tokens.
      assert.deepEqual(answer.usage.output_tokens_details, {
        thinking_tokens: 4,
      });
      if (stream) {
        // OpenAI reports usage only at the end: the start is an estimate,
        // and the log line says so.
        assert.notEqual(answer.startUsage?.input_tokens, 13);
        assert.equal(log?.start_tokens_estimated, true);
      }
    }
    return;
  }
  assert.equal(answer.stopReason, "refusal");
  assert.equal(answer.stopSequence, null);
  assert.equal(answer.text, backend === "openai" ? REFUSAL.join("") : "");
}

/** Registers the suite for one client wire. */
export function wireSuite(client: ClientWire): void {
  for (const backend of ["openai", "anthropic"] as const) {
    for (const scenario of ["details", "refuse"] as const) {
      for (const stream of [false, true]) {
        const how = stream ? "streamed" : "whole";
        Deno.test(`${client.name} client ← ${backend} backend: ${scenario} answer, ${how}`, async () => {
          await withGateway(async (origin, logs) => {
            const prompt = scenario === "details"
              ? `Say hello, with ${DETAILS}.`
              : `Please ${REFUSE}.`;
            // The second request of the gateway matters too: ask twice, check both.
            for (let round = 0; round < 2; round++) {
              const answer = await client.ask(
                origin,
                MODELS[backend],
                prompt,
                stream,
              );
              const log = logs.at(-1);
              if (client.name === "openai") {
                expectOpenAI(answer, backend, scenario, stream);
              } else {
                expectAnthropic(answer, backend, scenario, stream, log);
              }
            }
            assert.equal(logs.length, 2);
          });
        });
      }
    }
  }
}
