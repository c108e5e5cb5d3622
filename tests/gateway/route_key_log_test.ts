// A request to an unknown route, or to a route with the wrong method, is
// answered 404/405 whatever its key; a valid key still names the caller in
// the log line, as on every other route.
import assert from "node:assert/strict";
import {
  createGateway,
  hashKey,
  type RequestLogEntry,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

Deno.test("an unknown route or method is logged under the key that sent it", async () => {
  const entries: RequestLogEntry[] = [];
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{ id: "team-a", sha256: await hashKey("sk-a") }],
    logger: (entry) => entries.push(entry),
  });
  try {
    const cases: Array<
      [string, string, Record<string, string>, number, string]
    > = [
      ["GET", "/nope", { authorization: "Bearer sk-a" }, 404, "team-a"],
      ["GET", "/v1/nope", { "X-Api-Key": "sk-a" }, 404, "team-a"],
      [
        "GET",
        "/v1/chat/completions",
        { authorization: "Bearer sk-a" },
        405,
        "team-a",
      ],
      ["GET", "/nope", { authorization: "Bearer sk-wrong" }, 404, "none"],
      ["DELETE", "/v1/models", {}, 405, "none"],
    ];
    for (const [method, path, headers, status, keyId] of cases) {
      const response = await gateway(
        new Request(`http://localhost${path}`, { method, headers }),
      );
      assert.equal(response.status, status, `${method} ${path}`);
      await response.body?.cancel();
      const entry = entries.at(-1)!;
      assert.equal(entry.path, path);
      assert.equal(entry.status, status);
      assert.equal(
        entry.key_id,
        keyId,
        `${method} ${path} ${JSON.stringify(headers)}`,
      );
    }
    assert.ok(!JSON.stringify(entries).includes("sk-a"), "no secret logged");
  } finally {
    gateway.dispose();
  }
});
