// What the nineteenth round's second fresh draw of the gateway (seed
// 20261183) showed no test checked:
// - a Responses call whose model names no backend (routing picks one) is
//   relayed to an OpenAI backend that serves the Responses API, as one that
//   names the backend is, also when the key's allow-list names a backend
//   no longer registered;
// - a failure in the middle of an OpenAI stream is an error event of type
//   `server_error`, as OpenAI sends one;
// - `anthropicErrorBody` types each status as Anthropic's API does, 529
//   (`overloaded_error`) included.
// Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  anthropicErrorBody,
  createGateway,
  hashKey,
  resolveError,
} from "../../src/gateway/mod.ts";
import { jsonPost, mockBackend, responsesUpstream } from "./_in_process.ts";

describe("draw 20261183: a Responses call whose model names no backend", () => {
  it("is relayed to the OpenAI backend routing picks", async () => {
    const { adapter, paths } = responsesUpstream();
    const gateway = createGateway({ backends: [["oa", adapter]] });
    try {
      const response = await gateway(
        jsonPost("/v1/responses", { model: "gpt-up", input: "hi" }),
      );
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal((await response.json()).id, "resp_up");
      assert.deepEqual(paths, ["/v1/responses"]);
    } finally {
      gateway.dispose();
    }
  });

  it("is relayed when the key's allow-list also names a backend not registered", async () => {
    const { adapter, paths } = responsesUpstream();
    const gateway = createGateway({
      backends: [["oa", adapter]],
      keys: [{
        id: "team",
        sha256: await hashKey("sk-team"),
        backends: ["retired", "oa"],
      }],
    });
    try {
      const request = jsonPost("/v1/responses", {
        model: "gpt-up",
        input: "hi",
      });
      request.headers.set("authorization", "Bearer sk-team");
      const response = await gateway(request);
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal((await response.json()).id, "resp_up");
      assert.deepEqual(paths, ["/v1/responses"]);
    } finally {
      gateway.dispose();
    }
  });
});

describe("draw 20261183: a failure in the middle of an OpenAI stream", () => {
  it("is an error event of type server_error with the failure's code", async () => {
    const gateway = createGateway({
      backends: [mockBackend({
        chunks: [
          { type: "start", sequence: 0, metadata: {} },
          { type: "content", sequence: 1, delta: "par" },
          {
            type: "error",
            sequence: 2,
            error: { code: "PROVIDER_ERROR", message: "upstream went away" },
          },
        ],
      })],
    });
    try {
      const response = await gateway(jsonPost("/v1/chat/completions", {
        model: "mock",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      }));
      assert.equal(response.status, 200);
      const events = (await response.text()).split("\n")
        .filter((line) => line.startsWith("data: {"))
        .map((line) => JSON.parse(line.slice(6)));
      const failure = events.at(-1);
      assert.equal(failure.error?.type, "server_error", JSON.stringify(events));
      assert.equal(failure.error.code, "PROVIDER_ERROR");
      assert.match(failure.error.message, /upstream went away/);
    } finally {
      gateway.dispose();
    }
  });
});

describe("draw 20261183: anthropicErrorBody", () => {
  it("types each status Anthropic lists as its API does", () => {
    const internal = resolveError(new Error("x"));
    const cases: [number, string][] = [
      [400, "invalid_request_error"],
      [401, "authentication_error"],
      [403, "permission_error"],
      [404, "not_found_error"],
      [413, "request_too_large"],
      [429, "rate_limit_error"],
      [500, "api_error"],
      [529, "overloaded_error"],
    ];
    for (const [status, type] of cases) {
      assert.equal(
        anthropicErrorBody({ ...internal, status }).error.type,
        type,
        String(status),
      );
    }
  });
});
