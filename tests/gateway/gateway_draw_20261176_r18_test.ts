// What the sixteenth round's second draw of the gateway (seed 20261176)
// showed no test checked:
// - every key the admin API answers with (created, listed from the config
//   and from the admin API, rotated) says `"object": "api_key"`, as revoking
//   does and as docs/gateway/admin.md shows;
// - a `role: "system"` message inside a Messages request's `messages` is
//   kept where the client put it even when it is empty: it is the client's
//   turn, unlike an empty top-level `system`, which is no system prompt
//   (anthropic_system_r14_mutants_test.ts). A chat backend gets the same
//   turns; toward Anthropic the adapter leaves empty text out of `system`.
import assert from "node:assert/strict";
import {
  createGateway,
  hashKey,
  parseMessagesRequest,
} from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const ADMIN = "sk-admin-secret";

function admin(method: string, path: string, body?: unknown): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

Deno.test("admin: a created, listed or rotated key is an api_key object", async () => {
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [{ id: "from-config", sha256: await hashKey("sk-config") }],
    admin: { sha256: await hashKey(ADMIN) },
  });
  try {
    const created = await gateway(
      admin("POST", "/admin/keys", { id: "team-b", rpm: 60 }),
    );
    assert.equal(created.status, 201);
    const made = await created.json();
    assert.equal(made.object, "api_key");
    assert.equal(made.id, "team-b");

    const listed = await (await gateway(admin("GET", "/admin/keys"))).json();
    assert.equal(listed.object, "list");
    assert.deepEqual(
      listed.data.map((key: Record<string, unknown>) => [
        key.id,
        key.object,
        key.source,
      ]).sort(),
      [["from-config", "api_key", "config"], ["team-b", "api_key", "admin"]],
    );

    const rotated = await gateway(admin("POST", "/admin/keys/team-b/rotate"));
    assert.equal(rotated.status, 200);
    assert.equal((await rotated.json()).object, "api_key");
  } finally {
    gateway.dispose();
  }
});

Deno.test("Messages request: an empty system message inside messages stays the client's turn, in place", () => {
  for (const content of ["", [], [{ type: "text", text: "" }]]) {
    const { ir } = parseMessagesRequest(
      {
        model: "m",
        max_tokens: 8,
        messages: [
          { role: "user", content: "hi" },
          { role: "system", content },
          { role: "user", content: "again" },
        ],
      },
      (model: string) => ({ backend: model }),
      "msg_1",
    );
    assert.deepEqual(
      ir.messages.map((message) => [message.role, message.content]),
      [["user", "hi"], ["system", ""], ["user", "again"]],
      JSON.stringify(content),
    );
  }
});
