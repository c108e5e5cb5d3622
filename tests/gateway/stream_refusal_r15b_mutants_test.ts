// A refusal streamed in pieces (as OpenAI streams `delta.refusal`, and as an
// adapter reports it on content chunks) reaches a Chat Completions client
// piece by piece and in order, even when the backend's `done` carries no
// assembled message to make up for a lost piece; a text chunk's empty
// refusal adds no `refusal` key to its delta.
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createRouter } from "../../src/models/mod.ts";
import type { BackendAdapter, IRStreamChunk } from "../../src/models/types.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const CHUNKS: IRStreamChunk[] = [
  { type: "start", sequence: 0, metadata: { model: "m" } },
  { type: "content", sequence: 1, delta: "", refusal: "I can't" },
  { type: "content", sequence: 2, delta: "", refusal: " help with that." },
  { type: "content", sequence: 3, delta: " Sorry.", refusal: "" },
  { type: "done", sequence: 4, finishReason: "stop" },
];

Deno.test("chat stream: a refusal's pieces reach the client in order, and an empty one adds nothing", async () => {
  // Bug (`openai_response.ts`: a content chunk's refusal sent only when it
  // is empty, so a streamed refusal's pieces are lost).
  const echo = createEchoAdapter();
  const refusing: BackendAdapter = {
    metadata: echo.metadata,
    execute: (request, signal) => echo.execute(request, signal),
    async *executeStream() {
      yield* CHUNKS;
    },
  };
  const router = createRouter().register("refusing", refusing);
  const gateway = createGateway({ router });
  try {
    const response = await gateway(
      new Request("http://localhost/v1/chat/completions", {
        method: "POST",
        body: JSON.stringify({
          model: "refusing",
          stream: true,
          messages: [{ role: "user", content: "hi" }],
        }),
      }),
    );
    assert.equal(response.status, 200);
    const deltas = (await response.text()).split("\n\n")
      .filter((event) => event.startsWith("data: {"))
      .map((event) => JSON.parse(event.slice(6)).choices[0]?.delta)
      .filter((delta) => delta !== undefined);
    const refusals = deltas.filter((d) => "refusal" in d).map((d) => d.refusal);
    assert.deepEqual(refusals, ["I can't", " help with that."]);
    assert.deepEqual(
      // The first delta is the role's, with OpenAI's empty content.
      deltas.slice(1).filter((d) => "content" in d).map((d) => d.content),
      [" Sorry."],
    );
  } finally {
    gateway.dispose();
    router.dispose();
  }
});
