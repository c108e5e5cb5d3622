// The passthrough token tap: it finds the upstream's usage however the
// network splits the stream, estimates from the generated text when no usage
// comes, and hands the client the very bytes the upstream sent.
import assert from "node:assert/strict";
import {
  StreamTokenScanner,
  StreamTokenTap,
} from "../../src/gateway/_stream_tokens.ts";
import { withTimeout } from "../_timeout.ts";
import { BodyFailed } from "../../src/serve/_body_failed.ts";

const utf8 = new TextEncoder();

function event(json: string): string {
  return `data: ${json}\n\n`;
}

// OpenAI with include_usage: `"usage":null` on every chunk, then a
// usage-only chunk with empty choices.
const OPENAI_USAGE = event(
  '{"id":"c1","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}],"usage":null}',
) +
  event(
    '{"id":"c1","choices":[{"index":0,"delta":{"content":"Hé \\"q\\"\\n"},"finish_reason":null}],"usage":null}',
  ) +
  event(
    '{"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":null}',
  ) +
  event(
    '{"id":"c1","choices":[],"usage":{"prompt_tokens":11,"completion_tokens":3,"total_tokens":14,"prompt_tokens_details":{"cached_tokens":0}}}',
  ) + "data: [DONE]\n\n";

// A server that puts usage on the last content chunk, with spaces.
const LAST_CHUNK_USAGE = event(
  '{"choices": [{"delta": {"content": "ab"}, "finish_reason": null}]}',
) +
  event(
    '{"choices": [{"delta": {"content": "c"}, "finish_reason": "stop"}], "usage": {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7}}',
  ) + "data: [DONE]\n\n";

// No usage; text that looks like usage inside strings; a tool call; escapes.
const NO_USAGE = ": keep-alive\n\n" +
  event(
    '{"choices":[{"delta":{"content":"\\"usage\\":{\\"prompt_tokens\\":99,\\"completion_tokens\\":99}"}}]}',
  ) +
  event(
    '{"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"get","arguments":"{\\"x\\":1}"}}]}}]}',
  ) +
  event('{"choices":[{"delta":{"content":"日本\\u00e9"}}]}') +
  "data: [DONE]\n\n";

function scanAll(parts: Uint8Array[]): StreamTokenScanner {
  const scanner = new StreamTokenScanner();
  for (const part of parts) scanner.scan(part);
  return scanner;
}

/** Every way of cutting `text` into two pieces, and byte by byte. */
function splits(text: string): Uint8Array[][] {
  const bytes = utf8.encode(text);
  const ways: Uint8Array[][] = [[bytes]];
  for (let at = 1; at < bytes.length; at++) {
    ways.push([bytes.subarray(0, at), bytes.subarray(at)]);
  }
  ways.push([...bytes].map((b) => Uint8Array.of(b)));
  return ways;
}

Deno.test("stream tokens: the usage-only chunk is read wherever the network splits it", () => {
  for (const parts of splits(OPENAI_USAGE)) {
    const scanner = scanAll(parts);
    assert.deepEqual(scanner.usage, {
      promptTokens: 11,
      completionTokens: 3,
      totalTokens: 14,
    });
    // `Hé "q"` and a newline: seven characters of generated text.
    assert.equal(scanner.chars, 7);
  }
});

Deno.test("stream tokens: usage on the last content chunk, JSON with spaces", () => {
  for (const parts of splits(LAST_CHUNK_USAGE)) {
    const scanner = scanAll(parts);
    assert.deepEqual(scanner.usage, {
      promptTokens: 5,
      completionTokens: 2,
      totalTokens: 7,
    });
    assert.equal(scanner.chars, 3);
  }
});

Deno.test("stream tokens: without usage, generated characters are counted; usage-like text is not usage", () => {
  const content = '"usage":{"prompt_tokens":99,"completion_tokens":99}';
  const expected = content.length + '{"x":1}'.length + "日本é".length;
  for (const parts of splits(NO_USAGE)) {
    const scanner = scanAll(parts);
    assert.equal(scanner.usage, undefined);
    assert.equal(scanner.chars, expected);
  }
});

