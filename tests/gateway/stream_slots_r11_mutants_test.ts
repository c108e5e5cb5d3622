// `maxStreams` bounds the streamed answers open at once. A relayed stream
// (same wire, passthrough) whose backend cannot be reached ends before it
// opened: its slot is given back, so with maxStreams 1 the next streamed
// request is tried too (and fails the same way) rather than refused as
// `too_many_streams`.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";

describe("a relayed stream that fails before it opens", () => {
  // Bug (`_handle_chat.ts`, `if (parsed.stream) ctx.streams.closed()` in
  // the relay's catch inverted): the failed stream kept its slot, so after
  // maxStreams such failures every streamed request was refused.
  it("gives its slot back: the next streamed request is tried", async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const gateway = createGateway({
      backends: [[
        "down",
        createOpenAIAdapter({
          name: "down",
          apiKey: "k",
          baseURL: "http://127.0.0.1:9/v1",
          defaultModel: "gpt-test",
        }),
      ]],
      routerConfig: { maxRetries: 0 },
      maxStreams: 1,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const response = await gateway(
          new Request("http://localhost/v1/chat/completions", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              model: "gpt-test",
              stream: true,
              messages: [{ role: "user", content: "hi" }],
            }),
          }),
        );
        const body = await response.json();
        assert.equal(
          response.status,
          502,
          `request ${i}: ${JSON.stringify(body)}`,
        );
        assert.notEqual(body.error.code, "too_many_streams");
      }
    } finally {
      gateway.dispose();
    }
  });
});
