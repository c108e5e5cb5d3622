// The console's per-key rows (`GET <admin path>/console.json`) for a key
// that has sent nothing yet, from the config or made through the admin
// API: every count is 0 and the spend is null, each field present, so the
// page (and a script reading the document) shows 0 rather than a blank; a
// key that has sent requests shows its counts. A key whose answers were
// priced at 0 (a local model the config prices as free) spent 0, not "none".
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const ADMIN = "sk-admin-console";
const USED = "sk-config-used";

function request(
  method: string,
  path: string,
  secret: string,
  body?: unknown,
): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      "content-type": "application/json",
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe("console.json's key rows", () => {
  // Bugs (`_console_data.ts`, a row's `?? 0` or `?? null` dropped): a key
  // that had sent nothing had no requests, errors or token counts (or no
  // spendUsd) in its row, where the console shows 0 (or "none").
  it("count 0 for a key that has sent nothing, from the config or the admin API", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [
        { id: "idle", sha256: await hashKey("sk-config-idle") },
        { id: "used", sha256: await hashKey(USED) },
      ],
      admin: { sha256: await hashKey(ADMIN) },
    });
    try {
      const made = await gateway(
        request("POST", "/admin/keys", ADMIN, { id: "made" }),
      );
      assert.equal(made.status, 201);
      await made.body?.cancel();
      const chat = await gateway(
        request("POST", "/v1/chat/completions", USED, {
          model: "echo",
          messages: [{ role: "user", content: "hello there" }],
        }),
      );
      assert.equal(chat.status, 200);
      await chat.body?.cancel();

      const response = await gateway(
        request("GET", "/admin/console.json", ADMIN),
      );
      assert.equal(response.status, 200);
      const rows = new Map<string, Record<string, unknown>>(
        (await response.json()).keys.map((
          row: Record<string, unknown>,
        ) => [row.id, row]),
      );
      const idle = {
        requests: 0,
        errors: 0,
        tokensIn: 0,
        tokensOut: 0,
        spendUsd: null,
        budgetLeftUsd: null,
      };
      assert.deepEqual(rows.get("idle"), {
        id: "idle",
        source: "config",
        ...idle,
      });
      assert.deepEqual(rows.get("made"), {
        id: "made",
        source: "admin",
        ...idle,
      });
      const used = rows.get("used")!;
      assert.equal(used.requests, 1);
      assert.equal(used.errors, 0);
      assert.ok((used.tokensIn as number) > 0, "tokens in counted");
      assert.ok((used.tokensOut as number) > 0, "tokens out counted");
    } finally {
      gateway.dispose();
    }
  });

  // Bug (`_console_data.ts`, `used?.spendUsd ?? null` → `|| null`): a key
  // whose answers were priced at 0 showed as unpriced.
  it("shows 0 spend, not null, for a key whose answers were priced at 0", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "used", sha256: await hashKey(USED) }],
      admin: { sha256: await hashKey(ADMIN) },
      prices: { echo: { input: 0, output: 0 } },
    });
    try {
      const chat = await gateway(
        request("POST", "/v1/chat/completions", USED, {
          model: "echo",
          messages: [{ role: "user", content: "free" }],
        }),
      );
      assert.equal(chat.status, 200);
      assert.equal(chat.headers.get("x-switchyard-cost-usd"), "0");
      await chat.body?.cancel();
      const data = await (await gateway(
        request("GET", "/admin/console.json", ADMIN),
      )).json();
      const used = data.keys.find((row: { id: string }) => row.id === "used");
      assert.equal(used.requests, 1);
      assert.equal(used.spendUsd, 0);
    } finally {
      gateway.dispose();
    }
  });
});