Deno.test("stream tokens: the last usage wins; a broken usage object is ignored", () => {
  const scanner = scanAll([utf8.encode(
    event('{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":1}}') +
      event(
        '{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":4}}',
      ) +
      'data: {"choices":[],"usage":{"prompt_tokens":1,\n\n',
  )]);
  assert.deepEqual(scanner.usage, {
    promptTokens: 5,
    completionTokens: 4,
    totalTokens: 9,
  });
});

function streamOf(
  parts: Uint8Array[],
  fail?: Error,
): { body: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let i = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]);
      else if (fail) controller.error(fail);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { body, cancelled: () => cancelled };
}

Deno.test("stream tokens tap: the client's chunks are the upstream's own; tokens read or estimated", async () => {
  const parts = splits(OPENAI_USAGE)[40];
  const tap = new StreamTokenTap(streamOf(parts).body);
  const seen: Uint8Array[] = [];
  for await (const chunk of tap.body) seen.push(chunk);
  assert.equal(seen.length, parts.length);
  seen.forEach((chunk, i) => assert.equal(chunk, parts[i])); // same objects
  assert.deepEqual(tap.tokens(100), {
    usage: { promptTokens: 11, completionTokens: 3, totalTokens: 14 },
    estimated: false,
  });
  assert.equal(tap.failure, undefined);

  const plain = new StreamTokenTap(streamOf([utf8.encode(NO_USAGE)]).body);
  await new Response(plain.body).arrayBuffer();
  const chars = '"usage":{"prompt_tokens":99,"completion_tokens":99}'.length +
    '{"x":1}'.length + 3;
  assert.deepEqual(plain.tokens(8), {
    usage: {
      promptTokens: 8,
      completionTokens: Math.ceil(chars / 4),
      totalTokens: 8 + Math.ceil(chars / 4),
    },
    estimated: true,
  });
});

Deno.test("stream tokens tap: cancelling cancels the upstream; an upstream break errors the body", async () => {
  const upstream = streamOf(splits(OPENAI_USAGE)[0]);
  const tap = new StreamTokenTap(upstream.body);
  const reader = tap.body.getReader();
  await reader.read();
  await reader.cancel("gone");
  assert.equal(upstream.cancelled(), true);

  const broken = new StreamTokenTap(
    streamOf(
      [utf8.encode(event('{"choices":[{"delta":{"content":"abcd"}}]}'))],
      new Error("reset"),
    ).body,
  );
  const read = new Response(broken.body).text();
  await assert.rejects(withTimeout(read, 5_000, "the broken body"));
  // The break is the upstream's, with its error as the cause.
  assert.ok(broken.failure instanceof BodyFailed);
  assert.equal((broken.failure.cause as Error).message, "reset");
  assert.equal(broken.tokens(2).usage.completionTokens, 1);
});

// A relayed Anthropic Messages stream: input_tokens in message_start, the
// running output_tokens in message_delta; text, thinking and tool input in
// their own delta keys.
const ANTHROPIC_STREAM = "event: message_start\n" +
  event(
    '{"type":"message_start","message":{"id":"msg_1","content":[],"usage":{"input_tokens":21,"output_tokens":1}}}',
  ) + "event: content_block_delta\n" +
  event(
    '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hm"}}',
  ) + "event: content_block_delta\n" +
  event(
    '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Bonjour"}}',
  ) + "event: content_block_delta\n" +
  event(
    '{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{}"}}',
  ) + "event: message_delta\n" +
  event(
    '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}',
  ) + "event: message_stop\n" + event('{"type":"message_stop"}');

Deno.test("stream tokens: an Anthropic stream's usage, in parts, is put together; its text, thinking and tool input are counted", () => {
  for (const parts of splits(ANTHROPIC_STREAM)) {
    const scanner = scanAll(parts);
    assert.deepEqual(scanner.usage, {
      promptTokens: 21,
      completionTokens: 9,
      totalTokens: 30,
    });
    assert.equal(scanner.chars, "hm".length + "Bonjour".length + 2);
  }
});
