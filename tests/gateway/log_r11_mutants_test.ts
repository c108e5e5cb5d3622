// What the log line promises on failures: every failed request names its
// error code, also on the routes that call no model (a wrong key on
// /v1/models, an unknown route), so an operator's alert on a code sees them
// all; and an error answer that reported no usage carries no `cost_usd`
// (providers bill no refused request), where a 200 whose tokens are unknown
// or unpriced logs `cost_usd: null`.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createGateway,
  hashKey,
  type RequestLogEntry,
} from "../../src/gateway/mod.ts";
import { AdapterError } from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";

function chat(model: string, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({
      model,
      max_tokens: 8,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

describe("error_code on the routes that call no model", () => {
  // Bug (`_exchange.ts`): the code was written only on model calls' lines,
  // so a wrong key on /v1/models or /api/router logged a 401 without
  // `invalid_api_key`, unlike the same key on /v1/chat/completions.
  it("a 401, 404 and 405 name their code as the answer does; a success names none", async () => {
    const entries: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "team-a", sha256: await hashKey("sk-a") }],
      logger: (entry) => entries.push(entry),
    });
    try {
      const cases: Array<[string, string, Record<string, string>, number]> = [
        ["GET", "/v1/models", { authorization: "Bearer sk-wrong" }, 401],
        ["GET", "/api/router", { "X-Api-Key": "SK-A" }, 401],
        ["POST", "/v1/chat/completions", { authorization: "Bearer sk-b" }, 401],
        ["GET", "/v1/nope", { authorization: "Bearer sk-a" }, 404],
        ["DELETE", "/v1/models", { authorization: "Bearer sk-a" }, 405],
      ];
      for (const [method, path, headers, status] of cases) {
        const response = await gateway(
          method === "POST"
            ? chat("echo", headers)
            : new Request(`http://localhost${path}`, { method, headers }),
        );
        const label = `${method} ${path}`;
        assert.equal(response.status, status, label);
        const code = (await response.json()).error.code;
        assert.ok(typeof code === "string" && code !== "", label);
        const entry = entries.at(-1)!;
        assert.equal(entry.path, path, label);
        assert.equal(entry.error_code, code, label);
      }
      assert.equal(entries[0].error_code, "invalid_api_key");
      const listed = await gateway(
        new Request("http://localhost/v1/models", {
          headers: { authorization: "Bearer sk-a" },
        }),
      );
      assert.equal(listed.status, 200);
      await listed.body?.cancel();
      assert.equal(entries.at(-1)!.status, 200);
      assert.equal("error_code" in entries.at(-1)!, false);
    } finally {
      gateway.dispose();
    }
  });
});

describe("cost_usd of an upstream client error", () => {
  // Bug (`_exchange.ts`, `status < 400` → `status <= 400`): an upstream 400
  // without usage was logged `cost_usd: null` ("unpriced or tokens
  // unknown"), as if it might have cost something, where a 422 was not.
  it("an upstream 400 or 422 without usage logs no cost_usd; a 200 logs its cost", async () => {
    const entries: RequestLogEntry[] = [];
    const refusing = (status: number) =>
      createFailingAdapter({
        error: new AdapterError({
          code: "INVALID_REQUEST",
          message: `the provider refused it (${status})`,
          statusCode: status,
        }),
      });
    const gateway = createGateway({
      backends: [
        ["bad400", refusing(400)],
        ["bad422", refusing(422)],
        ["echo", createEchoAdapter()],
      ],
      logger: (entry) => entries.push(entry),
    });
    try {
      for (
        const [model, status] of [["bad400", 400], ["bad422", 422]] as const
      ) {
        const response = await gateway(chat(model));
        assert.equal(response.status, status, await response.text());
        const entry = entries.at(-1)!;
        assert.equal(entry.status, status);
        assert.equal(entry.backend, model, "a named backend answered");
        assert.equal("cost_usd" in entry, false, JSON.stringify(entry));
        assert.equal(response.headers.get("x-switchyard-cost-usd"), null);
      }
      const answered = await gateway(chat("echo"));
      assert.equal(answered.status, 200);
      await answered.body?.cancel();
      assert.equal("cost_usd" in entries.at(-1)!, true, "a model answered");
    } finally {
      gateway.dispose();
    }
  });
});

describe("the last-resort 500's log line", () => {
  // Bug (`_internal_error.ts`, `chat?.name ?? null` → `chat?.name`): a
  // line off the chat routes had no `api` at all, where the log entry
  // promises `null` for them.
  it("says api null off the chat routes, and the wire on them", async () => {
    let broken = false;
    const entries: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      now: () => {
        if (broken) throw new Error("clock failed");
        return 1_000;
      },
      logger: (entry) => entries.push(entry),
    });
    broken = true;
    try {
      for (
        const [method, path, api] of [
          ["POST", "/v1/embeddings", null],
          ["GET", "/v1/chat/completions", null],
          ["POST", "/v1/chat/completions", "openai"],
        ] as const
      ) {
        const response = await gateway(
          new Request(`http://localhost${path}`, {
            method,
            ...(method === "POST" ? { body: "{}" } : {}),
          }),
        );
        assert.equal(response.status, 500);
        await response.body?.cancel();
        const entry = entries.at(-1)!;
        assert.equal(entry.error_code, "INTERNAL");
        assert.equal(entry.path, path);
        assert.ok("api" in entry && entry.api === api, `${method} ${path}`);
      }
    } finally {
      gateway.dispose();
    }
  });
});
