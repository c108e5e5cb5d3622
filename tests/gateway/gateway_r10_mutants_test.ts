// What the gateway area's fresh draw of seed 20261162 left unguarded: the
// 404 for an unknown model id carries OpenAI's error type (clients branch on
// it), a streamed Responses call counts against maxStreams while a plain one
// does not, and a Responses `tool_choice` naming a function forces it.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { countingBackend } from "./_counting.ts";

function responses(body: Record<string, unknown>): Request {
  return new Request("http://localhost/v1/responses", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("gateway fresh draw of seed 20261162", () => {
  // Bug (`_handle_model.ts:30`, "invalid_request_error" emptied): the SDKs'
  // `models.retrieve("nope")` got an error whose type is "", not the
  // invalid_request_error OpenAI answers with.
  it("GET /v1/models/{unknown id} is a 404 invalid_request_error, model_not_found", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      for (const id of ["nope", "ECHO"]) {
        const response = await gateway(
          new Request(`http://localhost/v1/models/${id}`),
        );
        assert.equal(response.status, 404, id);
        assert.deepEqual((await response.json()).error, {
          message: `The model ${JSON.stringify(id)} does not exist.`,
          type: "invalid_request_error",
          param: "model",
          code: "model_not_found",
        });
      }
      const known = await gateway(
        new Request("http://localhost/v1/models/echo"),
      );
      assert.equal(known.status, 200);
      assert.equal((await known.json()).id, "echo");
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`_handle_responses.ts:42`, condition inverted): a streamed Responses
  // call past maxStreams was let through (and a plain one refused), so the
  // bound on open streams did not hold for /v1/responses.
  it("a streamed Responses call past maxStreams is a 503; a plain one is served", async () => {
    const backend = countingBackend((i) => `piece ${i} `, 10_000);
    const gateway = createGateway({
      backends: [["b", backend]],
      maxStreams: 1,
    });
    const stream = {
      model: "b",
      input: "hi",
      stream: true,
      max_output_tokens: 16,
    };
    try {
      const open = await gateway(responses(stream));
      assert.equal(open.status, 200);
      const calls = backend.calls.length;
      const refused = await gateway(responses(stream));
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get("retry-after"), "1");
      assert.equal((await refused.json()).error.code, "too_many_streams");
      assert.equal(backend.calls.length, calls, "no backend call when refused");
      const plain = await gateway(
        responses({ model: "b", input: "hi", max_output_tokens: 4 }),
      );
      assert.equal(plain.status, 200, await plain.clone().text());
      assert.equal((await plain.json()).object, "response");
      await open.body!.cancel();
      const again = await gateway(responses(stream));
      assert.equal(again.status, 200);
      await again.body!.cancel();
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`_responses_request.ts:311`, `choice.type === "function"` → `!==`):
  // `tool_choice: { type: "function", name }` (the SDK's
  // ToolChoiceFunction) was refused as unsupported instead of forcing it.
  it("a Responses tool_choice naming a function forces that tool", async () => {
    const echo = createEchoAdapter();
    const gateway = createGateway({ backends: [["echo", echo]] });
    try {
      const response = await gateway(responses({
        model: "echo",
        input: "weather in Paris?",
        tools: [{
          type: "function",
          name: "get_weather",
          parameters: {
            type: "object",
            properties: { city: { type: "string" } },
          },
        }],
        tool_choice: { type: "function", name: "get_weather" },
      }));
      assert.equal(response.status, 200, await response.clone().text());
      await response.body?.cancel();
      assert.deepEqual(echo.calls[0].request?.toolChoice, {
        name: "get_weather",
      });
      const unsupported = await gateway(responses({
        model: "echo",
        input: "hi",
        tool_choice: { type: "file_search" },
      }));
      assert.equal(unsupported.status, 400);
      assert.equal((await unsupported.json()).error.param, "tool_choice");
    } finally {
      gateway.dispose();
    }
  });
});
