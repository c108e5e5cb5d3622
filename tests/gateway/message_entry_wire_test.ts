// A messages entry that is not a message object (null, a number, a string,
// an array) is the client's error on both chat wires: 400 in the wire's own
// error shape naming the entry (OpenAI's `param` "messages[1]", Anthropic's
// message "messages.1: ..."), streamed or not, passed through to a backend of
// the client's wire or translated, and no upstream is called. The second
// entry is the bad one, so the index named is checked, not just the field.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";

const USER = { role: "user", content: "hi" };
const BAD: readonly unknown[] = [null, 7, "hi", [USER]];

function post(path: string, body: unknown): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A gateway over one OpenAI and one Anthropic backend on a counting upstream. */
function setup(passthrough: boolean) {
  let calls = 0;
  const upstream = () => {
    calls++;
    return Promise.resolve(new Response("{}", { status: 500 }));
  };
  const gateway = createGateway({
    passthrough,
    backends: [
      ["oa", createOpenAIAdapter({ name: "oa", apiKey: "k", fetch: upstream })],
      [
        "an",
        createAnthropicAdapter({ name: "an", apiKey: "k", fetch: upstream }),
      ],
    ],
  });
  return { gateway, calls: () => calls };
}

describe("a messages entry that is not an object, on the wire", () => {
  for (const passthrough of [true, false]) {
    for (const stream of [false, true]) {
      const label = `passthrough ${passthrough}, stream ${stream}`;
      it(`chat completions: 400 naming messages[1] (${label})`, async () => {
        const { gateway, calls } = setup(passthrough);
        try {
          for (const backend of ["oa", "an"]) {
            for (const bad of BAD) {
              const response = await gateway(post("/v1/chat/completions", {
                model: backend,
                stream,
                messages: [USER, bad],
              }));
              const what = `${backend} ${JSON.stringify(bad)}`;
              assert.equal(response.status, 400, what);
              const body = await response.json();
              assert.equal(body.error.type, "invalid_request_error", what);
              assert.equal(body.error.param, "messages[1]", what);
            }
          }
          assert.equal(calls(), 0);
        } finally {
          gateway.dispose();
        }
      });

      it(`messages: 400 naming messages.1 (${label})`, async () => {
        const { gateway, calls } = setup(passthrough);
        try {
          for (const backend of ["an", "oa"]) {
            for (const bad of BAD) {
              const response = await gateway(post("/v1/messages", {
                model: backend,
                max_tokens: 8,
                stream,
                messages: [USER, bad],
              }));
              const what = `${backend} ${JSON.stringify(bad)}`;
              assert.equal(response.status, 400, what);
              const body = await response.json();
              assert.equal(body.type, "error", what);
              assert.equal(body.error.type, "invalid_request_error", what);
              assert.match(body.error.message, /^messages\.1: /, what);
            }
          }
          assert.equal(calls(), 0);
        } finally {
          gateway.dispose();
        }
      });
    }
  }
});
