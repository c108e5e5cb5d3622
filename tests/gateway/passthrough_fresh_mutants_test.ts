// What a fresh mutation draw over the passthrough relay showed the suite did
// not check: a JSON answer past the relay's bound (32 MiB) that arrives
// without Content-Length is refused as too large, and its stream is
// cancelled, rather than cut at the bound and read as whatever the first
// 32 MiB happen to parse to.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { jsonPost, openAIUpstream, withGateway } from "./_in_process.ts";

const BOUND = 32 * 1024 * 1024;

describe("passthrough: a JSON answer past the bound, without Content-Length", () => {
  it("is a 502 naming its size, and the upstream stream is cancelled", async () => {
    // A whole, valid answer, then whitespace (valid JSON too) past the bound:
    // cut at the bound, it would still parse.
    const head = new TextEncoder().encode(JSON.stringify({
      id: "chatcmpl-big",
      object: "chat.completion",
      created: 0,
      model: "gpt-test",
      choices: [{
        index: 0,
        message: { role: "assistant", content: "hello" },
        finish_reason: "stop",
      }],
    }));
    const piece = new TextEncoder().encode(" ".repeat(1024 * 1024));
    let sent = 0;
    let cancelled = false;
    const upstream = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              const chunk = sent === 0 ? head : piece;
              sent += chunk.byteLength;
              controller.enqueue(chunk);
              if (sent > BOUND + 4 * piece.byteLength) controller.close();
            },
            cancel() {
              cancelled = true;
            },
          }),
          { headers: { "content-type": "application/json" } },
        ),
      );
    const logs: RequestLogEntry[] = [];
    await withGateway({
      backends: [[
        "oa",
        openAIUpstream("gpt-test", upstream),
      ]],
      logger: (entry) => void logs.push(entry),
    }, async (gateway) => {
      const response = await gateway(jsonPost("/v1/chat/completions", {
        model: "gpt-test",
        messages: [{ role: "user", content: "hi" }],
      }));
      const body = await response.json();
      assert.equal(response.status, 502, JSON.stringify(body).slice(0, 300));
      assert.match(body.error.message, /larger than 33554432 bytes/);
      assert.ok(cancelled, "the upstream stream was cancelled");
      assert.ok(sent <= BOUND + 2 * piece.byteLength, `read ${sent} bytes`);
    });
  });
});
