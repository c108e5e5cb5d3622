// A Chat Completions call translated for an Anthropic backend names the
// nested fields it loses (docs/gateway/wires.md): an image part's `detail`
// is dropped and said so in `x-switchyard-dropped` and the log line, with
// the body relayed beside the IR or rebuilt from it; an image without one
// drops nothing, so the header is absent.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";

const IMAGE = "data:image/png;base64,iVBORw0KGgo=";
const ANSWER = {
  id: "msg_up",
  type: "message",
  role: "assistant",
  model: "claude-x",
  content: [{ type: "text", text: "a dot" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 2 },
};

describe("an image part's detail on a translated call", () => {
  // Bugs (`_nested_drops.ts`, `part.image_url.detail !== undefined` →
  // `===`, or the `dropped.add(…detail)` call dropped): the detail a
  // backend never saw went unreported, or one never sent was reported.
  for (const passthrough of [true, false]) {
    it(`is named dropped when sent, and nothing is when it is not (passthrough: ${passthrough})`, async () => {
      const entries: RequestLogEntry[] = [];
      const gateway = createGateway({
        backends: [[
          "claude",
          createAnthropicAdapter({
            name: "claude",
            apiKey: "k",
            baseURL: "http://upstream.invalid",
            fetch: () => Promise.resolve(Response.json(ANSWER)),
          }),
        ]],
        passthrough,
        logger: (entry) => entries.push(entry),
      });
      try {
        for (const detail of ["high", undefined]) {
          const response = await gateway(
            new Request("http://localhost/v1/chat/completions", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({
                model: "claude",
                messages: [{
                  role: "user",
                  content: [
                    { type: "text", text: "what is it?" },
                    { type: "image_url", image_url: { url: IMAGE, detail } },
                  ],
                }],
              }),
            }),
          );
          assert.equal(response.status, 200, await response.clone().text());
          await response.body?.cancel();
          const header = response.headers.get("x-switchyard-dropped");
          if (detail === undefined) {
            assert.equal(header, null);
            assert.equal(entries.at(-1)!.dropped, undefined);
          } else {
            assert.equal(header, "messages[].content[].image_url.detail");
            assert.deepEqual(entries.at(-1)!.dropped, [
              "messages[].content[].image_url.detail",
            ]);
          }
        }
      } finally {
        gateway.dispose();
      }
    });
  }
});
