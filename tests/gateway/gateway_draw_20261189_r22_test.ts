// What round 22's fresh draw of the gateway (seed 20261189) showed no test
// checked:
// - a runtime key may name models and backends one character long: the
//   admin API refuses only empty names (the drawn survivor refused "a");
// - a count_tokens call is routed as the call it is, no stream: a custom
//   routing hook sees `stream` unset for it (the drawn survivor routed it
//   as a streamed call, which a hook that sends streams elsewhere would
//   have sent to a backend of its own choosing).
// Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import { createAnthropicAdapter } from "../../src/models/adapters/anthropic.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { adminRequest } from "./_admin_calls.ts";
import { jsonPost } from "./_in_process.ts";

const ADMIN = "sk-admin-r22";

describe("draw 20261189: a runtime key's names", () => {
  it("may be one character long, models and backends alike", async () => {
    const gateway = createGateway({
      backends: [["e", createEchoAdapter()]],
      admin: { sha256: await hashKey(ADMIN) },
    });
    try {
      const created = await gateway(
        adminRequest(ADMIN, "POST", "/admin/keys", {
          id: "k1",
          models: ["m"],
          backends: ["e"],
        }),
      );
      const answer = await created.json();
      assert.equal(created.status, 201, JSON.stringify(answer));
      const listed = await gateway(adminRequest(ADMIN, "GET", "/admin/keys"));
      const keys = (await listed.json()).data as Array<Record<string, unknown>>;
      const key = keys.find((k) => k.id === "k1")!;
      assert.deepEqual([key.models, key.backends], [["m"], ["e"]]);
    } finally {
      gateway.dispose();
    }
  });
});

describe("draw 20261189: count_tokens and the routing hook", () => {
  it("is routed as no stream, as a message call without `stream` is", async () => {
    const seen: Array<boolean | undefined> = [];
    const upstream = (input: string | URL | Request) => {
      const url = String(input instanceof Request ? input.url : input);
      return Promise.resolve(
        url.endsWith("/count_tokens")
          ? Response.json({ input_tokens: 7 })
          : Response.json({ error: { type: "x", message: url } }, {
            status: 500,
          }),
      );
    };
    const gateway = createGateway({
      backends: [[
        "up",
        createAnthropicAdapter({
          apiKey: "sk-ant",
          baseURL: "http://upstream.invalid",
          fetch: upstream,
        }),
      ]],
      routerConfig: {
        routingStrategy: "custom",
        customRouter: (request) => {
          seen.push(request.stream);
          return Promise.resolve("up");
        },
      },
    });
    try {
      const response = await gateway(jsonPost("/v1/messages/count_tokens", {
        model: "claude-x",
        messages: [{ role: "user", content: "hi" }],
      }));
      assert.deepEqual(await response.json(), { input_tokens: 7 });
      assert.deepEqual(seen, [undefined]);
    } finally {
      gateway.dispose();
    }
  });
});
