// Deno-only: tests the private SSE and NDJSON parsers directly.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { parseSSE, type SSEEvent } from "../../../src/models/adapters/_sse.ts";
import { parseNDJSON } from "../../../src/models/adapters/_ndjson.ts";
import { chunkedBody, fixture } from "./_fake.ts";

async function events(
  text: string | Uint8Array,
  sizes?: number[],
  maxLineLength?: number,
): Promise<SSEEvent[]> {
  const out: SSEEvent[] = [];
  for await (
    const event of parseSSE(chunkedBody(text, sizes).body, { maxLineLength })
  ) out.push(event);
  return out;
}

/** A stream whose bytes are split exactly once, at `at`. */
function splitAt(bytes: Uint8Array, at: number): ReadableStream<Uint8Array> {
  const parts = [bytes.slice(0, at), bytes.slice(at)];
  return new ReadableStream({
    pull(controller) {
      const next = parts.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
}

describe("SSE parser", () => {
  it("parses the same events whatever the single split point (every byte offset)", async () => {
    const text =
      "event: greet\r\ndata: héllo 🌍\r\ndata: line2\r\nid: 7\r\n\r\n:comment\rdata: x\r\rdata:y\n\n";
    const bytes = new TextEncoder().encode(text);
    const expected = await events(text, [bytes.length]);
    assert.deepEqual(expected, [
      { event: "greet", data: "héllo 🌍\nline2", id: "7" },
      { event: "message", data: "x", id: "7" },
      { event: "message", data: "y", id: "7" },
    ]);
    for (let at = 0; at <= bytes.length; at++) {
      const got: SSEEvent[] = [];
      for await (const event of parseSSE(splitAt(bytes, at))) got.push(event);
      assert.deepEqual(got, expected, `split at byte ${at}`);
    }
  });

  it("parses a recorded provider stream cut into 1-byte pieces", async () => {
    const text = fixture("anthropic/stream_text.sse");
    const whole = await events(text, [1_000_000]);
    assert.equal(whole.length, 8);
    assert.deepEqual(await events(text, [1]), whole);
    assert.deepEqual(await events(text, [7, 3, 1]), whole);
  });

  it("follows the field rules: one optional space, no-colon fields, retry digits, id without NUL", async () => {
    const text = "data:no-space\ndata:  two-spaces\n\n" +
      "data\n\n" +
      "retry: 1500\nretry: soon\ndata: r\n\n" +
      "id: a\u0000b\ndata: n\n\n" +
      "unknown: field\nevent: custom\ndata: z\n\n";
    assert.deepEqual(await events(text), [
      { event: "message", data: "no-space\n two-spaces", id: "" },
      { event: "message", data: "", id: "" },
      { event: "message", data: "r", id: "", retry: 1500 },
      { event: "message", data: "n", id: "", retry: 1500 },
      { event: "custom", data: "z", id: "", retry: 1500 },
    ]);
  });

  it("does not dispatch events without data, ignores a BOM, and discards an unterminated final event", async () => {
    assert.deepEqual(
      await events(
        "\uFEFFevent: only-type\n\ndata: a\n\ndata: tail-without-blank-line\n",
      ),
      [
        { event: "message", data: "a", id: "" },
      ],
    );
    assert.deepEqual(await events("data: b\n\ndata: no newline at all"), [{
      event: "message",
      data: "b",
      id: "",
    }]);
  });

  it("dispatches nothing for a blank line after an event, or for an event with no data (keep-alives)", async () => {
    const text = "data: a\n\n\n: keep-alive\n\nevent: ping\n\ndata: b\n\n\n";
    for (const size of [1, 3, 100]) {
      assert.deepEqual(
        (await events(text, [size])).map((e) => [e.event, e.data]),
        [["message", "a"], ["message", "b"]],
      );
    }
  });

  it("throws INVALID_RESPONSE for a line over the limit, even when it never ends", async () => {
    await assert.rejects(
      events(`data: ${"x".repeat(100)}`, [9], 64),
      (error: Error & { code?: string }) => {
        return error.code === "INVALID_RESPONSE";
      },
    );
    await assert.rejects(
      events("data: 0123456789\n".repeat(10) + "\n", [5], 64),
      (error: Error & { code?: string }) => error.code === "INVALID_RESPONSE",
    );
  });

  it("names the stream as the source of an overlong line when no provider is given, the provider when one is", async () => {
    const long = `data: ${"x".repeat(100)}\n\n`;
    await assert.rejects(
      events(long, [9], 64),
      (error: Error & { provider?: string }) => error.provider === "stream",
    );
    const named = parseSSE(chunkedBody(long).body, {
      maxLineLength: 64,
      provider: "groq",
    });
    await assert.rejects(
      (async () => {
        for await (const _ of named) { /* drained */ }
      })(),
      (error: Error & { provider?: string }) => error.provider === "groq",
    );
  });

  it("stops reading and cancels the body when the consumer stops early", async () => {
    const { body, state } = chunkedBody("data: 1\n\ndata: 2\n\ndata: 3\n\n", [
      4,
    ]);
    for await (const event of parseSSE(body)) {
      if (event.data === "1") break;
    }
    assert.equal(state.cancelled, true);
  });
});

describe("NDJSON parser", () => {
  async function values(text: string, sizes?: number[]): Promise<unknown[]> {
    const out: unknown[] = [];
    for await (const value of parseNDJSON(chunkedBody(text, sizes).body)) {
      out.push(value);
    }
    return out;
  }

  it("parses CRLF and LF lines split anywhere, skips blank lines, keeps an unterminated last line", async () => {
    const text = '{"a":"ü"}\r\n\n{"b":[1,2]}\n  \r\n{"c":"🌍"}';
    const expected = [{ a: "ü" }, { b: [1, 2] }, { c: "🌍" }];
    assert.deepEqual(await values(text), expected);
    for (const size of [1, 2, 3, 5]) {
      assert.deepEqual(await values(text, [size]), expected);
    }
  });

  it("names the stream as the source of invalid JSON when no provider is given, the provider when one is", async () => {
    const bad = () => chunkedBody('{"ok":1}\n{broken\n').body;
    const drain = async (values: AsyncIterable<unknown>) => {
      for await (const _ of values) { /* drained */ }
    };
    await assert.rejects(
      drain(parseNDJSON(bad())),
      (error: Error & { provider?: string }) => error.provider === "stream",
    );
    await assert.rejects(
      drain(parseNDJSON(bad(), { provider: "ollama" })),
      (error: Error & { provider?: string }) => error.provider === "ollama",
    );
  });

  it("names the line of invalid JSON", async () => {
    await assert.rejects(
      values('{"ok":1}\n{broken\n'),
      (error: Error & { code?: string; details?: unknown }) => {
        return error.code === "INVALID_RESPONSE" &&
          JSON.stringify(error.details) === '{"line":2}';
      },
    );
  });
});
