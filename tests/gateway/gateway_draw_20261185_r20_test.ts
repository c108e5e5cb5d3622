// What the gateway draw 20261185 (round 20) found untested, and what reading
// its survivor against the Anthropic SDK found wrong:
// - the gateway's own whole-request timeout (`requestTimeoutMs`) answers with
//   the type the caller's wire gives a timeout: OpenAI's `server_error`
//   (code `TIMEOUT`, the bound named), Anthropic's `timeout_error`. The
//   Anthropic wire typed every 504 `api_error`, though Anthropic's API and
//   its SDK (`GatewayTimeoutError`) type a 504 `timeout_error`; backends
//   that all timed out are the same 504.
// - an upstream 402 (Anthropic's `billing_error`) keeps its type on the
//   Anthropic wire instead of becoming `invalid_request_error`.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { AdapterError } from "../../src/models/errors.ts";
import {
  createFailingAdapter,
  createHangingAdapter,
} from "../../src/models/testing.ts";

const WIRES = [
  {
    name: "OpenAI",
    path: "/v1/chat/completions",
    body: {},
  },
  {
    name: "Anthropic",
    path: "/v1/messages",
    body: { max_tokens: 16 },
  },
] as const;

function call(
  path: string,
  body: Record<string, unknown>,
  stream: boolean,
): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
      stream,
      ...body,
    }),
  });
}

/** The error's type and message, read from the caller's wire. */
function errorOf(wire: string, body: Record<string, unknown>) {
  const error = body.error as Record<string, unknown>;
  if (wire === "Anthropic") {
    assert.equal(body.type, "error");
    assert.deepEqual(Object.keys(error).sort(), ["message", "type"]);
  } else {
    assert.deepEqual(Object.keys(error).sort(), [
      "code",
      "message",
      "param",
      "type",
    ]);
  }
  return error;
}

describe("the gateway's own timeout (requestTimeoutMs)", () => {
  for (const wire of WIRES) {
    it(`is a 504 typed as ${wire.name} types a timeout, streamed or not, on the first and the second request`, async () => {
      const gateway = createGateway({
        backends: [["hang", createHangingAdapter()]],
        requestTimeoutMs: 20,
      });
      try {
        for (const stream of [false, true, false]) {
          const response = await gateway(call(wire.path, wire.body, stream));
          assert.equal(response.status, 504, `stream: ${stream}`);
          const error = errorOf(wire.name, await response.json());
          assert.match(String(error.message), /within 20 ms/);
          if (wire.name === "Anthropic") {
            assert.equal(error.type, "timeout_error");
          } else {
            assert.equal(error.type, "server_error");
            assert.equal(error.code, "TIMEOUT");
            assert.equal(error.param, null);
          }
        }
      } finally {
        gateway.dispose();
      }
    });
  }
});

describe("backends that all timed out", () => {
  it("are a 504 typed timeout_error on the Anthropic wire, after fallback too", async () => {
    const timedOut = () =>
      createFailingAdapter({
        error: new AdapterError({
          code: "TIMEOUT",
          message: "no answer in time",
          provider: "testing",
        }),
      });
    const gateway = createGateway({
      backends: [["a", timedOut()], ["b", timedOut()]],
    });
    try {
      for (const stream of [false, true]) {
        const response = await gateway(
          call("/v1/messages", { max_tokens: 16, model: "a" }, stream),
        );
        assert.equal(response.status, 504, `stream: ${stream}`);
        const error = errorOf("Anthropic", await response.json());
        assert.equal(error.type, "timeout_error");
        // Both backends were tried: the message names each one.
        assert.match(String(error.message), /"a"[^]*"b"/);
      }
    } finally {
      gateway.dispose();
    }
  });
});

describe("an upstream 402", () => {
  it("keeps Anthropic's billing_error on the Anthropic wire", async () => {
    const billing = createFailingAdapter({
      error: new AdapterError({
        code: "PROVIDER_ERROR",
        message: "HTTP 402",
        provider: "testing",
        statusCode: 402,
        details: {
          body: {
            type: "error",
            error: { type: "billing_error", message: "credit balance too low" },
          },
        },
      }),
    });
    const gateway = createGateway({ backends: [["pay", billing]] });
    try {
      const response = await gateway(
        call("/v1/messages", { max_tokens: 16 }, false),
      );
      assert.equal(response.status, 402);
      const error = errorOf("Anthropic", await response.json());
      assert.equal(error.type, "billing_error");
      assert.equal(error.message, "credit balance too low");
    } finally {
      gateway.dispose();
    }
  });
});
